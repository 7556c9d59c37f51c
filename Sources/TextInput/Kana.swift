/// Hiragana and katakana, one to one.
public enum Kana {
    /// The distance from a hiragana to its katakana in Unicode (ぁ U+3041 → ァ U+30A1).
    private static let offset: UInt32 = 0x60
    private static let hiraganaRange: ClosedRange<UInt32> = 0x3041...0x3096
    private static let iterationMarks: ClosedRange<UInt32> = 0x309D...0x309E

    /// `text` with every hiragana as katakana; everything else as it is.
    public static func katakana(_ text: String) -> String {
        shifted(text) { hiraganaRange.contains($0) || iterationMarks.contains($0) ? $0 + offset : nil }
    }

    /// `text` with every katakana that has a hiragana as hiragana; everything else as it is.
    public static func hiragana(_ text: String) -> String {
        shifted(text) { scalar in
            let back = scalar &- offset
            return scalar >= offset && (hiraganaRange.contains(back) || iterationMarks.contains(back)) ? back : nil
        }
    }

    private static func shifted(_ text: String, _ map: (UInt32) -> UInt32?) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if let mapped = map(scalar.value), let new = Unicode.Scalar(mapped) {
                result.append(new)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }
}
