import Foundation
import Lending
import LendingSQLite
import Testing

/// SQLite libraries saved at every earlier schema version (built from the saved steps, as
/// those builds left them) upgrade in place: their rows read back, and their schema becomes
/// the one a new library gets.
@Suite("SQLite: libraries of every earlier version upgrade")
struct SQLiteUpgradeTests {
    static let latest = SQLiteLendingRepository.latestSchemaVersion

    @Test("this build's first steps make the schema the saved steps make, at every version", arguments: 1...latest)
    func sameSchemaAtEveryVersion(version: Int) throws {
        try withTemporaryDirectory { directory in
            let saved = try SQLiteConnection(path: directory + "/saved.sqlite", mode: .readWriteCreate)
            for step in SchemaFixtures.sqlite.prefix(version) { try saved.executeScript(step.sql) }
            let built = try SQLiteConnection(path: directory + "/built.sqlite", mode: .readWriteCreate)
            for migration in Migration.all.prefix(version) { try built.executeScript(migration.sql) }
            let expected = try Self.schema(of: saved)
            #expect(!expected.isEmpty)
            #expect(try schemaDifference(found: Self.schema(of: built), expected: expected) == [])
        }
    }

    @Test("a library saved at this version upgrades: its rows read back, its schema is a new library's", arguments: 1..<latest)
    func upgrade(from version: Int) throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/saved.sqlite"
            do {
                let saved = try SQLiteConnection(path: path, mode: .readWriteCreate)
                try saved.execute("PRAGMA application_id = \(SQLiteLendingRepository.applicationID)")
                for step in SchemaFixtures.sqlite.prefix(version) { try saved.executeScript(step.sql) }
                try saved.execute("PRAGMA user_version = \(version)")
                try saved.executeScript(SavedRows.sqlite.rows(at: version))
            }
            let library = try SQLiteLendingRepository(path: path)
            #expect(try library.schemaVersion() == Self.latest)
            try SavedRows.sqlite.expectReadBack(from: library, savedAt: version)
            let expected = try withTemporaryDirectory { fresh in
                let today = try SQLiteConnection(path: fresh + "/today.sqlite", mode: .readWriteCreate)
                for step in SchemaFixtures.sqlite { try today.executeScript(step.sql) }
                return try Self.schema(of: today)
            }
            let upgraded = try SQLiteConnection(path: path, mode: .readOnly)
            #expect(try schemaDifference(found: Self.schema(of: upgraded), expected: expected) == [])
            // Counted by the step that made the count, or kept by its triggers since.
            #expect(try upgraded.firstRow("SELECT count FROM open_loans_count") { $0.int64(0) } == 1)
        }
    }

    /// `sqlite_master`, each object's SQL with its white space collapsed (as a restore compares).
    static func schema(of connection: SQLiteConnection) throws -> [String] {
        try connection.rows("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name") {
            "\($0.text(0)) \($0.text(1)) on \($0.text(2)): \(collapsingWhiteSpace($0.optionalText(3) ?? ""))"
        }
    }

}

