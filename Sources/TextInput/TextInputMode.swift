/// How typed letters become text.
public enum TextInputMode: String, Sendable, Hashable, CaseIterable {
    /// Keys type themselves (kana input off).
    case direct
    /// Romaji become hiragana.
    case hiragana
    /// Romaji become katakana.
    case katakana
}
