/// A table as it is first made: its columns, and its rules on more than one column.
public struct Table: Sendable, Hashable {
    /// A rule on the table rather than on one column.
    public enum Constraint: Sendable, Hashable {
        case primaryKey([String])
        case check(SQLText)
    }

    public var name: String
    public var columns: [Column]
    public var constraints: [Constraint]

    public init(_ name: String, _ columns: [Column], _ constraints: [Constraint] = []) {
        self.name = name
        self.columns = columns
        self.constraints = constraints
    }
}

/// An index: its table, its keys in order, and for a partial index the rows it holds.
public struct Index: Sendable, Hashable {
    /// One key of an index: a column, or an expression over columns, either of which may sort
    /// by code point (PostgreSQL then writes it `(… COLLATE "C")`; SQLite sorts so anyway).
    public struct Key: Sendable, Hashable, ExpressibleByStringLiteral {
        var text: SQLText
        var isExpression: Bool
        var sortsByCodePoint: Bool

        init(text: SQLText, isExpression: Bool, sortsByCodePoint: Bool) {
            self.text = text
            self.isExpression = isExpression
            self.sortsByCodePoint = sortsByCodePoint
        }

        public init(stringLiteral name: String) {
            self = .column(name)
        }

        public static func column(_ name: String, byCodePoint: Bool = false) -> Key {
            Key(text: "\(column: name)", isExpression: false, sortsByCodePoint: byCodePoint)
        }

        public static func expression(_ text: SQLText, byCodePoint: Bool = false) -> Key {
            Key(text: text, isExpression: true, sortsByCodePoint: byCodePoint)
        }
    }

    public var name: String
    public var table: String
    public var keys: [Key]
    public var isUnique: Bool
    /// The rows a partial index holds (`WHERE …`); nil for every row.
    public var condition: SQLText?

    public init(_ name: String, on table: String, _ keys: [Key], unique: Bool = false, where condition: SQLText? = nil) {
        self.name = name
        self.table = table
        self.keys = keys
        self.isUnique = unique
        self.condition = condition
    }
}
