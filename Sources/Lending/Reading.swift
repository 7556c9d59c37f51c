/// A name's reading (よみがな), kept in hiragana so lists sort 五十音順 and the kiosk's speech
/// says it instead of a kanji name the speech engine would read wrongly.
public enum Reading {
    /// Why a reading was refused.
    public struct Invalid: Error, Equatable, CustomStringConvertible {
        /// The first character that is not kana, a space or ー.
        public var character: Character

        public init(character: Character) {
            self.character = character
        }

        public var description: String {
            "the reading may hold only kana (ひらがな or カタカナ), spaces and ー, not 「\(character)」"
        }
    }

    /// The reading in hiragana: katakana become hiragana, full-width spaces plain ones, runs of
    /// spaces one, and the ends trimmed; nil for an empty reading. Throws `Invalid` for anything
    /// but kana, spaces and ー.
    public static func normalize(_ text: String) throws(Invalid) -> String? {
        var scalars = String.UnicodeScalarView()
        var lastWasSpace = true
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if scalar == " " || scalar == "\u{3000}" || scalar == "\t" {
                if !lastWasSpace { scalars.append(" ") }
                lastWasSpace = true
                continue
            }
            lastWasSpace = false
            switch value {
            case 0x30A1...0x30F6:  // ァ…ヶ → ぁ…ゖ
                scalars.append(Unicode.Scalar(value - 0x60)!)
            case 0x30FD, 0x30FE:  // ヽヾ → ゝゞ
                scalars.append(Unicode.Scalar(value - 0x60)!)
            case 0x3041...0x3096, 0x309D, 0x309E, 0x30FC, 0x3099...0x309C:
                scalars.append(scalar)
            default:
                throw Invalid(character: Character(scalar))
            }
        }
        var result = String(scalars)
        if result.hasSuffix(" ") { result.removeLast() }
        return result.isEmpty ? nil : result
    }
}
