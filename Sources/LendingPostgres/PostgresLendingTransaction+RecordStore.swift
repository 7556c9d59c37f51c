import Foundation
import Lending

// The audit log (SQLite migration 2's table), what was printed, and the lend counts.
extension PostgresLendingTransaction: RecordStore {
    func record(_ entry: AuditEntry) throws {
        checkOpen()
        // The id is left out: the identity column assigns the next one.
        try connection.execute("""
            INSERT INTO audit_log (time, staff, action, detail, user_card, user_name)
            VALUES (to_timestamp($1::float8), $2, $3, $4, $5, $6)
            """, [String(entry.time.timeIntervalSince1970), entry.staff, entry.action.storedName, entry.action.storedValues,
                  entry.user?.card, entry.user?.name])
    }

    func auditEntries() throws -> [AuditEntry] {
        checkOpen()
        return try connection.rows("SELECT \(Self.auditColumns) FROM audit_log ORDER BY id", [], readAuditEntry)
    }

    static let auditColumns = "id, extract(epoch FROM time)::float8, staff, action, detail, user_card, user_name"

    func readAuditEntry(_ row: PGRow) throws -> AuditEntry {
        AuditEntry(id: Int64(row.text(0)) ?? 0, time: try readTime(row, 1, column: "audit_log.time"),
                   staff: row.optionalText(2), action: AuditAction(storedName: row.text(3), storedValues: row.text(4)),
                   user: row.optionalText(5).map { AuditedUser(card: $0, name: row.optionalText(6)) })
    }

    // The audit pages are shown, not decided on, and lock nothing.
    func auditEntries(_ filter: AuditFilter, newestFirst offset: Int, limit: Int) throws -> ListingPage<AuditEntry> {
        checkOpen()
        // The names follow the window's two parameters: $3, $4, …
        let (condition, names) = Self.auditCondition(filter, firstParameter: 3)
        let items = try connection.rows(
            "SELECT \(Self.auditColumns) FROM audit_log\(condition) ORDER BY id DESC LIMIT $1::bigint OFFSET $2::bigint",
            Self.window(offset, limit) + names, readAuditEntry)
        let (countCondition, countNames) = Self.auditCondition(filter, firstParameter: 1)
        return ListingPage(items: items, total: try count("SELECT count(*) FROM audit_log\(countCondition)", countNames))
    }

    /// ` WHERE action [NOT] IN ($n, …)` for `filter`, and its names; nothing for `.all`.
    private static func auditCondition(_ filter: AuditFilter, firstParameter: Int) -> (String, [String?]) {
        let (kinds, negated): (Set<AuditAction.Kind>, Bool)
        switch filter {
        case .all: return ("", [])
        case .only(let only): (kinds, negated) = (only, false)
        case .excluding(let excluded): (kinds, negated) = (excluded, true)
        }
        let names = AuditAction.Kind.storedNames(of: kinds)
        guard !names.isEmpty else { return negated ? ("", []) : (" WHERE false", []) }
        let placeholders = names.indices.map { "$\(firstParameter + $0)" }.joined(separator: ", ")
        return (" WHERE action \(negated ? "NOT IN" : "IN") (\(placeholders))", names)
    }

    func forgetAuditedUsers(recordedBefore cutoff: Date) throws -> Int {
        checkOpen()
        return try connection.execute("""
            UPDATE audit_log SET user_card = NULL, user_name = NULL
            WHERE time < to_timestamp($1::float8) AND user_card IS NOT NULL
            """, [String(cutoff.timeIntervalSince1970)]).changedRows
    }

    // MARK: Printing

    func printedTimes(_ kind: PrintedKind) throws -> [String: Date] {
        checkOpen()
        let rows = try connection.rows(
            "SELECT barcode, extract(epoch FROM printed_at)::float8 FROM printed WHERE kind = $1", [kind.rawValue]) {
            ($0.text(0), try readTime($0, 1, column: "printed.printed_at"))
        }
        return Dictionary(rows, uniquingKeysWith: { first, _ in first })
    }

    func recordPrinted(_ kind: PrintedKind, barcodes: [String], at time: Date) throws {
        checkOpen()
        // In barcode order, as every path that writes several rows of one table takes them.
        for barcode in barcodes.sorted() {
            try connection.execute("""
                INSERT INTO printed (kind, barcode, printed_at) VALUES ($1, $2, to_timestamp($3::float8))
                ON CONFLICT (kind, barcode) DO UPDATE SET printed_at = excluded.printed_at
                """, [kind.rawValue, barcode, String(time.timeIntervalSince1970)])
        }
    }

    // MARK: Lend counts

    // The lend counts that name nobody (migration 7). Lends count themselves through the
    // `loans_count_lends` trigger. None of these reads locks anything.

    func lendCounts(fromMonth month: String) throws -> [LendCount] {
        checkOpen()
        return try connection.rows("SELECT book, class, month, lends FROM lend_counts WHERE month >= $1", [month]) { row in
            LendCount(book: row.text(0), className: row.text(1).isEmpty ? nil : row.text(1), month: row.text(2),
                      lends: Int(row.text(3)) ?? 0)
        }
    }

    func replaceLendCounts(_ counts: [LendCount]) throws {
        checkOpen()
        _ = try connection.execute("DELETE FROM lend_counts", [])
        for count in counts {
            _ = try connection.execute("""
                INSERT INTO lend_counts (book, class, month, lends) VALUES ($1, $2, $3, $4::integer)
                ON CONFLICT (book, class, month) DO UPDATE SET lends = lend_counts.lends + excluded.lends
                """, [count.book, count.className ?? "", count.month, String(count.lends)])
        }
    }
}
