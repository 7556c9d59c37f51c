import CEvdev
import ScannerInput

/// SplitMix64 (Steele, Lea, Flood 2014): a small seeded generator, so timing and fuzz
/// input are the same on every run.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// What a scanner does, one step at a time, for the decoder tables and the recordings.
enum Stroke: Sendable {
    /// Types the text with the layout's keys, pressing Shift where the layout needs it.
    case type(String)
    /// Types digits and `.+-*/` with keypad keys.
    case keypad(String)
    /// Press and release.
    case tap(Int32)
    /// A key held down long enough for `repeats` auto-repeat events (value 2), then let go.
    case hold(Int32, repeats: Int)
    /// Ctrl held while typing the key of this character.
    case control(Character)
    /// Alt held while typing these digits on the keypad, then let go.
    case altCode(String)
    /// Nothing for this long.
    case pause(Duration)
    /// `SYN_DROPPED`.
    case synDropped
}

/// Turns strokes into evdev events the way a USB HID scanner sends them: each press and each
/// release is its own frame (`MSC_SCAN` with the HID usage, the key, `SYN_REPORT`, all at one
/// timestamp), 1–16 ms apart, from a seeded generator.
struct Typist {
    let layout: KeyboardLayout
    private var random: SplitMix64
    private(set) var time: Duration
    private(set) var events: [InputEvent] = []

    init(layout: KeyboardLayout, seed: UInt64, start: Duration = .zero) {
        self.layout = layout
        self.random = SplitMix64(seed: seed)
        self.time = start
    }

    static func events(_ strokes: [Stroke], layout: KeyboardLayout, seed: UInt64) -> [InputEvent] {
        var typist = Typist(layout: layout, seed: seed)
        for stroke in strokes { typist.perform(stroke) }
        return typist.events
    }

    mutating func perform(_ stroke: Stroke) {
        switch stroke {
        case .type(let text):
            for character in text {
                guard let (code, shifted) = Self.key(for: character, in: layout) else {
                    fatalError("no key types “\(character)” in layout \(layout)")
                }
                if shifted { frame(KEY_LEFTSHIFT, .press) }
                tap(code)
                if shifted { frame(KEY_LEFTSHIFT, .release) }
            }
        case .keypad(let text):
            for character in text { tap(Self.keypadKeys[character]!) }
        case .tap(let code):
            tap(code)
        case .hold(let code, let repeats):
            frame(code, .press)
            for _ in 0..<repeats { frame(code, .repeat) }
            frame(code, .release)
        case .control(let character):
            let (code, shifted) = Self.key(for: character, in: layout)!
            frame(KEY_LEFTCTRL, .press)
            if shifted { frame(KEY_LEFTSHIFT, .press) }
            tap(code)
            if shifted { frame(KEY_LEFTSHIFT, .release) }
            frame(KEY_LEFTCTRL, .release)
        case .altCode(let digits):
            frame(KEY_LEFTALT, .press)
            perform(.keypad(digits))
            frame(KEY_LEFTALT, .release)
        case .pause(let duration):
            time += duration
        case .synDropped:
            events.append(.synDropped(at: time))
            advance()
        }
    }

    private mutating func tap(_ code: Int32) {
        frame(code, .press)
        frame(code, .release)
    }

    private mutating func frame(_ code: Int32, _ value: KeyValue) {
        if value != .repeat, let usage = Self.hidUsage[code] {
            events.append(InputEvent(time: time, type: UInt16(EV_MSC), code: UInt16(MSC_SCAN), value: 0x70000 + usage))
        }
        events.append(.key(code, value, at: time))
        events.append(.synReport(at: time))
        advance()
    }

    private mutating func advance() {
        time += .milliseconds(Int.random(in: 1...16, using: &random))
    }

    /// The main-block key (and whether Shift is needed) that types `character`.
    static func key(for character: Character, in layout: KeyboardLayout) -> (Int32, Bool)? {
        for shifted in [false, true] {
            for code in 1..<Int32(KEY_KP7) where code != KEY_KPASTERISK && layout.character(forKey: UInt16(code), shifted: shifted) == character {
                return (code, shifted)
            }
            for code in [KEY_RO, KEY_YEN] where layout.character(forKey: UInt16(code), shifted: shifted) == character {
                return (code, shifted)
            }
        }
        return nil
    }

    static let keypadKeys: [Character: Int32] = [
        "0": KEY_KP0, "1": KEY_KP1, "2": KEY_KP2, "3": KEY_KP3, "4": KEY_KP4, "5": KEY_KP5, "6": KEY_KP6,
        "7": KEY_KP7, "8": KEY_KP8, "9": KEY_KP9, ".": KEY_KPDOT, "+": KEY_KPPLUS, "-": KEY_KPMINUS,
        "*": KEY_KPASTERISK, "/": KEY_KPSLASH,
    ]

    /// USB HID keyboard usages (page 7) of the keys, for `MSC_SCAN`.
    static let hidUsage: [Int32: Int32] = {
        var table: [Int32: Int32] = [:]
        let letters: [Int32] = [KEY_A, KEY_B, KEY_C, KEY_D, KEY_E, KEY_F, KEY_G, KEY_H, KEY_I, KEY_J, KEY_K, KEY_L, KEY_M,
                                KEY_N, KEY_O, KEY_P, KEY_Q, KEY_R, KEY_S, KEY_T, KEY_U, KEY_V, KEY_W, KEY_X, KEY_Y, KEY_Z]
        for (index, code) in letters.enumerated() { table[code] = 0x04 + Int32(index) }
        let digits: [Int32] = [KEY_1, KEY_2, KEY_3, KEY_4, KEY_5, KEY_6, KEY_7, KEY_8, KEY_9, KEY_0]
        for (index, code) in digits.enumerated() { table[code] = 0x1E + Int32(index) }
        let keypadDigits: [Int32] = [KEY_KP1, KEY_KP2, KEY_KP3, KEY_KP4, KEY_KP5, KEY_KP6, KEY_KP7, KEY_KP8, KEY_KP9, KEY_KP0]
        for (index, code) in keypadDigits.enumerated() { table[code] = 0x59 + Int32(index) }
        let others: [(Int32, Int32)] = [
            (KEY_ENTER, 0x28), (KEY_ESC, 0x29), (KEY_BACKSPACE, 0x2A), (KEY_TAB, 0x2B), (KEY_SPACE, 0x2C),
            (KEY_MINUS, 0x2D), (KEY_EQUAL, 0x2E), (KEY_LEFTBRACE, 0x2F), (KEY_RIGHTBRACE, 0x30),
            (KEY_BACKSLASH, 0x32), (KEY_SEMICOLON, 0x33), (KEY_APOSTROPHE, 0x34), (KEY_GRAVE, 0x35),
            (KEY_COMMA, 0x36), (KEY_DOT, 0x37), (KEY_SLASH, 0x38), (KEY_CAPSLOCK, 0x39),
            (KEY_KPSLASH, 0x54), (KEY_KPASTERISK, 0x55), (KEY_KPMINUS, 0x56), (KEY_KPPLUS, 0x57),
            (KEY_KPENTER, 0x58), (KEY_KPDOT, 0x63), (KEY_RO, 0x87), (KEY_YEN, 0x89),
            (KEY_LEFTCTRL, 0xE0), (KEY_LEFTSHIFT, 0xE1), (KEY_LEFTALT, 0xE2),
            (KEY_RIGHTCTRL, 0xE4), (KEY_RIGHTSHIFT, 0xE5), (KEY_RIGHTALT, 0xE6),
        ]
        for (code, usage) in others { table[code] = usage }
        return table
    }()
}

/// A stable seed from a case name (FNV-1a), so each recording has its own timing.
func seed(for name: String) -> UInt64 {
    name.utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01B3 }
}
