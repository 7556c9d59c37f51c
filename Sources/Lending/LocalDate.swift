import Foundation

/// A calendar day in the library's time zone, with no time of day: a due date, a closed date.
public struct LocalDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `YYYY-MM-DD`; nil when the text is not a real date.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              // Int("+1") is 1: only ASCII digits make the shape.
              parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        self.init(year: year, month: month, day: day)
        // Reject 2026-02-30 and the like: the day must survive a round trip through the calendar.
        guard let start = startDate(in: TimeZone(identifier: "UTC")!),
              LocalDate(start, in: TimeZone(identifier: "UTC")!) == self
        else { return nil }
    }

    /// The local day on which `date` falls in `timeZone`.
    public init(_ date: Date, in timeZone: TimeZone) {
        let parts = LocalDate.calendar(timeZone).dateComponents([.year, .month, .day], from: date)
        self.init(year: parts.year!, month: parts.month!, day: parts.day!)
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        String(format: "%04d-%02d-%02d", year, month, day)
    }

    /// The first instant of this day in `timeZone`.
    public func startDate(in timeZone: TimeZone) -> Date? {
        LocalDate.calendar(timeZone).date(from: DateComponents(year: year, month: month, day: day))
    }

    /// The day `days` later (earlier when negative).
    public func adding(days: Int) -> LocalDate {
        let utc = TimeZone(identifier: "UTC")!
        let calendar = LocalDate.calendar(utc)
        let start = calendar.date(from: DateComponents(year: year, month: month, day: day))!
        return LocalDate(calendar.date(byAdding: .day, value: days, to: start)!, in: utc)
    }

    /// Whole days from `self` to `other` (positive when `other` is later).
    public func days(to other: LocalDate) -> Int {
        let utc = TimeZone(identifier: "UTC")!
        let calendar = LocalDate.calendar(utc)
        let from = calendar.date(from: DateComponents(year: year, month: month, day: day))!
        let to = calendar.date(from: DateComponents(year: other.year, month: other.month, day: other.day))!
        return calendar.dateComponents([.day], from: from, to: to).day!
    }

    public var weekday: Weekday {
        let utc = TimeZone(identifier: "UTC")!
        let calendar = LocalDate.calendar(utc)
        let start = calendar.date(from: DateComponents(year: year, month: month, day: day))!
        return Weekday(calendarWeekday: calendar.component(.weekday, from: start))
    }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    static func calendar(_ timeZone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }
}

/// A day of the week, named as in the configuration (`"saturday"`).
public enum Weekday: String, Sendable, Hashable, CaseIterable {
    case sunday, monday, tuesday, wednesday, thursday, friday, saturday

    /// From Foundation's numbering, where 1 is Sunday.
    public init(calendarWeekday: Int) {
        self = Weekday.allCases[(calendarWeekday - 1) % 7]
    }
}
