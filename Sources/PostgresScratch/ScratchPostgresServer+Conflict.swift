import LendingPostgres

extension ScratchPostgresServer {
    /// Makes the database at `url` end the first transaction that commits a Book titled
    /// `title` with the server's own SQLSTATE 40001 (serialization_failure), at COMMIT, as a
    /// conflict with another kiosk under a stricter isolation level would; later ones commit.
    /// A deferred constraint trigger counts with a sequence, which a rollback does not undo.
    /// For tests of what runs again; call it once a repository has made the schema.
    public static func failFirstCommit(savingBookTitled title: String, in url: PostgresURL) throws {
        precondition(!title.contains("'"), "the title is spliced into the trigger's SQL")
        let connection = try PGConnection(url: url)
        try connection.executeScript("""
            CREATE SEQUENCE test_conflicts;
            CREATE FUNCTION test_fail_first_commit() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF nextval('test_conflicts') = 1 THEN
                    RAISE EXCEPTION 'could not serialize access (made by a test)' USING ERRCODE = 'serialization_failure';
                END IF;
                RETURN NULL;
            END $$;
            CREATE CONSTRAINT TRIGGER test_fail_first_commit AFTER INSERT OR UPDATE ON books
                DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.title = '\(title)')
                EXECUTE FUNCTION test_fail_first_commit();
            """)
    }
}
