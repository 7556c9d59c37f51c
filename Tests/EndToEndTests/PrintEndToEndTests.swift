import Foundation
import Lending
import Printing
import Testing

/// A tool on PATH, or nil.
private func executable(_ name: String) -> String? {
    for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
        let candidate = "\(directory)/\(name)"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
}

private let zbarimg = executable("zbarimg")
private let pdftoppm = executable("pdftoppm")
private let pdffonts = executable("pdffonts")

/// Runs a tool and returns its standard output; throws when it fails.
private func tool(_ path: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
}

/// A greyscale page as pdftoppm writes it (binary PGM, P5, 8 bits).
private struct GreyImage {
    var width: Int
    var height: Int
    var pixels: [UInt8]

    init(pgm data: Data) throws {
        let bytes = [UInt8](data)
        var fields: [String] = []
        var index = 0
        while fields.count < 4 {
            while bytes[index] == 0x20 || bytes[index] == 0x0A { index += 1 }
            var field = ""
            while bytes[index] != 0x20 && bytes[index] != 0x0A { field.append(Character(UnicodeScalar(bytes[index]))); index += 1 }
            fields.append(field)
        }
        index += 1
        #expect(fields[0] == "P5" && fields[3] == "255")
        width = try #require(Int(fields[1]))
        height = try #require(Int(fields[2]))
        pixels = Array(bytes[index...])
    }

    init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The part from (x, y), `width` × `height` pixels.
    func crop(x: Int, y: Int, width: Int, height: Int) -> GreyImage {
        var out: [UInt8] = []
        out.reserveCapacity(width * height)
        for row in y..<(y + height) {
            out.append(contentsOf: pixels[(row * self.width + x)..<(row * self.width + x + width)])
        }
        return GreyImage(width: width, height: height, pixels: out)
    }

    var pgm: Data { Data("P5\n\(width) \(height)\n255\n".utf8) + Data(pixels) }
    var isBlank: Bool { pixels.allSatisfy { $0 >= 250 } }
}

/// Prints with the real binary, rasterises at 300 dpi, cuts each label out by the sheet's
/// geometry and reads it with zbarimg.
@Suite(.enabled(if: zbarimg != nil, "zbarimg is missing: install zbar-tools"),
       .enabled(if: pdftoppm != nil && pdffonts != nil, "pdftoppm or pdffonts is missing: install poppler-utils"))
struct PrintEndToEndTests {
    static let dpi = 300.0
    let folder: TemporaryFolder
    var db: String { folder.url.appendingPathComponent("library.sqlite").path }
    var config: String { folder.url.appendingPathComponent("config.json").path }

    init() throws {
        folder = try TemporaryFolder()
        try Data(#"{"timeZone": "UTC", "libraryName": "ひまわり文庫", "sound": false, "language": "en"}"#.utf8)
            .write(to: URL(fileURLWithPath: config))
    }

    func bookkiosk(_ arguments: [String], input: String = "") throws -> BookKioskBinary.Result {
        try BookKioskBinary.run(arguments + ["--db", db, "--config", config], input: input, in: folder.url)
    }

    /// Imports children and books without barcodes (an inactive child and a withdrawn book
    /// with theirs).
    func importLibrary() throws {
        let users = "card,name,active\n,はると,\n,さくら,\n,たかはし ゆうな,\nC0900,もういない,no\n"
        let books = "barcode,title,status\n,ぐりとぐら,\n,はらぺこあおむし,\n,ねないこだれだ,\nB0900,ちぎれたほん,withdrawn\n"
        try Data(users.utf8).write(to: folder.url.appendingPathComponent("users.csv"))
        try Data(books.utf8).write(to: folder.url.appendingPathComponent("books.csv"))
        #expect(try bookkiosk(["import", "users", "users.csv"]).status == 0)
        #expect(try bookkiosk(["import", "books", "books.csv"]).status == 0)
    }

    /// What zbarimg reads on each label position of every page of `pdf`: position → symbols
    /// as (type, data); blank positions are marked.
    func decode(_ pdf: String, sheet: Sheet) throws -> (symbols: [Int: [(type: String, data: String)]], blank: Set<Int>, pages: Int) {
        let prefix = folder.url.appendingPathComponent("page-\(UUID().uuidString)").path
        _ = try tool(pdftoppm!, ["-r", "\(Int(Self.dpi))", "-gray", pdf, prefix])
        let pageFiles = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
            .filter { $0.hasPrefix((prefix as NSString).lastPathComponent) && $0.hasSuffix(".pgm") }.sorted()
        var crops: [String: Int] = [:]
        var blank = Set<Int>()
        for (pageIndex, file) in pageFiles.enumerated() {
            let page = try GreyImage(pgm: try Data(contentsOf: folder.url.appendingPathComponent(file)))
            let pixelsPerMillimetre = Self.dpi / 25.4
            for position in 1...sheet.count {
                let frame = sheet.labelFrame(position: position)
                // One pixel in from each edge: what lies on the label itself.
                let x = Int((frame.x * pixelsPerMillimetre).rounded(.up)) + 1
                let y = Int((frame.y * pixelsPerMillimetre).rounded(.up)) + 1
                let width = Int((frame.width * pixelsPerMillimetre).rounded(.down)) - 2
                let height = Int((frame.height * pixelsPerMillimetre).rounded(.down)) - 2
                let label = page.crop(x: x, y: y, width: width, height: height)
                let number = pageIndex * sheet.count + position
                if label.isBlank { blank.insert(number) }
                let path = folder.url.appendingPathComponent("crop-\(number).pgm").path
                try label.pgm.write(to: URL(fileURLWithPath: path))
                crops[path] = number
            }
        }
        let xml = try tool(zbarimg!, ["--xml", "-q"] + crops.keys.sorted())
        var symbols: [Int: [(String, String)]] = [:]
        var current: Int?
        for line in xml.split(separator: "\n") {
            if let start = line.range(of: "<source href='"), let end = line.range(of: "'", range: start.upperBound..<line.endIndex) {
                current = crops[String(line[start.upperBound..<end.lowerBound])]
            } else if let current, let typeStart = line.range(of: "type='"),
                      let typeEnd = line.range(of: "'", range: typeStart.upperBound..<line.endIndex),
                      let dataStart = line.range(of: "<![CDATA["), let dataEnd = line.range(of: "]]>") {
                symbols[current, default: []].append((String(line[typeStart.upperBound..<typeEnd.lowerBound]),
                                                      String(line[dataStart.upperBound..<dataEnd.lowerBound])))
            }
        }
        return (symbols, blank, pageFiles.count)
    }

    func sheet(_ name: String) throws -> Sheet {
        try #require(Sheet.builtIn.first { $0.name == name })
    }

    @Test("Cards (NW-7) and labels (Code 128) decode label by label, the positions before --start-at are blank, and the decoded values greet the right child and lend the right book")
    func printDecodeAndScan() throws {
        try importLibrary()
        let cards = try bookkiosk(["print", "cards", "--out", "cards.pdf", "--start-at", "3"])
        #expect(cards.status == 0, "\(cards.errors)")
        let labels = try bookkiosk(["print", "labels", "--out", "labels.pdf", "--sheet", "avery-5160",
                                    "--symbology", "code128", "--start-at", "29"])
        #expect(labels.status == 0, "\(labels.errors)")

        // Cards: positions 1 and 2 blank, then the three active children in card order.
        let cardSheet = try sheet("a-one-51002")
        let cardScan = try decode(folder.url.appendingPathComponent("cards.pdf").path, sheet: cardSheet)
        #expect(cardScan.pages == 1)
        #expect(cardScan.blank.isSuperset(of: [1, 2]) && cardScan.symbols[1] == nil && cardScan.symbols[2] == nil)
        let expectedCards = ["10000001", "10000002", "10000003"]
        for (offset, card) in expectedCards.enumerated() {
            let found = cardScan.symbols[3 + offset] ?? []
            #expect(found.count == 1 && found.first?.type == "Codabar" && found.first.map { Barcode.normalize($0.data) } == card,
                    "card position \(3 + offset): \(found)")
        }
        #expect(Set(cardScan.symbols.keys) == [3, 4, 5], "the inactive child's card is left out")

        // Labels on Avery 5160 from position 29: two on the first page, one on the second.
        let labelSheet = try sheet("avery-5160")
        let labelScan = try decode(folder.url.appendingPathComponent("labels.pdf").path, sheet: labelSheet)
        #expect(labelScan.pages == 2)
        #expect(Set(1...28).isSubset(of: labelScan.blank))
        let expectedBooks = ["20000001", "20000002", "20000003"]
        for (offset, book) in expectedBooks.enumerated() {
            let found = labelScan.symbols[29 + offset] ?? []
            #expect(found.count == 1 && found.first?.type == "CODE-128" && found.first?.data == book,
                    "label position \(29 + offset): \(found)")
        }
        #expect(Set(labelScan.symbols.keys) == [29, 30, 31], "the withdrawn book's label is left out")

        // What was read, scanned at the kiosk.
        let card = try #require(cardScan.symbols[4]?.first?.data)
        let book = try #require(labelScan.symbols[31]?.first?.data)
        let events = try bookkiosk(["simulate", "--write", "--now", "2026-12-01T09:00:00"], input: "\(card)\n\(book)\n").events()
        let greeted = try #require(events.first { $0["event"] as? String == "greeted" })
        #expect(greeted["name"] as? String == "さくら")
        let lent = try #require(events.first { $0["event"] as? String == "lent" })
        #expect(lent["book"] as? String == "20000003" && lent["title"] as? String == "ねないこだれだ")

        // Every font is embedded.
        for pdf in ["cards.pdf", "labels.pdf"] {
            let rows = try tool(pdffonts!, [folder.url.appendingPathComponent(pdf).path]).split(separator: "\n").dropFirst(2)
            #expect(!rows.isEmpty)
            for row in rows {
                let columns = row.split(separator: " ", omittingEmptySubsequences: true)
                #expect(columns.count >= 5 && columns[columns.count - 5] == "yes", "not embedded in \(pdf): \(row)")
            }
        }
    }

    @Test("NW-7 labels on the default 44-up sheet decode; `new` prints only what was not printed; a named withdrawn book is printed; --out - writes the PDF")
    func newAndNamed() throws {
        try importLibrary()
        let first = try bookkiosk(["print", "labels", "--out", "first.pdf", "--books", "20000001,B0900"])
        #expect(first.status == 0, "\(first.errors)")
        let named = try decode(folder.url.appendingPathComponent("first.pdf").path, sheet: try sheet("a-one-28368"))
        #expect(named.symbols[1]?.map(\.data) == ["A20000001A"])
        #expect(named.symbols[2]?.map(\.type) == ["CODE-128"] && named.symbols[2]?.map(\.data) == ["B0900"])

        let rest = try bookkiosk(["print", "labels", "--out", "rest.pdf"])
        #expect(rest.status == 0 && rest.output.contains("Wrote 2 labels"), "\(rest.output) \(rest.errors)")
        let scan = try decode(folder.url.appendingPathComponent("rest.pdf").path, sheet: try sheet("a-one-28368"))
        #expect(scan.symbols.mapValues { $0.map { Barcode.normalize($0.data) } } == [1: ["20000002"], 2: ["20000003"]])

        let nothing = try bookkiosk(["print", "labels", "--out", "none.pdf"])
        #expect(nothing.status == 0 && nothing.errors.contains("no new labels"))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("none.pdf").path))

        let piped = try bookkiosk(["print", "cards", "--out", "-", "--users", "all"])
        #expect(piped.status == 0 && piped.output.hasPrefix("%PDF-") && piped.output.contains("%%EOF"))
    }

    @Test("a book registered in staff mode with n gets the next number, and `print labels` (new) prints just its label, which lends it")
    func staffNumberThenLabel() throws {
        try importLibrary()
        #expect(try bookkiosk(["print", "labels", "--out", "old.pdf"]).status == 0)
        #expect(try bookkiosk(["staff", "add", "たなか"], input: "1234\n").status == 0)
        let staff = "@key F12\n@type 1234\n@enter\n@type b\n@type n\n@type もりのなか\n@enter\n@enter\n@key Esc\n@type q\n"
        let registered = try bookkiosk(["simulate", "--write", "--now", "2026-12-01T09:00:00"], input: staff).events()
        #expect(registered.contains { $0["action"] as? String == "registeredBook" && $0["book"] as? String == "20000004" })

        let printed = try bookkiosk(["print", "labels", "--out", "new.pdf"])
        #expect(printed.status == 0 && printed.output.contains("Wrote 1 label"), "\(printed.output) \(printed.errors)")
        let scan = try decode(folder.url.appendingPathComponent("new.pdf").path, sheet: try sheet("a-one-28368"))
        let read = try #require(scan.symbols[1]?.first?.data)
        #expect(Set(scan.symbols.keys) == [1] && Barcode.normalize(read) == "20000004")
        let lent = try bookkiosk(["simulate", "--write", "--now", "2026-12-01T10:00:00"], input: "10000001\n\(read)\n").events()
        #expect(lent.contains { $0["event"] as? String == "lent" && $0["title"] as? String == "もりのなか" })
    }

    @Test("a barcode too long for the sheet is refused, named, with a larger sheet suggested, and nothing is written or recorded")
    func tooLong() throws {
        let books = "barcode,title\n12345678901234567890,ながいばんごう\n"
        try Data(books.utf8).write(to: folder.url.appendingPathComponent("books.csv"))
        #expect(try bookkiosk(["import", "books", "books.csv"]).status == 0)
        let refused = try bookkiosk(["print", "labels", "--out", "long.pdf"])
        #expect(refused.status == 1)
        #expect(refused.errors.contains("12345678901234567890") && refused.errors.contains("--sheet a-one-"), "\(refused.errors)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("long.pdf").path))
        let wider = try bookkiosk(["print", "labels", "--out", "long.pdf", "--sheet", "a-one-28362"])
        #expect(wider.status == 0, "\(wider.errors)")
    }
}
