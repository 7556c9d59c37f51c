import Foundation

/// The library's lending rules: loan limit, loan days, closed days, the overdue block and the
/// kiosk's timeouts. Every default is named here and nowhere else.
public struct Policy: Sendable, Equatable {
    public static let defaultLoanLimit = 2
    public static let defaultLoanDays = 7
    public static let defaultClosedWeekdays: Set<Weekday> = [.saturday, .sunday]
    public static let defaultBlockOnOverdue = true
    public static let defaultSessionTimeoutSeconds: Double = 30
    public static let defaultDebounceSeconds: Double = 2

    /// How many open Loans a User may hold, unless the User has a limit of their own.
    public var loanLimit: Int
    /// Days from the lending day to the due date, before closed days move it.
    public var loanDays: Int
    public var closedWeekdays: Set<Weekday>
    public var closedDates: Set<LocalDate>
    /// Whether a User with an overdue Loan is refused a new one.
    public var blockOnOverdue: Bool
    /// Seconds without a scan after which a Session ends.
    public var sessionTimeoutSeconds: Double
    /// Seconds within which a second read of the same barcode is a duplicate.
    public var debounceSeconds: Double
    /// The library's local time zone: due dates and "overdue" are local days.
    public var timeZone: TimeZone

    public init(
        loanLimit: Int = Policy.defaultLoanLimit,
        loanDays: Int = Policy.defaultLoanDays,
        closedWeekdays: Set<Weekday> = Policy.defaultClosedWeekdays,
        closedDates: Set<LocalDate> = [],
        blockOnOverdue: Bool = Policy.defaultBlockOnOverdue,
        sessionTimeoutSeconds: Double = Policy.defaultSessionTimeoutSeconds,
        debounceSeconds: Double = Policy.defaultDebounceSeconds,
        timeZone: TimeZone = .current
    ) {
        self.loanLimit = loanLimit
        self.loanDays = loanDays
        self.closedWeekdays = closedWeekdays
        self.closedDates = closedDates
        self.blockOnOverdue = blockOnOverdue
        self.sessionTimeoutSeconds = sessionTimeoutSeconds
        self.debounceSeconds = debounceSeconds
        self.timeZone = timeZone
    }

    /// Whether the library is closed on `day`.
    public func isClosed(_ day: LocalDate) -> Bool {
        closedWeekdays.contains(day.weekday) || closedDates.contains(day)
    }

    /// The due date of a Loan made at `lentAt`: the lending day plus `loanDays`, moved forward
    /// past closed days. When every day is closed (a configuration the loader refuses), the
    /// unmoved date is returned rather than searching forever.
    public func dueDate(lentAt: Date) -> LocalDate {
        let unmoved = LocalDate(lentAt, in: timeZone).adding(days: loanDays)
        var due = unmoved
        for _ in 0..<Policy.longestClosure {
            if !isClosed(due) { return due }
            due = due.adding(days: 1)
        }
        return unmoved
    }

    /// The due date of a Loan extended at `now`: `loanDays` past its due date, or past today
    /// when it is already overdue, moved forward past closed days.
    public func extendedDue(_ due: LocalDate, at now: Date) -> LocalDate {
        let base = max(due, LocalDate(now, in: timeZone))
        var extended = base.adding(days: loanDays)
        for _ in 0..<Policy.longestClosure where isClosed(extended) {
            extended = extended.adding(days: 1)
        }
        return extended
    }

    /// Days a Loan due on `due` is overdue on the local day of `now`: 0 up to and including
    /// the due date, 1 on the day after.
    public func overdueDays(due: LocalDate, at now: Date) -> Int {
        max(0, due.days(to: LocalDate(now, in: timeZone)))
    }

    public func isOverdue(_ loan: Loan, at now: Date) -> Bool {
        isOverdue(loan, on: LocalDate(now, in: timeZone))
    }

    /// Whether `loan` is overdue on the local day `today` (a list works its day out once).
    public func isOverdue(_ loan: Loan, on today: LocalDate) -> Bool {
        loan.returnedAt == nil && loan.due.days(to: today) > 0
    }

    /// The most closed days in a row that `dueDate` steps over.
    static let longestClosure = 366
}
