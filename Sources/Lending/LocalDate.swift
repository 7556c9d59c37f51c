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
        // Ten ASCII bytes, `-` at 4 and 7 and digits elsewhere (a list of Loans reads two a row).
        var (year, month, day) = (0, 0, 0)
        var count = 0
        for byte in text.utf8 {
            defer { count += 1 }
            switch count {
            case 4, 7:
                guard byte == UInt8(ascii: "-") else { return nil }
            case 0..<10:
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                let digit = Int(byte - UInt8(ascii: "0"))
                if count < 4 { year = year * 10 + digit } else if count < 7 { month = month * 10 + digit } else { day = day * 10 + digit }
            default:
                return nil
            }
        }
        guard count == 10 else { return nil }
        self.init(year: year, month: month, day: day)
        // Reject 2026-02-30 and the like: the day must be one of its month's, which the
        // Gregorian rules tell from year 1600 on; before, the calendar's own round trip does.
        if let days = LocalDate.daysInMonth(year: year, month: month) {
            guard day >= 1, day <= days else { return nil }
            return
        }
        guard let start = startDate(in: TimeZone(identifier: "UTC")!),
              LocalDate(start, in: TimeZone(identifier: "UTC")!) == self
        else { return nil }
    }

    /// The local day on which `date` falls in `timeZone`.
    public init(_ date: Date, in timeZone: TimeZone) {
        if let wall = LocalDate.wallClock(date, in: timeZone) {
            self = wall.day
            return
        }
        let parts = LocalDate.calendar(timeZone).dateComponents([.year, .month, .day], from: date)
        self.init(year: parts.year!, month: parts.month!, day: parts.day!)
    }

    /// What a wall clock in `timeZone` shows at `date`: the day, the whole seconds since its
    /// midnight, and the zone's offset from UTC then, in seconds. Counted from the offset with
    /// the Gregorian rules (H. Hinnant's `civil_from_days`), with no `Calendar`, which costs a
    /// scan's answer more than its lend: nil outside the years 1600–9999, where the calendar
    /// answers instead.
    public static func wallClock(_ date: Date, in timeZone: TimeZone) -> (day: LocalDate, second: Int, offset: Int)? {
        let offset = timeZone.secondsFromGMT(for: date)
        let local = (date.timeIntervalSince1970 + Double(offset)).rounded(.down)
        guard local.magnitude < 1e12 else { return nil }
        let seconds = Int(local)
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        guard let day = LocalDate(dayNumber: days) else { return nil }
        return (day, seconds - days * 86_400, offset)
    }

    /// The day `number` days after 1970-01-01 by the Gregorian rules; nil outside 1600–9999.
    init?(dayNumber number: Int) {
        let shifted = number + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        guard (1600...9999).contains(year) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        guard (0...9999).contains(year), (0...99).contains(month), (0...99).contains(day) else {
            return String(format: "%04d-%02d-%02d", year, month, day)
        }
        return LocalDate.zeroPadded(year, width: 4) + "-" + LocalDate.zeroPadded(month, width: 2) + "-"
            + LocalDate.zeroPadded(day, width: 2)
    }

    /// `value` (not negative) in at least `width` digits, zeros in front: written by hand, as
    /// `String(format:)` goes through Foundation's formatter (a date on every scan's line).
    public static func zeroPadded(_ value: Int, width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    /// The first instant of this day in `timeZone`.
    public func startDate(in timeZone: TimeZone) -> Date? {
        LocalDate.calendar(timeZone).date(from: DateComponents(year: year, month: month, day: day))
    }

    /// The day `days` later (earlier when negative).
    public func adding(days: Int) -> LocalDate {
        // The due-date strip adds a day at a time for each of its days: counted, where it can be.
        if let number = dayNumber, let later = LocalDate(dayNumber: number + days) { return later }
        let utc = TimeZone(identifier: "UTC")!
        let calendar = LocalDate.calendar(utc)
        let start = calendar.date(from: DateComponents(year: year, month: month, day: day))!
        return LocalDate(calendar.date(byAdding: .day, value: days, to: start)!, in: utc)
    }

    /// Whole days from `self` to `other` (positive when `other` is later).
    public func days(to other: LocalDate) -> Int {
        if let from = dayNumber, let to = other.dayNumber { return to - from }
        let utc = TimeZone(identifier: "UTC")!
        let calendar = LocalDate.calendar(utc)
        let from = calendar.date(from: DateComponents(year: year, month: month, day: day))!
        let to = calendar.date(from: DateComponents(year: other.year, month: other.month, day: other.day))!
        return calendar.dateComponents([.day], from: from, to: to).day!
    }

    public var weekday: Weekday {
        if let number = dayNumber {
            // 1970-01-01 was a Thursday.
            return Weekday.allCases[((number + 4) % 7 + 7) % 7]
        }
        let utc = TimeZone(identifier: "UTC")!
        let calendar = LocalDate.calendar(utc)
        let start = calendar.date(from: DateComponents(year: year, month: month, day: day))!
        return Weekday(calendarWeekday: calendar.component(.weekday, from: start))
    }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// Days from 1970-01-01 to this day by the Gregorian rules (H. Hinnant's `days_from_civil`),
    /// with no `Calendar`: a page of Loans asks for each one's weekday and overdue days. Only
    /// for real days of the years 1600–9999, where Foundation's Gregorian calendar (Julian
    /// before 1582) counts the same; nil otherwise, and the calendar answers.
    var dayNumber: Int? {
        guard let days = LocalDate.daysInMonth(year: year, month: month), day >= 1, day <= days else { return nil }
        let shifted = month <= 2 ? year - 1 : year
        let era = shifted / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The days of `month` in `year` by the Gregorian rules, for the years 1600–9999; nil for
    /// other years and for a month that is not 1–12.
    static func daysInMonth(year: Int, month: Int) -> Int? {
        guard (1600...9999).contains(year), (1...12).contains(month) else { return nil }
        if month == 2 { return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28 }
        return [4, 6, 9, 11].contains(month) ? 30 : 31
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
