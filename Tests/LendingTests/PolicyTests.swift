import Foundation
import Lending
import Testing

@Suite("Policy")
struct PolicyTests {
    @Test("defaults of DESIGN §2")
    func defaults() {
        let policy = Policy(timeZone: Fixture.tokyo)
        #expect(policy.loanLimit == 2)
        #expect(policy.loanDays == 7)
        #expect(policy.closedWeekdays == [.saturday, .sunday])
        #expect(policy.closedDates.isEmpty)
        #expect(policy.blockOnOverdue)
        #expect(policy.sessionTimeoutSeconds == 30)
        #expect(policy.debounceSeconds == 2)
    }

    static let yearEnd: Set<LocalDate> = Set(
        ["2026-12-29", "2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02", "2027-01-03"].map(Fixture.day)
    )

    struct DueCase: Sendable, CustomStringConvertible {
        var description: String
        var policy: Policy
        var lentAt: Date
        var due: String
    }

    static let dueCases: [DueCase] = [
        .init(description: "Monday + 7 is the next Monday", policy: Fixture.policy,
              lentAt: Fixture.tokyo("2026-11-23T10:00"), due: "2026-11-30"),
        .init(description: "Friday + 7 lands on an open Friday", policy: Fixture.policy,
              lentAt: Fixture.tokyo("2026-11-20T10:00"), due: "2026-11-27"),
        .init(description: "Friday + 8 lands on Saturday and moves to Monday",
              policy: Policy(loanDays: 8, timeZone: Fixture.tokyo),
              lentAt: Fixture.tokyo("2026-11-20T10:00"), due: "2026-11-30"),
        .init(description: "Friday + 9 lands on Sunday and moves to Monday",
              policy: Policy(loanDays: 9, timeZone: Fixture.tokyo),
              lentAt: Fixture.tokyo("2026-11-20T10:00"), due: "2026-11-30"),
        .init(description: "Friday + 1 lands on Saturday and moves to Monday",
              policy: Policy(loanDays: 1, timeZone: Fixture.tokyo),
              lentAt: Fixture.tokyo("2026-11-20T10:00"), due: "2026-11-23"),
        .init(description: "no closed weekdays: Saturday stays",
              policy: Policy(loanDays: 8, closedWeekdays: [], timeZone: Fixture.tokyo),
              lentAt: Fixture.tokyo("2026-11-20T10:00"), due: "2026-11-28"),
        .init(description: "a closed weekday of its own (Wednesday) moves to Thursday",
              policy: Policy(closedWeekdays: [.wednesday], timeZone: Fixture.tokyo),
              lentAt: Fixture.tokyo("2026-11-18T10:00"), due: "2026-11-26"),
        .init(description: "a closed Monday moves to Tuesday",
              policy: Policy(closedDates: [Fixture.day("2026-11-30")], timeZone: Fixture.tokyo),
              lentAt: Fixture.tokyo("2026-11-23T10:00"), due: "2026-12-01"),
        .init(description: "a weekend followed by a closed Monday moves to Tuesday",
              policy: Policy(loanDays: 8, closedDates: [Fixture.day("2026-11-30")], timeZone: Fixture.tokyo),
              lentAt: Fixture.tokyo("2026-11-20T10:00"), due: "2026-12-01"),
        .init(description: "a closed Friday followed by a weekend moves to Monday",
              policy: Policy(closedDates: [Fixture.day("2026-11-27")], timeZone: Fixture.tokyo),
              lentAt: Fixture.tokyo("2026-11-20T10:00"), due: "2026-11-30"),
        .init(description: "a closed date on a weekday it does not land on changes nothing",
              policy: Policy(closedDates: [Fixture.day("2026-11-26")], timeZone: Fixture.tokyo),
              lentAt: Fixture.tokyo("2026-11-20T10:00"), due: "2026-11-27"),
        .init(description: "the year-end closure moves 29 December to 4 January",
              policy: Policy(closedDates: yearEnd, timeZone: Fixture.tokyo),
              lentAt: Fixture.tokyo("2026-12-22T10:00"), due: "2027-01-04"),
        .init(description: "the year-end closure moves 31 December to 4 January",
              policy: Policy(closedDates: yearEnd, timeZone: Fixture.tokyo),
              lentAt: Fixture.tokyo("2026-12-24T10:00"), due: "2027-01-04"),
        .init(description: "the day before the year-end closure stays",
              policy: Policy(closedDates: yearEnd, timeZone: Fixture.tokyo),
              lentAt: Fixture.tokyo("2026-12-21T10:00"), due: "2026-12-28"),
        .init(description: "a lend at 23:30 UTC Thursday is a Friday lend in Tokyo",
              policy: Fixture.policy,
              lentAt: Fixture.instant("2026-11-19T23:30", in: Fixture.utc), due: "2026-11-27"),
        .init(description: "the same instant is a Thursday lend in UTC",
              policy: Policy(timeZone: Fixture.utc),
              lentAt: Fixture.instant("2026-11-19T23:30", in: Fixture.utc), due: "2026-11-26"),
        .init(description: "a lend just before Tokyo midnight counts that day",
              policy: Fixture.policy,
              lentAt: Fixture.tokyo("2026-11-19T23:59:59"), due: "2026-11-26"),
        .init(description: "zero loan days on an open day is due the same day",
              policy: Policy(loanDays: 0, timeZone: Fixture.tokyo),
              lentAt: Fixture.tokyo("2026-11-23T10:00"), due: "2026-11-23"),
    ]

    @Test("due date", arguments: dueCases)
    func dueDate(_ c: DueCase) {
        #expect(c.policy.dueDate(lentAt: c.lentAt) == Fixture.day(c.due))
    }

    @Test("with every day closed, the due date is the unmoved one instead of a search forever")
    func everyWeekdayClosed() {
        let policy = Policy(closedWeekdays: Set(Weekday.allCases), timeZone: Fixture.tokyo)
        #expect(policy.dueDate(lentAt: Fixture.tokyo("2026-11-23T10:00")) == Fixture.day("2026-11-30"))
    }

    @Test("with two years of closed dates, the due date is the unmoved one")
    func longClosure() {
        let start = Fixture.day("2026-11-01")
        let closed = Set((0..<730).map { start.adding(days: $0) })
        let policy = Policy(closedWeekdays: [], closedDates: closed, timeZone: Fixture.tokyo)
        #expect(policy.dueDate(lentAt: Fixture.tokyo("2026-11-23T10:00")) == Fixture.day("2026-11-30"))
    }

    @Test("isClosed: closed weekdays and closed dates, nothing else")
    func isClosed() {
        let policy = Policy(closedDates: [Fixture.day("2026-12-30")], timeZone: Fixture.tokyo)
        #expect(policy.isClosed(Fixture.day("2026-11-21")))
        #expect(policy.isClosed(Fixture.day("2026-11-22")))
        #expect(policy.isClosed(Fixture.day("2026-12-30")))
        #expect(!policy.isClosed(Fixture.day("2026-12-29")))
        #expect(!policy.isClosed(Fixture.day("2026-11-20")))
    }

    struct OverdueCase: Sendable, CustomStringConvertible {
        var description: String
        var policy: Policy
        var due: String
        var now: Date
        var days: Int
    }

    static let overdueCases: [OverdueCase] = [
        .init(description: "days before the due date", policy: Fixture.policy, due: "2026-11-30",
              now: Fixture.tokyo("2026-11-25T09:00"), days: 0),
        .init(description: "the due date's first moment", policy: Fixture.policy, due: "2026-11-30",
              now: Fixture.tokyo("2026-11-30T00:00"), days: 0),
        .init(description: "the due date's last moment", policy: Fixture.policy, due: "2026-11-30",
              now: Fixture.tokyo("2026-11-30T23:59:59"), days: 0),
        .init(description: "the next local day's first moment", policy: Fixture.policy, due: "2026-11-30",
              now: Fixture.tokyo("2026-12-01T00:00"), days: 1),
        .init(description: "15:00 UTC on the due date is the next day in Tokyo", policy: Fixture.policy,
              due: "2026-11-30", now: Fixture.instant("2026-11-30T15:00", in: Fixture.utc), days: 1),
        .init(description: "the same instant is still the due date in UTC", policy: Policy(timeZone: Fixture.utc),
              due: "2026-11-30", now: Fixture.instant("2026-11-30T15:00", in: Fixture.utc), days: 0),
        .init(description: "a week later", policy: Fixture.policy, due: "2026-11-30",
              now: Fixture.tokyo("2026-12-07T09:00"), days: 7),
        .init(description: "over the end of the year", policy: Fixture.policy, due: "2026-12-28",
              now: Fixture.tokyo("2027-01-04T09:00"), days: 7),
    ]

    @Test("overdue days", arguments: overdueCases)
    func overdueDays(_ c: OverdueCase) {
        #expect(c.policy.overdueDays(due: Fixture.day(c.due), at: c.now) == c.days)
    }

    @Test("a Loan is overdue from the day after its due date, and only while open")
    func isOverdue() {
        let policy = Fixture.policy
        var loan = Loan(id: 1, book: "B0042", user: "C0001", lentAt: Fixture.tokyo("2026-11-23T10:00"),
                        due: Fixture.day("2026-11-30"))
        #expect(!policy.isOverdue(loan, at: Fixture.tokyo("2026-11-30T18:00")))
        #expect(policy.isOverdue(loan, at: Fixture.tokyo("2026-12-01T08:00")))
        loan.returnedAt = Fixture.tokyo("2026-12-01T08:00")
        #expect(!policy.isOverdue(loan, at: Fixture.tokyo("2026-12-02T08:00")))
    }
}
