import Foundation
import Lending

extension SQLiteLendingTransaction: StaffStore {
    func staffAccounts() throws -> [StaffAccount] {
        try checkOpen()
        return try connection.rows("SELECT name, pin_hash FROM staff ORDER BY name", []) {
            StaffAccount(name: $0.text(0), pinHash: $0.text(1))
        }
    }

    func save(_ account: StaffAccount) throws {
        try checkOpen()
        try connection.execute("""
            INSERT INTO staff (name, pin_hash) VALUES (?, ?)
            ON CONFLICT (name) DO UPDATE SET pin_hash = excluded.pin_hash
            """, [.text(account.name), .text(account.pinHash)])
    }

    func removeStaffAccount(name: String) throws -> Bool {
        try checkOpen()
        let removed = try connection.firstRow("DELETE FROM staff WHERE name = ? RETURNING name", [.text(name)]) {
            $0.text(0)
        }
        return removed != nil
    }

    func pinLock() throws -> PINLock {
        try checkOpen()
        let stored = try connection.firstRow("SELECT failures, lockouts, locked_until FROM pin_lock WHERE id = 1", []) {
            PINLock(failures: Int($0.int64(0)), lockouts: Int($0.int64(1)),
                    lockedUntil: $0.optionalDouble(2).map(Date.init(timeIntervalSince1970:)))
        }
        return stored ?? PINLock()
    }

    func save(_ lock: PINLock) throws {
        try checkOpen()
        try connection.execute("""
            INSERT INTO pin_lock (id, failures, lockouts, locked_until) VALUES (1, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET
                failures = excluded.failures, lockouts = excluded.lockouts, locked_until = excluded.locked_until
            """, [SQLiteValue(lock.failures), SQLiteValue(lock.lockouts),
                  SQLiteValue(lock.lockedUntil?.timeIntervalSince1970)])
    }

    // MARK: Sign-in

    func passwordHash(staff name: String) throws -> String? {
        try checkOpen()
        return try connection.firstRow("SELECT password_hash FROM staff WHERE name = ?", [.text(name)]) {
            $0.optionalText(0)
        } ?? nil
    }

    func setPasswordHash(_ hash: String?, staff name: String) throws -> Bool {
        try checkOpen()
        let changed = try connection.firstRow("UPDATE staff SET password_hash = ? WHERE name = ? RETURNING name",
                                              [SQLiteValue(hash), .text(name)]) { $0.text(0) }
        return changed != nil
    }

    func signInRecord(staff name: String) throws -> SignInRecord {
        try checkOpen()
        let stored = try connection.firstRow("""
            SELECT sign_in_failures, sign_in_last_failure, sign_in_locked_until FROM staff WHERE name = ?
            """, [.text(name)]) {
            SignInRecord(failures: Int($0.int64(0)), lastFailure: $0.optionalDouble(1).map(Date.init(timeIntervalSince1970:)),
                         lockedUntil: $0.optionalDouble(2).map(Date.init(timeIntervalSince1970:)))
        }
        return stored ?? SignInRecord()
    }

    func save(_ record: SignInRecord, staff name: String) throws {
        try checkOpen()
        // The record is part of the account: without one there is nothing to keep.
        try connection.execute("""
            UPDATE staff SET sign_in_failures = ?, sign_in_last_failure = ?, sign_in_locked_until = ? WHERE name = ?
            """, [SQLiteValue(record.failures), SQLiteValue(record.lastFailure?.timeIntervalSince1970),
                  SQLiteValue(record.lockedUntil?.timeIntervalSince1970), .text(name)])
    }
}
