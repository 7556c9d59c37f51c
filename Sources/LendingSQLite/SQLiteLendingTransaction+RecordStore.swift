import Foundation
import Lending

extension SQLiteLendingTransaction: RecordStore {
    func record(_ entry: AuditEntry) throws {
        try checkOpen()
        // The id is left out: SQLite assigns the next one.
        try connection.execute("INSERT INTO audit_log (time, staff, action, detail, user, user_name) VALUES (?, ?, ?, ?, ?, ?)",
                               [.real(entry.time.timeIntervalSince1970), SQLiteValue(entry.staff),
                                .text(entry.action.storedName), .text(entry.action.storedValues),
                                SQLiteValue(entry.user?.card), SQLiteValue(entry.user?.name)])
    }

    func auditEntries() throws -> [AuditEntry] {
        try checkOpen()
        return try connection.rows("SELECT \(Self.auditColumns) FROM audit_log ORDER BY id", [], readAuditEntry)
    }

    func auditEntries(_ filter: AuditFilter, newestFirst offset: Int, limit: Int) throws -> ListingPage<AuditEntry> {
        try checkOpen()
        // The names follow the window's two parameters: ?3, ?4, …
        let (condition, names) = Self.auditCondition(filter, firstParameter: 3)
        let items = try connection.rows("SELECT \(Self.auditColumns) FROM audit_log\(condition) ORDER BY id DESC LIMIT ?1 OFFSET ?2",
                                        Self.window(offset, limit) + names, readAuditEntry)
        let (countCondition, countNames) = Self.auditCondition(filter, firstParameter: 1)
        return ListingPage(items: items, total: try count("SELECT count(*) FROM audit_log\(countCondition)", countNames))
    }

    /// ` WHERE action [NOT] IN (?n, …)` for `filter`, and its names; nothing for `.all`.
    private static func auditCondition(_ filter: AuditFilter, firstParameter: Int) -> (String, [SQLiteValue]) {
        let (kinds, negated): (Set<AuditAction.Kind>, Bool)
        switch filter {
        case .all: return ("", [])
        case .only(let only): (kinds, negated) = (only, false)
        case .excluding(let excluded): (kinds, negated) = (excluded, true)
        }
        let names = AuditAction.Kind.storedNames(of: kinds)
        guard !names.isEmpty else { return negated ? ("", []) : (" WHERE 0", []) }
        let placeholders = names.indices.map { "?\(firstParameter + $0)" }.joined(separator: ", ")
        return (" WHERE action \(negated ? "NOT IN" : "IN") (\(placeholders))", names.map { .text($0) })
    }

    func forgetAuditedUsers(recordedBefore cutoff: Date) throws -> Int {
        try checkOpen()
        // Entries written before the User was kept apart (schema 3 and older) name the child in
        // their detail, after the Book's 「title」: only what comes before it is kept.
        try connection.execute("""
            UPDATE audit_log SET
                user = NULL, user_name = NULL, names_user_in_detail = 0,
                detail = CASE WHEN names_user_in_detail = 0 THEN detail
                              WHEN instr(detail, '」') > 0 THEN substr(detail, 1, instr(detail, '」')) || ' (the child is no longer named)'
                              ELSE '(the child is no longer named)' END
            WHERE time < ? AND (user IS NOT NULL OR names_user_in_detail = 1)
            """, [.real(cutoff.timeIntervalSince1970)])
        return connection.changes
    }

    // MARK: Printing

    func printedTimes(_ kind: PrintedKind) throws -> [String: Date] {
        try checkOpen()
        let rows = try connection.rows("SELECT barcode, printed_at FROM printed WHERE kind = ?", [.text(kind.rawValue)]) {
            ($0.text(0), Date(timeIntervalSince1970: $0.double(1)))
        }
        return Dictionary(rows, uniquingKeysWith: { first, _ in first })
    }

    func recordPrinted(_ kind: PrintedKind, barcodes: [String], at time: Date) throws {
        try checkOpen()
        for barcode in barcodes {
            try connection.execute("""
                INSERT INTO printed (kind, barcode, printed_at) VALUES (?, ?, ?)
                ON CONFLICT (kind, barcode) DO UPDATE SET printed_at = excluded.printed_at
                """, [.text(kind.rawValue), .text(barcode), .real(time.timeIntervalSince1970)])
        }
    }

    // MARK: Lend counts

    // The lend counts that name nobody (migration 7). Lends count themselves through the
    // `loans_count_lends` trigger.

    func lendCounts(fromMonth month: String) throws -> [LendCount] {
        try checkOpen()
        return try connection.rows("SELECT book, class, month, lends FROM lend_counts WHERE month >= ?", [.text(month)]) { row in
            LendCount(book: row.text(0), className: row.text(1).isEmpty ? nil : row.text(1), month: row.text(2), lends: Int(row.int64(3)))
        }
    }

    func replaceLendCounts(_ counts: [LendCount]) throws {
        try checkOpen()
        try connection.execute("DELETE FROM lend_counts", [])
        for count in counts {
            try connection.execute("""
                INSERT INTO lend_counts (book, class, month, lends) VALUES (?, ?, ?, ?)
                ON CONFLICT (book, class, month) DO UPDATE SET lends = lend_counts.lends + excluded.lends
                """, [.text(count.book), .text(count.className ?? ""), .text(count.month), SQLiteValue(count.lends)])
        }
    }
}
