import Foundation
import Testing

private let pdftotext: String? = ["/usr/bin/pdftotext", "/bin/pdftotext"].first { FileManager.default.isExecutableFile(atPath: $0) }

/// The school year's commands as a teacher runs them: classes and readings from the users
/// CSV, promotion, notices for parents, counts, export → import, restore.
@Suite("The school year, end to end")
struct SchoolYearEndToEndTests {
    static let books = "barcode,title,reading\nB0001,ぐりとぐら,ぐりとぐら\nB0002,はらぺこあおむし,\nB0003,=SUM(A1),\nB0004,ねないこだれだ,\n"
    static let users = "card,name,reading,class\nC0001,佐藤 陽翔,サトウ ハルト,ひよこ組\nC0002,鈴木 結衣,すずき ゆい,きりん組\nC0003,田中 蒼,たなか そう,ひよこ組\n"

    /// A library with two classes (grades 1 and 2), three Users and four Books; C0001 borrowed
    /// B0001 and B0002 and C0002 borrowed B0004 on 1 October 2026.
    static func library(in folder: TemporaryFolder) throws -> [String] {
        // The commands speak English here (the configuration's language), as these checks read.
        let db = ["--db", folder.url.path + "/lib.sqlite", "--config", try folder.write("english.json", #"{"language": "en"}"#)]
        try folder.write("books.csv", Self.books)
        try folder.write("users.csv", Self.users)
        #expect(try BookKioskBinary.run(["import", "books", "books.csv"] + db, in: folder.url).status == 0)
        let imported = try BookKioskBinary.run(["import", "users", "users.csv"] + db, in: folder.url)
        #expect(imported.output.contains("New classes, with no grade yet") && imported.output.contains("ひよこ組, きりん組"))
        #expect(try BookKioskBinary.run(["classes", "grade", "ひよこ組", "1"] + db, in: folder.url).status == 0)
        #expect(try BookKioskBinary.run(["classes", "grade", "きりん組", "2"] + db, in: folder.url).status == 0)
        let scans = "@at 2026-10-01T09:00:00\nC0001\nB0001\nB0002\n@wait 60s\nC0002\nB0004\n"
        #expect(try BookKioskBinary.run(["simulate", "--write"] + db, input: scans, in: folder.url).status == 0)
        return db
    }

    @Test("a reading in katakana is kept in hiragana; one with kanji is refused with its line, and nothing is imported")
    func readings() throws {
        let folder = try TemporaryFolder()
        let db = try Self.library(in: folder)
        let exported = try BookKioskBinary.run(["export", "users"] + db, in: folder.url)
        #expect(exported.output.contains("C0001,佐藤 陽翔,さとう はると,ひよこ組"))
        try folder.write("bad.csv", "card,name,reading\nC0009,山田,やまだ\nC0010,川口,川ぐち\n")
        let refused = try BookKioskBinary.run(["import", "users", "bad.csv"] + db, in: folder.url)
        #expect(refused.status != 0)
        #expect(refused.errors.contains("line 3:") && refused.errors.contains("「川」"))
        #expect(!(try BookKioskBinary.run(["export", "users"] + db, in: folder.url)).output.contains("C0009"))
    }

    @Test("classes list with their Users; a class with Users is not removed")
    func classes() throws {
        let folder = try TemporaryFolder()
        let db = try Self.library(in: folder)
        let listed = try BookKioskBinary.run(["classes"] + db, in: folder.url)
        #expect(listed.lines == ["ひよこ組\tgrade 1\t2 users", "きりん組\tgrade 2\t1 user"])
        let refused = try BookKioskBinary.run(["classes", "remove", "ひよこ組"] + db, in: folder.url)
        #expect(refused.status != 0 && refused.errors.contains("still has 2 User(s)"))
        #expect(try BookKioskBinary.run(["classes", "rename", "ひよこ組", "ひよこぐみ"] + db, in: folder.url).status == 0)
        #expect(try BookKioskBinary.run(["classes"] + db, in: folder.url).lines.first == "ひよこぐみ\tgrade 1\t2 users")
    }

    @Test("promotion: the plan changes nothing; --apply moves everybody up and graduates the last grade, naming their books")
    func promotionOneClassPerGrade() throws {
        let folder = try TemporaryFolder()
        let db = try Self.library(in: folder)
        let plan = try BookKioskBinary.run(["promote"] + db, in: folder.url)
        #expect(plan.status == 0 && plan.output.contains("ひよこ組 → きりん組: 2 users"))
        #expect(plan.output.contains("鈴木 結衣 (C0002) still has 「ねないこだれだ」"))
        #expect(try BookKioskBinary.run(["export", "users"] + db, in: folder.url).output.contains("C0001,佐藤 陽翔,さとう はると,ひよこ組"))
        let applied = try BookKioskBinary.run(["promote", "--apply"] + db, in: folder.url)
        #expect(applied.status == 0 && applied.output.contains("Promoted: 2 moved up, 1 graduated."))
        let after = try BookKioskBinary.run(["export", "users"] + db, in: folder.url).output
        #expect(after.contains("C0001,佐藤 陽翔,さとう はると,きりん組,,yes"))
        #expect(after.contains("C0002,鈴木 結衣,すずき ゆい,,,no"))
        // The audit report in Japanese (the last --config wins), as the page's 設定 shows it.
        let japanese = ["--config", try folder.write("japanese.json", #"{"language": "ja"}"#)]
        #expect(try BookKioskBinary.run(["report", "audit"] + db + japanese, in: folder.url).output.contains("進級: ひよこ組 → きりん組: 2人、卒園: 1人"))
        #expect(try BookKioskBinary.run(["report", "audit"] + db, in: folder.url).output.contains("Promotion: ひよこ組 → きりん組: 2; graduated: 1"))
    }

    @Test("promotion with two classes in the next grade cannot guess: it exits 1 and changes nothing until --map")
    func promotionSeveralClassesPerGrade() throws {
        let folder = try TemporaryFolder()
        let db = try Self.library(in: folder)
        #expect(try BookKioskBinary.run(["classes", "add", "ぱんだ組", "--grade", "2"] + db, in: folder.url).status == 0)
        let before = try BookKioskBinary.run(["export", "users"] + db, in: folder.url).output
        let refused = try BookKioskBinary.run(["promote", "--apply"] + db, in: folder.url)
        #expect(refused.status == 1 && refused.errors.contains("--map ひよこ組="))
        #expect(try BookKioskBinary.run(["export", "users"] + db, in: folder.url).output == before)
        let mapped = try BookKioskBinary.run(["promote", "--apply", "--map", "ひよこ組=ぱんだ組"] + db, in: folder.url)
        #expect(mapped.status == 0)
        #expect(try BookKioskBinary.run(["export", "users"] + db, in: folder.url).output.contains("C0003,田中 蒼,たなか そう,ぱんだ組"))
    }

    @Test("notices: a slip per User with an overdue Book, with exactly their titles; none for a class with nothing overdue",
          .enabled(if: pdftotext != nil, "needs pdftotext (poppler-utils)"))
    func notices() throws {
        let folder = try TemporaryFolder()
        // The notices in Japanese, as the command's report (the last --config wins).
        let db = try Self.library(in: folder) + ["--config", try folder.write("japanese.json", #"{"language": "ja"}"#)]
        let printed = try BookKioskBinary.run(["print", "notices", "--out", "notices.pdf", "--now", "2026-11-24T10:00:00"] + db, in: folder.url)
        #expect(printed.status == 0 && printed.output.contains("返却のおねがい 2 枚を、A4 1 ページに"), "\(printed.output)")
        let text = try run(pdftotext!, [folder.url.path + "/notices.pdf", "-"])
        #expect(text.components(separatedBy: "えほんの へんきゃくの おねがい").count == 3)
        #expect(text.contains("佐藤 陽翔 さん") && text.contains("鈴木 結衣 さん") && !text.contains("田中"))
        #expect(text.contains("ぐりとぐら") && text.contains("はらぺこあおむし") && text.contains("ねないこだれだ"))
        #expect(text.contains("かえす日 2026年10月8日(木)") && text.contains("2026年11月24日(火)"))
        _ = try BookKioskBinary.run(["simulate", "--write"] + db, input: "@at 2026-11-24T09:00:00\nB0004\n", in: folder.url)
        let none = try BookKioskBinary.run(["print", "notices", "--out", "none.pdf", "--class", "きりん組", "--now", "2026-11-24T10:00:00"] + db,
                                           in: folder.url)
        #expect(none.status == 0 && none.errors.contains("おねがいの紙はいりません"), "\(none.errors)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.path + "/none.pdf"))
    }

    @Test("popular and per-class counts, unchanged after the privacy pass has forgotten the borrowers")
    func counts() throws {
        let folder = try TemporaryFolder()
        let db = try Self.library(in: folder)
        let now = ["--now", "2026-11-24T10:00:00"]
        let popular = try BookKioskBinary.run(["report", "popular"] + now + db, in: folder.url)
        #expect(popular.lines.count == 4 && popular.lines[0] == "Most lent since 2026-04:")
        let classes = try BookKioskBinary.run(["report", "classes"] + now + db, in: folder.url)
        #expect(classes.lines == ["Lends per class per month since 2026-04:", "ひよこ組\t2026-10\t2", "きりん組\t2026-10\t1"])
        // Every Book back, then a run much later: the daily privacy pass forgets who borrowed.
        _ = try BookKioskBinary.run(["simulate", "--write"] + db, input: "@at 2026-10-02T09:00:00\nB0001\n@wait 60s\nB0002\n@wait 60s\nB0004\n", in: folder.url)
        _ = try BookKioskBinary.run(["simulate", "--write"] + db, input: "@at 2027-01-20T09:00:00\nC0003\n", in: folder.url)
        #expect(!(try BookKioskBinary.run(["export", "loans"] + db, in: folder.url)).output.contains("C0001"))
        #expect(try BookKioskBinary.run(["report", "classes"] + now + db, in: folder.url).lines == classes.lines)
        #expect(try BookKioskBinary.run(["report", "popular"] + now + db, in: folder.url).lines == popular.lines)
    }

    @Test("export → import gives back the same library; formula-like cells are guarded for Excel and unguarded on import")
    func roundTrip() throws {
        let folder = try TemporaryFolder()
        let db = try Self.library(in: folder)
        for kind in ["books", "users"] {
            let exported = try BookKioskBinary.run(["export", kind, "--out", "\(kind)-out.csv"] + db, in: folder.url)
            #expect(exported.status == 0)
            let data = try Data(contentsOf: folder.url.appendingPathComponent("\(kind)-out.csv"))
            #expect(Array(data.prefix(3)) == [0xEF, 0xBB, 0xBF])
            let copy = ["--db", folder.url.path + "/copy.sqlite", "--config", folder.url.path + "/english.json"]
            #expect(try BookKioskBinary.run(["import", kind, "\(kind)-out.csv"] + copy, in: folder.url).status == 0)
            if kind == "users" {
                // The import made the classes; their grades (which order the list) are the teacher's.
                _ = try BookKioskBinary.run(["classes", "grade", "ひよこ組", "1"] + copy, in: folder.url)
                _ = try BookKioskBinary.run(["classes", "grade", "きりん組", "2"] + copy, in: folder.url)
            }
            let again = try BookKioskBinary.run(["export", kind] + copy, in: folder.url).output
            #expect(again == String(decoding: data, as: UTF8.self))
        }
        let books = try String(contentsOf: folder.url.appendingPathComponent("books-out.csv"), encoding: .utf8)
        #expect(books.contains("B0003,'=SUM(A1),"))
        #expect(try BookKioskBinary.run(["simulate", "--write", "--db", folder.url.path + "/copy.sqlite"], input: "C0001\nB0003\n", in: folder.url)
            .output.contains("=SUM(A1)"))
    }

    @Test("restore while a kiosk scans: every scan is answered, the backup's data is in place, the old library is kept")
    func restoreWhileScanning() throws {
        let folder = try TemporaryFolder()
        let db = try Self.library(in: folder)
        #expect(try BookKioskBinary.run(["backup", "backup.sqlite"] + db, in: folder.url).status == 0)
        // After the backup, 鈴木 結衣's book comes back: the live library now differs from it.
        _ = try BookKioskBinary.run(["simulate", "--write"] + db, input: "@at 2026-11-24T08:00:00\nB0004\n", in: folder.url)

        let refused = try BookKioskBinary.run(["restore", "backup.sqlite"] + db, in: folder.url)
        #expect(refused.status != 0 && refused.errors.contains("--yes") && refused.output.contains("4 books, 3 users, 3 loans (3 out)"))

        let process = Process()
        process.executableURL = BookKioskBinary.url
        process.arguments = ["simulate", "--write", "--now", "2026-11-24T09:00:00"] + db
        process.environment = ["HOME": folder.url.path, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
                               "TZ": "UTC", "LANG": "C.UTF-8"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let lines = LineReader(output.fileHandleForReading)
        try process.run()
        let scans = 40
        try input.fileHandleForWriting.write(contentsOf: Data(String(repeating: "C0003\n@wait 45s\n", count: scans).utf8))
        let restored = try BookKioskBinary.run(["restore", "backup.sqlite", "--yes"] + db, in: folder.url)
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(restored.status == 0, "\(restored.errors)")
        #expect(restored.output.contains("Restored backup.sqlite"))
        #expect(process.terminationStatus == 0)
        #expect(lines.wait(for: 1 + 2 * scans, seconds: 60))
        let greeted = lines.lines.filter { $0.contains(#""event":"greeted""#) }
        #expect(greeted.count == scans, "every scan answered: \(lines.lines.suffix(3))")

        let after = try BookKioskBinary.run(["simulate", "--write", "--now", "2026-11-24T10:00:00"] + db, input: "C0002\n", in: folder.url)
        #expect(after.output.contains(#""loans":[{"book":"B0004""#), "the backup's Loan is back: \(after.output)")
        let kept = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasPrefix("lib.before-restore-") }
        #expect(kept.count == 1)
    }

    private func run(_ path: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
