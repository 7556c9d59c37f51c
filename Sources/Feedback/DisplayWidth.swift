/// How many terminal columns text takes, from Unicode scalar properties: East Asian Wide and
/// Fullwidth characters (CJK, Hiragana, Katakana, Hangul, fullwidth forms) and emoji shown as
/// emoji take two; combining marks, format characters and controls take none; the rest one.
/// East Asian Ambiguous characters count as one, as terminals outside CJK locales draw them.
public enum DisplayWidth {
    /// Columns of one scalar: 0, 1 or 2.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value == 0 { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control:
            return 0
        default:
            break
        }
        // Hangul medial vowels and final consonants join the syllable before them.
        if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return 0 }
        if scalar.properties.isEmojiPresentation { return 2 }
        for range in wideRanges where range.contains(value) { return 2 }
        return 1
    }

    /// Columns of `text`: the sum over its scalars, as terminals count.
    public static func of<S: StringProtocol>(_ text: S) -> Int {
        text.unicodeScalars.reduce(0) { $0 + of($1) }
    }

    /// `text` cut to at most `width` columns, ending in `…` when it was cut. Never splits a
    /// character (a base and its combining marks stay together).
    public static func truncate(_ text: String, toWidth width: Int) -> String {
        guard width > 0 else { return "" }
        if of(text) <= width { return text }
        let ellipsis = "…"
        let room = width - of(ellipsis)
        var result = ""
        var used = 0
        for character in text {
            let columns = of(String(character))
            if used + columns > room { break }
            result.append(character)
            used += columns
        }
        return result + ellipsis
    }

    /// East Asian Wide (W) and Fullwidth (F) blocks of Unicode 15, merged into ranges; emoji
    /// with emoji presentation are found by their property instead.
    static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F,    // Hangul Jamo initial consonants
        0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0, 0x23F3...0x23F3,
        0x2E80...0x303E,    // CJK radicals, Kangxi, ideographic description, CJK symbols and punctuation
        0x3041...0x33FF,    // Hiragana, Katakana, Bopomofo, Hangul compatibility Jamo, Kanbun, CJK strokes, enclosed, compatibility
        0x3400...0x4DBF,    // CJK Extension A
        0x4DC0...0x4DFF,    // Yijing hexagram symbols
        0x4E00...0x9FFF,    // CJK Unified Ideographs
        0xA000...0xA4CF,    // Yi
        0xA960...0xA97F,    // Hangul Jamo Extended-A
        0xAC00...0xD7A3,    // Hangul syllables
        0xF900...0xFAFF,    // CJK compatibility ideographs
        0xFE10...0xFE19,    // vertical forms
        0xFE30...0xFE6F,    // CJK compatibility forms, small form variants
        0xFF01...0xFF60,    // fullwidth forms
        0xFFE0...0xFFE6,    // fullwidth signs
        0x16FE0...0x16FE4, 0x16FF0...0x16FF1,
        0x17000...0x18CFF,  // Tangut, Khitan
        0x18D00...0x18D08,
        0x1AFF0...0x1B2FF,  // Kana extended, Kana supplement, Nushu
        0x1F200...0x1F2FF,  // enclosed ideographic supplement
        0x20000...0x2FFFD,  // CJK Extensions B–F, compatibility supplement
        0x30000...0x3FFFD,  // CJK Extensions G, H
    ]
}
