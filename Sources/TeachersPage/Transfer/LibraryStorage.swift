import CatalogIO
import Foundation
import Lending

/// Where the library the page serves is kept, so 設定 can offer a backup and a restore: a file
/// the page copies and puts back itself (SQLite), a PostgreSQL server (done there with pg_dump
/// and pg_restore), or elsewhere (a library in memory: neither).
public enum LibraryStorage: Sendable {
    case file(LibraryBackup)
    /// The server's URL without its password, for the pg_dump and pg_restore commands.
    case postgres(url: String)
    case elsewhere
}

/// 設定's backup and restore of a library kept in one file, as a value the page is given
/// (`PageAssembly` makes it for a SQLite library), so the page needs no store of its own kind.
/// Each runs on the connection of the page's pool it is handed (`RepositoryPool.withConnection`).
public struct LibraryBackup: Sendable {
    /// Writes a consistent copy of the library to the file at the path given.
    public var copy: @Sendable (any LendingRepository, String) throws -> Void
    /// What the library holds now.
    public var snapshot: @Sendable (any LendingRepository) throws -> LibrarySnapshot
    /// What the backup file at the path given holds, without changing it; refused (a
    /// `RestoreRefusal`) for a file that is not a library this BookKiosk can restore.
    public var inspect: @Sendable (String) throws -> RestoreAnswer<LibrarySnapshot>
    /// Puts the backup at the path given in the library's place at the time given, keeping the
    /// library as it was beside it; what the restored library holds and where the old one is
    /// kept, or why the file was refused.
    public var restore: @Sendable (any LendingRepository, String, Date) throws -> RestoreAnswer<(restored: LibrarySnapshot, keptAt: String)>

    public init(copy: @escaping @Sendable (any LendingRepository, String) throws -> Void,
                snapshot: @escaping @Sendable (any LendingRepository) throws -> LibrarySnapshot,
                inspect: @escaping @Sendable (String) throws -> RestoreAnswer<LibrarySnapshot>,
                restore: @escaping @Sendable (any LendingRepository, String, Date) throws -> RestoreAnswer<(restored: LibrarySnapshot, keptAt: String)>) {
        self.copy = copy
        self.snapshot = snapshot
        self.inspect = inspect
        self.restore = restore
    }
}

/// Files uploaded and waiting for their confirmation, by session: what is applied is exactly
/// what was shown. Backups wait as files in a scratch folder each, removed when replaced or
/// used (one left waiting when a session ends stays in the temporary folder until it is cleaned).
struct PendingUploads: Sendable {
    /// A users or books CSV and the changes its preview showed.
    struct CatalogUpload: Sendable {
        var kind: CatalogImport.Kind
        var text: String
        var shown: CatalogImport.Preview
    }

    private(set) var catalogs: [String: CatalogUpload] = [:]
    private(set) var backups: [String: String] = [:]

    mutating func keepCatalog(_ upload: CatalogUpload, session: String) {
        catalogs[session] = upload
    }

    mutating func takeCatalog(session: String) -> CatalogUpload? {
        catalogs.removeValue(forKey: session)
    }

    func catalog(session: String) -> CatalogUpload? { catalogs[session] }

    /// Keeps the backup file at `path` for `session`, removing the one it replaces.
    mutating func keepBackup(at path: String, session: String) {
        if let old = backups[session], old != path {
            try? FileManager.default.removeItem(atPath: (old as NSString).deletingLastPathComponent)
        }
        backups[session] = path
    }

    mutating func takeBackup(session: String) -> String? {
        backups.removeValue(forKey: session)
    }
}
