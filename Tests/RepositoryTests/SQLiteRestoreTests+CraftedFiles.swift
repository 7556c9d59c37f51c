import Foundation
import Lending
import LendingSQLite
import Testing

/// Backups that look like a library (the right `application_id` and `user_version`) but were
/// made to harm it: only the library's own data may come back, and a refused file changes nothing.
@Suite("Restoring a crafted backup")
struct SQLiteCraftedRestoreTests {
    static let t0 = Date(timeIntervalSince1970: 1_795_000_000)

    /// The ways a file was crafted.
    enum Craft: String, CaseIterable, Sendable {
        /// A trigger that renames every Book at the next lend.
        case extraTrigger
        /// A trigger that calls a function nobody has: every lend would fail.
        case triggerCallingAMissingFunction
        /// Three bare tables, nothing else.
        case partialSchema
        /// `books` as a view over an endless recursive query.
        case endlessView
    }

    /// A library with one Book and one User, backed up to `backup.sqlite`, then crafted.
    static func craftedBackup(_ craft: Craft, in directory: String) throws -> String {
        let path = directory + "/made.sqlite"
        let made = try SQLiteLendingRepository(path: path)
        try made.transaction { t in
            try t.save(Book(barcode: "B1", title: "ぐりとぐら"))
            try t.save(User(card: "C1", name: "はると"))
        }
        let backup = directory + "/backup.sqlite"
        try made.backup(to: backup)
        let connection = try SQLiteConnection(path: backup, mode: .readWrite)
        switch craft {
        case .extraTrigger:
            try connection.executeScript("CREATE TRIGGER rename_books AFTER INSERT ON loans BEGIN UPDATE books SET title = 'pwned'; END;")
        case .triggerCallingAMissingFunction:
            try connection.executeScript("CREATE TRIGGER call_nothing AFTER INSERT ON loans BEGIN SELECT no_such_function(NEW.book); END;")
        case .partialSchema:
            let version = SQLiteLendingRepository.latestSchemaVersion
            let bare = directory + "/partial.sqlite"
            let partial = try SQLiteConnection(path: bare, mode: .readWriteCreate)
            try partial.executeScript("""
                PRAGMA application_id = \(SQLiteLendingRepository.applicationID); PRAGMA user_version = \(version);
                CREATE TABLE books (barcode TEXT); CREATE TABLE users (card TEXT); CREATE TABLE loans (id INTEGER);
                INSERT INTO books VALUES ('B1');
                """)
            return bare
        case .endlessView:
            try connection.executeScript("""
                PRAGMA foreign_keys = OFF; DROP TABLE books;
                CREATE VIEW books AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n)
                    SELECT i AS barcode, 'x' AS title, NULL AS author, NULL AS isbn, 'available' AS status, NULL AS reading FROM n;
                """)
        }
        return backup
    }

    @Test("a crafted backup is refused, before and at restore, and the live library is untouched and still lends",
          arguments: Craft.allCases)
    func refused(_ craft: Craft) throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/library.sqlite"
            let library = try SQLiteLendingRepository(path: path)
            try library.transaction { t in
                try t.save(Book(barcode: "L1", title: "ねないこだれだ"))
                try t.save(User(card: "U1", name: "ゆい"))
            }
            let backup = try Self.craftedBackup(craft, in: directory)
            let started = ContinuousClock.now
            let inspected = try SQLiteLendingRepository.snapshot(ofBackupAt: backup)
            let restored = try library.restore(fromBackupAt: backup, at: Self.t0)
            #expect(inspected.refusal != nil)
            #expect(restored.refusal != nil)
            #expect(ContinuousClock.now - started < .seconds(2 * 5 + 5), "each step is bounded")
            // Untouched: the same Books, no kept copy, and a lend runs no trigger of the file.
            #expect(try library.transaction { try $0.allBooks().map(\.barcode) } == ["L1"])
            _ = try library.transaction { try $0.addLoan(book: "L1", user: "U1", lentAt: Self.t0, due: LocalDate(year: 2026, month: 12, day: 1), overrideBy: nil) }
            #expect(try library.transaction { try $0.book(barcode: "L1") }?.title == "ねないこだれだ")
            let kept = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.contains("before-restore") }
            #expect(kept.isEmpty)
        }
    }

    @Test("the refusal says what is wrong with the file")
    func saysWhy() throws {
        try withTemporaryDirectory { directory in
            let backup = try Self.craftedBackup(.extraTrigger, in: directory)
            let refusal = try #require(try SQLiteLendingRepository.snapshot(ofBackupAt: backup).refusal)
            #expect(refusal.description.contains("an extra trigger rename_books"))
        }
    }

    @Test("a restored library gets its data, never the file's schema")
    func onlyTheData() throws {
        try withTemporaryDirectory { directory in
            let library = try SQLiteLendingRepository(path: directory + "/library.sqlite")
            let made = try SQLiteLendingRepository(path: directory + "/made.sqlite")
            try made.transaction { t in
                try t.save(Book(barcode: "B1", title: "ぐりとぐら"))
                try t.save(User(card: "C1", name: "はると"))
                _ = try t.addLoan(book: "B1", user: "C1", lentAt: Self.t0, due: LocalDate(year: 2026, month: 11, day: 30), overrideBy: nil)
            }
            try made.backup(to: directory + "/backup.sqlite")
            let result = try #require(try library.restore(fromBackupAt: directory + "/backup.sqlite", at: Self.t0).value)
            #expect(result.snapshot.books == 1 && result.snapshot.loans == 1 && result.snapshot.openLoans == 1)
            #expect(try library.integrityCheck() == ["ok"])
        }
    }

    @Test("two restores in the same second keep both copies of the library as it was")
    func keptCopiesNeverCollide() throws {
        try withTemporaryDirectory { directory in
            let library = try SQLiteLendingRepository(path: directory + "/library.sqlite")
            try library.transaction { try $0.save(Book(barcode: "B1", title: "いち")) }
            try library.backup(to: directory + "/backup.sqlite")
            let first = try #require(try library.restore(fromBackupAt: directory + "/backup.sqlite", at: Self.t0).value)
            try library.transaction { try $0.save(Book(barcode: "B2", title: "に")) }
            let second = try #require(try library.restore(fromBackupAt: directory + "/backup.sqlite", at: Self.t0).value)
            #expect(first.keptAt != second.keptAt)
            #expect(try SQLiteLendingRepository.snapshot(ofBackupAt: first.keptAt).value?.books == 1)
            #expect(try SQLiteLendingRepository.snapshot(ofBackupAt: second.keptAt).value?.books == 2)
        }
    }

    @Test("a statement past its deadline is stopped (an endless recursive query)")
    func deadlineStopsARunawayStatement() throws {
        let connection = try SQLiteConnection(path: ":memory:", mode: .readWriteCreate)
        let started = ContinuousClock.now
        let error = try #require(throws: SQLiteError.self) {
            try connection.withDeadline(started + .milliseconds(200)) {
                try connection.execute("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n")
            }
        }
        #expect(error.isInterrupted)
        #expect(ContinuousClock.now - started < .seconds(5))
        // The handler is gone afterwards: the connection works as before.
        #expect(try connection.firstRow("SELECT 1") { $0.int64(0) } == 1)
    }
}
