import Lending

/// What one service's answer says about one ISBN, read from its bytes (pure: no I/O).
public enum SourceReading: Sendable, Equatable {
    case found(BookRecord)
    /// The service answered and does not have the ISBN.
    case notFound
    /// The answer could not be used: not XML or JSON, an error answer, a record without a title.
    case unreadable(String)
}

/// Readings as the library keeps them.
enum ReadingText {
    /// A source's katakana (or hiragana) transcription as a reading in hiragana; nil where it
    /// holds anything but kana, spaces and ー (such as ` : ` between a title and its subtitle),
    /// so no half-right reading is ever stored.
    static func hiragana(_ transcription: String?) -> String? {
        guard let transcription else { return nil }
        return try? Reading.normalize(transcription)
    }
}

extension String {
    /// Nil when only white space.
    var nonBlank: String? {
        let trimmed = trimmingWhiteSpace
        return trimmed.isEmpty ? nil : trimmed
    }
}

extension SourceReading {
    /// The record read, if any.
    public var record: BookRecord? {
        if case .found(let record) = self { record } else { nil }
    }
}
