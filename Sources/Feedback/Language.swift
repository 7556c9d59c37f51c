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

    /// A due date as speech should say it: in Japanese all in kana (`じゅうにがつ みっか もくようび`),
    /// which espeak-ng reads correctly; in English the same as `dueDateText`.
    public func spokenDueDateText(_ date: LocalDate) -> String {
        switch self {
        case .ja:
            let day = Language.japaneseDayReadings[date.day] ?? "\(date.day)にち"
            return "\(Language.japaneseMonthReadings[date.month - 1]) \(day) "
                + Language.japaneseWeekdayReadings[date.weekday]!
        case .en:
            return dueDateText(date)
        }
    }

    static let japaneseWeekdayReadings: [Weekday: String] = [
        .sunday: "にちようび", .monday: "げつようび", .tuesday: "かようび", .wednesday: "すいようび",
        .thursday: "もくようび", .friday: "きんようび", .saturday: "どようび",
    ]

    static let japaneseMonthReadings = [
        "いちがつ", "にがつ", "さんがつ", "しがつ", "ごがつ", "ろくがつ",
        "しちがつ", "はちがつ", "くがつ", "じゅうがつ", "じゅういちがつ", "じゅうにがつ",
    ]

    /// The days of the month whose reading is not the number and にち.
    static let japaneseDayReadings: [Int: String] = [
        1: "ついたち", 2: "ふつか", 3: "みっか", 4: "よっか", 5: "いつか", 6: "むいか", 7: "なのか",
        8: "ようか", 9: "ここのか", 10: "とおか", 14: "じゅうよっか", 20: "はつか", 24: "にじゅうよっか",
    ]

    static let japaneseWeekdays: [Weekday: String] = [
        .sunday: "日", .monday: "月", .tuesday: "火", .wednesday: "水",
        .thursday: "木", .friday: "金", .saturday: "土",
    ]

    static let englishMonths = [
        "January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December",
    ]
}
