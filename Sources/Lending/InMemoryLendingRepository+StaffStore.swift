import Foundation

extension InMemoryLendingRepository.Transaction: StaffStore {
    func staffAccounts() throws -> [StaffAccount] {
        checkOpen()
        return state.staff.values.sorted { $0.name < $1.name }
    }

    func save(_ account: StaffAccount) throws {
        checkOpen()
        state.staff[account.name] = account
    }

    func removeStaffAccount(name: String) throws -> Bool {
        checkOpen()
        state.passwordHashes[name] = nil
        state.signInRecords[name] = nil
        return state.staff.removeValue(forKey: name) != nil
    }

    func pinLock() throws -> PINLock {
        checkOpen()
        return state.pinLock
    }

    func save(_ lock: PINLock) throws {
        checkOpen()
        state.pinLock = lock
    }

    // MARK: Sign-in

    func passwordHash(staff name: String) throws -> String? {
        checkOpen()
        return state.staff[name] == nil ? nil : state.passwordHashes[name]
    }

    func setPasswordHash(_ hash: String?, staff name: String) throws -> Bool {
        checkOpen()
        guard state.staff[name] != nil else { return false }
        state.passwordHashes[name] = hash
        return true
    }

    func signInRecord(staff name: String) throws -> SignInRecord {
        checkOpen()
        return state.signInRecords[name] ?? SignInRecord()
    }

    func save(_ record: SignInRecord, staff name: String) throws {
        checkOpen()
        // As in the databases, where the record is part of the account: none without one.
        guard state.staff[name] != nil else { return }
        state.signInRecords[name] = record
    }
}
