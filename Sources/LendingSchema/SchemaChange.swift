/// One change a migration makes to the schema, declared once and rendered for each dialect.
public indirect enum SchemaChange: Sendable, Hashable {
    case createTable(Table)
    /// Columns added to an existing table, in order. SQLite adds each with an `ALTER TABLE`
    /// of its own; PostgreSQL adds them in one.
    case addColumns([Column], to: String)
    case createIndex(Index)
    case dropIndex(String)
    /// SQL only one dialect can say, or says its own way: triggers, functions, rows moved.
    /// The package's own constant SQL: no input is ever part of it.
    case sql(SQLDialect, String)
    /// A change made in one dialect only.
    case only(SQLDialect, SchemaChange)
}

/// One step of the schema: what it adds, the dialects it is a step of, and its changes. The
/// number of steps of a dialect applied to a database is that database's schema version.
public struct SchemaMigration: Sendable, Hashable {
    /// What the step adds, for logs (and PostgreSQL's `bookkiosk_schema.summary`).
    public var summary: String
    /// The dialects this is a step of: both, unless a store does it its own way elsewhere.
    public var dialects: Set<SQLDialect>
    public var changes: [SchemaChange]

    public init(_ summary: String, in dialects: Set<SQLDialect> = Set(SQLDialect.allCases), _ changes: [SchemaChange]) {
        self.summary = summary
        self.dialects = dialects
        self.changes = changes
    }

    /// The step's statements in `dialect`, each ended with `;`, as one script.
    public func sql(for dialect: SQLDialect) -> String {
        changes.flatMap { $0.statements(for: dialect) }.map { $0 + ";" }.joined(separator: "\n")
    }
}
