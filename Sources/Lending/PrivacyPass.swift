import Foundation

/// The day's privacy pass: returned Loans older than `days` lose their User (the library keeps
/// how often a Book was read, not who read it), and audit entries of that age stop naming the
/// User they concerned (the entry stays: which Staff member did what, when, to which Book).
/// Each half runs in a transaction of its own, so one failing does not keep the other back.
public struct PrivacyPass: Sendable, Equatable {
    /// The configuration's default for `privacyDays`.
    public static let defaultDays = 30
    /// Days a returned Loan or an audit entry keeps its User.
    public var days: Int

    public init(days: Int = PrivacyPass.defaultDays) {
        self.days = days
    }

    /// Everything returned or recorded before this time forgets its User.
    public func cutoff(at now: Date) -> Date {
        now.addingTimeInterval(-Double(days) * 86_400)
    }

    /// What one pass did, as lines for the grown-ups' log (nothing when nothing changed).
    public struct Report: Sendable, Equatable {
        public var forgottenLoans = 0
        public var forgottenAuditEntries = 0
        /// Each half that failed, with why; it is tried again on the next day.
        public var failures: [String] = []
        let days: Int

        public var logLines: [String] {
            var lines: [String] = []
            if forgottenLoans > 0 { lines.append("privacy: \(forgottenLoans) Loans returned over \(days) days ago no longer name their User") }
            if forgottenAuditEntries > 0 { lines.append("privacy: \(forgottenAuditEntries) audit entries over \(days) days old no longer name their User") }
            return lines + failures
        }
    }

    /// Runs the pass at `now`. Faults are kept in the report, not thrown: the kiosk goes on.
    public func run(in repository: any LendingRepository, at now: Date) -> Report {
        var report = Report(days: days)
        let cutoff = cutoff(at: now)
        do {
            report.forgottenLoans = try repository.anonymizeReturnedLoans(olderThan: cutoff)
        } catch {
            report.failures.append("privacy: could not forget old borrowers (will try again tomorrow): \(error)")
        }
        do {
            report.forgottenAuditEntries = try repository.transaction { try $0.forgetAuditedUsers(recordedBefore: cutoff) }
        } catch {
            report.failures.append("privacy: could not remove Users from old audit entries (will try again tomorrow): \(error)")
        }
        return report
    }
}
