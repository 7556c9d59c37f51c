import CSQLite
import Foundation
import Lending
@testable import LendingSQLite
import Testing
import POSIX

@Suite("SQLiteLendingRepository")
struct SQLiteLendingRepositoryTests {
    typealias F = Fixture

    // MARK: Settings and file

    @Test("WAL, synchronous=FULL, foreign keys and the busy timeout are in effect")
    func settings() throws {
        try withTemporaryDirectory { directory in
            let repository = try SQLiteLendingRepository(path: directory + "/library.sqlite")
            let connection = repository.connection
            #expect(try connection.firstRow("PRAGMA journal_mode") { $0.text(0) } == "wal")
            #expect(try connection.firstRow("PRAGMA synchronous") { $0.int64(0) } == 2)
            #expect(try connection.firstRow("PRAGMA foreign_keys") { $0.int64(0) } == 1)
            #expect(try connection.firstRow("PRAGMA busy_timeout") { $0.int64(0) } == 5000)

            let patient = try SQLiteLendingRepository(path: directory + "/library.sqlite", busyTimeout: .milliseconds(250))
            #expect(try patient.connection.firstRow("PRAGMA busy_timeout") { $0.int64(0) } == 250)
        }
    }

    @Test("the database and its -wal and -shm files are readable by their owner only")
    func fileMode() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/library.sqlite"
            let repository = try SQLiteLendingRepository(path: path)
            try F.seed(repository) // a write, so the -wal file exists while the repository is open
            for file in [path, path + "-wal", path + "-shm"] {
                let attributes = try FileManager.default.attributesOfItem(atPath: file)
                let permissions = try #require(attributes[.posixPermissions] as? Int)
                #expect(permissions == 0o600, "\(file) has mode \(String(permissions, radix: 8))")
            }
        }
    }

    @Test("the schema version is recorded, and reopening migrates nothing and keeps the data")
    func schemaVersionAndReopen() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/library.sqlite"
            let schemaSQL = "SELECT type, name, sql FROM sqlite_master ORDER BY name"
            let firstSchema: [String]
            do {
                let repository = try SQLiteLendingRepository(path: path)
                try F.seed(repository)
                #expect(try repository.schemaVersion() == SQLiteLendingRepository.latestSchemaVersion)
                #expect(SQLiteLendingRepository.latestSchemaVersion == Migration.all.count)
                #expect(try repository.connection.firstRow("PRAGMA application_id") { Int32($0.int64(0)) }
                    == SQLiteLendingRepository.applicationID)
                firstSchema = try repository.connection.rows(schemaSQL) { "\($0.text(0)) \($0.text(1)) \($0.text(2))" }
                #expect(firstSchema.contains { $0.hasPrefix("index loans_one_open_per_book") && $0.contains("WHERE returned_at IS NULL") })
            }
            let reopened = try SQLiteLendingRepository(path: path)
            #expect(try reopened.schemaVersion() == SQLiteLendingRepository.latestSchemaVersion)
            #expect(try reopened.connection.rows(schemaSQL) { "\($0.text(0)) \($0.text(1)) \($0.text(2))" } == firstSchema)
            #expect(try reopened.read { try $0.allBooks() } == F.books)
            #expect(try reopened.read { try $0.allUsers() } == F.users)
        }
    }

    @Test("a time is stored to the microsecond, a due date as YYYY-MM-DD text")
    func storedValues() throws {
        try withTemporaryDirectory { directory in
            let repository = try SQLiteLendingRepository(path: directory + "/library.sqlite")
            try F.seed(repository)
            let lentAt = Date(timeIntervalSince1970: 1_796_115_600.123_456)
            let loan = try repository.transaction { tx in
                try tx.addLoan(book: "B0001", user: "C0001", lentAt: lentAt, due: F.dueFromT0, overrideBy: nil)
            }
            let stored = try #require(try repository.read { try $0.openLoan(book: "B0001") })
            #expect(abs(stored.lentAt.timeIntervalSince(lentAt)) < 0.000_001)
            #expect(stored == loan)
            #expect(try repository.connection.firstRow("SELECT due, typeof(due) FROM loans") { "\($0.text(0)) \($0.text(1))" }
                == "2026-12-08 text")
        }
    }

    @Test("a version 1 database migrates in place: its rows stay, the staff tables arrive, the schema matches a new one")
    func migrationFromVersion1() throws {
        try withTemporaryDirectory { directory in
            // A database as the first BookKiosk left it: only migration 1 applied.
            let oldPath = directory + "/version1.sqlite"
            try makeLibrary(at: oldPath, version: 1, rows: """
                INSERT INTO books (barcode, title) VALUES ('B0001', 'ぐりとぐら');
                INSERT INTO users (card, name) VALUES ('C0001', 'はると');
                INSERT INTO loans (book, user, lent_at, due) VALUES ('B0001', 'C0001', 1796115600, '2026-12-08');
                """)
            let schemaSQL = "SELECT type, name, sql FROM sqlite_master ORDER BY name"
            let readSchema = { (connection: SQLiteConnection) in
                try connection.rows(schemaSQL) { "\($0.text(0)) \($0.text(1)) \($0.text(2))" }
            }

            let migrated = try SQLiteLendingRepository(path: oldPath)
            #expect(try migrated.schemaVersion() == SQLiteLendingRepository.latestSchemaVersion)
            #expect(try migrated.read { try $0.allBooks() } == [Book(barcode: "B0001", title: "ぐりとぐら")])
            #expect(try migrated.read { try $0.allUsers() } == [User(card: "C0001", name: "はると")])
            #expect(try migrated.read { try $0.openLoans() }
                == [Loan(id: 1, book: "B0001", user: "C0001", lentAt: F.t0, due: F.dueFromT0)])
            #expect(try migrated.read { try $0.staffAccounts() }.isEmpty)
            #expect(try migrated.read { try $0.pinLock() } == PINLock())
            try migrated.transaction { tx in
                try tx.save(StaffAccount(name: "えんちょう", pinHash: "$y$j9T$s$h"))
                try tx.record(AuditEntry(time: F.t0, staff: "えんちょう", action: .enteredStaffMode))
            }
            #expect(try migrated.read { try $0.auditEntries() }.map(\.action) == [.enteredStaffMode])

            let fresh = try SQLiteLendingRepository(path: directory + "/new.sqlite")
            #expect(try readSchema(migrated.connection) == readSchema(fresh.connection))
            #expect(try migrated.integrityCheck() == ["ok"])
        }
    }

    @Test("audit entries written before schema 4 name the child in their detail: the privacy pass keeps only what precedes it")
    func legacyAuditEntriesForgetTheChild() throws {
        try withTemporaryDirectory { directory in
            let oldPath = directory + "/version3.sqlite"
            try makeLibrary(at: oldPath, version: 3, rows: """
                INSERT INTO audit_log (time, staff, action, detail) VALUES
                    (1796115600, 'えんちょう', 'override', 'lent B0001 「ぐりとぐら」 to C0001 はると, due 2026-12-08, past the rules'),
                    (1796115601, 'えんちょう', 'registeredUser', 'added card C0002 for めい'),
                    (1796115602, 'えんちょう', 'withdrew', 'withdrew B0003 「ももたろう」'),
                    (1796115603, 'えんちょう', 'entered', 'entered staff mode'),
                    (1799000000, 'えんちょう', 'extended', 'B0001 「ぐりとぐら」 for C0001: due 2026-12-08 → 2026-12-15');
                """)
            let repository = try SQLiteLendingRepository(path: oldPath)
            #expect(try repository.transaction { try $0.forgetAuditedUsers(recordedBefore: Date(timeIntervalSince1970: 1_797_000_000)) } == 2)
            let read = try repository.read { try $0.auditEntries() }.map(\.action)
            // Read back as earlier entries, each under the kind its old name stands for.
            #expect(read.map(\.kind) == [.lentPastRules, .registeredUser, .withdrew, .enteredStaffMode, .extended])
            let details = read.map { action -> String? in
                if case .earlier(_, let detail) = action { detail } else { nil }
            }
            #expect(details == [
                "lent B0001 「ぐりとぐら」 (the child is no longer named)",
                "(the child is no longer named)",
                "withdrew B0003 「ももたろう」",
                "entered staff mode",
                "B0001 「ぐりとぐら」 for C0001: due 2026-12-08 → 2026-12-15",
            ])
            #expect(try repository.transaction { try $0.forgetAuditedUsers(recordedBefore: Date(timeIntervalSince1970: 1_797_000_000)) } == 0)
            let plan = try repository.connection.rows(
                "EXPLAIN QUERY PLAN UPDATE audit_log SET user = NULL WHERE time < ? AND (user IS NOT NULL OR names_user_in_detail = 1)",
                [.real(0)]) { $0.text(3) }.joined(separator: "; ")
            #expect(plan.contains("audit_log_naming_users"), "\(plan)")
        }
    }

    @Test("the checkpoint when idle copies the WAL into the file and restarts it with one write of its own; the auto-checkpoint is a ceiling")
    func checkpointWhenIdle() throws {
        try withTemporaryDirectory { directory in
            let repository = try SQLiteLendingRepository(path: directory + "/library.sqlite")
            #expect(try repository.connection.firstRow("PRAGMA wal_autocheckpoint") { $0.int64(0) } == Int64(SQLiteLendingRepository.autocheckpointCeilingPages))
            try repository.transaction { tx in
                try tx.save(Book(barcode: "B0001", title: "ぐりとぐら"))
                try tx.save(User(card: "C0001", name: "はると"))
            }
            _ = try repository.transaction { try $0.addLoan(book: "B0001", user: "C0001", lentAt: F.t0, due: F.dueFromT0, overrideBy: nil) }
            let version = try repository.schemaVersion()
            let first = try repository.checkpointWhenIdle()
            #expect(first.isComplete && first.frames > 1, "\(first)")
            // What is left is the one frame of the write that restarted the WAL.
            let second = try repository.checkpointWhenIdle()
            #expect(second == WALCheckpoint(frames: 1, checkpointed: 1))
            #expect(try repository.schemaVersion() == version)
            #expect(try repository.read { try $0.openLoans() }.map(\.book) == ["B0001"])
            #expect(try repository.integrityCheck() == ["ok"])
        }
    }

    @Test("every table is STRICT, and the PIN lock and the library's rules keep a single row")
    func strictTablesAndOneLockRow() throws {
        try withTemporaryDirectory { directory in
            let repository = try SQLiteLendingRepository(path: directory + "/library.sqlite")
            let tables = try repository.connection.rows(
                "SELECT name, strict FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
            ) { ($0.text(0), $0.int64(1)) }
            #expect(tables.map(\.0) == ["audit_log", "book_covers", "book_records", "books", "books_changed", "classes", "lend_counts", "library_rules", "loans", "open_loans_count", "pin_lock", "printed", "staff", "users"])
            #expect(tables.filter { $0.1 != 1 }.map(\.0) == [])

            for failures in 1...3 {
                try repository.transaction { try $0.save(PINLock(failures: failures)) }
            }
            #expect(try repository.connection.firstRow("SELECT count(*) FROM pin_lock") { $0.int64(0) } == 1)
            #expect { try repository.connection.execute("INSERT INTO pin_lock (id, failures, lockouts) VALUES (2, 0, 0)") }
                throws: { error in
                    guard let error = error as? SQLiteError else { return false }
                    return error.code == SQLITE_CONSTRAINT && error.message.contains("CHECK constraint failed")
                }
            for limit in 1...2 {
                try repository.transaction { try $0.save(LibraryRules(loanLimit: limit)) }
            }
            #expect(try repository.connection.firstRow("SELECT count(*) FROM library_rules") { $0.int64(0) } == 1)
        }
    }

    @Test("Loans are listed by lent time, then id, even when added out of time order")
    func loansOldestFirst() throws {
        try withTemporaryDirectory { directory in
            let repository = try SQLiteLendingRepository(path: directory + "/library.sqlite")
            try F.seed(repository)
            // A second kiosk whose clock runs behind adds a Loan "earlier" than the first one.
            let (late, early, tied) = try repository.transaction { tx in
                (try tx.addLoan(book: "B0001", user: "C0001", lentAt: F.t0 + 60, due: F.dueFromT0, overrideBy: nil),
                 try tx.addLoan(book: "B0003", user: "C0001", lentAt: F.t0, due: F.dueFromT0, overrideBy: nil),
                 try tx.addLoan(book: "B0005", user: "C0002", lentAt: F.t0 + 60, due: F.dueFromT0, overrideBy: nil))
            }
            #expect(try repository.read { try $0.allLoans() } == [early, late, tied])
            #expect(try repository.read { try $0.openLoans() } == [early, late, tied])
            #expect(try repository.read { try $0.openLoans(user: "C0001") } == [early, late])
        }
    }

    // MARK: Files that are not a library

    enum ForeignFile: String, CaseIterable, CustomTestStringConvertible {
        case textFile, otherProgramsDatabase, newerSchema
        var testDescription: String { rawValue }

        func make(at path: String) throws {
            switch self {
            case .textFile:
                try Data(String(repeating: "Shopping list: milk, eggs, picture books.\n", count: 20).utf8)
                    .write(to: URL(fileURLWithPath: path))
            case .otherProgramsDatabase:
                let other = try SQLiteConnection(path: path, mode: .readWriteCreate)
                try other.executeScript("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes (body) VALUES ('hello');")
            case .newerSchema:
                _ = try SQLiteLendingRepository(path: path)
                let raw = try SQLiteConnection(path: path)
                try raw.execute("PRAGMA user_version = \(SQLiteLendingRepository.latestSchemaVersion + 1)")
            }
        }
    }

    @Test("a file that is not a BookKiosk database is refused as notALibrary and left untouched",
          arguments: ForeignFile.allCases)
    func notALibrary(file: ForeignFile) throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/not-a-library.sqlite"
            try file.make(at: path)
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            var caught: (any Error)?
            do {
                _ = try SQLiteLendingRepository(path: path)
            } catch {
                caught = error
            }
            let error = try #require(caught)
            #expect(isFault(error, .notALibrary), "\(error)")
            #expect("\(error)".contains(path))
            #expect("\(error)".contains(file == .newerSchema ? "newer BookKiosk" : "not a BookKiosk database"))
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        }
    }

    // MARK: Faults

    @Test("a database locked past the busy timeout fails busy and writes nothing; then it works")
    func lockedDatabase() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/library.sqlite"
            let repository = try SQLiteLendingRepository(path: path, busyTimeout: .milliseconds(100))
            try F.seed(repository)
            let otherProgram = try SQLiteConnection(path: path)
            try otherProgram.execute("BEGIN IMMEDIATE")

            var caught: (any Error)?
            do {
                _ = try F.circulation.scan("B0001", session: F.haruto, at: F.t0, in: repository)
            } catch {
                caught = error
            }
            let error = try #require(caught)
            #expect(isFault(error, .busy), "\(error)")
            #expect("\(error)" == "The database \(path) is locked by another program (database is locked); try again, or stop the other program.")

            try otherProgram.execute("ROLLBACK")
            #expect(try repository.read { try $0.allLoans() }.isEmpty)
            let outcome = try F.circulation.scan("B0001", session: F.haruto, at: F.t0, in: repository)
            guard case .lent = outcome else { Issue.record("expected a lend, got \(outcome)"); return }
        }
    }

    @Test("a disk that fills in the middle of a transaction fails full and leaves nothing half-written")
    func fullDisk() throws {
        try withTemporaryDirectory { directory in
            let repository = try SQLiteLendingRepository(path: directory + "/library.sqlite")
            try F.seed(repository)
            let pages = try #require(try repository.connection.firstRow("PRAGMA page_count") { $0.int64(0) })
            // A database that may not grow by more than two pages stands in for a full disk.
            try repository.connection.execute("PRAGMA max_page_count = \(pages + 2)")

            var caught: (any Error)?
            do {
                try repository.transaction { tx in
                    _ = try tx.addLoan(book: "B0001", user: "C0001", lentAt: F.t0, due: F.dueFromT0, overrideBy: nil)
                    for index in 0..<200 {
                        try tx.save(Book(barcode: "X\(index)", title: String(repeating: "ほん", count: 500)))
                    }
                }
            } catch {
                caught = error
            }
            let error = try #require(caught)
            #expect(isFault(error, .full), "\(error)")
            #expect("\(error)".hasPrefix("The disk holding the database is full"))
            #expect(try repository.read { try $0.allBooks() } == F.books)
            #expect(try repository.read { try $0.allLoans() }.isEmpty)
            #expect(try repository.integrityCheck() == ["ok"])
        }
    }

    @Test("after SQLite rolls a transaction back by itself, a later write in it fails instead of being written alone")
    func writesAfterAutomaticRollback() throws {
        try withTemporaryDirectory { directory in
            let repository = try SQLiteLendingRepository(path: directory + "/library.sqlite")
            try F.seed(repository)
            let pages = try #require(try repository.connection.firstRow("PRAGMA page_count") { $0.int64(0) })
            try repository.connection.execute("PRAGMA max_page_count = \(pages + 2)")

            var swallowed: (any Error)?
            // Staff accounts fill the disk, a table nothing refers to and no trigger watches: for
            // a Book's row (marked changed by a trigger) or a User's (checked by foreign keys)
            // SQLite rolls back only the statement that failed, not the transaction.
            #expect {
                try repository.transaction { tx in
                    _ = try tx.addLoan(book: "B0001", user: "C0001", lentAt: F.t0, due: F.dueFromT0, overrideBy: nil)
                    do {
                        for index in 0..<200 {
                            try tx.save(StaffAccount(name: "X\(index)", pinHash: String(repeating: "ほん", count: 500)))
                        }
                    } catch {
                        swallowed = error // a careless caller carries on
                    }
                    try tx.save(Book(barcode: "B0100", title: "あとからのほん"))
                }
            } throws: { ($0 as? SQLiteError)?.extendedCode == SQLiteError.abortRollback }
            #expect(swallowed.map { isFault($0, .full) } == true)
            #expect(try repository.read { try $0.allBooks() } == F.books)
            #expect(try repository.read { try $0.allLoans() }.isEmpty)
        }
    }

    @Test("a database that cannot be written fails readOnly and writes nothing")
    func readOnlyConnection() throws {
        try withTemporaryDirectory { directory in
            let repository = try SQLiteLendingRepository(path: directory + "/library.sqlite")
            try F.seed(repository)
            // query_only makes SQLite refuse writes with SQLITE_READONLY, as a read-only file does,
            // and works even for root, whom file permissions do not stop.
            try repository.connection.execute("PRAGMA query_only = ON")
            var caught: (any Error)?
            do {
                _ = try F.circulation.scan("B0001", session: F.haruto, at: F.t0, in: repository)
            } catch {
                caught = error
            }
            let error = try #require(caught)
            #expect((error as? SQLiteError)?.code == SQLITE_READONLY)
            #expect(isFault(error, .readOnly), "\(error)")
            #expect("\(error)".contains("cannot be written"))
            try repository.connection.execute("PRAGMA query_only = OFF")
            #expect(try repository.read { try $0.allLoans() }.isEmpty)
        }
    }

    @Test("a write through a read-only connection fails readOnly")
    func readOnlyOpenMode() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/library.sqlite"
            try F.seed(SQLiteLendingRepository(path: path))
            let reader = try SQLiteConnection(path: path, mode: .readOnly)
            #expect(reader.isReadOnly)
            #expect { try reader.execute("DELETE FROM books") } throws: { isFault($0, .readOnly) }
            #expect(try reader.firstRow("SELECT count(*) FROM books") { $0.int64(0) } == Int64(F.books.count))
        }
    }

    @Test("a database file without write permission fails readOnly", .enabled(if: geteuid() != 0, "root may write any file"))
    func readOnlyFile() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/library.sqlite"
            try F.seed(SQLiteLendingRepository(path: path))
            try FileManager.default.setAttributes([.posixPermissions: 0o400], ofItemAtPath: path)
            #expect {
                let repository = try SQLiteLendingRepository(path: path)
                _ = try F.circulation.scan("B0001", session: F.haruto, at: F.t0, in: repository)
            } throws: { isFault($0, .readOnly) }
        }
    }

    @Test("the partial unique index refuses a second open Loan even from raw SQL")
    func indexEnforcesOneOpenLoan() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/library.sqlite"
            let repository = try SQLiteLendingRepository(path: path)
            try F.seed(repository)
            _ = try repository.transaction { tx in
                try tx.addLoan(book: "B0001", user: "C0001", lentAt: F.t0, due: F.dueFromT0, overrideBy: nil)
            }
            let raw = try SQLiteConnection(path: path)
            let insert = "INSERT INTO loans (book, user, lent_at, due) VALUES ('B0001', 'C0002', 0, '2026-12-08')"
            #expect { try raw.execute(insert) } throws: {
                ($0 as? SQLiteError)?.extendedCode == SQLiteError.constraintUnique
            }
            // A returned Loan of the same Book is fine.
            try raw.execute("INSERT INTO loans (book, user, lent_at, due, returned_at) VALUES ('B0001', 'C0002', 0, '2026-12-08', 1)")
            #expect(try raw.firstRow("SELECT count(*) FROM loans WHERE book = 'B0001'") { $0.int64(0) } == 2)
        }
    }

    // MARK: Maintenance

    @Test("backup writes a 0600 file that opens as a library with the same rows")
    func backup() throws {
        try withTemporaryDirectory { directory in
            let repository = try SQLiteLendingRepository(path: directory + "/library.sqlite")
            try F.seed(repository)
            _ = try F.circulation.scan("B0001", session: F.haruto, at: F.t0, in: repository)
            let copyPath = directory + "/backup.sqlite"
            try Data("an older backup".utf8).write(to: URL(fileURLWithPath: copyPath))

            try repository.backup(to: copyPath)

            let attributes = try FileManager.default.attributesOfItem(atPath: copyPath)
            #expect(attributes[.posixPermissions] as? Int == 0o600)
            let copy = try SQLiteLendingRepository(path: copyPath)
            #expect(try copy.integrityCheck() == ["ok"])
            #expect(try copy.read { try $0.allBooks() } == repository.read { try $0.allBooks() })
            #expect(try copy.read { try $0.allUsers() } == repository.read { try $0.allUsers() })
            let loans = try repository.read { try $0.allLoans() }
            #expect(loans.count == 1)
            #expect(try copy.read { try $0.allLoans() } == loans)
            // No partial file is left beside it.
            let names = try FileManager.default.contentsOfDirectory(atPath: directory)
            #expect(!names.contains { $0.hasPrefix(".backup.sqlite.") })
        }
    }

    @Test("backup into a folder that does not exist fails and creates nothing")
    func backupToMissingFolder() throws {
        try withTemporaryDirectory { directory in
            let repository = try SQLiteLendingRepository(path: directory + "/library.sqlite")
            let destination = directory + "/missing/backup.sqlite"
            #expect(throws: LibraryFileError.cannotCreate(path: destination, .noSuchFileOrDirectory)) {
                try repository.backup(to: destination)
            }
            #expect(!FileManager.default.fileExists(atPath: destination))
        }
    }

    @Test("anonymizeReturnedLoans removes the User from Loans returned before the cutoff, and counts them")
    func anonymizeReturnedLoans() throws {
        try withTemporaryDirectory { directory in
            let repository = try SQLiteLendingRepository(path: directory + "/library.sqlite")
            try F.seed(repository)
            let (longAgo, lately, open) = try repository.transaction { tx in
                let first = try tx.addLoan(book: "B0001", user: "C0001", lentAt: F.t0, due: F.dueFromT0, overrideBy: nil)
                let second = try tx.addLoan(book: "B0003", user: "C0002", lentAt: F.t0, due: F.dueFromT0, overrideBy: nil)
                let third = try tx.addLoan(book: "B0005", user: "C0001", lentAt: F.t0, due: F.dueFromT0, overrideBy: nil)
                return (try tx.closeLoan(id: first.id, returnedAt: F.t0 + F.days(1)),
                        try tx.closeLoan(id: second.id, returnedAt: F.t0 + F.days(5)),
                        third)
            }

            #expect(try repository.anonymizeReturnedLoans(olderThan: F.t0 + F.days(3)) == 1)
            var anonymous = longAgo
            anonymous.user = nil
            #expect(try repository.read { try $0.allLoans() } == [anonymous, lately, open])

            // Already anonymized: not counted again. Returned exactly at the cutoff: kept.
            #expect(try repository.anonymizeReturnedLoans(olderThan: F.t0 + F.days(3)) == 0)
            #expect(try repository.anonymizeReturnedLoans(olderThan: F.t0 + F.days(5)) == 0)

            // However late the cutoff, an open Loan keeps its User.
            #expect(try repository.anonymizeReturnedLoans(olderThan: F.t0 + F.days(365)) == 1)
            var alsoAnonymous = lately
            alsoAnonymous.user = nil
            #expect(try repository.read { try $0.allLoans() } == [anonymous, alsoAnonymous, open])
            #expect(try repository.read { try $0.openLoans(user: "C0001") } == [open])
        }
    }

    @Test("integrityCheck answers ok for a sound database")
    func integrityCheck() throws {
        try withTemporaryDirectory { directory in
            let repository = try SQLiteLendingRepository(path: directory + "/library.sqlite")
            try F.seed(repository)
            #expect(try repository.integrityCheck() == ["ok"])
        }
    }
}

@Suite("SQLite version")
struct SQLiteVersionTests {
    @Test("an SQLite older than 3.37.0 is refused with a sentence that names both versions", arguments: [
        (Int32(3_031_001), "3.31.1"),
        (Int32(3_036_012), "3.36.12"),
    ])
    func tooOld(version: Int32, dotted: String) {
        #expect(throws: UnsupportedSQLiteVersion(found: version, needed: 3_037_000)) {
            try SQLiteLendingRepository.checkSQLiteVersion(version)
        }
        let error = UnsupportedSQLiteVersion(found: version, needed: SQLiteLendingRepository.minimumSQLiteVersion)
        #expect(error.description == "BookKiosk needs SQLite 3.37.0 or later, but this computer's SQLite library is \(dotted); install a newer libsqlite3 (Debian 12 and Ubuntu 22.04 have one).")
        #expect(error.faultKind == .other)
    }

    @Test("3.37.0 and later are accepted", arguments: [Int32(3_037_000), 3_037_002, 3_046_001, 4_000_000])
    func recentEnough(version: Int32) throws {
        try SQLiteLendingRepository.checkSQLiteVersion(version)
    }

    @Test("the linked SQLite passes, and its number reads back as sqlite3_libversion() writes it")
    func linkedLibrary() throws {
        let number = sqlite3_libversion_number()
        try SQLiteLendingRepository.checkSQLiteVersion(number)
        #expect(UnsupportedSQLiteVersion.dotted(number) == String(cString: sqlite3_libversion()))
    }
}

@Suite("SQLite wrapper")
struct SQLiteWrapperTests {
    @Test("result codes map to the fault the kiosk reports", arguments: [
        (SQLITE_BUSY, RepositoryFaultKind.busy),
        (SQLITE_LOCKED, .busy),
        (SQLITE_FULL, .full),
        (SQLITE_READONLY, .readOnly),
        (SQLITE_READONLY | (4 << 8), .readOnly), // SQLITE_READONLY_DBMOVED
        (SQLITE_CANTOPEN, .readOnly),
        (SQLITE_NOTADB, .notALibrary),
        (SQLITE_CORRUPT, .corrupt),
        (SQLITE_IOERR, .other),
        (SQLiteError.constraintUnique, .other),
    ])
    func faultKinds(code: Int32, kind: RepositoryFaultKind) {
        let error = SQLiteError(extendedCode: code, message: "m", sql: "SELECT 1", path: "/x.sqlite")
        #expect(error.faultKind == kind)
        #expect(error.description.hasSuffix("."))
        #expect(!error.description.contains("SELECT 1"))
        #expect(error.debugDescription.contains("SELECT 1"))
    }

    @Test("a cached statement is prepared once and comes back reset")
    func statementCache() throws {
        let connection = try SQLiteConnection(path: ":memory:", mode: .readWriteCreate)
        let sql = "SELECT ? + 1"
        let first = try connection.cachedStatement(sql)
        #expect(try connection.rows(sql, [.integer(41)]) { $0.int64(0) } == [42])
        #expect(try connection.cachedStatement(sql) === first)
        #expect(try connection.rows(sql, [.integer(1)]) { $0.int64(0) } == [2])
    }

    @Test("values of every storage class bind and read back")
    func bindAndRead() throws {
        let connection = try SQLiteConnection(path: ":memory:", mode: .readWriteCreate)
        let row = try #require(try connection.firstRow("SELECT ?, ?, ?, ?, typeof(?)",
                                                       [.null, .integer(-7), .real(2.5), .text("ぐりとぐら"), .null]) {
            ($0.optionalText(0), $0.int64(1), $0.double(2), $0.text(3), $0.text(4))
        })
        #expect(row.0 == nil)
        #expect(row.1 == -7)
        #expect(row.2 == 2.5)
        #expect(row.3 == "ぐりとぐら")
        #expect(row.4 == "null")
    }

    @Test("a failed statement carries its code, message and SQL")
    func errorCarriesSQL() throws {
        let connection = try SQLiteConnection(path: ":memory:", mode: .readWriteCreate)
        #expect { try connection.execute("SELECT * FROM no_such_table") } throws: { error in
            guard let error = error as? SQLiteError else { return false }
            return error.code == SQLITE_ERROR && error.message.contains("no_such_table")
                && error.sql == "SELECT * FROM no_such_table"
        }
    }

    @Test("a transaction commits its body, and rolls back when the body throws")
    func connectionTransaction() throws {
        struct Abandon: Error {}
        let connection = try SQLiteConnection(path: ":memory:", mode: .readWriteCreate)
        try connection.execute("CREATE TABLE t (x INTEGER)")
        try connection.transaction { try connection.execute("INSERT INTO t VALUES (1)") }
        #expect(throws: Abandon.self) {
            try connection.transaction {
                try connection.execute("INSERT INTO t VALUES (2)")
                throw Abandon()
            }
        }
        #expect(!connection.isInTransaction)
        #expect(try connection.rows("SELECT x FROM t") { $0.int64(0) } == [1])
    }
}
