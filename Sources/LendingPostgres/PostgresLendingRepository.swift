import Foundation
import Lending

/// The Lending repository in a shared PostgreSQL database (DESIGN.md §12), for several kiosks
/// lending from one collection: the schema of `LendingSQLite` (one open Loan per Book by a
/// partial unique index, foreign keys), ordered migrations recorded in `bookkiosk_schema`,
/// prepared statements only.
///
/// **Why two kiosks cannot lend one Book twice or let a User past the loan limit.** Each
/// `transaction` is one READ COMMITTED transaction in which every read that a decision rests
/// on takes a row lock first (`PostgresLendingTransaction`): looking a Book up locks its row
/// (`FOR UPDATE`), and the User a lend is for is read with `user(card:)`, which locks theirs
/// (`FOR NO KEY UPDATE`); only then are the Loans read, each by a statement of its own, which
/// in READ COMMITTED sees everything committed before it started. So a second kiosk scanning
/// the same Book waits at the Book's row until the first commits, then reads its Loan and
/// takes the Book back, as DESIGN.md §2 says; a second kiosk lending to the same User waits at
/// the User's row, then counts the first's Loan. The partial unique index is the last guard: a
/// lend that slips past everything is refused with `alreadyOnLoan`. Measured on this machine
/// (DESIGN.md §12): reading without locks lent one Book twice in 199 races of 200, locking only
/// the Books let a child past the limit in ~180 of 200; this scheme, 0 of each (`LendRaceTests`).
///
/// **Why no two transactions wait for each other.** Every path takes its locks in one order:
/// Books, in barcode order (byte by byte); then Users, in card order; then Loans, only those of
/// Books it already holds. A transaction that holds rows only ever waits for a row later in
/// that order, so no two can each hold what the other waits for. The paths that lock:
/// - a scan (`Circulation.scan`, and a journalled return): the Book, or an ISBN's copies in one
///   statement in barcode order; then at most one User, the Session's, whose limit a lend
///   decides; then the Book's Loan (closed, or inserted, whose foreign keys take key-share locks
///   on rows already held). A scanned Card and the borrower of a Book taken back are read
///   without a lock (`users(cards:)`): a greeting writes nothing, and a return rests on the
///   Book's lock alone. (Locking them, as scans did before, locked two children in the order
///   they were scanned: 3–8 deadlocks in 8,000 scans at 8 kiosks, `bookkiosk-bench --kiosks-only`.)
/// - a kiosk's journal, applied once the server is back (`Circulation.resolve`): a batch of its
///   scans in one transaction, taken in barcode order (a scan that may name an ISBN in a batch
///   of its own); a scan already written is looked up by its id without a lock; a return owed
///   locks its Book and closes that Book's Loan, as a scan does. A Loan held from an earlier
///   Book of the batch is only ever waited for by a transaction that first holds its Book, which
///   this one holds, so waiting for the next Book while holding it closes no cycle. The scan's
///   id goes into `loan_scans`, a new row.
/// - every staff operation (`LibraryDesk`, the one place the kiosk's staff mode, the teachers'
///   page and the commands all go through):
///   - lend (with or without override): as a scan, with the User lent to in place of the
///     Session's: the Book (or the ISBN's copies), then that User (`user(card:)`), then the Loan;
///   - force return, extend and withdraw: the Book (looked up by barcode, or for the page's
///     Loan id by reading the open Loans without a lock, then locking its Book and reading its
///     Loan again), then its Loan; the borrower is read without a lock (written down only);
///   - add or edit a Book: that one Book row; add, edit, deactivate or reactivate a User: that
///     one User row (the namespace check, "is this barcode a Card / a Book", reads without a
///     lock); remove a User: their row, `FOR NO KEY UPDATE` then `FOR UPDATE` in
///     `removeUser`, before counting their open Loans, so it waits for a lend to them in
///     progress and a later lend waits for it;
///   - promotion: the changed Users, in card order (`save`); each takes a key-share lock on
///     its new class's row;
///   - a class renamed: the class's row, then through `ON UPDATE CASCADE` its Users (in the
///     order the server scans them), then its lend counts. No lend waits for a class row, so
///     this cannot deadlock with a scan or a staff lend; it can with a promotion running at the
///     same moment (each holds a User or the class the other needs): the server detects it
///     (40P01) and both are `.onConflict` bodies, so the one it ends runs again. Adding,
///     grading and removing a class lock only the class's row;
///   - the rules, Staff accounts (PIN and password hashes) and sign-in records: single rows of
///     tables no Book or User path locks;
///   - printing: what was printed, in barcode order; import (`CatalogImport`): its Books or its
///     Users, in barcode or card order; restore is SQLite's alone (PostgreSQL's is `pg_restore`).
/// - `copy`: an empty database.
/// - the other tables come last: an audit entry (every staff operation, sign-in and wrong PIN
///   records one, in the operation's own transaction) is a new row, which waits for nobody;
///   the PIN lock is written by transactions that lock no Book or User.
/// Lists, reports and what a screen only shows lock nothing. A new path that locks keeps this
/// order; should the server still find a deadlock, or a stricter isolation level end a
/// transaction (40P01, 40001), a `.onConflict` transaction runs again.
///
/// The teachers' page decides nothing outside `LibraryDesk`: its lists, a User's Loans, the
/// summary, the lend form's check and the audit pages lock nothing (they are shown, not
/// decided on; the lend itself decides again under the locks above); its sign-in writes one
/// sign-in record and one audit entry.
///
/// When the server cannot be reached, a transaction throws a `databaseUnreachable` fault at
/// once (no longer than `connect_timeout` per attempt for the commands; a kiosk waits at most
/// `connectionWait` for a connection made off its scan path) and the next one connects again.
/// Used from one thread.
public final class PostgresLendingRepository: LendingRepository {
    /// The schema version this build creates and understands.
    public static var latestSchemaVersion: Int { PostgresMigration.all.count }
    /// How often a `.onConflict` transaction the server ended with 40001 or 40P01 is run, in all.
    public static let transactionAttempts = 5
    /// The key of the advisory lock that keeps two kiosks from migrating at once: "BKio".
    static let migrationLockKey: Int64 = 0x424B_696F

    public let url: PostgresURL
    private var connection: PGConnection?
    private var isInTransaction = false
    /// A kiosk's: connections are made off the scan path (nil for the commands and the page,
    /// which connect in the call that needs one).
    private let connector: BackgroundConnector?
    /// How long a kiosk's transaction waits for a connection being made for it.
    public static let connectionWait: Duration = .milliseconds(500)

    /// Connects to the database at `url` and brings its schema up to date. A database that
    /// holds another program's `books`, `users` or `loans` tables, or a newer BookKiosk schema,
    /// is refused with a `notALibrary` fault and left untouched.
    ///
    /// With `connectLater` (a kiosk), a server that cannot be reached now is not an error, and
    /// the scan path never waits long for the server (DESIGN.md §12): statements have the
    /// kiosk's short lock and statement timeouts (`PostgresSessionLimits.kiosk`), and a lost
    /// connection is made again on a thread of its own — a transaction waits for it at most
    /// `connectionWait`, then answers `databaseUnreachable`, and a later one takes it.
    public init(url: PostgresURL, connectLater: Bool = false) throws {
        self.url = url
        let limits: PostgresSessionLimits = connectLater ? .kiosk : .standard
        connector = connectLater ? BackgroundConnector(url: url, limits: limits) : nil
        do {
            connection = try Self.connect(url: url, limits: limits)
        } catch let error as PostgresError where connectLater && error.faultKind == .databaseUnreachable {
            connection = nil
        }
    }

    /// The server, with any password hidden.
    public var server: String { url.redacted }

    // MARK: LendingRepository

    /// Runs `body` in one READ COMMITTED transaction. With `rerun: .onConflict`, a transaction
    /// the server ended with 40001 or 40P01 is rolled back and `body` runs again, up to
    /// `transactionAttempts` times in all; with `.never`, that error is thrown after one run.
    public func transaction<T>(rerun: TransactionRerun, _ body: (any LendingTransaction) throws -> T) throws -> T {
        precondition(!isInTransaction, "PostgresLendingRepository transactions do not nest")
        isInTransaction = true
        defer { isInTransaction = false }
        let attempts = switch rerun {
        case .onConflict: Self.transactionAttempts
        case .never: 1
        }
        var attempt = 1
        while true {
            do {
                return try runTransaction(body)
            } catch let error as PostgresError where error.isTransient && attempt < attempts {
                attempt += 1
            }
        }
    }

    public func anonymizeReturnedLoans(olderThan cutoff: Date) throws -> Int {
        precondition(!isInTransaction, "anonymizeReturnedLoans runs in a transaction of its own")
        let connection = try connectedConnection()
        // Housekeeping, not a scan: a kiosk's statement timeout does not apply.
        try connection.execute("BEGIN")
        do {
            try connection.execute("SET LOCAL statement_timeout = 0")
            let forgotten = try connection.execute(
                "UPDATE loans SET user_card = NULL WHERE returned_at < to_timestamp($1::float8) AND user_card IS NOT NULL",
                [String(cutoff.timeIntervalSince1970)]).changedRows
            try connection.execute("COMMIT")
            return forgotten
        } catch {
            if connection.isConnected, connection.isInTransaction { _ = try? connection.execute("ROLLBACK") }
            throw error
        }
    }

    // MARK: Facts for `doctor`

    /// The schema version recorded in `bookkiosk_schema`.
    public func schemaVersion() throws -> Int {
        try Self.recordedVersion(try connectedConnection())
    }

    /// What `bookkiosk doctor` reports about the server and the session.
    public struct ServerFacts: Sendable, Equatable {
        public var serverVersion: Int
        public var database: String
        public var login: String
        public var isEncrypted: Bool
        /// The median of several `SELECT 1` round trips.
        public var roundTrip: Duration
    }

    /// Asks the server who and where the kiosk is, and times `samples` round trips.
    public func serverFacts(samples: Int = 5) throws -> ServerFacts {
        let connection = try connectedConnection()
        let clock = ContinuousClock()
        var times: [Duration] = []
        for _ in 0..<max(1, samples) {
            let start = clock.now
            try connection.execute("SELECT 1")
            times.append(clock.now - start)
        }
        times.sort()
        return ServerFacts(serverVersion: connection.serverVersion, database: connection.databaseName,
                           login: connection.userName, isEncrypted: connection.isEncrypted,
                           roundTrip: times[times.count / 2])
    }

    // MARK: Connecting

    /// The connection, made again first when it was lost: in this call for the commands, off
    /// the scan path for a kiosk (waiting at most `connectionWait`).
    private func connectedConnection() throws -> PGConnection {
        if let connection, connection.isConnected { return connection }
        connection = nil
        guard let connector else {
            let made = try Self.connect(url: url, limits: .standard)
            connection = made
            return made
        }
        let made = try connector.connection(waitingAtMost: Self.connectionWait)
        connection = made
        return made
    }

    /// Makes a connection and migrates the database.
    static func connect(url: PostgresURL, limits: PostgresSessionLimits) throws -> PGConnection {
        let connection = try PGConnection(url: url, limits: limits)
        try migrate(connection, url: url)
        return connection
    }

    /// One attempt at the transaction. A connection that turns out to be lost at `BEGIN` (the
    /// server restarted while the kiosk was idle) is made again once: nothing was done yet.
    private func runTransaction<T>(_ body: (any LendingTransaction) throws -> T) throws -> T {
        var connection = try connectedConnection()
        do {
            try connection.execute("BEGIN")
        } catch let error as PostgresError where error.connectionLost {
            self.connection = nil
            connection = try connectedConnection()
            try connection.execute("BEGIN")
        }
        let transaction = PostgresLendingTransaction(connection: connection)
        defer { transaction.isFinished = true }
        do {
            let result = try body(transaction)
            // A statement that failed inside `body` and was caught there leaves the
            // transaction able only to roll back; COMMIT would silently do that.
            if connection.isInFailedTransaction {
                throw PostgresError(sqlState: PostgresError.inFailedTransaction,
                                    message: "a statement failed inside the transaction, so nothing was written",
                                    server: connection.server)
            }
            try connection.execute("COMMIT")
            return result
        } catch {
            if connection.isConnected, connection.isInTransaction {
                // A failed ROLLBACK means the connection is gone, and the server rolls back.
                _ = try? connection.execute("ROLLBACK")
            }
            throw error
        }
    }

    // MARK: Migrations

    /// Applies the steps the database lacks, in one transaction, holding an advisory lock so
    /// two kiosks starting together do not both migrate.
    private static func migrate(_ connection: PGConnection, url: PostgresURL) throws {
        try connection.execute("BEGIN")
        do {
            // A kiosk's statement timeout is for scans, not for building the schema.
            try connection.execute("SET LOCAL statement_timeout = 0")
            try connection.execute("SELECT pg_advisory_xact_lock($1::bigint)", [String(migrationLockKey)])
            let version = try inspect(connection, url: url)
            if version == 0 {
                try connection.executeScript("""
                    CREATE TABLE IF NOT EXISTS bookkiosk_schema (
                        version    integer PRIMARY KEY,
                        summary    text NOT NULL,
                        applied_at timestamptz NOT NULL DEFAULT now()
                    )
                    """)
            }
            for (index, migration) in PostgresMigration.all.enumerated() where index >= version {
                try connection.executeScript(migration.sql)
                try connection.execute("INSERT INTO bookkiosk_schema (version, summary) VALUES ($1::integer, $2)",
                                       [String(index + 1), migration.summary])
            }
            try connection.execute("COMMIT")
        } catch {
            if connection.isConnected { _ = try? connection.execute("ROLLBACK") }
            throw error
        }
    }

    /// The schema version of the database: 0 for one without BookKiosk's tables. Throws
    /// `notALibrary` faults for another program's tables or a newer schema.
    private static func inspect(_ connection: PGConnection, url: PostgresURL) throws -> Int {
        let found = try connection.firstRow("""
            SELECT to_regclass('bookkiosk_schema') IS NOT NULL,
                   to_regclass('books') IS NOT NULL OR to_regclass('users') IS NOT NULL
                       OR to_regclass('loans') IS NOT NULL
            """) { ($0.text(0) == "t", $0.text(1) == "t") }
        guard let (hasSchemaTable, hasLendingTables) = found else { return 0 }
        guard hasSchemaTable else {
            if hasLendingTables { throw PostgresLibraryError.notALibrary(server: url.redacted) }
            return 0
        }
        let version = try recordedVersion(connection)
        guard version <= latestSchemaVersion else {
            throw PostgresLibraryError.newerSchema(server: url.redacted, version: version,
                                                   supported: latestSchemaVersion)
        }
        return version
    }

    private static func recordedVersion(_ connection: PGConnection) throws -> Int {
        try connection.firstRow("SELECT coalesce(max(version), 0) FROM bookkiosk_schema") { Int($0.text(0)) ?? 0 } ?? 0
    }
}

/// A database the repository will not use, or a value it cannot read. Each says what to do.
public enum PostgresLibraryError: RepositoryFault, Equatable, Sendable {
    /// The database holds `books`, `users` or `loans` tables that are not BookKiosk's.
    case notALibrary(server: String)
    /// The database was made by a newer BookKiosk.
    case newerSchema(server: String, version: Int, supported: Int)
    /// A stored value BookKiosk cannot read (changed by hand).
    case unreadableValue(server: String, column: String, value: String)

    public var faultKind: RepositoryFaultKind {
        switch self {
        case .notALibrary, .newerSchema: .notALibrary
        case .unreadableValue: .corrupt
        }
    }

    public var description: String {
        switch self {
        case .notALibrary(let server):
            "The database \(server) holds tables of another program (books, users or loans without BookKiosk's schema table); give BookKiosk a database of its own."
        case .newerSchema(let server, let version, let supported):
            "The database \(server) was made by a newer BookKiosk (schema version \(version), this one knows up to \(supported)); update BookKiosk on this kiosk."
        case .unreadableValue(let server, let column, let value):
            "The database \(server) holds a value BookKiosk cannot read (\(column) = \(value)); correct it on the server."
        }
    }
}
