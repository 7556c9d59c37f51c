import LendingSchema

/// One step of the PostgreSQL schema. Step `i` brings a database to schema version `i + 1`,
/// recorded in `bookkiosk_schema`, one row per step.
///
/// The steps are declared once for both stores, in `LibrarySchema`: a step of both has the
/// same tables, keys and rules in each engine's dialect. The versions are each store's own,
/// as each has steps the other has not (here, the Loans' scans; in SQLite, a Book's search
/// text and the counts its triggers keep). Append new steps there.
public struct PostgresMigration: Sendable {
    /// What the step adds, for logs and `bookkiosk_schema.summary`.
    public var summary: String
    /// The package's own constant SQL: no input is ever part of it.
    public var sql: String

    public init(summary: String, sql: String) {
        self.summary = summary
        self.sql = sql
    }

    /// Every step, oldest first.
    public static let all: [PostgresMigration] = LibrarySchema.migrations(for: .postgres).map { step in
        PostgresMigration(summary: step.summary, sql: step.sql(for: .postgres))
    }
}
