#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation
import Lending

/// How long reading a backup may take: every statement run on the file (its checks, the copy
/// of each table) is abandoned once it runs longer than `statementTime`, so a crafted file (a
/// view over an endless query, a huge file) cannot hold a thread, the library's lock or
/// `serve`'s stop.
public struct RestoreLimits: Sendable, Equatable {
    /// A library of tens of thousands of Loans is checked and copied in well under a second.
    public static let standard = RestoreLimits(statementTime: .seconds(5))

    public var statementTime: Duration

    public init(statementTime: Duration) {
        self.statementTime = statementTime
    }
}

/// A restore done: what the library holds now, and where the library as it was is kept.
public struct RestoreResult: Sendable, Equatable {
    public var snapshot: LibrarySnapshot
    public var keptAt: String
}

extension SQLiteLendingRepository {
    /// Reads what the library file at `path` holds, without changing it: its data is checked and
    /// copied into a fresh library (see `withCheckedCopy`), so a backup on a read-only stick is
    /// fine. Refused (a `RestoreRefusal`) for a file that is not a BookKiosk library as BookKiosk
    /// makes one, an empty one, one from a newer BookKiosk, or one that takes too long to read;
    /// what throws is a fault (a full disk, an unreadable scratch folder).
    public static func snapshot(ofBackupAt path: String, limits: RestoreLimits = .standard) throws -> RestoreAnswer<LibrarySnapshot> {
        try withCheckedCopy(of: path, limits: limits) { copy, version in try copy.snapshot(schemaVersion: version) }
    }

    /// What this library holds now.
    public func snapshot() throws -> LibrarySnapshot {
        try snapshot(schemaVersion: try schemaVersion())
    }

    /// Puts the backup at `path` in place of this library, while kiosks and the page keep it
    /// open. Only the backup's data is used: it is checked and copied into a fresh library made
    /// by this build's migrations (never the file's own schema, triggers or views), and that
    /// library is written into this live database with SQLite's online backup API, which holds
    /// the write lock for the copy, so another process's scan waits (its busy timeout) and then
    /// sees the restored library; no file is swapped under anyone. The library as it was is
    /// first kept beside it, under `keptCopyPath(for:at:)` or, when that name is taken, the
    /// same name with `-2`, `-3`, …, so two restores in one second keep both.
    ///
    /// A refused file is refused before anything is written; a fault at any step (a full disk,
    /// a kiosk holding the lock too long) throws before the live library is written, or while
    /// SQLite's backup rolls back: the live library is then as it was.
    public func restore(fromBackupAt path: String, at time: Date, limits: RestoreLimits = .standard) throws -> RestoreAnswer<RestoreResult> {
        try Self.withCheckedCopy(of: path, limits: limits) { copy, _ in
            let kept = try backup(toNewFileNear: Self.keptCopyPath(for: self.path, at: time))
            try Self.copyRetryingWhileBusy(copy.connection, into: connection)
            return RestoreResult(snapshot: try snapshot(), keptAt: kept)
        }
    }

    /// `restore(fromBackupAt:at:)`, keeping the library as it was at exactly `keptPath`
    /// (replaced if it exists). Returns what the restored library holds.
    public func restore(fromBackupAt path: String, keepingCopyAt keptPath: String, limits: RestoreLimits = .standard) throws -> RestoreAnswer<LibrarySnapshot> {
        try Self.withCheckedCopy(of: path, limits: limits) { copy, _ in
            try backup(to: keptPath)
            try Self.copyRetryingWhileBusy(copy.connection, into: connection)
            return try snapshot()
        }
    }

    /// The name of the copy `restore` keeps: `library.sqlite` → `library.before-restore-20261124-093000.sqlite`.
    public static func keptCopyPath(for path: String, at time: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        let stamp = formatter.string(from: time)
        let base = path.hasSuffix(".sqlite") ? String(path.dropLast(".sqlite".count)) : path
        return "\(base).before-restore-\(stamp).sqlite"
    }

    private func snapshot(schemaVersion: Int) throws -> LibrarySnapshot {
        func count(_ sql: String) throws -> Int { try connection.firstRow(sql) { Int($0.int64(0)) } ?? 0 }
        let last = try connection.firstRow("SELECT max(lent_at) FROM loans") { $0.isNull(0) ? nil : $0.double(0) } ?? nil
        return LibrarySnapshot(books: try count("SELECT count(*) FROM books"), users: try count("SELECT count(*) FROM users"),
                               loans: try count("SELECT count(*) FROM loans"),
                               openLoans: try count("SELECT count(*) FROM loans WHERE returned_at IS NULL"),
                               lastLoan: last.map { Date(timeIntervalSince1970: $0) }, schemaVersion: schemaVersion)
    }

    /// The backup at `path` as a fresh library in a scratch file, handed to `body` with the
    /// backup's schema version; the scratch file is removed after. The steps, each refused with
    /// what was wrong:
    /// 1. the file must say it is a BookKiosk library of this build's version or older;
    /// 2. a fresh library of that version is made by this build's migrations, and the file is
    ///    attached to it read-only, trusting nothing in its schema (`trusted_schema` off);
    /// 3. `quick_check` and `integrity_check` must find it sound;
    /// 4. its schema (every table, column, index, trigger and view, as `sqlite_master` says)
    ///    must be the fresh library's, no more and no less;
    /// 5. each table's rows are copied into the fresh library's table of the same name, which
    ///    checks them against its own types, constraints and foreign keys;
    /// 6. the fresh library is brought up to date by the remaining migrations.
    /// Every statement on the file runs under `limits.statementTime`.
    static func withCheckedCopy<T>(of path: String, limits: RestoreLimits,
                                   _ body: (SQLiteLendingRepository, Int) throws -> T) throws -> RestoreAnswer<T> {
        do {
            return .done(try checkedCopy(of: path, limits: limits, body))
        } catch let refused as RefusedFile {
            return .refused(refused.refusal)
        }
    }

    /// A refusal on its way out of the steps of `checkedCopy`, from inside the closures that run
    /// them (a statement's deadline, a transaction); `withCheckedCopy` turns it back into the
    /// value it is. Never seen outside this file.
    private struct RefusedFile: Error {
        var refusal: RestoreRefusal
    }

    /// The steps of `withCheckedCopy`, a refusal thrown as `RefusedFile`.
    private static func checkedCopy<T>(of path: String, limits: RestoreLimits,
                                       _ body: (SQLiteLendingRepository, Int) throws -> T) throws -> T {
        let version: Int
        do {
            version = try inspectFile(at: path)
        } catch let error as LibraryFileError {
            throw RefusedFile(refusal: RestoreRefusal(description: "\(path) cannot be restored: \(error.description)"))
        } catch {
            throw RefusedFile(refusal: RestoreRefusal(description: "\(path) cannot be restored: it is not a BookKiosk library (\(error))."))
        }
        guard version > 0 else {
            throw RefusedFile(refusal: RestoreRefusal(description: "\(path) is empty or not a BookKiosk library; choose a file made by `bookkiosk backup`."))
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("bookkiosk-restore-\(UUID().uuidString).sqlite").path
        defer {
            for suffix in ["", "-wal", "-shm", "-journal"] { unlink(scratch + suffix) }
        }
        try createIfMissing(scratch)
        do {
            let fresh = try SQLiteConnection(path: scratch, mode: .readWrite, acceptsURIs: true)
            try createLibrary(on: fresh, version: version)
            try copyData(of: path, into: fresh, limits: limits)
        }
        let copy = try SQLiteLendingRepository(path: scratch)
        return try body(copy, version)
    }

    /// Builds the schema of `version` on an empty database with this build's migrations.
    private static func createLibrary(on connection: SQLiteConnection, version: Int) throws {
        try connection.transaction(.immediate) {
            // PRAGMA takes no parameters; the values are this package's constants.
            try connection.execute("PRAGMA application_id = \(applicationID)")
            for (index, migration) in Migration.all.prefix(version).enumerated() {
                try connection.executeScript(migration.sql)
                try connection.execute("PRAGMA user_version = \(index + 1)")
            }
        }
    }

    /// Steps 2 to 5 of `withCheckedCopy`: `fresh` holds the schema the file must have.
    private static func copyData(of path: String, into fresh: SQLiteConnection, limits: RestoreLimits) throws {
        let name = (path as NSString).lastPathComponent
        func refusal(_ why: String) -> RefusedFile {
            RefusedFile(refusal: RestoreRefusal(description: "\(name) cannot be restored: \(why). Choose a file made by BookKiosk's backup (設定 → バックアップ, or `bookkiosk backup`)."))
        }
        /// Runs `body` under the statement limit, turning an abandoned statement into a refusal.
        func bounded<T>(_ step: String, _ body: () throws -> T) throws -> T {
            do {
                return try fresh.withDeadline(ContinuousClock.now + limits.statementTime, body)
            } catch let error as SQLiteError where error.isInterrupted {
                throw refusal("\(step) took longer than \(limits.statementTime.components.seconds) seconds, so it was stopped")
            } catch let error as SQLiteError {
                throw refusal("\(step) failed (\(error.message))")
            }
        }
        // The schema's SQL is SQLite's to run, never ours: a trigger or a view of the file
        // may call no function with side effects, and nothing of the file is written.
        try fresh.execute("PRAGMA trusted_schema = OFF")
        try fresh.execute("ATTACH DATABASE ? AS backup", [.text(readOnlyURI(path))])
        defer { try? fresh.execute("DETACH DATABASE backup") }

        for check in ["quick_check", "integrity_check"] {
            let findings = try bounded("SQLite's \(check) of the file") { try fresh.rows("PRAGMA backup.\(check)") { $0.text(0) } }
            guard findings == ["ok"] else {
                throw refusal("the file is damaged (SQLite's \(check): \(findings.prefix(3).joined(separator: "; ")))")
            }
        }

        let expected = try schema(of: "main", on: fresh)
        let found = try bounded("reading the file's schema") { try schema(of: "backup", on: fresh) }
        let problems = differences(expected: expected, found: found)
        guard problems.isEmpty else {
            throw refusal("its tables are not as BookKiosk makes them (\(problems.prefix(3).joined(separator: "; ")))")
        }

        let tables = expected.filter { $0.type == "table" }.map(\.name)
        try fresh.transaction(.immediate) {
            for table in tables {
                let columns = try fresh.rows("SELECT name FROM pragma_table_info(?, 'main')", [.text(table)]) { $0.text(0) }
                    .map(quoted).joined(separator: ", ")
                // Names from this build's own schema (checked equal to the file's above).
                try bounded("copying \(table)") {
                    // A trigger of the fresh library (lend counts) may have filled it from an earlier table.
                    try fresh.execute("DELETE FROM main.\(quoted(table))")
                    try fresh.execute("INSERT INTO main.\(quoted(table)) (\(columns)) SELECT \(columns) FROM backup.\(quoted(table))")
                }
            }
            // The Books' search text is the library's own fold of their columns, never the
            // file's: made again when the restored library is opened.
            if tables.contains("books"),
               try fresh.rows("SELECT name FROM pragma_table_info('books', 'main') WHERE name = 'search_text'", [], { $0.text(0) }).count == 1 {
                try fresh.execute("UPDATE main.books SET search_text = NULL")
            }
            // Nor is the mark of the Books' last change the file's: a connection that kept the
            // live library's search list reads it again.
            if tables.contains("books_changed") {
                try fresh.execute("INSERT OR REPLACE INTO main.books_changed (id, mark) VALUES (1, random())")
            }
            // Nor the number of open Loans: counted again from the Loans restored.
            if tables.contains("open_loans_count") {
                try fresh.execute("""
                    INSERT OR REPLACE INTO main.open_loans_count (id, count)
                    VALUES (1, (SELECT count(*) FROM main.loans WHERE returned_at IS NULL))
                    """)
            }
            let broken = try bounded("checking the file's references") { try fresh.rows("PRAGMA main.foreign_key_check") { $0.text(0) } }
            guard broken.isEmpty else {
                throw refusal("some rows name what the file does not hold (in \(Set(broken).sorted().joined(separator: ", ")))")
            }
        }
    }

    /// One entry of `sqlite_master`, its SQL with its white space collapsed.
    struct SchemaObject: Hashable {
        var type: String
        var name: String
        var table: String
        var sql: String?
    }

    /// Every table, index, trigger and view of the database `database` (`main`, `backup`);
    /// SQLite's statistics tables are left out (they hold no library data).
    private static func schema(of database: String, on connection: SQLiteConnection) throws -> [SchemaObject] {
        try connection.rows("SELECT type, name, tbl_name, sql FROM \(database).sqlite_master ORDER BY rowid") {
            SchemaObject(type: $0.text(0), name: $0.text(1), table: $0.text(2),
                         sql: $0.optionalText(3).map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") })
        }.filter { !$0.name.hasPrefix("sqlite_stat") && $0.name != "sqlite_sequence" }
    }

    /// What the found schema has that the expected one has not, lacks, or has otherwise.
    static func differences(expected: [SchemaObject], found: [SchemaObject]) -> [String] {
        func key(_ object: SchemaObject) -> String { "\(object.type) \(object.name)" }
        func shown(_ object: SchemaObject) -> String { "\(object.type) \(object.name.prefix(40))" }
        let wanted = Dictionary(expected.map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
        let have = Dictionary(found.map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
        var problems: [String] = []
        for object in found where wanted[key(object)] == nil { problems.append("an extra \(shown(object))") }
        for object in expected {
            guard let other = have[key(object)] else { problems.append("no \(shown(object))"); continue }
            if other != object { problems.append("the \(shown(object)) is different") }
        }
        return problems
    }

    /// `"name"`, with any `"` doubled.
    private static func quoted(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// A `file:` URI that opens `path` read-only (`?`, `#` and `%` escaped).
    private static func readOnlyURI(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        return "file:" + (absolute.addingPercentEncoding(withAllowedCharacters: allowed) ?? absolute) + "?mode=ro"
    }

    /// The online backup from `source` into `destination`, tried again while another process
    /// holds the destination's lock beyond its busy timeout (a kiosk in the middle of a scan).
    private static func copyRetryingWhileBusy(_ source: SQLiteConnection, into destination: SQLiteConnection) throws {
        var attempts = 0
        while true {
            do {
                try source.backup(to: destination)
                return
            } catch let error as SQLiteError where error.faultKind == .busy && attempts < 3 {
                attempts += 1
            }
        }
    }
}
