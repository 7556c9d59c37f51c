import Foundation
import Lending
import LendingPostgres
import PostgresScratch
import Testing

/// PostgreSQL databases saved at every earlier schema version (built from the saved steps, as
/// those builds left them) upgrade in place: their rows read back, and their schema becomes
/// the one a new database gets.
@Suite("PostgreSQL: databases of every earlier version upgrade", .enabled(if: ScratchPostgresServer.isInstalled))
struct PostgresUpgradeTests {
    static let latest = PostgresLendingRepository.latestSchemaVersion

    @Test("this build's first steps make the schema the saved steps make, at every version", arguments: 1...latest)
    func sameSchemaAtEveryVersion(version: Int) throws {
        let expected = try withPostgresDatabase { url in
            let saved = try PGConnection(url: url)
            for step in SchemaFixtures.postgres.prefix(version) { try saved.executeScript(step.sql) }
            return try Self.catalog(of: saved)
        }
        let built = try withPostgresDatabase { url in
            let built = try PGConnection(url: url)
            for migration in PostgresMigration.all.prefix(version) { try built.executeScript(migration.sql) }
            return try Self.catalog(of: built)
        }
        #expect(!expected.isEmpty)
        #expect(schemaDifference(found: built, expected: expected) == [])
    }

    @Test("a database saved at this version upgrades: its rows read back, its schema is a new database's", arguments: 1..<latest)
    func upgrade(from version: Int) throws {
        let expected = try withPostgresDatabase { url in
            let today = try PGConnection(url: url)
            try Self.makeSchemaTable(on: today)
            for step in SchemaFixtures.postgres { try today.executeScript(step.sql) }
            return try Self.catalog(of: today)
        }
        try withPostgresDatabase { url in
            do {
                let saved = try PGConnection(url: url)
                try Self.makeSchemaTable(on: saved)
                for (index, step) in SchemaFixtures.postgres.prefix(version).enumerated() {
                    try saved.executeScript(step.sql)
                    try saved.execute("INSERT INTO bookkiosk_schema (version, summary) VALUES ($1::integer, $2)",
                                      [String(index + 1), step.summary])
                }
                try saved.executeScript(SavedRows.postgres.rows(at: version))
            }
            let library = try PostgresLendingRepository(url: url)
            #expect(try library.schemaVersion() == Self.latest)
            try SavedRows.postgres.expectReadBack(from: library, savedAt: version)
            let upgraded = try PGConnection(url: url)
            #expect(try schemaDifference(found: Self.catalog(of: upgraded), expected: expected) == [])
            #expect(try upgraded.rows("SELECT summary FROM bookkiosk_schema ORDER BY version") { $0.text(0) }
                == SchemaFixtures.postgres.map(\.summary))
        }
    }

    /// The table the repository records its steps in, as it makes it.
    static func makeSchemaTable(on connection: PGConnection) throws {
        try connection.executeScript("""
            CREATE TABLE bookkiosk_schema (
                version    integer PRIMARY KEY,
                summary    text NOT NULL,
                applied_at timestamptz NOT NULL DEFAULT now()
            )
            """)
    }

    /// The schema as the server's catalog holds it, a line per column, constraint, index,
    /// trigger, function and sequence, sorted: what `pg_dump --schema-only` would differ on.
    static func catalog(of connection: PGConnection) throws -> [String] {
        let queries = [
            """
            SELECT 'column ' || c.relname || '.' || a.attname || ' #' || a.attnum || ' ' || format_type(a.atttypid, a.atttypmod)
                   || CASE WHEN a.attnotnull THEN ' not null' ELSE '' END
                   || CASE WHEN a.attidentity <> '' THEN ' identity ' || a.attidentity::text ELSE '' END
                   || coalesce(' default ' || pg_get_expr(d.adbin, d.adrelid), '')
                   || coalesce(' collate ' || co.collname, '')
            FROM pg_attribute a
            JOIN pg_class c ON c.oid = a.attrelid AND c.relkind = 'r' AND c.relnamespace = 'public'::regnamespace
            LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
            LEFT JOIN pg_collation co ON co.oid = a.attcollation AND a.attcollation <> 100
            WHERE a.attnum > 0 AND NOT a.attisdropped
            """,
            """
            SELECT 'constraint ' || conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid)
            FROM pg_constraint WHERE connamespace = 'public'::regnamespace
            """,
            "SELECT 'index ' || indexdef FROM pg_indexes WHERE schemaname = 'public'",
            "SELECT 'trigger ' || pg_get_triggerdef(oid) FROM pg_trigger WHERE NOT tgisinternal",
            "SELECT 'function ' || pg_get_functiondef(oid) FROM pg_proc WHERE pronamespace = 'public'::regnamespace",
            """
            SELECT 'sequence ' || sequencename || ' ' || data_type || ' ' || start_value || ' ' || increment_by
            FROM pg_sequences WHERE schemaname = 'public'
            """,
        ]
        return try queries.flatMap { query in try connection.rows(query) { $0.text(0) } }.sorted()
    }

}
