import Foundation
import Lending
import Testing

@Suite("LocalDate")
struct LocalDateTests {
    struct ParseCase: Sendable, CustomStringConvertible {
        var description: String
        var text: String
        var expected: LocalDate?
    }

    static let parseCases: [ParseCase] = [
        .init(description: "an ordinary day", text: "2026-12-01", expected: LocalDate(year: 2026, month: 12, day: 1)),
        .init(description: "the last day of the year", text: "2026-12-31", expected: LocalDate(year: 2026, month: 12, day: 31)),
        .init(description: "the first day of the year", text: "2027-01-01", expected: LocalDate(year: 2027, month: 1, day: 1)),
        .init(description: "29 February of a leap year", text: "2028-02-29", expected: LocalDate(year: 2028, month: 2, day: 29)),
        .init(description: "30 February", text: "2026-02-30", expected: nil),
        .init(description: "29 February of a common year", text: "2026-02-29", expected: nil),
        .init(description: "31 April", text: "2026-04-31", expected: nil),
        .init(description: "month 13", text: "2026-13-01", expected: nil),
        .init(description: "month 00", text: "2026-00-10", expected: nil),
        .init(description: "day 00", text: "2026-12-00", expected: nil),
        .init(description: "a one-digit month", text: "2026-1-05", expected: nil),
        .init(description: "a two-digit year", text: "26-12-01", expected: nil),
        .init(description: "slashes", text: "2026/12/01", expected: nil),
        .init(description: "no separators", text: "20261201", expected: nil),
        .init(description: "a time of day after it", text: "2026-12-01T09:00", expected: nil),
        .init(description: "a leading space", text: " 2026-12-01", expected: nil),
        .init(description: "year and month only", text: "2026-12", expected: nil),
        .init(description: "an empty part", text: "2026--12-01", expected: nil),
        .init(description: "a plus sign in the month", text: "2026-+1-05", expected: nil),
        .init(description: "a plus sign in the year", text: "+026-12-01", expected: nil),
        .init(description: "full-width digits", text: "２０２６-１２-０１", expected: nil),
        .init(description: "empty", text: "", expected: nil),
    ]

    @Test("parsing YYYY-MM-DD", arguments: parseCases)
    func parse(_ c: ParseCase) {
        #expect(LocalDate(c.text) == c.expected)
    }

    @Test("description is zero-padded YYYY-MM-DD and parses back")
    func description() throws {
        let day = LocalDate(year: 2027, month: 1, day: 4)
        #expect(day.description == "2027-01-04")
        #expect(LocalDate(day.description) == day)
        #expect(LocalDate(year: 987, month: 3, day: 9).description == "0987-03-09")
        #expect(LocalDate(year: 10_000, month: 1, day: 1).description == "10000-01-01")
        #expect(LocalDate(year: -5, month: 1, day: 1).description == "-005-01-01")
    }

    struct DaysCase: Sendable, CustomStringConvertible {
        var description: String
        var from: String
        var days: Int
        var to: String
    }

    static let dayCases: [DaysCase] = [
        .init(description: "no days", from: "2026-12-01", days: 0, to: "2026-12-01"),
        .init(description: "a week inside a month", from: "2026-12-01", days: 7, to: "2026-12-08"),
        .init(description: "over the end of January", from: "2026-01-31", days: 1, to: "2026-02-01"),
        .init(description: "over the end of a common February", from: "2026-02-28", days: 1, to: "2026-03-01"),
        .init(description: "onto 29 February of a leap year", from: "2028-02-28", days: 1, to: "2028-02-29"),
        .init(description: "over a leap day", from: "2028-02-28", days: 2, to: "2028-03-01"),
        .init(description: "over the end of the year", from: "2026-12-31", days: 1, to: "2027-01-01"),
        .init(description: "a week over the end of the year", from: "2026-12-25", days: 7, to: "2027-01-01"),
        .init(description: "a whole common year", from: "2026-01-01", days: 365, to: "2027-01-01"),
        .init(description: "back over the start of March", from: "2026-03-01", days: -1, to: "2026-02-28"),
        .init(description: "back over the start of the year", from: "2027-01-01", days: -1, to: "2026-12-31"),
        .init(description: "over 29 February of a century year that is not a leap year", from: "2100-02-28", days: 1, to: "2100-03-01"),
        .init(description: "over 29 February of a year divisible by 400", from: "2000-02-28", days: 1, to: "2000-02-29"),
        .init(description: "out of the counted years, where the calendar counts", from: "1600-01-01", days: -1, to: "1599-12-31"),
    ]

    @Test("adding days", arguments: dayCases)
    func adding(_ c: DaysCase) {
        #expect(Fixture.day(c.from).adding(days: c.days) == Fixture.day(c.to))
    }

    @Test("days(to:) counts the days that adding(days:) adds", arguments: dayCases)
    func daysTo(_ c: DaysCase) {
        #expect(Fixture.day(c.from).days(to: Fixture.day(c.to)) == c.days)
        #expect(Fixture.day(c.to).days(to: Fixture.day(c.from)) == -c.days)
    }

    struct WeekdayCase: Sendable, CustomStringConvertible {
        var description: String { "\(day) is \(weekday)" }
        var day: String
        var weekday: Weekday
    }

    static let weekdayCases: [WeekdayCase] = [
        .init(day: "2026-11-20", weekday: .friday),
        .init(day: "2026-11-21", weekday: .saturday),
        .init(day: "2026-11-22", weekday: .sunday),
        .init(day: "2026-11-23", weekday: .monday),
        .init(day: "2026-12-01", weekday: .tuesday),
        .init(day: "2026-12-30", weekday: .wednesday),
        .init(day: "2026-12-31", weekday: .thursday),
        .init(day: "2027-01-01", weekday: .friday),
        .init(day: "2028-02-29", weekday: .tuesday),
    ]

    @Test("weekday", arguments: weekdayCases)
    func weekday(_ c: WeekdayCase) {
        #expect(Fixture.day(c.day).weekday == c.weekday)
    }

    @Test("Foundation's weekday numbers, 1 being Sunday")
    func calendarWeekday() {
        #expect((1...7).map(Weekday.init(calendarWeekday:)) == Weekday.allCases)
        #expect(Weekday(calendarWeekday: 7) == .saturday)
    }

    struct InstantCase: Sendable, CustomStringConvertible {
        var description: String
        var utcInstant: String
        var timeZone: TimeZone
        var expected: String
    }

    static let instantCases: [InstantCase] = [
        .init(description: "23:30 UTC is that day in UTC", utcInstant: "2026-12-01T23:30",
              timeZone: Fixture.utc, expected: "2026-12-01"),
        .init(description: "23:30 UTC is the next day in Tokyo", utcInstant: "2026-12-01T23:30",
              timeZone: Fixture.tokyo, expected: "2026-12-02"),
        .init(description: "14:59:59 UTC is still that day in Tokyo", utcInstant: "2026-12-01T14:59:59",
              timeZone: Fixture.tokyo, expected: "2026-12-01"),
        .init(description: "15:00 UTC is local midnight of the next day in Tokyo", utcInstant: "2026-12-01T15:00",
              timeZone: Fixture.tokyo, expected: "2026-12-02"),
        .init(description: "New Year's Eve 15:00 UTC is New Year's Day in Tokyo", utcInstant: "2026-12-31T15:00",
              timeZone: Fixture.tokyo, expected: "2027-01-01"),
        .init(description: "New Year's Eve 15:00 UTC is New Year's Eve in UTC", utcInstant: "2026-12-31T15:00",
              timeZone: Fixture.utc, expected: "2026-12-31"),
        .init(description: "03:00 UTC is the day before in New York", utcInstant: "2026-12-02T03:00",
              timeZone: Fixture.newYork, expected: "2026-12-01"),
    ]

    @Test("the local day of an instant", arguments: instantCases)
    func localDay(_ c: InstantCase) {
        let instant = Fixture.instant(c.utcInstant, in: Fixture.utc)
        #expect(LocalDate(instant, in: c.timeZone) == Fixture.day(c.expected))
    }

    @Test("the start of a day is its local midnight")
    func startDate() throws {
        let day = Fixture.day("2026-12-02")
        #expect(day.startDate(in: Fixture.tokyo) == Fixture.instant("2026-12-01T15:00", in: Fixture.utc))
        #expect(day.startDate(in: Fixture.utc) == Fixture.instant("2026-12-02T00:00", in: Fixture.utc))
        let start = try #require(day.startDate(in: Fixture.newYork))
        #expect(LocalDate(start, in: Fixture.newYork) == day)
        #expect(LocalDate(start.addingTimeInterval(-1), in: Fixture.newYork) == Fixture.day("2026-12-01"))
    }

    @Test("ordering follows the calendar")
    func ordering() {
        #expect(Fixture.day("2026-12-31") < Fixture.day("2027-01-01"))
        #expect(Fixture.day("2026-09-30") < Fixture.day("2026-10-01"))
        #expect(Fixture.day("2026-12-02") < Fixture.day("2026-12-10"))
        #expect(!(Fixture.day("2026-12-01") < Fixture.day("2026-12-01")))
        #expect([Fixture.day("2027-01-01"), Fixture.day("2026-02-28"), Fixture.day("2026-12-31")].sorted()
            == [Fixture.day("2026-02-28"), Fixture.day("2026-12-31"), Fixture.day("2027-01-01")])
    }
}

/// LocalDate's weekday, day counts and parsing by arithmetic agree with Foundation's Gregorian
/// calendar, which they stand in for on the page's lists.
@Suite("LocalDate without the calendar")
struct LocalDateArithmeticTests {
    static var utcCalendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }

    /// Every day of 1999–2033, and the first of March of years from 1600 to 9999.
    static var days: [Date] {
        let calendar = utcCalendar
        let first = calendar.date(from: DateComponents(year: 1999, month: 1, day: 1))!
        let span = (0..<(35 * 366)).map { first.addingTimeInterval(Double($0) * 86_400) }
        let marches = stride(from: 1600, through: 9999, by: 37).map { calendar.date(from: DateComponents(year: $0, month: 3, day: 1))! }
        return span + marches
    }

    @Test("weekday and days(to:) are the calendar's, and each day's text parses back to it")
    func agreesWithTheCalendar() {
        let calendar = Self.utcCalendar
        let reference = LocalDate(year: 2026, month: 12, day: 1)
        let referenceStart = calendar.date(from: DateComponents(year: 2026, month: 12, day: 1))!
        var disagreements: [String] = []
        for date in Self.days {
            let day = LocalDate(date, in: TimeZone(identifier: "UTC")!)
            if day.weekday != Weekday(calendarWeekday: calendar.component(.weekday, from: date)) { disagreements.append("weekday of \(day)") }
            if reference.days(to: day) != calendar.dateComponents([.day], from: referenceStart, to: date).day! {
                disagreements.append("days to \(day)")
            }
            if LocalDate(day.description) != day { disagreements.append("parsing \(day)") }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
    }

    @Test("days that are not real are refused, in leap years and in century years alike",
          arguments: ["2100-02-29", "1900-02-29", "2026-13-01", "2026-00-10", "2026-06-31", "2026-01-00", "2026-01-32"])
    func unrealDays(text: String) {
        #expect(LocalDate(text) == nil)
    }

    @Test("29 February of years divisible by 400 and by 4 is a day", arguments: ["2000-02-29", "2024-02-29", "1600-02-29"])
    func leapDays(text: String) {
        #expect(LocalDate(text) != nil)
    }

    @Test("the wall clock at an instant is the calendar's, in zones east and west, with half and quarter hours",
          arguments: ["UTC", "Asia/Tokyo", "America/New_York", "Asia/Kathmandu", "Pacific/Chatham", "America/St_Johns", "Europe/London"])
    func wallClockAgreesWithTheCalendar(zone: String) throws {
        let timeZone = try #require(TimeZone(identifier: zone))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        var disagreements: [String] = []
        // Every 2 days 7 h 13 min 17 s from 1969 to 2041 (whole seconds, so every hour of the
        // day and many switches to and from summer time), and fractions of a second after.
        var seconds = -31_536_000.0
        while seconds < 2_240_000_000 {
            for instant in [seconds, seconds + 0.25, seconds + 0.99] {
                let date = Date(timeIntervalSince1970: instant)
                let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
                let wall = try #require(LocalDate.wallClock(date, in: timeZone))
                let expected = (LocalDate(year: parts.year!, month: parts.month!, day: parts.day!),
                                parts.hour! * 3600 + parts.minute! * 60 + parts.second!)
                if wall.day != expected.0 || wall.second != expected.1 || wall.offset != timeZone.secondsFromGMT(for: date) {
                    disagreements.append("\(instant): \(wall) against \(expected)")
                }
                if LocalDate(date, in: timeZone) != expected.0 { disagreements.append("day at \(instant)") }
            }
            seconds += 198_797
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
    }

    @Test("before 1600 and after 9999 the calendar answers", arguments: [-11_676_096_001.0, 253_402_300_800.0])
    func wallClockLeavesFarYearsToTheCalendar(seconds: Double) {
        let date = Date(timeIntervalSince1970: seconds)
        #expect(LocalDate.wallClock(date, in: TimeZone(identifier: "UTC")!) == nil)
        let parts = Self.utcCalendar.dateComponents([.year, .month, .day], from: date)
        #expect(LocalDate(date, in: TimeZone(identifier: "UTC")!) == LocalDate(year: parts.year!, month: parts.month!, day: parts.day!))
    }
}
