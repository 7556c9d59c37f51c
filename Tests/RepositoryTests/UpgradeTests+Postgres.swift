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
    typealias F = Fixture
    static let latest = PostgresLendingRepository.latestSchemaVersion

    @Test("every version has its saved step, with this build's summary")
    func everyVersionSaved() {
        #expect(SchemaFixtures.postgres.count == Self.latest)
        #expect(SchemaFixtures.postgres.map(\.summary) == PostgresMigration.all.map(\.summary))
    }

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
                try saved.executeScript(Self.rows(at: version))
            }
            let library = try PostgresLendingRepository(url: url)
            #expect(try library.schemaVersion() == Self.latest)
            try expectRowsReadBack(library, savedAt: version, coversFrom: 10, scansFrom: 9)
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

    /// A database's rows at `version`, written as that version's tables take them.
    static func rows(at version: Int) -> String {
        let t0 = Int(F.t0.timeIntervalSince1970)
        var sql = """
            INSERT INTO books (barcode, title, isbn) VALUES ('B0001', 'ぐりとぐら', '\(F.isbn)');
            INSERT INTO books (barcode, title) VALUES ('B0002', 'はらぺこあおむし');
            INSERT INTO users (card, name) VALUES ('C0001', 'はると');
            INSERT INTO loans (book, user_card, lent_at, due, returned_at)
                VALUES ('B0002', 'C0001', to_timestamp(\(t0 - 86_400)), '2026-12-07', to_timestamp(\(t0 - 3600)));
            INSERT INTO loans (book, user_card, lent_at, due) VALUES ('B0001', 'C0001', to_timestamp(\(t0)), '2026-12-08');

            """
        if version >= 2 {
            sql += "INSERT INTO staff (name, pin_hash) VALUES ('えんちょう', '$y$j9T$s$h');\n"
            sql += version >= 4
                ? "INSERT INTO audit_log (time, staff, action, detail, user_card, user_name) VALUES (to_timestamp(\(t0)), 'えんちょう', 'override', 'lent B0001', 'C0001', 'はると');\n"
                : "INSERT INTO audit_log (time, staff, action, detail) VALUES (to_timestamp(\(t0)), 'えんちょう', 'override', 'lent B0001');\n"
        }
        if version >= 5 { sql += "INSERT INTO printed (kind, barcode, printed_at) VALUES ('card', 'C0001', to_timestamp(\(t0)));\n" }
        if version >= 6 {
            sql += """
                INSERT INTO library_rules (id, loan_limit, loan_days, closed_weekdays, closed_dates, block_on_overdue, library_name)
                    VALUES (1, 3, 10, 'saturday,sunday', '', true, 'ひまわり文庫');
                UPDATE staff SET password_hash = '$y$j9T$p$q';

                """
        }
        if version >= 7 { sql += "INSERT INTO classes (name, grade) VALUES ('ひまわり', 1); UPDATE users SET class = 'ひまわり';\n" }
        if version >= 8 {
            sql += "INSERT INTO book_records (isbn, title, source, found_at) VALUES ('\(F.isbn)', 'ぐりとぐら', 'ndl', to_timestamp(\(t0)));\n"
        }
        if version >= 9 { sql += "INSERT INTO loan_scans (scan, loan_id, change) VALUES ('scan-1', 2, 'lent');\n" }
        if version >= 10 {
            sql += "INSERT INTO book_covers (barcode, image, format, saved_at) VALUES ('B0001', '\\x010203', 'png', to_timestamp(\(t0)));\n"
        }
        return sql
    }
}
