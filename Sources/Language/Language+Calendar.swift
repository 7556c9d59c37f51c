import Lending

// The names of the days of the week and of the months, written once for every place that shows
// or says a date. Japanese names a month by its number (`12月`), so only English has month names.
extension Language {
    /// The weekday's name: `木曜日`, `Thursday`.
    public func name(of day: Weekday) -> String {
        switch self {
        case .ja: shortName(of: day) + "曜日"
        case .en: day.rawValue.prefix(1).uppercased() + day.rawValue.dropFirst()
        }
    }

    /// The weekday in one character or three letters, as a date shows it: `木`, `Thu`.
    public func shortName(of day: Weekday) -> String {
        switch self {
        case .ja: Language.japaneseWeekdayMarks[day]!
        case .en: String(name(of: day).prefix(3))
        }
    }

    /// The weekday as a child reads and hears it: `もくようび`, `Thursday`.
    public func reading(of day: Weekday) -> String {
        switch self {
        case .ja: Language.japaneseWeekdayReadings[day]! + "ようび"
        case .en: name(of: day)
        }
    }

    /// The month's English name, 1 being January: `December`.
    public static func englishMonthName(_ month: Int) -> String {
        englishMonths[month - 1]
    }

    /// The month's English name in three letters: `Dec`.
    public static func shortEnglishMonthName(_ month: Int) -> String {
        String(englishMonths[month - 1].prefix(3))
    }

    private static let japaneseWeekdayMarks: [Weekday: String] = [
        .sunday: "日", .monday: "月", .tuesday: "火", .wednesday: "水",
        .thursday: "木", .friday: "金", .saturday: "土",
    ]

    private static let japaneseWeekdayReadings: [Weekday: String] = [
        .sunday: "にち", .monday: "げつ", .tuesday: "か", .wednesday: "すい",
        .thursday: "もく", .friday: "きん", .saturday: "ど",
    ]

    private static let englishMonths = [
        "January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December",
    ]
}
