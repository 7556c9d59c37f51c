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

    /// What one pass did; the kiosk's log words it in its language (`PrivacyPassWords`).
    public struct Report: Sendable, Equatable {
        /// One half of the pass that failed; it is tried again on the next day.
        public struct Failure: Sendable, Equatable {
            public enum Half: Sendable, Hashable {
                /// Returned Loans forgetting their User.
                case loans
                /// Audit entries forgetting their User.
                case auditEntries
            }

            public var half: Half
            /// The fault, as the store describes it.
            public var detail: String
        }

        public var forgottenLoans = 0
        public var forgottenAuditEntries = 0
        public var failures: [Failure] = []
        public let days: Int

        public init(days: Int, forgottenLoans: Int = 0, forgottenAuditEntries: Int = 0, failures: [Failure] = []) {
            self.days = days
            self.forgottenLoans = forgottenLoans
            self.forgottenAuditEntries = forgottenAuditEntries
            self.failures = failures
        }
    }

    /// Runs the pass at `now`. Faults are kept in the report, not thrown: the kiosk goes on.
    public func run(in repository: any LendingRepository, at now: Date) -> Report {
        var report = Report(days: days)
        let cutoff = cutoff(at: now)
        do {
            report.forgottenLoans = try repository.anonymizeReturnedLoans(olderThan: cutoff)
        } catch {
            report.failures.append(Report.Failure(half: .loans, detail: "\(error)"))
        }
        do {
            report.forgottenAuditEntries = try repository.transaction { try $0.forgetAuditedUsers(recordedBefore: cutoff) }
        } catch {
            report.failures.append(Report.Failure(half: .auditEntries, detail: "\(error)"))
        }
        return report
    }
}
