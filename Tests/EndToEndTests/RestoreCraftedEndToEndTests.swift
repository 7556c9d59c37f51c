import Foundation
import LendingSQLite
import Testing

/// `bookkiosk restore` of a crafted backup while a kiosk scans: refused
/// with what is wrong, nothing changed, every scan answered, and no trigger of the file ever
/// runs on the library.
@Suite("restore of a crafted backup, end to end")
struct RestoreCraftedEndToEndTests {
    static let crafts: [(name: String, sql: String)] = [
        ("extra trigger", "CREATE TRIGGER rename_books AFTER INSERT ON loans BEGIN UPDATE books SET title = 'pwned'; END;"),
        ("trigger calling a missing function", "CREATE TRIGGER call_nothing AFTER INSERT ON loans BEGIN SELECT no_such_function(NEW.book); END;"),
        ("partial schema", "PRAGMA foreign_keys = OFF; DROP TABLE loans; DROP TABLE staff; DROP TABLE audit_log; DROP TABLE lend_counts;"),
        ("endless view", """
            PRAGMA foreign_keys = OFF; DROP TABLE books;
            CREATE VIEW books AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n)
                SELECT i AS barcode, 'x' AS title, NULL AS author, NULL AS isbn, 'available' AS status, NULL AS reading FROM n;
            """),
    ]

    @Test(arguments: 0..<crafts.count)
    func refusedWhileAKioskScans(_ index: Int) throws {
        let craft = Self.crafts[index]
        let folder = try TemporaryFolder()
        let db = try SchoolYearEndToEndTests.library(in: folder)
        #expect(try BookKioskBinary.run(["backup", "crafted.sqlite"] + db, in: folder.url).status == 0)
        try SQLiteConnection(path: folder.path("crafted.sqlite"), mode: .readWrite).executeScript(craft.sql)

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
        let scans = 20
        try input.fileHandleForWriting.write(contentsOf: Data(String(repeating: "C0003\n@wait 45s\n", count: scans).utf8))
        let started = Date()
        let restored = try BookKioskBinary.run(["restore", "crafted.sqlite", "--yes"] + db, in: folder.url)
        let took = Date().timeIntervalSince(started)
        try input.fileHandleForWriting.close()
        process.waitUntilExit()

        #expect(restored.status != 0, "\(craft.name): \(restored.output)")
        #expect(restored.errors.contains("cannot be restored") && restored.errors.contains("Nothing was changed"), "\(restored.errors)")
        #expect(took < 30, "bounded: \(took) s")
        #expect(lines.wait(for: 1 + 2 * scans, seconds: 60))
        #expect(lines.lines.filter { $0.contains(#""event":"greeted""#) }.count == scans, "every scan answered")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.contains("before-restore") }.isEmpty)

        // A lend afterwards runs no trigger of the file: the titles are the library's own.
        let lend = try BookKioskBinary.run(["simulate", "--write", "--now", "2026-11-24T10:00:00"] + db, input: "C0003\nB0003\n", in: folder.url)
        #expect(lend.status == 0 && lend.output.contains(#""event":"lent""#), "\(lend.output.suffix(300))")
        let books = try BookKioskBinary.run(["export", "books"] + db, in: folder.url).output
        #expect(books.contains("ぐりとぐら") && !books.contains("pwned"))
    }
}
