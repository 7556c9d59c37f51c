import CSQLite

/// One connection to an SQLite database. It owns its `sqlite3` handle and closes it in
/// `deinit`; it caches prepared statements by their SQL. It is used from one thread only.
public final class SQLiteConnection {
    /// How a connection opens its file.
    public enum OpenMode: Sendable, Hashable {
        /// Reading only (`SQLITE_OPEN_READONLY`).
        case readOnly
        /// Reading and writing an existing file (`SQLITE_OPEN_READWRITE`).
        case readWrite
        /// Reading and writing, creating the file when missing (`SQLITE_OPEN_CREATE`), with
        /// SQLite's default permissions. Callers that care about the mode create the file first.
        case readWriteCreate

        var flags: Int32 {
            switch self {
            case .readOnly: SQLITE_OPEN_READONLY
            case .readWrite: SQLITE_OPEN_READWRITE
            case .readWriteCreate: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
            }
        }
    }

    /// How `transaction` begins.
    public enum TransactionKind: String, Sendable, Hashable {
        /// Takes locks when first reading or writing.
        case deferred = "BEGIN DEFERRED"
        /// Takes the write lock at once, waiting up to the busy timeout for it.
        case immediate = "BEGIN IMMEDIATE"
        /// Takes the write lock at once and keeps readers out (in rollback-journal mode).
        case exclusive = "BEGIN EXCLUSIVE"
    }

    /// The file opened, as given.
    public let path: String
    let handle: OpaquePointer
    private var statements: [String: Statement] = [:]

    /// Opens the database at `path` and turns on extended result codes. With `acceptsURIs`,
    /// `ATTACH` takes `file:` URIs (`?mode=ro` attaches a file read-only).
    /// Calls `sqlite3_open_v2` and `sqlite3_extended_result_codes`.
    public init(path: String, mode: OpenMode = .readWrite, acceptsURIs: Bool = false) throws {
        var opened: OpaquePointer?
        // NOMUTEX: a connection stays on one thread, so SQLite need not lock around each call.
        let rc = sqlite3_open_v2(path, &opened, mode.flags | SQLITE_OPEN_NOMUTEX | (acceptsURIs ? SQLITE_OPEN_URI : 0), nil)
        guard rc == SQLITE_OK, let opened else {
            let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(rc))
            let code = opened.map { sqlite3_extended_errcode($0) } ?? rc
            sqlite3_close_v2(opened)
            throw SQLiteError(extendedCode: code, message: message, path: path)
        }
        self.path = path
        self.handle = opened
        sqlite3_extended_result_codes(opened, 1)
    }

    /// Finalizes the cached statements, then calls `sqlite3_close_v2`.
    deinit {
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    // MARK: Functions

    /// Boxes a Swift text function for SQLite's user data.
    private final class TextFunction {
        let transform: (String) -> String
        let keepsAsIs: (UnsafeBufferPointer<UInt8>) -> Bool
        init(_ transform: @escaping (String) -> String, keepsAsIs: @escaping (UnsafeBufferPointer<UInt8>) -> Bool) {
            self.transform = transform
            self.keepsAsIs = keepsAsIs
        }
    }

    /// Makes `name(text)` callable in this connection's SQL: it gives `transform(text)`, and
    /// NULL for NULL. Deterministic, so SQLite may use it anywhere. Text whose UTF-8 bytes
    /// `keepsAsIs` says `transform` would give back unchanged is given back as it is, with no
    /// `String` made (a search calls the function on every row it looks at). Calls
    /// `sqlite3_create_function_v2`.
    public func defineTextFunction(_ name: String, _ transform: @escaping (String) -> String,
                                   keepsAsIs: @escaping (UnsafeBufferPointer<UInt8>) -> Bool = { _ in false }) throws {
        let box = Unmanaged.passRetained(TextFunction(transform, keepsAsIs: keepsAsIs)).toOpaque()
        let rc = sqlite3_create_function_v2(
            handle, name, 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, box,
            { context, _, arguments in
                guard let context, let argument = arguments?[0], sqlite3_value_type(argument) != SQLITE_NULL,
                      let bytes = sqlite3_value_text(argument) else {
                    sqlite3_result_null(context)
                    return
                }
                let function = Unmanaged<TextFunction>.fromOpaque(sqlite3_user_data(context)).takeUnretainedValue()
                // sqlite3_value_bytes after sqlite3_value_text: the length of that UTF-8 text.
                if function.keepsAsIs(UnsafeBufferPointer(start: bytes, count: Int(sqlite3_value_bytes(argument)))) {
                    sqlite3_result_value(context, argument)
                    return
                }
                let result = function.transform(String(cString: bytes))
                // SQLITE_TRANSIENT: SQLite copies the text before this returns.
                sqlite3_result_text(context, result, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
            },
            nil, nil,
            { box in box.map { Unmanaged<TextFunction>.fromOpaque($0).release() } })
        guard rc == SQLITE_OK else { throw lastError(sql: nil) }
    }

    // MARK: Settings

    /// How long a statement waits for another connection's lock before failing with
    /// `SQLITE_BUSY`. Calls `sqlite3_busy_timeout`.
    public func setBusyTimeout(_ timeout: Duration) throws {
        let (seconds, attoseconds) = timeout.components
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        let rc = sqlite3_busy_timeout(handle, Int32(clamping: milliseconds))
        guard rc == SQLITE_OK else { throw lastError(sql: nil) }
    }

    // MARK: Statements

    /// A new prepared statement, not cached. Calls `sqlite3_prepare_v2`.
    public func prepare(_ sql: String) throws -> Statement {
        try Statement(sql: sql, database: handle, path: path)
    }

    /// The prepared statement for `sql`, from the cache or prepared now, reset and without
    /// bindings. Calls `sqlite3_prepare_v2` the first time and `sqlite3_reset` after.
    public func cachedStatement(_ sql: String) throws -> Statement {
        if let statement = statements[sql] {
            statement.reset()
            return statement
        }
        let statement = try prepare(sql)
        statements[sql] = statement
        return statement
    }

    /// Runs one statement with `arguments` bound to its parameters, and returns every row
    /// it produces, each read with `row`. The statement comes from the cache and is reset
    /// afterwards. Calls `sqlite3_bind_*`, `sqlite3_step` and `sqlite3_reset`.
    public func rows<Row>(_ sql: String, _ arguments: [SQLiteValue] = [],
                          _ row: (Statement) throws -> Row) throws -> [Row] {
        let statement = try cachedStatement(sql)
        defer { statement.reset() }
        try statement.bind(arguments)
        var rows: [Row] = []
        while try statement.step() {
            rows.append(try row(statement))
        }
        return rows
    }

    /// Runs one statement and returns its first row read with `row`, or nil when it has none.
    /// The statement is run to completion. Calls `sqlite3_step`.
    public func firstRow<Row>(_ sql: String, _ arguments: [SQLiteValue] = [],
                              _ row: (Statement) throws -> Row) throws -> Row? {
        try rows(sql, arguments, row).first
    }

    /// Runs one statement that returns no rows worth reading (INSERT, UPDATE, PRAGMA setters).
    /// Calls `sqlite3_step` until done.
    public func execute(_ sql: String, _ arguments: [SQLiteValue] = []) throws {
        _ = try rows(sql, arguments) { _ in () }
    }

    /// Runs a script of several statements without parameters. Only for the package's own
    /// constant SQL (the migrations), never for text that holds input. Calls `sqlite3_exec`.
    public func executeScript(_ sql: String) throws {
        var errorMessage: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
        defer { sqlite3_free(errorMessage) }
        guard rc == SQLITE_OK else {
            throw SQLiteError(extendedCode: sqlite3_extended_errcode(handle),
                              message: errorMessage.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(rc)),
                              sql: sql, path: path)
        }
    }

    // MARK: Transactions

    /// Whether a transaction is open. Calls `sqlite3_get_autocommit`.
    public var isInTransaction: Bool {
        sqlite3_get_autocommit(handle) == 0
    }

    /// Runs `body` inside one transaction begun with `kind`, and commits it. When `body` or
    /// the commit throws, the transaction is rolled back (unless SQLite already did) and the
    /// error rethrown, so nothing is left half-written. Transactions do not nest.
    /// Runs `BEGIN …`, `COMMIT` and `ROLLBACK` through `sqlite3_step`.
    public func transaction<T>(_ kind: TransactionKind = .immediate, _ body: () throws -> T) throws -> T {
        precondition(!isInTransaction, "SQLiteConnection transactions do not nest")
        try execute(kind.rawValue)
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            rollBackIfOpen()
            throw error
        }
    }

    /// Rolls back the open transaction, if SQLite has not done so already (it does after
    /// some errors, such as `SQLITE_FULL`).
    private func rollBackIfOpen() {
        guard isInTransaction else { return }
        do {
            try execute("ROLLBACK")
        } catch {
            // A failed ROLLBACK leaves SQLite to roll back when the connection closes or the
            // hot journal is next read; the original error is the one worth reporting.
        }
    }

    // MARK: Facts about the connection

    /// Rows changed by the last INSERT, UPDATE or DELETE. Calls `sqlite3_changes`.
    public var changes: Int { Int(sqlite3_changes(handle)) }

    /// Whether the main database was opened read-only. Calls `sqlite3_db_readonly`.
    public var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

    // MARK: Backup

    /// Copies the whole main database into `destination`'s main database with the online
    /// backup API, in one step, while this connection can keep being used afterwards.
    /// Calls `sqlite3_backup_init`, `sqlite3_backup_step` and `sqlite3_backup_finish`.
    public func backup(to destination: SQLiteConnection) throws {
        guard let backup = sqlite3_backup_init(destination.handle, "main", handle, "main") else {
            throw destination.lastError(sql: nil)
        }
        let stepResult = sqlite3_backup_step(backup, -1)
        let finishResult = sqlite3_backup_finish(backup)
        guard stepResult == SQLITE_DONE, finishResult == SQLITE_OK else {
            // A busy or locked step is not recorded on either connection; other errors are
            // recorded on the destination and returned again by the finish.
            let code = stepResult == SQLITE_DONE ? finishResult : stepResult
            throw SQLiteError(extendedCode: code, message: String(cString: sqlite3_errstr(code)),
                              path: destination.path)
        }
    }

    /// The error recorded on this connection. Calls `sqlite3_extended_errcode` and `sqlite3_errmsg`.
    func lastError(sql: String?) -> SQLiteError {
        SQLiteError(extendedCode: sqlite3_extended_errcode(handle),
                    message: String(cString: sqlite3_errmsg(handle)), sql: sql, path: path)
    }
}

@available(*, unavailable, message: "an SQLiteConnection stays on one thread")
extension SQLiteConnection: Sendable {}
