import LendingPostgres

/// `bookkiosk backup` on a shared PostgreSQL database: SQLite's backup API does not apply;
/// the server's own `pg_dump` makes a consistent copy while the kiosks run.
public enum PostgresBackup {
    /// What to run instead, with the URL as the person gave it minus any password (libpq
    /// finds it in `~/.pgpass` as it does for the kiosk).
    public static func advice(for url: PostgresURL, destination: String) -> String {
        let dumpURL = url.redacted.contains("***") ? url.redacted.replacingOccurrences(of: ":***@", with: "@") : url.redacted
        return """
            The database is on a PostgreSQL server (\(url.redacted)), so `bookkiosk backup` does not copy it. \
            Use PostgreSQL's own tool, which makes a consistent copy while the kiosks run:
                pg_dump --format=custom --file=\(shellQuoted(destination)) \(shellQuoted(dumpURL))
            and restore it with pg_restore --dbname=URL.
            """
    }

    private static func shellQuoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
