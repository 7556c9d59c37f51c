import Foundation
import LendingPostgres
import PostgresScratch
import Testing

/// Every command that reads or writes the library, run once on an SQLite file and once on a
/// fresh PostgreSQL database: the outputs and event streams must be the same line for line.
@Suite("bookkiosk on PostgreSQL end to end",
       .enabled(if: ScratchPostgresServer.isInstalled, Comment(rawValue: ScratchPostgresServer.missingMessage)))
struct PostgresEndToEndTests {
    static let pin = "8642"
    static let config = #"{"timeZone": "Asia/Tokyo", "language": "en"}"#

    /// The steps of a kiosk's first weeks: import, staff, simulate (the morning scenario of
    /// `SimulateEndToEndTests`, staff mode, overdue), report, export.
    static let steps: [(arguments: [String], input: String)] = [
        (["import", "books", "@books.csv"], ""),
        (["import", "users", "@users.csv"], ""),
        (["staff", "add", "Tanaka"], pin + "\n"),
        (["staff", "list"], ""),
        (["simulate", "--write", "--now", "2026-12-01T09:00:00"], """
            C0001
            B0001
            B0001
            B0002
            B0004
            @wait 3s
            B0001
            @wait 31s
            B0002
            B0003
            C0003
            ☃ not a barcode ☃
            C0002
            9784834000825
            4834000826
            @at 2026-12-10T09:00:00
            C0002
            B0002
            @key F12
            @type 9753
            @enter
            @type \(pin)
            @enter
            @type q
            """),
        (["simulate", "--write", "--now", "2026-12-20T10:00:00"], "C0002\nB0001\n"),
        (["report", "overdue", "--now", "2026-12-20T10:00:00"], ""),
        (["report", "audit"], ""),
        (["export", "loans"], ""),
    ]

    static let books = "barcode,title,author,isbn,status\nB0001,ぐりとぐら,なかがわりえこ,9784834000825,available\n"
        + "B0002,はらぺこあおむし,エリック・カール,,available\nB0003,ももたろう,,,withdrawn\nB0004,ぐりとぐら,,978-4-8340-0082-5,\n"
    static let users = "card,name,limit,active\nC0001,はると,,yes\nC0002,めい,1,yes\nC0003,そら,,no\n"

    func outputs(database: String, folder: TemporaryFolder) throws -> [String] {
        let files = ["@books.csv": try folder.write("books.csv", Self.books),
                     "@users.csv": try folder.write("users.csv", Self.users)]
        let common = ["--db", database, "--config", try folder.write("config.json", Self.config)]
        return try Self.steps.map { step in
            let arguments = step.arguments.map { files[$0] ?? $0 } + common
            let result = try BookKioskBinary.run(arguments, input: step.input, in: folder.url)
            #expect(result.status == 0, "\(step.arguments): \(result.errors)")
            return result.output
        }
    }

    @Test("import, staff, simulate, report and export say the same on SQLite and PostgreSQL")
    func sameAsSQLite() throws {
        let folder = try TemporaryFolder()
        let onSQLite = try outputs(database: folder.path("library.sqlite"), folder: folder)
        let server = try ScratchPostgresServer.shared()
        let url = try server.freshDatabase()
        defer { try? server.dropDatabase(url) }
        let onPostgres = try outputs(database: url.text, folder: folder)
        for (index, (sqlite, postgres)) in zip(onSQLite, onPostgres).enumerated() {
            // The audit log's imports and Staff account are recorded at the time they ran.
            let untimed = { (text: String) in
                Self.steps[index].arguments == ["report", "audit"]
                    ? text.split(separator: "\n").map { $0.components(separatedBy: "  ").dropFirst().joined(separator: "  ") } : [text]
            }
            #expect(untimed(sqlite) == untimed(postgres), "step \(Self.steps[index].arguments)")
        }
        // The scenario did lend, return and refuse: the comparison is not of empty streams.
        let simulated = onPostgres[4]
        for event in ["\"lent\"", "\"returned\"", "\"refused\"", "\"staff\"", "\"sessionEnded\""] {
            #expect(simulated.contains(event), "no \(event) event in \(simulated)")
        }
    }

    @Test("backup on PostgreSQL shows the pg_dump command, without the password")
    func backupSaysPGDump() throws {
        let folder = try TemporaryFolder()
        let result = try BookKioskBinary.run(["backup", "copy.dump", "--db", "postgresql://kiosk:sekrit@db.example/library"],
                                             in: folder.url)
        #expect(result.status == 1)
        #expect(result.errors.contains("pg_dump --format=custom --file='copy.dump' 'postgresql://kiosk@db.example/library'"))
        #expect(!result.errors.contains("sekrit"))
    }

    @Test("doctor on PostgreSQL: the server answers, the schema version, encryption and round trip; never the password")
    func doctor() throws {
        let folder = try TemporaryFolder()
        let server = try ScratchPostgresServer.shared()
        let url = try server.freshDatabase()
        defer { try? server.dropDatabase(url) }
        _ = try PostgresLendingRepository(url: url)
        // Trust authentication never asks for the password, so one in the URL is harmless here.
        let withPassword = url.text.replacingOccurrences(of: "kiosk@", with: "kiosk:sekrit@")
        let result = try BookKioskBinary.run(["doctor", "--db", withPassword, "--config", try folder.write("english.json", Self.config)], in: folder.url)
        let lines = result.output.split(separator: "\n").map(String.init).filter { $0.contains("database:") }
        #expect(lines.contains { $0.hasPrefix("ok   database:") && $0.contains("answers: PostgreSQL 15") })
        #expect(lines.contains { $0.contains("schema version \(PostgresLendingRepository.latestSchemaVersion) (current)") })
        #expect(lines.contains { $0.contains("local socket") })
        #expect(lines.contains { $0.contains("round trip") })
        #expect(!result.output.contains("sekrit") && !result.errors.contains("sekrit"))
        #expect(result.output.contains("kiosk:***@"))
    }

    @Test("copy moves a one-box library into an empty PostgreSQL database, all of it, and refuses a full one")
    func copyFromSQLite() throws {
        let folder = try TemporaryFolder()
        let file = folder.path("library.sqlite")
        _ = try outputs(database: file, folder: folder)
        let printed = try BookKioskBinary.run(["print", "cards", "--users", "all", "--out", "cards.pdf", "--db", file], in: folder.url)
        #expect(printed.status == 0, "\(printed.errors)")
        let server = try ScratchPostgresServer.shared()
        let url = try server.freshDatabase()
        defer { try? server.dropDatabase(url) }
        let copy = try BookKioskBinary.run(["copy", "--from", file, "--to", url.text], in: folder.url)
        #expect(copy.status == 0, "\(copy.errors)")
        // copy takes no --config: it speaks the default configuration's language, Japanese here.
        #expect(copy.output.contains("絵本 4 冊、利用者 3 人、組 0、貸出 4 件、先生 1 人、操作の記録 6 件、印刷したカードとラベル 2 枚"),
                "\(copy.output)")
        // What was printed (the two active children's cards) came too: `--users new` answers alike on both.
        for step in [["export", "loans"], ["report", "audit"], ["staff", "list"], ["print", "cards", "--users", "new", "--out", "new.pdf"]] {
            let onSQLite = try BookKioskBinary.run(step + ["--db", file], in: folder.url)
            let onPostgres = try BookKioskBinary.run(step + ["--db", url.text], in: folder.url)
            #expect(onSQLite.output == onPostgres.output, "\(step)")
            #expect(onSQLite.errors == onPostgres.errors, "\(step)")
        }
        let again = try BookKioskBinary.run(["copy", "--from", file, "--to", url.text], in: folder.url)
        #expect(again.status == 1)
        #expect(again.errors.contains("already holds Books, Users or Loans"))
    }
}
