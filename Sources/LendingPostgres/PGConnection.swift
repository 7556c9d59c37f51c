#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CPostgres

/// One connection to a PostgreSQL server. It owns its `PGconn` and closes it in `deinit`;
/// statements are prepared once per connection (the server keeps their plans) and run with
/// their values as parameters, never spliced into SQL. It is used from one thread only.
public final class PGConnection {
    /// The server, as `PostgresURL.redacted` shows it, for messages.
    public let server: String
    let handle: OpaquePointer
    /// Prepared statement names by their SQL; emptied when the connection is made again
    /// (a new server session has none).
    private var prepared: [String: String] = [:]

    /// The session's lock and statement timeouts.
    public let limits: PostgresSessionLimits

    /// Connects. Calls `PQconnectdbParams` (with `expand_dbname`, so the URL's own settings
    /// win) and `PQstatus`.
    public init(url: PostgresURL, limits: PostgresSessionLimits = .standard) throws {
        self.limits = limits
        let parameters = url.connectionParameters
        let connection = Self.connect(parameters)
        guard let connection else {
            throw PostgresError(sqlState: nil, message: "libpq could not allocate a connection", connectionLost: true,
                                server: url.redacted)
        }
        self.server = url.redacted
        self.handle = connection
        guard PQstatus(connection) == CONNECTION_OK else {
            throw lastError(statement: nil)
        }
        try configureSession()
    }

    /// Calls `PQfinish`.
    deinit {
        PQfinish(handle)
    }

    private static func connect(_ parameters: [(keyword: String, value: String)]) -> OpaquePointer? {
        let keywords = parameters.map { strdup($0.keyword) } + [nil]
        let values = parameters.map { strdup($0.value) } + [nil]
        defer {
            keywords.forEach { free($0) }
            values.forEach { free($0) }
        }
        let constantKeywords: [UnsafePointer<CChar>?] = keywords.map { $0.map { UnsafePointer($0) } }
        let constantValues: [UnsafePointer<CChar>?] = values.map { $0.map { UnsafePointer($0) } }
        return constantKeywords.withUnsafeBufferPointer { keywordPointers in
            constantValues.withUnsafeBufferPointer { valuePointers in
                PQconnectdbParams(keywordPointers.baseAddress, valuePointers.baseAddress, 1)
            }
        }
    }

    /// Settings for every session: a lock wait ends in `lock_timeout` and a statement in
    /// `statement_timeout` (a `busy` fault, as SQLite's busy timeout; `limits`), and a
    /// transaction left open by a kiosk that stopped answering is ended by the server instead
    /// of holding its row locks; floating-point numbers (times, as seconds) come back exact.
    private func configureSession() throws {
        try executeScript("SET lock_timeout = '\(limits.lockTimeoutMilliseconds)ms'; "
            + "SET statement_timeout = '\(limits.statementTimeoutMilliseconds)ms'; "
            + "SET idle_in_transaction_session_timeout = '60s'; SET extra_float_digits = 3")
    }

    // MARK: The connection

    /// Whether the connection is up, as far as libpq knows. Calls `PQstatus`.
    public var isConnected: Bool { PQstatus(handle) == CONNECTION_OK }

    /// Whether the connection is encrypted with TLS. Calls `PQsslInUse`.
    public var isEncrypted: Bool { PQsslInUse(handle) == 1 }

    /// The server's version as a number (150020 for 15.20). Calls `PQserverVersion`.
    public var serverVersion: Int { Int(PQserverVersion(handle)) }

    /// The database name the session is connected to. Calls `PQdb`.
    public var databaseName: String { PQdb(handle).map { String(cString: $0) } ?? "" }

    /// The login. Calls `PQuser`.
    public var userName: String { PQuser(handle).map { String(cString: $0) } ?? "" }

    /// Where the session is in a transaction. Calls `PQtransactionStatus`.
    public var isInTransaction: Bool {
        let status = PQtransactionStatus(handle)
        return status == PQTRANS_INTRANS || status == PQTRANS_INERROR || status == PQTRANS_ACTIVE
    }

    /// Whether an earlier statement failed and the transaction can only roll back.
    public var isInFailedTransaction: Bool { PQtransactionStatus(handle) == PQTRANS_INERROR }

    // MARK: Statements

    /// Runs one statement with `parameters` (text, nil for NULL) bound to `$1…$n`, and returns
    /// its rows. The statement is prepared on first use on this connection. Calls `PQprepare`
    /// the first time and `PQexecPrepared` each time.
    @discardableResult
    public func execute(_ sql: String, _ parameters: [String?] = []) throws -> PGResult {
        let name = try preparedName(for: sql, parameterCount: parameters.count)
        let copies: [UnsafeMutablePointer<CChar>?] = parameters.map { $0.flatMap { strdup($0) } }
        defer { copies.forEach { free($0) } }
        let constantCopies: [UnsafePointer<CChar>?] = copies.map { $0.map { UnsafePointer($0) } }
        let result = constantCopies.withUnsafeBufferPointer { values in
            PQexecPrepared(handle, name, Int32(parameters.count), values.baseAddress, nil, nil, 0)
        }
        return try check(result, statement: sql)
    }

    /// Runs one statement and reads each row with `row`.
    public func rows<Row>(_ sql: String, _ parameters: [String?] = [], _ row: (PGRow) throws -> Row) throws -> [Row] {
        let result = try execute(sql, parameters)
        return try (0..<result.rowCount).map { try row(PGRow(result: result, index: $0)) }
    }

    /// Runs one statement and reads its first row with `row`, or nil when it has none.
    public func firstRow<Row>(_ sql: String, _ parameters: [String?] = [], _ row: (PGRow) throws -> Row) throws -> Row? {
        let result = try execute(sql, parameters)
        return try result.rowCount > 0 ? row(PGRow(result: result, index: 0)) : nil
    }

    /// Runs a script of several statements without parameters. Only for the package's own
    /// constant SQL (migrations, session settings), never for text that holds input.
    /// Calls `PQexec`.
    public func executeScript(_ sql: String) throws {
        _ = try check(PQexec(handle, sql), statement: sql)
    }

    private func preparedName(for sql: String, parameterCount: Int) throws -> String {
        if let name = prepared[sql] { return name }
        let name = "bookkiosk_\(prepared.count + 1)"
        _ = try check(PQprepare(handle, name, sql, Int32(parameterCount), nil), statement: sql)
        prepared[sql] = name
        return name
    }

    /// The result, or the error it carries. A NULL result (libpq returns one when the
    /// connection is gone) is a lost connection.
    private func check(_ result: OpaquePointer?, statement: String) throws -> PGResult {
        guard let result else { throw lastError(statement: statement) }
        let owned = PGResult(result)
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY:
            return owned
        default:
            throw error(from: owned, statement: statement)
        }
    }

    /// The error a failed result carries. Calls `PQresultErrorField` and `PQresultErrorMessage`.
    private func error(from result: PGResult, statement: String) -> PostgresError {
        let field = { (code: Int32) -> String? in
            PQresultErrorField(result.handle, code).map { String(cString: $0) }
        }
        let primary = field(CPostgresDiagMessagePrimary)
            ?? String(cString: PQresultErrorMessage(result.handle))
        let sqlState = field(CPostgresDiagSQLState)
        // An error with no SQLSTATE is libpq's own: the connection broke off (the server
        // crashed or was killed under it, "server closed the connection unexpectedly"), even
        // where `PQstatus` has not caught up yet.
        return PostgresError(sqlState: sqlState, message: PostgresError.oneLine(primary), statement: statement,
                             constraint: field(CPostgresDiagConstraintName),
                             connectionLost: !isConnected || sqlState == nil, server: server)
    }

    /// The connection's own error. Calls `PQerrorMessage` and `PQstatus`.
    func lastError(statement: String?) -> PostgresError {
        let message = PostgresError.oneLine(String(cString: PQerrorMessage(handle)))
        return PostgresError(sqlState: nil, message: message.isEmpty ? "no answer from the server" : message,
                             statement: statement, connectionLost: !isConnected, server: server)
    }
}

@available(*, unavailable, message: "a PGConnection stays on one thread")
extension PGConnection: Sendable {}

/// How long a session's statements may wait for a lock and run (0: no limit).
public struct PostgresSessionLimits: Sendable, Equatable {
    public var lockTimeoutMilliseconds: Int
    public var statementTimeoutMilliseconds: Int

    public init(lockTimeoutMilliseconds: Int, statementTimeoutMilliseconds: Int) {
        self.lockTimeoutMilliseconds = lockTimeoutMilliseconds
        self.statementTimeoutMilliseconds = statementTimeoutMilliseconds
    }

    /// The commands and the teachers' page: a lock waited on for 5 s at most, statements unbounded.
    public static let standard = PostgresSessionLimits(lockTimeoutMilliseconds: 5_000, statementTimeoutMilliseconds: 0)
    /// A kiosk, which answers every scan within a second: a scan's statements wait
    /// for a lock 300 ms at most and run 600 ms at most; past that the scan is answered as the
    /// database being busy, and nothing was written.
    public static let kiosk = PostgresSessionLimits(lockTimeoutMilliseconds: 300, statementTimeoutMilliseconds: 600)
}

/// One statement's result. It owns its `PGresult` and clears it in `deinit`.
public final class PGResult {
    let handle: OpaquePointer

    init(_ handle: OpaquePointer) {
        self.handle = handle
    }

    /// Calls `PQclear`.
    deinit {
        PQclear(handle)
    }

    /// Calls `PQntuples`.
    public var rowCount: Int { Int(PQntuples(handle)) }

    /// Rows changed by an INSERT, UPDATE or DELETE. Calls `PQcmdTuples`.
    public var changedRows: Int { Int(String(cString: PQcmdTuples(handle))) ?? 0 }
}

/// One row of a result, read by column index. Values arrive as text (the results are in
/// PostgreSQL's text format).
public struct PGRow {
    let result: PGResult
    let index: Int

    /// Whether the column is NULL. Calls `PQgetisnull`.
    public func isNull(_ column: Int) -> Bool {
        PQgetisnull(result.handle, Int32(index), Int32(column)) == 1
    }

    /// The column's text ("" for NULL). Calls `PQgetvalue`.
    public func text(_ column: Int) -> String {
        String(cString: PQgetvalue(result.handle, Int32(index), Int32(column)))
    }

    /// Nil for NULL, else `text`.
    public func optionalText(_ column: Int) -> String? {
        isNull(column) ? nil : text(column)
    }
}
