import Feedback
import Testing

@Suite struct DisplayWidthTests {
    struct WidthCase: Sendable, CustomTestStringConvertible {
        var text: String
        var width: Int
        var testDescription: String { "\(text.debugDescription) → \(width)" }
    }

    @Test(arguments: [
        WidthCase(text: "", width: 0),
        WidthCase(text: "Scan your card", width: 14),
        WidthCase(text: "カードをスキャンしてね", width: 22),       // Katakana and Hiragana
        WidthCase(text: "絵本", width: 4),                          // CJK ideographs
        WidthCase(text: "「ぐりとぐら」", width: 14),                  // CJK punctuation
        WidthCase(text: "ＡＢＣ１", width: 8),                        // fullwidth forms
        WidthCase(text: "ｶｰﾄﾞ", width: 4),                           // halfwidth Katakana stay narrow
        WidthCase(text: "한글", width: 4),                            // Hangul syllables
        WidthCase(text: "😀🐛", width: 4),                            // emoji presentation
        WidthCase(text: "e\u{301}", width: 1),                       // combining acute accent
        WidthCase(text: "か\u{3099}", width: 2),                      // combining dakuten
        WidthCase(text: "a\u{200D}b\u{FE0F}", width: 2),             // ZWJ and variation selector
        WidthCase(text: "✓ ↩ ✗ ☺ ↻ ✦ ⊘ ⟳ › !", width: 19),           // the status line's symbols
        WidthCase(text: "…", width: 1),
        WidthCase(text: "\u{20000}", width: 2),                       // CJK Extension B
        WidthCase(text: "\u{1B}", width: 0),
    ])
    func width(_ example: WidthCase) {
        #expect(DisplayWidth.of(example.text) == example.width)
    }

    struct CutCase: Sendable, CustomTestStringConvertible {
        var text: String
        var width: Int
        var result: String
        var testDescription: String { "\(text) @\(width)" }
    }

    @Test(arguments: [
        CutCase(text: "Scan your card", width: 14, result: "Scan your card"),
        CutCase(text: "Scan your card", width: 13, result: "Scan your ca…"),
        CutCase(text: "カードをスキャンしてね", width: 10, result: "カードを…"),
        // A wide character that would stick out one column is left out, not split.
        CutCase(text: "カードをスキャンしてね", width: 11, result: "カードをス…"),
        CutCase(text: "カードをスキャンしてね", width: 12, result: "カードをス…"),
        CutCase(text: "cafe\u{301} au lait", width: 5, result: "cafe\u{301}…"),
        CutCase(text: "abc", width: 1, result: "…"),
        CutCase(text: "abc", width: 0, result: ""),
    ])
    func truncate(_ example: CutCase) {
        let cut = DisplayWidth.truncate(example.text, toWidth: example.width)
        #expect(cut == example.result)
        #expect(DisplayWidth.of(cut) <= example.width)
    }
}
