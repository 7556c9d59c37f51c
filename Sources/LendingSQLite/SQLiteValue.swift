/// A value bound to a statement parameter, in SQLite's storage classes.
public enum SQLiteValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    /// Bytes as they are (a cover's picture).
    case blob([UInt8])

    /// `.text`, or `.null` for nil.
    public init(_ value: String?) {
        self = value.map { .text($0) } ?? .null
    }

    /// `.integer`, or `.null` for nil.
    public init(_ value: Int?) {
        self = value.map { .integer(Int64($0)) } ?? .null
    }

    /// `.integer`, or `.null` for nil.
    public init(_ value: Int64?) {
        self = value.map { .integer($0) } ?? .null
    }

    /// `.real`, or `.null` for nil.
    public init(_ value: Double?) {
        self = value.map { .real($0) } ?? .null
    }

    /// `.integer(1)` for true, `.integer(0)` for false.
    public init(_ value: Bool) {
        self = .integer(value ? 1 : 0)
    }
}
