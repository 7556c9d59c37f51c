/// The page's words for 「使い方」, the teachers' guide it serves (part of `PageWords`; each
/// language's words are in `JapanesePageWords+Guide.swift` and `EnglishPageWords+Guide.swift`).
/// The guide itself is written in Japanese, for the teachers who use the page.
public protocol GuidePageWords {
    /// The navigation's link to the guide.
    var guide: String { get }
    /// Said above the guide where the page speaks another language than the guide.
    var guideLanguageNote: String { get }
    /// Said when the guide's file is not on this computer.
    var guideMissing: String { get }
}
