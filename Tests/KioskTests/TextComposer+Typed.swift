import TextInput

extension TextComposer {
    /// A composer in `mode` after `romaji` was typed (nothing committed).
    static func typed(_ romaji: String, mode: TextInputMode = .hiragana) -> TextComposer {
        var composer = TextComposer(mode: mode)
        for letter in romaji { _ = composer.handle(.character(letter)) }
        return composer
    }

    /// A composer showing the conversion of `romaji` into `segments`, with `current` the
    /// segment moved to (→) and Space pressed `cycles` times on it.
    static func converting(_ romaji: String, into segments: [ConversionSegment], current: Int = 0, cycles: Int = 0) -> TextComposer {
        var composer = typed(romaji)
        if let kana = composer.handle(.space).convert { composer.show(segments, of: kana) }
        for _ in 0..<current { _ = composer.handle(.right) }
        for _ in 0..<cycles { _ = composer.handle(.space) }
        return composer
    }
}
