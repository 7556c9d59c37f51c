import Foundation
import Feedback
import Lending
import StaffPIN

/// The way into staff mode and out of it: whose PIN was typed, the PIN lock kept across
/// restarts (a wrong PIN recorded with it), and each visit recorded. What a Staff member does
/// inside is `LibraryDesk`'s (`StaffRequest.carryOut`).
struct StaffModeGate {
    let repository: any LendingRepository

    /// The Staff member whose PIN this is. Every account is checked, so the time taken does not
    /// tell which one matched.
    func staffMember(withPIN pin: String) throws -> String? {
        let accounts = try repository.transaction { try $0.staffAccounts() }
        var found: String?
        for account in accounts where PINHash.verify(pin, against: account.pinHash) && found == nil {
            found = account.name
        }
        return found
    }

    func loadPINLock() throws -> PINLock {
        try repository.transaction { try $0.pinLock() }
    }

    func save(_ lock: PINLock, failedAttempt: Bool, at now: Date) throws {
        try repository.transaction { tx in try LibraryDesk.keepPINLock(lock, failedAttempt: failedAttempt, at: now, in: tx) }
    }

    /// Records entering and leaving staff mode.
    func record(_ event: StaffEvent, at now: Date) throws {
        guard let staff = event.staff else { return }
        let visit: LibraryDesk.Visit = event.action == .left ? .leftStaffMode : .enteredStaffMode
        try repository.transaction { tx in try LibraryDesk(staff: staff, at: now).recordVisit(visit, in: tx) }
    }
}
