// How a database keeps the rules' closed days, plainly and the same in SQLite and PostgreSQL:
// weekday names in week order and dates ascending, each list joined by commas
// ("saturday,sunday", "2026-12-29,2026-12-30"); an empty text is an empty set.
extension LibraryRules {
    /// `closedWeekdays` as stored: names in week order, joined by commas.
    public var closedWeekdaysText: String {
        Weekday.allCases.filter(closedWeekdays.contains).map(\.rawValue).joined(separator: ",")
    }

    /// `closedDates` as stored: `YYYY-MM-DD`, ascending, joined by commas.
    public var closedDatesText: String {
        closedDates.sorted().map(\.description).joined(separator: ",")
    }

    /// The weekdays named in `text`; nil when a name is not a weekday.
    public static func closedWeekdays(fromStored text: String) -> Set<Weekday>? {
        var days: Set<Weekday> = []
        for name in text.split(separator: ",") {
            guard let day = Weekday(rawValue: String(name)) else { return nil }
            days.insert(day)
        }
        return days
    }

    /// The dates in `text`; nil when one is not a real `YYYY-MM-DD` date.
    public static func closedDates(fromStored text: String) -> Set<LocalDate>? {
        var dates: Set<LocalDate> = []
        for part in text.split(separator: ",") {
            guard let date = LocalDate(String(part)) else { return nil }
            dates.insert(date)
        }
        return dates
    }
}
