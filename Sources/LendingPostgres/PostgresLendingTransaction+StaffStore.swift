import Foundation
import Lending

/// Staff accounts, the PIN lock and the audit log (SQLite migration 2's tables).
extension PostgresLendingTransaction {
    func staffAccounts() throws -> [StaffAccount] {
        checkOpen()
        return try connection.rows("SELECT name, pin_hash FROM staff ORDER BY name", []) {
            StaffAccount(name: $0.text(0), pinHash: $0.text(1))
        }
    }

    func save(_ account: StaffAccount) throws {
        checkOpen()
        try connection.execute("""
            INSERT INTO staff (name, pin_hash) VALUES ($1, $2)
            ON CONFLICT (name) DO UPDATE SET pin_hash = excluded.pin_hash
            """, [account.name, account.pinHash])
    }

    func removeStaffAccount(name: String) throws -> Bool {
        checkOpen()
        return try connection.execute("DELETE FROM staff WHERE name = $1", [name]).changedRows > 0
    }

    func pinLock() throws -> PINLock {
        checkOpen()
        let stored = try connection.firstRow(
            "SELECT failures, lockouts, extract(epoch FROM locked_until)::float8 FROM pin_lock WHERE id = 1", []) {
            PINLock(failures: Int($0.text(0)) ?? 0, lockouts: Int($0.text(1)) ?? 0,
                    lockedUntil: $0.isNull(2) ? nil : try readTime($0, 2, column: "pin_lock.locked_until"))
        }
        return stored ?? PINLock()
    }

    func save(_ lock: PINLock) throws {
        checkOpen()
        try connection.execute("""
            INSERT INTO pin_lock (id, failures, lockouts, locked_until)
            VALUES (1, $1::integer, $2::integer, to_timestamp($3::float8))
            ON CONFLICT (id) DO UPDATE SET
                failures = excluded.failures, lockouts = excluded.lockouts, locked_until = excluded.locked_until
            """, [String(lock.failures), String(lock.lockouts), lock.lockedUntil.map { String($0.timeIntervalSince1970) }])
    }

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
}
