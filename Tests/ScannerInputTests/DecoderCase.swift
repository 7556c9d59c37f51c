import CEvdev
import ScannerInput
import Testing

/// One decoder case: what the scanner does and what must come out. Each is also a committed
/// recording, `Tests/recordings/NAME.evemu`, with `NAME.expected` (and `NAME.layout`).
struct DecoderCase: Sendable, CustomTestStringConvertible {
    var name: String
    var layout: KeyboardLayout
    var strokes: [Stroke]
    var barcodes: [String]
    var drops: [DroppedScan.Reason] = []

    var testDescription: String { name }

    var events: [InputEvent] {
        Typist.events(strokes, layout: layout, seed: seed(for: name))
    }
}

let gs = "\u{1D}"

// After SYN_DROPPED the cases pause 120 ms, as a real resync does: a kernel replaying the
// recording through uinput (the VM harness) does not pass SYN_DROPPED on, and the pause
// makes the expected barcodes hold there too (the dropped part then falls to the key gap).

let decoderCases: [DecoderCase] = [
    DecoderCase(name: "us-digits", layout: .us,
                strokes: [.type("9784834000825"), .tap(KEY_ENTER)],
                barcodes: ["9784834000825"]),
    DecoderCase(name: "us-shift-letters", layout: .us,
                strokes: [.type("B0042"), .tap(KEY_ENTER), .type("Card-C0001"), .tap(KEY_ENTER)],
                barcodes: ["B0042", "Card-C0001"]),
    DecoderCase(name: "us-symbols", layout: .us,
                strokes: [.type("A1!@#$%^&*()_+{}|:\"<>?~"), .tap(KEY_ENTER), .type("-=[]\\;',./` x"), .tap(KEY_ENTER)],
                barcodes: ["A1!@#$%^&*()_+{}|:\"<>?~", "-=[]\\;',./` x"]),
    DecoderCase(name: "us-capslock", layout: .us,
                strokes: [.tap(KEY_CAPSLOCK), .type("bk"), .type("X"), .type("12"), .tap(KEY_CAPSLOCK), .type("c"), .tap(KEY_ENTER)],
                barcodes: ["BKx12c"]),
    DecoderCase(name: "us-keypad", layout: .us,
                strokes: [.keypad("4901234567894"), .tap(KEY_KPENTER), .keypad("12.5-3+4*2/1"), .tap(KEY_KPENTER)],
                barcodes: ["4901234567894", "12.5-3+4*2/1"]),
    DecoderCase(name: "us-tab-terminator", layout: .us,
                strokes: [.type("C0001"), .tap(KEY_TAB), .type("B0001"), .tap(KEY_ENTER)],
                barcodes: ["C0001", "B0001"]),
    DecoderCase(name: "us-ctrl-gs1", layout: .us,
                strokes: [.type("0104912345678904"), .type("10ABC123"), .control("]"), .type("21XYZ"), .tap(KEY_ENTER)],
                barcodes: ["010491234567890410ABC123\(gs)21XYZ"]),
    DecoderCase(name: "us-ctrl-controls", layout: .us,
                strokes: [.type("AB"), .control("["), .control("\\"), .control("^"), .control("_"), .control("c"), .type("CD"), .tap(KEY_ENTER)],
                barcodes: ["AB\u{1B}\u{1C}\u{1E}\u{1F}\u{03}CD"]),
    DecoderCase(name: "us-alt-keypad", layout: .us,
                strokes: [.type("X1"), .altCode("029"), .altCode("65"), .altCode("322"), .type("9"), .tap(KEY_ENTER)],
                barcodes: ["X1\(gs)AB9"]),
    DecoderCase(name: "us-key-repeat", layout: .us,
                strokes: [.type("ab"), .hold(KEY_C, repeats: 3), .type("d"), .tap(KEY_ENTER)],
                barcodes: ["abcd"]),
    DecoderCase(name: "us-pause-splits", layout: .us,
                strokes: [.type("ab12"), .pause(.milliseconds(150)), .type("C0002"), .tap(KEY_ENTER)],
                barcodes: ["C0002"], drops: [.keysTooFarApart]),
    DecoderCase(name: "us-length-limits", layout: .us,
                strokes: [.type("abc"), .tap(KEY_ENTER), .type("abcd"), .tap(KEY_ENTER),
                          .type(String(repeating: "7", count: 64)), .tap(KEY_ENTER),
                          .type(String(repeating: "8", count: 65)), .tap(KEY_ENTER)],
                barcodes: ["abcd", String(repeating: "7", count: 64)],
                drops: [.tooShort(minimum: 4), .tooLong(maximum: 64)]),
    DecoderCase(name: "us-syn-dropped", layout: .us,
                strokes: [.type("ab"), .synDropped, .pause(.milliseconds(120)), .type("cdef"), .tap(KEY_ENTER)],
                barcodes: ["cdef"], drops: [.eventsLost]),
    DecoderCase(name: "us-unfinished-at-end", layout: .us,
                strokes: [.type("B0001"), .tap(KEY_ENTER), .type("B00")],
                barcodes: ["B0001"], drops: [.inputEnded]),
    DecoderCase(name: "jp-digits-letters", layout: .jp,
                strokes: [.type("ISBN9784834000825"), .tap(KEY_ENTER), .type("B0042"), .tap(KEY_ENTER)],
                barcodes: ["ISBN9784834000825", "B0042"]),
    DecoderCase(name: "jp-symbols", layout: .jp,
                strokes: [.type("@[]:;^-\\,./ "), .tap(KEY_ENTER), .type("!\"#$%&'()=~|`{+*}<>?_"), .tap(KEY_ENTER)],
                barcodes: ["@[]:;^-\\,./ ", "!\"#$%&'()=~|`{+*}<>?_"]),
    DecoderCase(name: "jp-ctrl-gs1", layout: .jp,
                strokes: [.type("0104912345678904"), .type("10ABC123"), .control("]"), .type("21XYZ"), .tap(KEY_ENTER)],
                barcodes: ["010491234567890410ABC123\(gs)21XYZ"]),
    DecoderCase(name: "jp-alt-keypad", layout: .jp,
                strokes: [.type("X1"), .altCode("029"), .altCode("64"), .type("9"), .tap(KEY_ENTER)],
                barcodes: ["X1\(gs)@9"]),
    DecoderCase(name: "jp-keypad-capslock", layout: .jp,
                strokes: [.tap(KEY_CAPSLOCK), .type("ab"), .tap(KEY_CAPSLOCK), .keypad("123"), .tap(KEY_KPENTER)],
                barcodes: ["AB123"]),
    DecoderCase(name: "jp-pause-and-drop", layout: .jp,
                strokes: [.type("C00"), .pause(.milliseconds(250)), .type("C0003"), .tap(KEY_TAB),
                          .type("B0"), .synDropped, .pause(.milliseconds(120)), .type("B0004"), .tap(KEY_ENTER)],
                barcodes: ["C0003", "B0004"], drops: [.keysTooFarApart, .eventsLost]),
]
