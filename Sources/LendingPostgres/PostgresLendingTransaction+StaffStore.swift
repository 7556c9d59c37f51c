import Foundation
import Lending

// Staff accounts and the PIN lock (SQLite migration 2's tables), and the page's sign-in.
extension PostgresLendingTransaction: StaffStore {
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

    // MARK: Sign-in

    // A Staff member's password and sign-in record are each one row, written by one statement.

    func passwordHash(staff name: String) throws -> String? {
        checkOpen()
        return try connection.firstRow("SELECT password_hash FROM staff WHERE name = $1", [name]) { $0.optionalText(0) } ?? nil
    }

    func setPasswordHash(_ hash: String?, staff name: String) throws -> Bool {
        checkOpen()
        return try connection.execute("UPDATE staff SET password_hash = $1 WHERE name = $2", [hash, name]).changedRows > 0
    }

    func signInRecord(staff name: String) throws -> SignInRecord {
        checkOpen()
        let stored = try connection.firstRow("""
            SELECT sign_in_failures, extract(epoch FROM sign_in_last_failure)::float8,
                   extract(epoch FROM sign_in_locked_until)::float8
            FROM staff WHERE name = $1
            """, [name]) {
            SignInRecord(failures: Int($0.text(0)) ?? 0,
                         lastFailure: $0.isNull(1) ? nil : try readTime($0, 1, column: "staff.sign_in_last_failure"),
                         lockedUntil: $0.isNull(2) ? nil : try readTime($0, 2, column: "staff.sign_in_locked_until"))
        }
        return stored ?? SignInRecord()
    }

    func save(_ record: SignInRecord, staff name: String) throws {
        checkOpen()
        // The record is part of the account: without one there is nothing to keep.
        try connection.execute("""
            UPDATE staff SET sign_in_failures = $1::integer, sign_in_last_failure = to_timestamp($2::float8),
                             sign_in_locked_until = to_timestamp($3::float8)
            WHERE name = $4
            """, [String(record.failures), record.lastFailure.map { String($0.timeIntervalSince1970) },
                  record.lockedUntil.map { String($0.timeIntervalSince1970) }, name])
    }
}
