import Lending

/// The language of the kiosk's messages and speech: Japanese (the default) or English.
public enum Language: String, Sendable, Hashable, CaseIterable {
    case ja
    case en

    public static let `default` = Language.ja

    /// A due date as a child hears it: `12月3日(木)` or `Thursday 3 December`.
    public func dueDateText(_ date: LocalDate) -> String {
        switch self {
        case .ja:
            return "\(date.month)月\(date.day)日(\(Language.japaneseWeekdays[date.weekday]!))"
        case .en:
            let weekday = date.weekday.rawValue.prefix(1).uppercased() + date.weekday.rawValue.dropFirst()
            return "\(weekday) \(date.day) \(Language.englishMonths[date.month - 1])"
        }
    }

    static let japaneseWeekdays: [Weekday: String] = [
        .sunday: "日", .monday: "月", .tuesday: "火", .wednesday: "水",
        .thursday: "木", .friday: "金", .saturday: "土",
    ]

    static let englishMonths = [
        "January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December",
    ]
}
