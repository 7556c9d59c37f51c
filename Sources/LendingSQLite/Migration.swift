import LendingSchema

/// One step of the database schema, as SQLite runs it. Migrations run in order, each once; the
/// number of migrations applied is the schema version, kept in `PRAGMA user_version`.
///
/// The steps are declared once for both stores, in `LibrarySchema`; append new ones there.
public struct Migration: Sendable {
    /// What the step adds, for logs.
    public var summary: String
    /// The package's own constant SQL: no input is ever part of it.
    public var sql: String

    public init(summary: String, sql: String) {
        self.summary = summary
        self.sql = sql
    }

    /// Every migration, oldest first. The schema version after migration `i` is `i + 1`.
    public static let all: [Migration] = LibrarySchema.migrations(for: .sqlite).map { step in
        Migration(summary: step.summary, sql: step.sql(for: .sqlite))
    }
}
