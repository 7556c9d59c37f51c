import Foundation

/// What a kiosk's journal holds, read without changing it: for `doctor` and the teachers'
/// page, beside a kiosk that may be writing it.
public struct ReturnJournalSummary: Sendable, Equatable {
    /// Books scanned with no Session while the server was away, waiting to be applied.
    public var returnsOwed: Int
    /// Scans whose end the server may not have seen, waiting to be looked up.
    public var noted: Int
    /// When the oldest return owed was scanned.
    public var oldestReturn: Date?

    public init(returnsOwed: Int, noted: Int, oldestReturn: Date?) {
        self.returnsOwed = returnsOwed
        self.noted = noted
        self.oldestReturn = oldestReturn
    }

    /// Reads the journal at `path`, read-only; nil when there is no file.
    public static func read(_ path: String) throws -> ReturnJournalSummary? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let connection = try SQLiteConnection(path: path, mode: .readOnly)
        try connection.setBusyTimeout(SQLiteLendingRepository.defaultBusyTimeout)
        let tables = try connection.rows("SELECT name FROM sqlite_master WHERE type = 'table'") { $0.text(0) }
        if tables.contains("journalled_scans") {
            return try connection.firstRow("""
                SELECT count(*) FILTER (WHERE kind = 'returnOwed'), count(*) FILTER (WHERE kind = 'noted'),
                       min(scanned_at) FILTER (WHERE kind = 'returnOwed')
                FROM journalled_scans
                """) { row in
                ReturnJournalSummary(returnsOwed: Int(row.int64(0)), noted: Int(row.int64(1)),
                                     oldestReturn: row.isNull(2) ? nil : Date(timeIntervalSince1970: row.double(2)))
            }
        }
        if tables.contains("deferred_returns") {
            return try connection.firstRow("SELECT count(*), min(scanned_at) FROM deferred_returns") { row in
                ReturnJournalSummary(returnsOwed: Int(row.int64(0)), noted: 0,
                                     oldestReturn: row.isNull(1) ? nil : Date(timeIntervalSince1970: row.double(1)))
            }
        }
        return ReturnJournalSummary(returnsOwed: 0, noted: 0, oldestReturn: nil)
    }
}
