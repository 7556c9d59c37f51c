import Foundation

/// The Staff of the library, as one transaction reads and writes them: their accounts, the
/// kiosk's PIN lock, and the teachers' page's sign-in (a password hash and the failed
/// sign-ins, kept with each account).
public protocol StaffStore: AnyObject {
    /// Every Staff account, in name order.
    func staffAccounts() throws -> [StaffAccount]
    /// Inserts the account, or replaces the PIN hash of the one with the same name.
    func save(_ account: StaffAccount) throws
    /// Removes the account; false when there was none by that name.
    func removeStaffAccount(name: String) throws -> Bool

    /// The PIN lock as last saved (open when never saved).
    func pinLock() throws -> PINLock
    func save(_ lock: PINLock) throws

    // MARK: The teachers' page's sign-in

    /// The crypt(3) hash of the Staff member's page password; nil when they have none (or there
    /// is no such account).
    func passwordHash(staff name: String) throws -> String?
    /// Sets (or, with nil, removes) the Staff member's page password; false when there is no
    /// account by that name.
    func setPasswordHash(_ hash: String?, staff name: String) throws -> Bool
    /// The failed sign-ins of one Staff account (empty when none were recorded).
    func signInRecord(staff name: String) throws -> SignInRecord
    func save(_ record: SignInRecord, staff name: String) throws
}

/// A person allowed into staff mode. The PIN itself is never stored: only its crypt(3) hash.
public struct StaffAccount: Sendable, Equatable {
    public var name: String
    public var pinHash: String

    public init(name: String, pinHash: String) {
        self.name = name
        self.pinHash = pinHash
    }
}
