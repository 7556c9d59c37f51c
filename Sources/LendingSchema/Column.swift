/// One column of a table: its name, what it holds, and the rules on it.
public struct Column: Sendable, Hashable {
    /// A rule on a column, written as SQL writes it after the type.
    public enum Option: Sendable, Hashable {
        case primaryKey
        /// SQLite writes it on a text key as well (where a key may otherwise hold NULL);
        /// PostgreSQL's keys are never NULL, so there it is left unsaid on one.
        case notNull
        /// Sorted and compared by code point, whatever the server's collation: PostgreSQL's
        /// `COLLATE "C"`. SQLite's own `BINARY` already sorts so.
        case byCodePoint
        case defaultValue(ColumnDefault)
        case references(ForeignKey)
        case check(SQLText)
    }

    public var name: String
    public var type: ColumnType
    public var isPrimaryKey = false
    public var isNotNull = false
    public var sortsByCodePoint = false
    public var defaultValue: ColumnDefault?
    public var reference: ForeignKey?
    public var check: SQLText?

    public init(_ name: String, _ type: ColumnType, _ options: Option...) {
        self.name = name
        self.type = type
        for option in options {
            switch option {
            case .primaryKey: isPrimaryKey = true
            case .notNull: isNotNull = true
            case .byCodePoint: sortsByCodePoint = true
            case .defaultValue(let value): defaultValue = value
            case .references(let key): reference = key
            case .check(let check): self.check = check
            }
        }
    }
}

/// A column's value when a row is written without one.
public enum ColumnDefault: Sendable, Hashable {
    case integer(Int)
    case text(String)
    case boolean(Bool)
}

/// A column that names a row of another table, and what follows when that row's key changes
/// or the row goes.
public struct ForeignKey: Sendable, Hashable {
    public enum Action: Sendable, Hashable {
        /// `ON UPDATE CASCADE`: a renamed key is renamed here too.
        case cascadeUpdate
        /// `ON DELETE CASCADE`: a removed row removes the rows naming it.
        case cascadeDelete
    }

    public var table: String
    public var column: String
    public var action: Action

    public init(_ table: String, _ column: String, _ action: Action) {
        self.table = table
        self.column = column
        self.action = action
    }
}
