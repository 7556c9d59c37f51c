/// What is being typed into a staff prompt's text field with kana input, as plain values for
/// whatever draws the prompt (the status line, the screen). The field's committed text is the
/// prompt's `typed`; this is the rest: the input mode, and what is being composed after it.
///
/// At most one of the two kinds of composing shows at a time: kana (with the romaji letters not
/// yet kana after them), or a kanji conversion's segments with the current one marked.
public struct TextComposition: Sendable, Equatable {
    /// How typed letters become text.
    public enum Mode: String, Sendable, Hashable, CaseIterable {
        /// Kana input off: keys type themselves.
        case direct
        case hiragana
        case katakana
    }

    public var mode: Mode
    /// Kana being composed, not yet committed (input methods underline them). Empty during a
    /// conversion.
    public var kana: String
    /// Romaji letters typed that are not kana yet (the `k` of a half-typed `ka`).
    public var romaji: String
    /// During a kanji conversion: the text each segment shows now, in order; empty otherwise.
    public var segments: [String]
    /// The segment Space cycles and ←/→ move between; nil when not converting.
    public var currentSegment: Int?

    public init(mode: Mode = .direct, kana: String = "", romaji: String = "", segments: [String] = [], currentSegment: Int? = nil) {
        self.mode = mode
        self.kana = kana
        self.romaji = romaji
        self.segments = segments
        self.currentSegment = currentSegment
    }

    /// Whether anything is being composed.
    public var isComposing: Bool { !kana.isEmpty || !romaji.isEmpty || !segments.isEmpty }
}
