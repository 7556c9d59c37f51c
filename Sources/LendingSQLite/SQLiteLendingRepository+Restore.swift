#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation
import Lending

extension SQLiteLendingRepository {
    /// Reads what the library file at `path` holds, without changing it: it is copied to a
    /// scratch file first (which an older schema is brought up to date in), so a backup on a
    /// read-only stick is fine. Throws `RestoreRefusal` for a file that is not a BookKiosk
    /// library, an empty one, or one from a newer BookKiosk.
    public static func snapshot(ofBackupAt path: String) throws -> LibrarySnapshot {
        try withUpToDateCopy(of: path) { copy, version in try copy.snapshot(schemaVersion: version) }
    }

    /// What this library holds now.
    public func snapshot() throws -> LibrarySnapshot {
        try snapshot(schemaVersion: try schemaVersion())
    }

    /// Puts the backup at `path` in place of this library, while kiosks and the page keep it
    /// open: the backup (brought up to date in a scratch copy) is written into this live
    /// database with SQLite's online backup API, which holds the write lock for the copy, so
    /// another process's scan waits (its busy timeout) and then sees the restored library; no
    /// file is swapped under anyone. The library as it was is first kept at `keepingCopyAt`.
    /// Returns what the restored library holds.
    public func restore(fromBackupAt path: String, keepingCopyAt keptPath: String) throws -> LibrarySnapshot {
        try Self.withUpToDateCopy(of: path) { copy, _ in
            try backup(to: keptPath)
            try Self.copyRetryingWhileBusy(copy.connection, into: connection)
        }
        return try snapshot()
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

    /// Copies the file at `path` to a scratch file, opens it as a repository (which brings an
    /// older schema up to date) and hands it to `body`; the scratch file is removed after.
    private static func withUpToDateCopy<T>(of path: String, _ body: (SQLiteLendingRepository, Int) throws -> T) throws -> T {
        let version: Int
        do {
            version = try inspectFile(at: path)
        } catch let error as LibraryFileError {
            throw RestoreRefusal(description: "\(path) cannot be restored: \(error.description)")
        } catch {
            throw RestoreRefusal(description: "\(path) cannot be restored: it is not a BookKiosk library (\(error)).")
        }
        guard version > 0 else {
            throw RestoreRefusal(description: "\(path) is empty or not a BookKiosk library; choose a file made by `bookkiosk backup`.")
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("bookkiosk-restore-\(UUID().uuidString).sqlite").path
        defer {
            for suffix in ["", "-wal", "-shm"] { unlink(scratch + suffix) }
        }
        do {
            try createIfMissing(scratch)
            let source = try SQLiteConnection(path: path, mode: .readOnly)
            let target = try SQLiteConnection(path: scratch, mode: .readWrite)
            try source.backup(to: target)
        }
        let copy = try SQLiteLendingRepository(path: scratch)
        return try body(copy, version)
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
