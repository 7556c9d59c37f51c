import Foundation
import Lending
import Testing
@testable import CatalogIO

/// Files as teachers have them: saved by Excel in Shift_JIS, headed in the page's Japanese
/// words, without a card column, with a class name typed slightly differently.
@Suite("import files as Excel saves them")
struct ImportAsTeachersHaveItTests {
    static let iconvInstalled = FileManager.default.isExecutableFile(atPath: "/usr/bin/iconv")

    /// `text` converted to CP932 by iconv(1), as Excel's "CSV (コンマ区切り)" saves it.
    static func shiftJIS(_ text: String, in folder: TemporaryFolder) throws -> URL {
        let source = URL(fileURLWithPath: try folder.write("utf8.csv", text))
        let target = folder.url.appendingPathComponent("sjis.csv")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/iconv")
        process.arguments = ["-f", "UTF-8", "-t", "CP932", source.path, "-o", target.path]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return target
    }

    static let japaneseUsers = "カード番号,名前,よみがな,組,貸出上限,利用中\r\nC0001,佐藤 陽翔,さとう はると,ひよこ組,,はい\r\nC0002,ﾀﾅｶ ﾕｲ,たなか ゆい,ひよこ組,3,はい\r\n"

    @Test("a Shift_JIS (CP932) file with the page's Japanese headers imports, and the report says it was read as Shift_JIS",
          .enabled(if: iconvInstalled))
    func shiftJISWithJapaneseHeaders() throws {
        let folder = try TemporaryFolder()
        let file = try Self.shiftJIS(Self.japaneseUsers, in: folder)
        let bytes = try Data(contentsOf: file)
        #expect(String(data: bytes, encoding: .utf8) == nil, "iconv should have made a file that is not UTF-8")
        let config = try folder.write("config.json", #"{"timeZone": "UTC", "language": "ja"}"#)
        let result = try BookKioskBinary.run(["import", "users", file.path, "--db", folder.path("library.sqlite"), "--config", config],
                                             in: folder.url)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("利用者を 2 件追加、0 件更新"), "\(result.output)")
        #expect(result.output.contains("Shift_JIS"), "\(result.output)")
        let export = try BookKioskBinary.run(["export", "users", "--db", folder.path("library.sqlite"), "--config", config], in: folder.url)
        // Names are kept exactly as typed: half-width カナ included.
        #expect(export.output.contains("C0002,ﾀﾅｶ ﾕｲ,たなか ゆい,ひよこ組,3,はい"), "\(export.output)")
    }

    @Test("CSVText reads UTF-8 with and without a byte-order mark, and CP932")
    func encodings() throws {
        #expect(CSVText(decoding: Array("名前\n".utf8)) == CSVText(text: "名前\n", encoding: .utf8))
        #expect(CSVText(decoding: [0xEF, 0xBB, 0xBF] + Array("名前\n".utf8)) == CSVText(text: "名前\n", encoding: .utf8WithByteOrderMark))
        // 名前 in CP932: 96 BC 91 4F.
        #expect(CSVText(decoding: [0x96, 0xBC, 0x91, 0x4F, 0x0A]) == CSVText(text: "名前\n", encoding: .shiftJIS))
        #expect(CSVText(decoding: [0x80, 0xFF, 0xFE]) == nil)
    }

    @Test("export in Japanese writes the page's headers and re-imports byte for byte")
    func japaneseExportRoundTrip() throws {
        let repository = InMemoryLendingRepository()
        try repository.transaction { tx in
            try tx.save(SchoolClass(name: "ひよこ組", grade: 1))
            try tx.save(User(card: "C0001", name: "佐藤 陽翔", loanLimit: 3, reading: "さとう はると", className: "ひよこ組"))
            try tx.save(User(card: "C0002", name: "ﾀﾅｶ ﾕｲ", isActive: false))
            try tx.save(Book(barcode: "B0001", title: "ぐりとぐら", author: "なかがわ りえこ", isbn: "9784834000825", reading: "ぐりとぐら"))
            try tx.save(Book(barcode: "B0002", title: "=SUM(A1)", status: .withdrawn))
        }
        let words = JapaneseCatalogWords()
        for kind in CatalogImport.Kind.allCases {
            let first = try CatalogExport.text(kind, of: repository, words: words)
            #expect(first.hasPrefix("\u{FEFF}" + kind.columns.map(words.header).joined(separator: ",") + "\n"))
            let copy = InMemoryLendingRepository()
            if kind == .users { try copy.transaction { try $0.save(SchoolClass(name: "ひよこ組", grade: 1)) } }
            let report = try CatalogImport(kind: kind).run(first, into: copy, recordedBy: LibraryDesk(staff: "えんちょう", at: Date()))
            #expect(report.warnings.isEmpty)
            let second = try CatalogExport.text(kind, of: copy, words: words)
            #expect(Array(second.utf8) == Array(first.utf8))
        }
        let books = try CatalogExport.text(.books, of: repository, words: words)
        #expect(books.contains("B0002,'=SUM(A1),,,除籍済み,"))
    }

    @Test("a users file without a card column: every row is given a number")
    func usersWithoutCards() throws {
        let repository = InMemoryLendingRepository()
        let report = try CatalogImport(kind: .users).run("名前,組\nはると,ひよこ組\nゆい,ひよこ組\n", into: repository, recordedBy: LibraryDesk(staff: "えんちょう", at: Date()))
        #expect(report.added == 2)
        #expect(report.numbered.map(\.name) == ["はると", "ゆい"])
        #expect(try repository.transaction { try $0.allUsers() }.count == 2)
    }

    @Test("a class name close to an existing one is refused as a probable typo naming the class meant, not made a new class",
          arguments: ["ひよこぐみ", "ﾋﾖｺ組", "ヒヨコ組", "ひよこ 組"])
    func probableTypo(written: String) throws {
        let repository = InMemoryLendingRepository()
        try repository.transaction { try $0.save(SchoolClass(name: "ひよこ組", grade: 1)) }
        let preview = try CatalogImport(kind: .users).preview("card,name,class\nC0001,はると,\(written)\n", in: repository)
        #expect(preview.problems == [ImportProblem(line: 2, .probableTypo(written: written, meant: "ひよこ組"))])
        #expect(preview.createdClasses.isEmpty)
        #expect(JapaneseCatalogWords().problem(preview.problems[0]).contains("「ひよこ組」があります"))
        #expect(throws: CatalogImport.Failure.self) {
            try CatalogImport(kind: .users).run("card,name,class\nC0001,はると,\(written)\n", into: repository, recordedBy: LibraryDesk(staff: "えんちょう", at: Date()))
        }
        #expect(try repository.transaction { try $0.classes() }.map(\.name) == ["ひよこ組"])
    }

    @Test("a trailing space is not a new class: the cell is read without it")
    func trailingSpace() throws {
        let repository = InMemoryLendingRepository()
        try repository.transaction { try $0.save(SchoolClass(name: "ひよこ組", grade: 1)) }
        let preview = try CatalogImport(kind: .users).preview("card,name,class\nC0001,はると,ひよこ組 \nC0002,ゆい,ひよこ組\u{3000}\n", in: repository)
        #expect(preview.problems.isEmpty)
        #expect(preview.createdClasses.isEmpty)
        #expect(preview.added.map(\.className) == ["ひよこ組", "ひよこ組"])
    }

    @Test("`bookkiosk import` names the class meant in its report", .enabled(if: iconvInstalled))
    func typoInTheCommandsReport() throws {
        let folder = try TemporaryFolder()
        let config = try folder.write("config.json", #"{"timeZone": "UTC", "language": "ja"}"#)
        let common = ["--db", folder.path("library.sqlite"), "--config", config]
        #expect(try BookKioskBinary.run(["classes", "add", "ひよこ組", "--grade", "1"] + common, in: folder.url).status == 0)
        let file = try folder.write("users.csv", "名前,組\nはると,ひよこぐみ\n")
        let result = try BookKioskBinary.run(["import", "users", file] + common, in: folder.url)
        #expect(result.status == 1)
        #expect(result.errors.contains("2行目: 組「ひよこぐみ」はありませんが「ひよこ組」があります"), "\(result.errors)")
        #expect(result.errors.contains("何も取り込んでいません"))
    }

    @Test("the preview shows, for each updated row, what was there and what it becomes")
    func previewShowsOldAndNew() throws {
        let repository = InMemoryLendingRepository()
        try repository.transaction { tx in
            try tx.save(SchoolClass(name: "ひよこ組", grade: 1))
            try tx.save(SchoolClass(name: "うさぎ組", grade: 2))
            try tx.save(User(card: "C0001", name: "はると", className: "ひよこ組"))
            try tx.save(User(card: "C0002", name: "ゆい", className: "ひよこ組"))
        }
        let preview = try CatalogImport(kind: .users).preview("card,name,class,limit\nC0001,佐藤 はると,うさぎ組,3\nC0002,ゆい,ひよこ組,\n", in: repository)
        #expect(preview.updated.map(\.differences) == [
            [Difference(column: .name, before: "はると", after: "佐藤 はると"), Difference(column: .class, before: "ひよこ組", after: "うさぎ組"),
             Difference(column: .limit, before: "", after: "3")],
            [],
        ])
    }
}
