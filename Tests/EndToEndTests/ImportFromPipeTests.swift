import Foundation
import Testing

/// `bookkiosk import` from standard input, `/dev/stdin` and a FIFO: read once, whole, then
/// parsed, all or nothing.
@Suite("import from a pipe")
struct ImportFromPipeTests {
    static let books = "barcode,title\nB0001,ぐりとぐら\nB0002,はらぺこあおむし\n"

    func common(_ folder: TemporaryFolder) throws -> [String] {
        ["--db", folder.path("library.sqlite"), "--config", try folder.write("config.json", #"{"timeZone": "UTC", "language": "en"}"#)]
    }

    /// The barcodes of the Books in the library, through `export`-free `simulate`: each is
    /// refused `cardFirst` when known, `unknownBarcode` when not.
    func known(_ barcodes: [String], in folder: TemporaryFolder, _ common: [String]) throws -> [String] {
        let scan = try BookKioskBinary.run(["simulate", "--write"] + common, input: barcodes.joined(separator: "\n") + "\n", in: folder.url)
        return try scan.events().compactMap { event in
            event["reason"] as? String == "cardFirst" ? event["barcode"] as? String ?? event["book"] as? String : nil
        }
    }

    @Test("`import books -` reads standard input (a pipe)")
    func dash() throws {
        let folder = try TemporaryFolder()
        let common = try common(folder)
        let result = try BookKioskBinary.run(["import", "books", "-"] + common, input: Self.books, in: folder.url)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("Imported standard input: 2 books added, 0 updated."))
        #expect(try known(["B0001", "B0002", "B0003"], in: folder, common) == ["B0001", "B0002"])
    }

    @Test("`import books /dev/stdin` reads the pipe behind it")
    func devStdin() throws {
        let folder = try TemporaryFolder()
        let common = try common(folder)
        let result = try BookKioskBinary.run(["import", "books", "/dev/stdin"] + common, input: Self.books, in: folder.url)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("2 books added"))
    }

    @Test("a broken CSV on standard input imports nothing and names its lines")
    func brokenFromPipe() throws {
        let folder = try TemporaryFolder()
        let common = try common(folder)
        let result = try BookKioskBinary.run(["import", "books", "-"] + common, input: "barcode,title\nB0001,ぐりとぐら\nB0002,\n", in: folder.url)
        #expect(result.status == 1)
        #expect(result.errors.hasPrefix("standard input: "), "\(result.errors)")
        #expect(result.errors.contains("line 3: book B0002 has no title"))
        #expect(result.errors.contains("Nothing was imported"))
        #expect(try known(["B0001"], in: folder, common).isEmpty)
    }

    @Test("a FIFO is read once, whole, after its writer is done")
    func fifo() throws {
        let folder = try TemporaryFolder()
        let common = try common(folder)
        let fifo = folder.path("books.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        // The writer's open waits for the reader (bookkiosk); it writes in two parts, so the
        // reader sees a short read in between, and closes.
        let written = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let descriptor = open(fifo, O_WRONLY)
            if descriptor >= 0 {
                for part in [Array("barcode,title\nB0001,ぐり".utf8), Array("とぐら\nB0002,はらぺこあおむし\n".utf8)] {
                    _ = part.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                }
                close(descriptor)
            }
            written.signal()
        }
        let result = try BookKioskBinary.run(["import", "books", fifo] + common, in: folder.url)
        written.wait()
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("Imported \(fifo): 2 books added, 0 updated."))
        #expect(try known(["B0001", "B0002"], in: folder, common) == ["B0001", "B0002"])
    }

    @Test("Shift_JIS (Excel's plain \"CSV\") is read, and the report says so")
    func shiftJIS() throws {
        let folder = try TemporaryFolder()
        let common = try common(folder)
        let file = folder.path("sjis.csv")
        try #require(Self.books.data(using: .shiftJIS)).write(to: URL(fileURLWithPath: file))
        let result = try BookKioskBinary.run(["import", "books", file] + common, in: folder.url)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("2 books added, 0 updated. Read as Shift_JIS"), "\(result.output)")
        #expect(try known(["B0001", "B0002"], in: folder, common) == ["B0001", "B0002"])
    }

    @Test("bytes that are neither UTF-8 nor Shift_JIS are refused, saying how to save the file; nothing is imported")
    func notText() throws {
        let folder = try TemporaryFolder()
        let common = try common(folder)
        let file = folder.path("binary.csv")
        try Data([0x62, 0x61, 0x72, 0x0A, 0xFF, 0xFE, 0xFD]).write(to: URL(fileURLWithPath: file))
        let result = try BookKioskBinary.run(["import", "books", file] + common, in: folder.url)
        #expect(result.status == 1)
        #expect(result.errors.contains("is neither UTF-8 nor Shift_JIS text"), "\(result.errors)")
        #expect(result.errors.contains("CSV UTF-8"))
    }

    @Test("a missing file and a folder are named as such")
    func notAFile() throws {
        let folder = try TemporaryFolder()
        let common = try common(folder)
        let missing = try BookKioskBinary.run(["import", "books", folder.path("nothing.csv")] + common, in: folder.url)
        #expect(missing.status == 1)
        #expect(missing.errors.contains("nothing.csv does not exist"), "\(missing.errors)")
        let directory = try BookKioskBinary.run(["import", "books", folder.url.path] + common, in: folder.url)
        #expect(directory.status == 1)
        #expect(directory.errors.contains("it is a folder"), "\(directory.errors)")
    }
}
