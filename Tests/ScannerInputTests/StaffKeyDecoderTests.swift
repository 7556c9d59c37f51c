import CEvdev
import Testing
import TextInput
@testable import ScannerInput

@Suite("Staff key decoder")
struct StaffKeyDecoderTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var layout: KeyboardLayout
        var strokes: [Stroke]
        var keys: [KeyPress]
    }

    /// The keys of `text`: its characters, and the space bar for a space.
    static func typed(_ text: String) -> [KeyPress] {
        text.map { $0 == " " ? .space : .character($0) }
    }

    static let cases: [Case] = [
        Case(testDescription: "US: the staff key, a PIN and Enter", layout: .us,
             strokes: [.tap(KEY_F12), .type("4821"), .tap(KEY_ENTER)],
             keys: [.function(12)] + typed("4821") + [.enter]),
        Case(testDescription: "US: letters with Shift, symbols", layout: .us,
             strokes: [.type("Guri to Gura!"), .type("@#$%^&*()_+{}|:\"<>?~-=[]\\;',./`")],
             keys: typed("Guri to Gura!") + typed("@#$%^&*()_+{}|:\"<>?~-=[]\\;',./`")),
        Case(testDescription: "US: CapsLock makes letters capital and leaves digits alone; Shift undoes it", layout: .us,
             strokes: [.tap(KEY_CAPSLOCK), .type("ab1"), .type("C"), .tap(KEY_CAPSLOCK), .type("d")],
             keys: typed("AB1cd")),
        Case(testDescription: "US: keypad digits and keypad Enter", layout: .us,
             strokes: [.keypad("0123456789.+-*/"), .tap(KEY_KPENTER)],
             keys: typed("0123456789.+-*/") + [.enter]),
        Case(testDescription: "US: Esc, Backspace, q", layout: .us,
             strokes: [.type("ab"), .tap(KEY_BACKSPACE), .tap(KEY_ESC), .type("q")],
             keys: [.character("a"), .character("b"), .backspace, .escape, .character("q")]),
        Case(testDescription: "US: F1–F12 and F13–F24", layout: .us,
             strokes: [KEY_F1, KEY_F2, KEY_F3, KEY_F4, KEY_F5, KEY_F6, KEY_F7, KEY_F8, KEY_F9, KEY_F10, KEY_F11, KEY_F12,
                       KEY_F13, KEY_F14, KEY_F15, KEY_F16, KEY_F17, KEY_F18, KEY_F19, KEY_F20, KEY_F21, KEY_F22, KEY_F23, KEY_F24]
                .map(Stroke.tap),
             keys: (1...24).map(KeyPress.function)),
        Case(testDescription: "US: a held character and a held Backspace repeat", layout: .us,
             strokes: [.hold(KEY_X, repeats: 2), .hold(KEY_BACKSPACE, repeats: 2)],
             keys: typed("xxx") + [.backspace, .backspace, .backspace]),
        Case(testDescription: "US: a held Enter, Esc or F12 counts once", layout: .us,
             strokes: [.hold(KEY_ENTER, repeats: 3), .hold(KEY_ESC, repeats: 3), .hold(KEY_F12, repeats: 3), .hold(KEY_KPENTER, repeats: 1)],
             keys: [.enter, .escape, .function(12), .enter]),
        Case(testDescription: "US: Ctrl and Alt shortcuts type nothing", layout: .us,
             strokes: [.control("c"), .altCode("65"), .type("z")],
             keys: [.character("z")]),
        Case(testDescription: "US: Tab, ↑, ↓ and Insert type nothing", layout: .us,
             strokes: [.tap(KEY_TAB), .tap(KEY_UP), .tap(KEY_DOWN), .tap(KEY_INSERT), .type("1")],
             keys: [.character("1")]),
        Case(testDescription: "US: Space, ← and → are keys, and repeat while held", layout: .us,
             strokes: [.tap(KEY_SPACE), .tap(KEY_LEFT), .tap(KEY_RIGHT), .hold(KEY_SPACE, repeats: 1), .hold(KEY_RIGHT, repeats: 1)],
             keys: [.space, .left, .right, .space, .space, .right, .right]),
        Case(testDescription: "US: Ctrl+Space types no space", layout: .us,
             strokes: [.control(" "), .type("a")],
             keys: [.character("a")]),
        Case(testDescription: "US: the key left of 1 types ` and the JIS keys still count", layout: .us,
             strokes: [.tap(KEY_GRAVE), .tap(KEY_ZENKAKUHANKAKU), .tap(KEY_KATAKANAHIRAGANA), .tap(KEY_HENKAN)],
             keys: [.character("`"), .zenkakuHankaku, .katakanaHiragana, .henkan]),
        Case(testDescription: "JIS: symbols where a Japanese keyboard has them", layout: .jp,
             strokes: [.type("@[]:;^-\\,./ "), .type("!\"#$%&'()=~|`{+*}<>?_")],
             keys: typed("@[]:;^-\\,./ ") + typed("!\"#$%&'()=~|`{+*}<>?_")),
        Case(testDescription: "JIS: the ¥ and ろ keys", layout: .jp,
             strokes: [.tap(KEY_YEN), .tap(KEY_RO), .type("|_")],
             keys: typed("\\\\|_")),
        Case(testDescription: "JIS: the staff key, a PIN on the keypad, keypad Enter", layout: .jp,
             strokes: [.tap(KEY_F12), .keypad("4821"), .tap(KEY_KPENTER)],
             keys: [.function(12)] + typed("4821") + [.enter]),
        Case(testDescription: "JIS: CapsLock; 半角/全角 (either code), 変換 and カタカナ/ひらがな are keys; 無変換 types nothing", layout: .jp,
             strokes: [.tap(KEY_CAPSLOCK), .type("ab"), .tap(KEY_CAPSLOCK), .tap(KEY_GRAVE), .tap(KEY_HENKAN),
                       .tap(KEY_MUHENKAN), .tap(KEY_KATAKANAHIRAGANA), .tap(KEY_ZENKAKUHANKAKU), .type("c")],
             keys: typed("AB") + [.zenkakuHankaku, .henkan, .katakanaHiragana, .zenkakuHankaku] + typed("c")),
        Case(testDescription: "JIS: a held 半角/全角 or 変換 counts once; the separate カタカナ and ひらがな keys switch too", layout: .jp,
             strokes: [.hold(KEY_GRAVE, repeats: 3), .hold(KEY_HENKAN, repeats: 2), .tap(KEY_KATAKANA), .tap(KEY_HIRAGANA)],
             keys: [.zenkakuHankaku, .henkan, .katakanaHiragana, .katakanaHiragana]),
        Case(testDescription: "JIS: leaving staff mode with Esc and q", layout: .jp,
             strokes: [.tap(KEY_ESC), .type("q")],
             keys: [.escape, .character("q")]),
    ]

    @Test(arguments: cases)
    func decodes(_ testCase: Case) {
        var decoder = StaffKeyDecoder(layout: testCase.layout)
        let events = Typist.events(testCase.strokes, layout: testCase.layout, seed: seed(for: testCase.testDescription))
        #expect(events.compactMap { decoder.handle($0) } == testCase.keys)
    }

    @Test("a release types nothing, and Shift held through a resync still shifts")
    func releasesAndResync() {
        var decoder = StaffKeyDecoder(layout: .us)
        #expect(decoder.handle(.key(KEY_A, .release, at: .zero)) == nil)
        #expect(decoder.handle(.key(KEY_F12, .release, at: .zero)) == nil)
        decoder.applyResync(.key(KEY_RIGHTSHIFT, .press, at: .zero))
        #expect(decoder.handle(.key(KEY_A, .press, at: .zero)) == .character("A"))
        decoder.applyResync(.key(KEY_RIGHTSHIFT, .release, at: .zero))
        #expect(decoder.handle(.key(KEY_A, .press, at: .zero)) == .character("a"))
        #expect(decoder.handle(.synDropped(at: .zero)) == nil)
    }

    @Test("JIS: Shift+0 types nothing, the key after it does")
    func jisShiftZero() {
        var decoder = StaffKeyDecoder(layout: .jp)
        let events: [InputEvent] = [
            .key(KEY_LEFTSHIFT, .press, at: .zero), .key(KEY_0, .press, at: .zero), .key(KEY_0, .release, at: .zero),
            .key(KEY_2, .press, at: .zero), .key(KEY_LEFTSHIFT, .release, at: .zero), .key(KEY_0, .press, at: .zero),
        ]
        #expect(events.compactMap { decoder.handle($0) } == [.character("\""), .character("0")])
    }
}
