import Lending

/// The language of the kiosk's messages and speech: Japanese (the default) or English.
public enum Language: String, Sendable, Hashable, CaseIterable {
    case ja
    case en

    public static let `default` = Language.ja

    /// A due date as a child hears it: `12月3日(木)` or `Thursday 3 December`.
    public func dueDateText(_ date: LocalDate) -> String {
        switch self {
        case .ja: "\(date.month)月\(date.day)日(\(shortName(of: date.weekday)))"
        case .en: "\(name(of: date.weekday)) \(date.day) \(Language.englishMonthName(date.month))"
        }
    }
}
