import Foundation
import PostgresScratch
import Testing

/// The school year's commands on SQLite and on PostgreSQL say the same, line for line.
@Suite("The school year on PostgreSQL",
       .enabled(if: ScratchPostgresServer.isInstalled, Comment(rawValue: ScratchPostgresServer.missingMessage)))
struct PostgresSchoolYearTests {
    static let steps: [(arguments: [String], input: String)] = [
        (["import", "books", "@books.csv"], ""),
        (["import", "users", "@users.csv"], ""),
        (["classes", "grade", "ひよこ組", "1"], ""),
        (["classes", "grade", "きりん組", "2"], ""),
        (["simulate", "--write", "--now", "2026-10-01T09:00:00"], "C0001\nB0001\nB0002\n@wait 60s\nC0002\nB0004\n"),
        (["classes"], ""),
        (["promote"], ""),
        (["report", "popular", "--now", "2026-11-24T10:00:00"], ""),
        (["report", "classes", "--now", "2026-11-24T10:00:00"], ""),
        (["print", "notices", "--out", "@notices", "--now", "2026-11-24T10:00:00"], ""),
        (["promote", "--apply"], ""),
        (["export", "users"], ""),
        (["export", "books"], ""),
        (["classes", "rename", "きりん組", "ぱんだ組"], ""),
        (["classes"], ""),
    ]

    func outputs(database: String, folder: TemporaryFolder, notices: String) throws -> [String] {
        let files = ["@books.csv": try folder.write("books.csv", SchoolYearEndToEndTests.books),
                     "@users.csv": try folder.write("users.csv", SchoolYearEndToEndTests.users),
                     "@notices": folder.path(notices)]
        let common = ["--db", database, "--config", try folder.write("config.json", #"{"timeZone": "UTC", "language": "en"}"#)]
        return try Self.steps.map { step in
            let result = try BookKioskBinary.run(step.arguments.map { files[$0] ?? $0 } + common, input: step.input, in: folder.url)
            #expect(result.status == 0, "\(step.arguments): \(result.errors)")
            return result.output.replacingOccurrences(of: folder.path(notices), with: "NOTICES")
        }
    }

    @Test("classes, promotion, counts, notices and export say the same on SQLite and PostgreSQL")
    func sameAsSQLite() throws {
        let folder = try TemporaryFolder()
        let onSQLite = try outputs(database: folder.path("library.sqlite"), folder: folder, notices: "a.pdf")
        let server = try ScratchPostgresServer.shared()
        let url = try server.freshDatabase()
        defer { try? server.dropDatabase(url) }
        let onPostgres = try outputs(database: url.text, folder: folder, notices: "b.pdf")
        for (index, (sqlite, postgres)) in zip(onSQLite, onPostgres).enumerated() {
            #expect(sqlite == postgres, "step \(Self.steps[index].arguments)")
        }
        #expect(onPostgres[6].contains("ひよこ組 → きりん組: 2 users"))
        #expect(onPostgres[9].contains("Wrote 2 notices"))
        #expect(onPostgres[11].contains("C0001,佐藤 陽翔,さとう はると,きりん組,,yes"))
        #expect(onPostgres[14].contains("ぱんだ組\tgrade 2\t2 users"))
    }
}
