/// One segment (文節) of a kanji conversion: the kana it covers and the texts it may become,
/// best first.
public struct ConversionSegment: Sendable, Equatable {
    public var reading: String
    public var candidates: [String]

    public init(reading: String, candidates: [String]) {
        self.reading = reading
        self.candidates = candidates
    }

    /// The conversion offered where there is no dictionary: the kana as they are, and in the
    /// other script (hiragana ⇄ katakana).
    public static func kanaOnly(_ reading: String) -> ConversionSegment {
        var candidates = [reading]
        for other in [Kana.hiragana(reading), Kana.katakana(reading)] where !candidates.contains(other) {
            candidates.append(other)
        }
        return ConversionSegment(reading: reading, candidates: candidates)
    }
}
