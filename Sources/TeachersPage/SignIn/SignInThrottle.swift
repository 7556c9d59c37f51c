import Foundation
import Lending

/// How failed sign-ins slow the next try and then lock one Staff account. A pure value: the
/// record and the time are arguments; the repository keeps the record, so a restart lifts nothing.
///
/// The rule: the first `freeFailures` wrong passwords cost nothing. From then on a try is
/// accepted only `2^(failures - freeFailures + 1)` seconds after the last failure (2, 4, 8, 16,
/// 32 s). The `failuresBeforeLock`th failure locks the account for `lockSeconds`; after a lock
/// runs out, each further failure locks it again. A right password clears the record, and so does
/// a Staff member setting a new password (on the page or with `bookkiosk staff password`).
/// Other accounts are never affected.
public struct SignInThrottle: Sendable, Equatable {
    public static let freeFailures = 5
    public static let failuresBeforeLock = 10
    public static let lockSeconds: Double = 15 * 60

    /// Whether a try may be checked now.
    public enum Verdict: Sendable, Equatable {
        case open
        /// Too soon after the last failure: no password is checked before `until`.
        case wait(until: Date)
        /// The account is locked until `until`.
        case locked(until: Date)
    }

    public static func verdict(_ record: SignInRecord, at now: Date) -> Verdict {
        if let lockedUntil = record.lockedUntil, now < lockedUntil { return .locked(until: lockedUntil) }
        guard record.failures >= freeFailures, let last = record.lastFailure else { return .open }
        let next = last.addingTimeInterval(delaySeconds(afterFailures: record.failures))
        return now < next ? .wait(until: next) : .open
    }

    /// Seconds a try must wait after the last of `failures` failures.
    public static func delaySeconds(afterFailures failures: Int) -> Double {
        guard failures >= freeFailures else { return 0 }
        return pow(2, Double(min(failures - freeFailures + 1, 20)))
    }

    /// The record after one more wrong password at `now`.
    public static func failing(_ record: SignInRecord, at now: Date) -> SignInRecord {
        var next = record
        next.failures += 1
        next.lastFailure = now
        if next.failures >= failuresBeforeLock {
            next.lockedUntil = now.addingTimeInterval(lockSeconds)
        }
        return next
    }
}
