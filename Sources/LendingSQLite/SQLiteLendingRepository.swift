#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CSQLite
import Foundation
import Lending
import POSIX

/// The Lending repository in an SQLite file (DESIGN.md §7): WAL journal, `synchronous=FULL`,
/// foreign keys on, a busy timeout, ordered migrations, one open Loan per Book enforced by a
/// partial unique index, and a file readable by its owner only.
///
/// Used from one thread. Several processes may share one file: each `transaction` is an
/// SQLite `BEGIN IMMEDIATE` transaction, so decide-and-write never interleaves.
///
/// Needs SQLite 3.37 or later (STRICT tables, `RETURNING`, upserts), and says so at open.
public final class SQLiteLendingRepository: LendingRepository {
    /// How long a transaction waits for another program's write lock before failing busy.
    public static let defaultBusyTimeout: Duration = .seconds(5)
    /// Marks a BookKiosk database in the file header (`PRAGMA application_id`): "BKio".
    public static let applicationID: Int32 = 0x424B_696F
    /// The schema version this build creates and understands.
    public static var latestSchemaVersion: Int { Migration.all.count }
    /// The oldest SQLite library the schema works with, in `sqlite3_libversion_number()`'s
    /// form: 3.37.0 brought STRICT tables.
    public static let minimumSQLiteVersion: Int32 = 3_037_000
    /// Permissions of a new database file: read and write for its owner only.
    static let fileMode: mode_t = 0o600

    /// The database file.
    public let path: String
    let connection: SQLiteConnection
    var isInTransaction = false
    /// The Books' search texts as this connection last read them (see `BookSearchList`).
    let bookSearch = BookSearchList()

    /// Opens the BookKiosk database at `path`, creating it (mode 0600) when missing and
    /// bringing its schema up to date.
    ///
    /// A file that is not a BookKiosk database (another program's SQLite file, a text file,
    /// or one with a newer schema) is refused with a `notALibrary` fault and left untouched.
    /// An existing file keeps its permissions; only a file created here gets mode 0600.
    /// An SQLite library older than `minimumSQLiteVersion` is refused with
    /// `UnsupportedSQLiteVersion` before any file is made.
    public init(path: String, busyTimeout: Duration = SQLiteLendingRepository.defaultBusyTimeout) throws {
        try Self.checkSQLiteVersion(sqlite3_libversion_number())
        self.path = path
        try Self.createIfMissing(path)
        // Look before touching: a read-only connection cannot change a file that turns out
        // not to be ours (switching it to WAL would rewrite its header).
        let found = try Self.inspectFile(at: path, busyTimeout: busyTimeout)
        connection = try SQLiteConnection(path: path, mode: .readWrite)
        try connection.setBusyTimeout(busyTimeout)
        try configure()
        if found != Self.latestSchemaVersion {
            try migrate()
        }
        foldMissingSearchText()
    }

    // MARK: LendingRepository

    /// Runs `body` once, whatever `rerun` says: `BEGIN IMMEDIATE` waits for the one writer
    /// (up to the busy timeout) instead of ending a transaction to settle a conflict.
    public func transaction<T>(rerun: TransactionRerun, _ body: (any LendingTransaction) throws -> T) throws -> T {
        precondition(!isInTransaction, "SQLiteLendingRepository transactions do not nest")
        isInTransaction = true
        defer { isInTransaction = false }
        let transaction = SQLiteLendingTransaction(connection: connection, bookSearch: bookSearch)
        defer { transaction.isFinished = true }
        return try connection.transaction(.immediate) { try body(transaction) }
    }

    // MARK: Maintenance

    /// Removes the User from every Loan returned before `cutoff`, so the library keeps how
    /// often its Books went out but not who read what (the daily privacy pass). Open
    /// Loans, and Loans returned at or after `cutoff`, keep their User. Returns how many Loans
    /// lost their User now; one anonymized before is not counted again. One transaction of
    /// its own, so it may not be called inside `transaction`.
    public func anonymizeReturnedLoans(olderThan cutoff: Date) throws -> Int {
        precondition(!isInTransaction, "anonymizeReturnedLoans runs in a transaction of its own")
        return try connection.transaction(.immediate) {
            // Counted with sqlite3_changes, not RETURNING: the first pass over an old library
            // may touch millions of Loans, and their ids are not needed.
            try connection.execute("UPDATE loans SET user = NULL WHERE returned_at < ? AND user IS NOT NULL",
                                   [.real(cutoff.timeIntervalSince1970)])
            return connection.changes
        }
    }

    /// SQLite's own auto-checkpoint after a commit (1000 pages by default) is kept only as a
    /// ceiling: the kiosk checkpoints when it is quiet (`checkpointWhenIdle`), so a child's
    /// lend does not pay for copying the WAL back. 4000 pages of 4 KiB: a WAL of 16 MB at most.
    public static let autocheckpointCeilingPages = 4000

    /// Copies the WAL into the database file without waiting for anyone (a passive
    /// checkpoint), for the kiosk to call when nobody is scanning. Not inside `transaction`.
    /// When every frame was copied, the next write starts the WAL over and, with
    /// `synchronous=FULL`, syncs its new header: one fsync more. That is paid here, not by the
    /// next child's lend, with a write of the schema version as it is (one frame).
    public func checkpointWhenIdle() throws -> WALCheckpoint {
        precondition(!isInTransaction, "checkpointWhenIdle runs outside transactions")
        let checkpoint = try connection.checkpointPassively()
        if checkpoint.isComplete && checkpoint.frames > 1 {
            try connection.transaction(.immediate) {
                let version = try connection.firstRow("PRAGMA user_version") { $0.int64(0) } ?? 0
                // PRAGMA takes no parameters; the value is the file's own.
                try connection.execute("PRAGMA user_version = \(version)")
            }
        }
        return checkpoint
    }

    /// Sets the auto-checkpoint threshold in WAL pages (0: off); see `autocheckpointCeilingPages`.
    public func setAutocheckpoint(pages: Int) throws {
        try connection.setAutocheckpoint(pages: pages)
    }

    /// Records every statement this repository runs, with its time, until the profile is
    /// stopped (`bookkiosk-bench`'s look at where a lend's time goes).
    public func profileStatements() -> StatementProfile {
        StatementProfile(connection)
    }

    /// The schema version recorded in the file (`PRAGMA user_version`).
    public func schemaVersion() throws -> Int {
        try connection.firstRow("PRAGMA user_version") { Int($0.int64(0)) } ?? 0
    }

    /// SQLite's own check of the whole file (`PRAGMA integrity_check`): `["ok"]` when sound,
    /// else one line per problem found.
    public func integrityCheck() throws -> [String] {
        try connection.rows("PRAGMA integrity_check") { $0.text(0) }
    }

    /// Writes a consistent copy of the database to `destination` with SQLite's online backup
    /// API, while this repository stays usable. The copy is made in a new file (mode 0600)
    /// beside `destination` and renamed over it when complete, so `destination` never holds
    /// half a backup. Calls `mkstemp(3)`, `SQLiteConnection.backup(to:)` (`sqlite3_backup_init`,
    /// `_step`, `_finish`) and `rename(2)`.
    public func backup(to destination: String) throws {
        let partial = try writeBackupBeside(destination)
        guard rename(partial, destination) == 0 else {
            let error = Errno.current
            unlink(partial)
            throw LibraryFileError.cannotCreate(path: destination, error)
        }
    }

    /// `backup(to:)` into a file that did not exist: `path`, or when that name is taken,
    /// `path` with `-2`, `-3`, … before its extension. Never replaces a file, even one made in
    /// the same instant by another process (`link(2)` refuses an existing name). Returns the
    /// path written.
    public func backup(toNewFileNear path: String) throws -> String {
        let partial = try writeBackupBeside(path)
        defer { unlink(partial) }
        let stem = path.hasSuffix(".sqlite") ? String(path.dropLast(".sqlite".count)) : path
        let ending = path.hasSuffix(".sqlite") ? ".sqlite" : ""
        var attempt = 1
        var candidate = path
        while link(partial, candidate) != 0 {
            guard errno == EEXIST else { throw LibraryFileError.cannotCreate(path: candidate, .current) }
            attempt += 1
            candidate = "\(stem)-\(attempt)\(ending)"
        }
        return candidate
    }

    /// A consistent copy in a new file (mode 0600) beside `destination`, named by `mkstemp`.
    private func writeBackupBeside(_ destination: String) throws -> String {
        let directory = destination.lastIndex(of: "/").map { String(destination[..<$0]) } ?? "."
        let name = destination.split(separator: "/").last.map(String.init) ?? destination
        // mkstemp replaces the template's six trailing X with a unique suffix.
        let suffix = String(repeating: "X", count: 6)
        var template = Array("\(directory.isEmpty ? "/" : directory)/.\(name).\(suffix)".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw LibraryFileError.cannotCreate(path: destination, .current) }
        close(descriptor)
        let partial = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        do {
            try Self.copy(connection, toFileAt: partial)
            return partial
        } catch {
            unlink(partial)
            throw error
        }
    }

    private static func copy(_ source: SQLiteConnection, toFileAt path: String) throws {
        let copy = try SQLiteConnection(path: path, mode: .readWrite)
        try source.backup(to: copy)
    }

    // MARK: Opening

    /// Throws `UnsupportedSQLiteVersion` when `version` (in `sqlite3_libversion_number()`'s
    /// form) is older than `minimumSQLiteVersion`.
    static func checkSQLiteVersion(_ version: Int32) throws {
        guard version >= minimumSQLiteVersion else {
            throw UnsupportedSQLiteVersion(found: version, needed: minimumSQLiteVersion)
        }
    }

    /// Creates an empty file with mode 0600 when none exists, so the database never exists
    /// with wider permissions; SQLite gives its `-wal` and `-shm` files the same mode.
    /// Calls `open(2)` with `O_CREAT`; an existing file is left as it is.
    static func createIfMissing(_ path: String) throws {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, fileMode)
        if descriptor >= 0 {
            close(descriptor)
            return
        }
        let openError = Errno.current
        // A file we may only read is still worth inspecting: SQLite will say it is read-only.
        if access(path, F_OK) == 0 { return }
        throw LibraryFileError.cannotCreate(path: path, openError)
    }

    /// The schema version of the database at `path`, read through a read-only connection of
    /// its own (closed before returning), so the file is never created, migrated or changed:
    /// 0 for an empty file, ready to become a library. Throws `LibraryFileError.notALibrary`
    /// or `.newerSchema` for a file the repository would refuse, and `SQLiteError` when SQLite
    /// cannot read it (`SQLITE_NOTADB` for a file that is not SQLite at all). For checks such
    /// as `bookkiosk doctor` that must look without touching.
    public static func inspectFile(at path: String, busyTimeout: Duration = SQLiteLendingRepository.defaultBusyTimeout) throws -> Int {
        let connection = try SQLiteConnection(path: path, mode: .readOnly)
        try connection.setBusyTimeout(busyTimeout)
        return try inspect(connection)
    }

    /// The schema version of the file behind `connection`: 0 for an empty file, ready to
    /// become a library. Throws `notALibrary` faults for anything else.
    static func inspect(_ connection: SQLiteConnection) throws -> Int {
        // A text file fails here with SQLITE_NOTADB.
        let applicationID = try connection.firstRow("PRAGMA application_id") { Int32(truncatingIfNeeded: $0.int64(0)) } ?? 0
        let version = try connection.firstRow("PRAGMA user_version") { Int($0.int64(0)) } ?? 0
        let objects = try connection.firstRow("SELECT count(*) FROM sqlite_master") { $0.int64(0) } ?? 0
        if applicationID == Self.applicationID {
            guard version <= latestSchemaVersion else {
                throw LibraryFileError.newerSchema(path: connection.path, version: version, supported: latestSchemaVersion)
            }
            return version
        }
        guard applicationID == 0, version == 0, objects == 0 else {
            throw LibraryFileError.notALibrary(path: connection.path)
        }
        return 0
    }

    /// The connection settings of DESIGN.md §7.
    private func configure() throws {
        // Persistent in the file; answers the mode now in effect.
        _ = try connection.firstRow("PRAGMA journal_mode = WAL") { $0.text(0) }
        // A lend the child heard succeed survives a power cut.
        try connection.execute("PRAGMA synchronous = FULL")
        try connection.execute("PRAGMA foreign_keys = ON")
        try connection.setAutocheckpoint(pages: Self.autocheckpointCeilingPages)
        // The lists' searches fold each column as `ListingSearch` folds the text searched for.
        try connection.defineTextFunction("bookkiosk_fold", ListingSearch.folded, keepsAsIs: ListingSearch.isFolded)
    }

    /// Folds the search text of the Books that have none (`books.search_text`: a library from
    /// before migration 11, a restored file, rows another program wrote), in one write, made
    /// only when one is missing. It is kept for speed alone: where the write cannot be made now
    /// (the library busy past the timeout, a read-only file), searches fold those rows
    /// themselves and the next opening tries again, so opening goes on.
    private func foldMissingSearchText() {
        let search = SQLiteLendingTransaction.bookSearchText(title: "title", author: "author", reading: "reading",
                                                             barcode: "barcode", isbn: "isbn")
        do {
            let missing = try connection.firstRow("SELECT EXISTS (SELECT 1 FROM books WHERE search_text IS NULL)", []) { $0.int64(0) }
            guard missing == 1 else { return }
            try connection.transaction(.immediate) {
                try connection.execute("UPDATE books SET search_text = \(search) WHERE search_text IS NULL")
            }
        } catch {
            return
        }
    }

    /// Applies the migrations the file lacks, all in one transaction, looking again once the
    /// write lock is held in case another process migrated meanwhile.
    private func migrate() throws {
        try connection.transaction(.immediate) {
            let version = try Self.inspect(connection)
            if version == 0 {
                // PRAGMA takes no parameters; the value is this package's constant.
                try connection.execute("PRAGMA application_id = \(Self.applicationID)")
            }
            for (index, migration) in Migration.all.enumerated() where index >= version {
                try connection.executeScript(migration.sql)
                try connection.execute("PRAGMA user_version = \(index + 1)")
            }
        }
    }
}
