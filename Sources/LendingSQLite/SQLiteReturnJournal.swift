import Foundation
import Lending

/// The kiosk's journal (`ReturnJournal`): a small SQLite file of its own in the state directory
/// (mode 0600, WAL). A scan noted before its transaction is written with `synchronous=NORMAL`
/// (it survives a kill of the kiosk; a power cut before anything was told may lose it); a
/// return owed with `synchronous=FULL`, so one the child was told is kept survives a power cut.
///
/// Files made before scans had ids (a `deferred_returns` table) are read on open: each row
/// becomes a return owed with a new id.
public final class SQLiteReturnJournal: ReturnJournal {
    /// The default bound: more returns than a kindergarten's shelves hold.
    public static let defaultCapacity = 2_000

    public let path: String
    public let capacity: Int
    private let connection: SQLiteConnection

    /// Opens the journal at `path`, creating it when missing.
    public init(path: String, capacity: Int = SQLiteReturnJournal.defaultCapacity) throws {
        self.path = path
        self.capacity = capacity
        try SQLiteLendingRepository.createIfMissing(path)
        connection = try SQLiteConnection(path: path, mode: .readWrite)
        try connection.setBusyTimeout(SQLiteLendingRepository.defaultBusyTimeout)
        _ = try connection.firstRow("PRAGMA journal_mode = WAL") { $0.text(0) }
        try connection.execute("PRAGMA synchronous = FULL")
        try connection.executeScript("""
            CREATE TABLE IF NOT EXISTS journalled_scans (
                id         TEXT PRIMARY KEY,
                barcode    TEXT NOT NULL,
                card       TEXT,
                scanned_at REAL NOT NULL,
                kind       TEXT NOT NULL CHECK (kind IN ('noted', 'returnOwed'))
            ) STRICT;
            """)
        let older = try connection.firstRow("SELECT count(*) FROM sqlite_master WHERE name = 'deferred_returns'") { $0.int64(0) } ?? 0
        if older > 0 {
            let rows = try connection.rows("SELECT barcode, scanned_at FROM deferred_returns ORDER BY scanned_at, id") {
                ($0.text(0), $0.double(1))
            }
            try connection.execute("BEGIN IMMEDIATE")
            do {
                for (barcode, time) in rows {
                    try connection.execute("INSERT INTO journalled_scans (id, barcode, scanned_at, kind) VALUES (?, ?, ?, 'returnOwed')",
                                           [.text(JournalledScan.newID()), .text(barcode), .real(time)])
                }
                try connection.execute("DROP TABLE deferred_returns")
                try connection.execute("COMMIT")
            } catch {
                try? connection.execute("ROLLBACK")
                throw error
            }
        }
        try connection.execute("PRAGMA synchronous = NORMAL")
    }

    public func begin(_ scan: JournalledScan) throws {
        let held = try connection.firstRow("SELECT count(*) FROM journalled_scans WHERE kind = 'noted'") { $0.int64(0) } ?? 0
        guard held < Int64(capacity) else { throw ReturnJournalFull(capacity: capacity) }
        try connection.execute("INSERT OR REPLACE INTO journalled_scans (id, barcode, card, scanned_at, kind) VALUES (?, ?, ?, ?, 'noted')",
                               [.text(scan.id), .text(scan.barcode), scan.card.map { .text($0) } ?? .null,
                                .real(scan.scannedAt.timeIntervalSince1970)])
    }

    public func keep(_ scan: JournalledScan) throws {
        guard try returnsOwed() < capacity else { throw ReturnJournalFull(capacity: capacity) }
        try connection.execute("PRAGMA synchronous = FULL")
        defer { try? connection.execute("PRAGMA synchronous = NORMAL") }
        try connection.execute("INSERT OR REPLACE INTO journalled_scans (id, barcode, card, scanned_at, kind) VALUES (?, ?, ?, ?, 'returnOwed')",
                               [.text(scan.id), .text(scan.barcode), scan.card.map { .text($0) } ?? .null,
                                .real(scan.scannedAt.timeIntervalSince1970)])
    }

    public func finish(scan id: String) throws {
        try connection.execute("DELETE FROM journalled_scans WHERE id = ?", [.text(id)])
    }

    public func entries() throws -> [JournalledScan] {
        try connection.rows("SELECT id, barcode, card, scanned_at, kind FROM journalled_scans ORDER BY scanned_at, rowid") {
            JournalledScan(id: $0.text(0), barcode: $0.text(1), card: $0.optionalText(2),
                           scannedAt: Date(timeIntervalSince1970: $0.double(3)),
                           kind: JournalledScan.Kind(rawValue: $0.text(4)) ?? .noted)
        }
    }

    /// How many returns are owed (waiting for the server).
    public func returnsOwed() throws -> Int {
        Int(try connection.firstRow("SELECT count(*) FROM journalled_scans WHERE kind = 'returnOwed'") { $0.int64(0) } ?? 0)
    }
}
