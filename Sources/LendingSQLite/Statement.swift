import CSQLite

/// One prepared statement. It owns its `sqlite3_stmt` and finalizes it in `deinit`. Like its
/// connection it stays on one thread.
public final class Statement {
    /// The SQL it was prepared from.
    public let sql: String
    let handle: OpaquePointer
    private let databasePath: String?

    /// Calls `sqlite3_prepare_v2`.
    init(sql: String, database: OpaquePointer, path: String?) throws {
        var prepared: OpaquePointer?
        let rc = sqlite3_prepare_v2(database, sql, -1, &prepared, nil)
        guard rc == SQLITE_OK, let prepared else {
            sqlite3_finalize(prepared)
            throw SQLiteError(extendedCode: sqlite3_extended_errcode(database),
                              message: String(cString: sqlite3_errmsg(database)), sql: sql, path: path)
        }
        self.sql = sql
        self.handle = prepared
        self.databasePath = path
    }

    /// Calls `sqlite3_finalize`.
    deinit {
        sqlite3_finalize(handle)
    }

    // MARK: Binding

    /// Binds `values` to the parameters `?1…?n` in order, after clearing earlier bindings.
    /// Calls `sqlite3_clear_bindings` and `sqlite3_bind_null`/`_int64`/`_double`/`_text`/`_blob`.
    public func bind(_ values: [SQLiteValue]) throws {
        let expected = Int(sqlite3_bind_parameter_count(handle))
        precondition(values.count == expected,
                     "\(values.count) values bound to \(expected) parameters of: \(sql)")
        sqlite3_clear_bindings(handle)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let rc: Int32
            switch value {
            case .null: rc = sqlite3_bind_null(handle, index)
            case .integer(let integer): rc = sqlite3_bind_int64(handle, index, integer)
            case .real(let real): rc = sqlite3_bind_double(handle, index, real)
            case .text(let text): rc = sqlite3_bind_text(handle, index, text, -1, Statement.transient)
            case .blob(let bytes):
                rc = bytes.withUnsafeBytes { sqlite3_bind_blob64(handle, index, $0.baseAddress ?? UnsafeRawPointer(bitPattern: 1), sqlite3_uint64($0.count), Statement.transient) }
            }
            guard rc == SQLITE_OK else { throw lastError() }
        }
    }

    /// SQLite's `SQLITE_TRANSIENT`: copy the bound bytes, for Swift's temporary C strings.
    private static var transient: sqlite3_destructor_type {
        unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    }

    // MARK: Stepping

    /// Runs the statement to its next row: true when a row is ready, false when done.
    /// Calls `sqlite3_step`.
    public func step() throws -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw lastError()
        }
    }

    /// Makes the statement ready to run again and drops its bindings.
    /// Calls `sqlite3_reset` and `sqlite3_clear_bindings`.
    public func reset() {
        // With statements from sqlite3_prepare_v2, reset's result repeats the last step's
        // error, which `step` has already thrown.
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    // MARK: Columns of the current row

    /// The number of columns in a row. Calls `sqlite3_column_count`.
    public var columnCount: Int { Int(sqlite3_column_count(handle)) }

    /// Whether the column is NULL. Calls `sqlite3_column_type`.
    public func isNull(_ column: Int) -> Bool {
        sqlite3_column_type(handle, Int32(column)) == SQLITE_NULL
    }

    /// Calls `sqlite3_column_int64`.
    public func int64(_ column: Int) -> Int64 {
        sqlite3_column_int64(handle, Int32(column))
    }

    /// Calls `sqlite3_column_double`.
    public func double(_ column: Int) -> Double {
        sqlite3_column_double(handle, Int32(column))
    }

    /// The column's bytes (none for NULL). Calls `sqlite3_column_blob` and `sqlite3_column_bytes`.
    public func blob(_ column: Int) -> [UInt8] {
        guard let bytes = sqlite3_column_blob(handle, Int32(column)) else { return [] }
        let count = Int(sqlite3_column_bytes(handle, Int32(column)))
        return Array(UnsafeRawBufferPointer(start: bytes, count: count))
    }

    /// The column as UTF-8 text ("" for NULL). Calls `sqlite3_column_text`.
    public func text(_ column: Int) -> String {
        guard let bytes = sqlite3_column_text(handle, Int32(column)) else { return "" }
        return String(cString: bytes)
    }

    /// Appends the column's UTF-8 bytes, all of them (none for NULL), to `bytes`. Calls
    /// `sqlite3_column_text` and `sqlite3_column_bytes`.
    public func appendText(_ column: Int, to bytes: inout [UInt8]) {
        guard let text = sqlite3_column_text(handle, Int32(column)) else { return }
        bytes.append(contentsOf: UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(handle, Int32(column)))))
    }

    /// Nil for NULL, else `int64`.
    public func optionalInt64(_ column: Int) -> Int64? {
        isNull(column) ? nil : int64(column)
    }

    /// Nil for NULL, else `double`.
    public func optionalDouble(_ column: Int) -> Double? {
        isNull(column) ? nil : double(column)
    }

    /// Nil for NULL, else `text`.
    public func optionalText(_ column: Int) -> String? {
        isNull(column) ? nil : text(column)
    }

    /// The error the connection reports now. Calls `sqlite3_db_handle`,
    /// `sqlite3_extended_errcode` and `sqlite3_errmsg`.
    private func lastError() -> SQLiteError {
        let database = sqlite3_db_handle(handle)
        return SQLiteError(extendedCode: sqlite3_extended_errcode(database),
                           message: String(cString: sqlite3_errmsg(database)), sql: sql, path: databasePath)
    }
}

@available(*, unavailable, message: "a Statement stays on the thread of its connection")
extension Statement: Sendable {}
