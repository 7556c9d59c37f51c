import Foundation
import Lending

/// Audit entries older than `privacyDays` stop naming the User they concerned (card and
/// name); the entry stays: which Staff member did what, when, to which Book. Runs beside
/// `forgetOldBorrowers`, in a transaction of its own.
func forgetOldAuditedUsers(in repository: any LendingRepository, privacyDays: Int, at now: Date) {
    do {
        let cutoff = now.addingTimeInterval(-Double(privacyDays) * 86_400)
        let forgotten = try repository.transaction { try $0.forgetAuditedUsers(recordedBefore: cutoff) }
        if forgotten > 0 { kioskLog("privacy: \(forgotten) audit entries over \(privacyDays) days old no longer name their User") }
    } catch {
        kioskLog("privacy: could not remove Users from old audit entries (will try again tomorrow): \(error)")
    }
}
