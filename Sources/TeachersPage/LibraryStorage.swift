import CatalogIO
import Foundation

/// Where the library the page serves is kept, so 設定 can offer a backup and a restore:
/// SQLite's file (the page copies it with SQLite's backup API), a PostgreSQL server (done there
/// with pg_dump and pg_restore), or elsewhere (a library in memory: neither).
public enum LibraryStorage: Sendable, Equatable {
    case sqlite(path: String)
    /// The server's URL without its password, for the pg_dump and pg_restore commands.
    case postgres(url: String)
    case elsewhere
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
