import Foundation

/// The lock on staff PIN entry: three wrong PINs in a row lock it for 60 s, and each further
/// lockout doubles the time, until a right PIN opens it again. Kept in the repository, so a
/// restart does not open a lock.
public struct PINLock: Sendable, Equatable {
    /// Wrong PINs in a row that lock entry.
    public static let attemptsBeforeLock = 3
    /// How long the first lockout lasts; each further one lasts twice as long as the one before.
    public static let firstLockSeconds: Double = 60
    /// The longest a lock lasts, however many lockouts came before.
    public static let longestLockSeconds: Double = 24 * 3600

    /// Wrong PINs since the last lockout or right PIN.
    public var failures: Int
    /// Lockouts since the last right PIN.
    public var lockouts: Int
    /// Until when entry is locked; nil when it is not.
    public var lockedUntil: Date?

    public init(failures: Int = 0, lockouts: Int = 0, lockedUntil: Date? = nil) {
        self.failures = failures
        self.lockouts = lockouts
        self.lockedUntil = lockedUntil
    }

    public func isLocked(at now: Date) -> Bool {
        lockedUntil.map { now < $0 } ?? false
    }

    /// Whole seconds until entry opens (rounded up); 0 when it is open.
    public func secondsLeft(at now: Date) -> Int {
        guard let lockedUntil, now < lockedUntil else { return 0 }
        return Int(lockedUntil.timeIntervalSince(now).rounded(.up))
    }

    /// Counts a wrong PIN; returns true when this one locked entry.
    public mutating func recordFailure(at now: Date) -> Bool {
        failures += 1
        guard failures >= PINLock.attemptsBeforeLock else { return false }
        let seconds = min(PINLock.longestLockSeconds, PINLock.firstLockSeconds * pow(2, Double(min(lockouts, 20))))
        lockouts += 1
        failures = 0
        lockedUntil = now.addingTimeInterval(seconds)
        return true
    }

    /// A right PIN opens the lock and forgets the lockouts.
    public mutating func recordSuccess() {
        self = PINLock()
    }
}
