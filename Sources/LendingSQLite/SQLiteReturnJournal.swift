import Foundation
import Lending

/// The kiosk's journal of returns scanned while its shared database server was away: a small
/// SQLite file of its own in the state directory (mode 0600, WAL, `synchronous=FULL`, so an
/// entry the kiosk accepted survives a power cut).
public final class SQLiteReturnJournal: ReturnJournal {
    public let path: String
    private let connection: SQLiteConnection

    /// Opens the journal at `path`, creating it when missing.
    public init(path: String) throws {
        self.path = path
        try SQLiteLendingRepository.createIfMissing(path)
        connection = try SQLiteConnection(path: path, mode: .readWrite)
        try connection.setBusyTimeout(SQLiteLendingRepository.defaultBusyTimeout)
        _ = try connection.firstRow("PRAGMA journal_mode = WAL") { $0.text(0) }
        try connection.execute("PRAGMA synchronous = FULL")
        try connection.executeScript("""
            CREATE TABLE IF NOT EXISTS deferred_returns (
                id         INTEGER PRIMARY KEY,
                barcode    TEXT NOT NULL,
                scanned_at REAL NOT NULL
            ) STRICT;
            """)
    }

    public func keep(barcode: String, scannedAt time: Date) throws {
        try connection.execute("INSERT INTO deferred_returns (barcode, scanned_at) VALUES (?, ?)",
                               [.text(barcode), .real(time.timeIntervalSince1970)])
    }

    public func entries() throws -> [ReturnJournalEntry] {
        try connection.rows("SELECT id, barcode, scanned_at FROM deferred_returns ORDER BY scanned_at, id") {
            ReturnJournalEntry(id: $0.int64(0), barcode: $0.text(1), scannedAt: Date(timeIntervalSince1970: $0.double(2)))
        }
    }

    public func remove(_ entry: ReturnJournalEntry) throws {
        try connection.execute("DELETE FROM deferred_returns WHERE id = ?", [.integer(entry.id)])
    }
}
