import CEvdev

/// The keyboard layout a Scanner is set to type with. The kernel reports key positions, not
/// characters, so the same key code means `[` on a US scanner and `@`'s neighbour on a
/// Japanese one: the layout must match the scanner's own setting.
public enum KeyboardLayout: String, Sendable, Hashable, CaseIterable {
    /// US English (ANSI), the default of most scanners.
    case us
    /// Japanese (JIS, 106/109 keys), the `jp` setting of scanners sold in Japan.
    case jp

    /// Parses `us` or `jp` (also accepts `jis`, any case).
    public init(parsing text: String) throws(ScannerConfigurationError) {
        switch text.lowercased() {
        case "us": self = .us
        case "jp", "jis": self = .jp
        default: throw .badLayout(text)
        }
    }

    /// The character a main-block or keypad key types, or nil when the key types none.
    /// `shifted` is Shift; CapsLock is applied by the caller to letters only.
    public func character(forKey code: UInt16, shifted: Bool) -> Character? {
        if let letter = Self.letters[code] {
            return shifted ? Character(letter.uppercased()) : letter
        }
        if let keypad = Self.keypad[code] {
            return keypad
        }
        let table = switch self {
        case .us: Self.usSymbols
        case .jp: Self.jisSymbols
        }
        guard let pair = table[code] else { return nil }
        return shifted ? pair.shifted : pair.plain
    }

    /// Whether `code` is a letter key A…Z (the keys CapsLock affects).
    public static func isLetter(_ code: UInt16) -> Bool {
        letters[code] != nil
    }

    /// The keypad digit 0…9 of `code`, used for Alt+keypad codes.
    public static func keypadDigit(_ code: UInt16) -> Int? {
        keypadDigits[code]
    }

    private struct Pair {
        var plain: Character?
        var shifted: Character?
    }

    private static func table(_ entries: [(Int32, Character?, Character?)]) -> [UInt16: Pair] {
        Dictionary(uniqueKeysWithValues: entries.map { (UInt16($0.0), Pair(plain: $0.1, shifted: $0.2)) })
    }

    private static let letters: [UInt16: Character] = {
        let codes: [Int32] = [
            KEY_A, KEY_B, KEY_C, KEY_D, KEY_E, KEY_F, KEY_G, KEY_H, KEY_I, KEY_J, KEY_K, KEY_L, KEY_M,
            KEY_N, KEY_O, KEY_P, KEY_Q, KEY_R, KEY_S, KEY_T, KEY_U, KEY_V, KEY_W, KEY_X, KEY_Y, KEY_Z,
        ]
        return Dictionary(uniqueKeysWithValues: zip(codes.map { UInt16($0) }, "abcdefghijklmnopqrstuvwxyz"))
    }()

    private static let keypadDigits: [UInt16: Int] = {
        let codes: [Int32] = [KEY_KP0, KEY_KP1, KEY_KP2, KEY_KP3, KEY_KP4, KEY_KP5, KEY_KP6, KEY_KP7, KEY_KP8, KEY_KP9]
        return Dictionary(uniqueKeysWithValues: codes.enumerated().map { (UInt16($0.element), $0.offset) })
    }()

    /// Keypad keys type the same in every layout (NumLock is assumed on, as scanners expect).
    private static let keypad: [UInt16: Character] = {
        var table = keypadDigits.mapValues { Character(String($0)) }
        table[UInt16(KEY_KPDOT)] = "."
        table[UInt16(KEY_KPPLUS)] = "+"
        table[UInt16(KEY_KPMINUS)] = "-"
        table[UInt16(KEY_KPASTERISK)] = "*"
        table[UInt16(KEY_KPSLASH)] = "/"
        return table
    }()

    private static let usSymbols = table([
        (KEY_1, "1", "!"), (KEY_2, "2", "@"), (KEY_3, "3", "#"), (KEY_4, "4", "$"), (KEY_5, "5", "%"),
        (KEY_6, "6", "^"), (KEY_7, "7", "&"), (KEY_8, "8", "*"), (KEY_9, "9", "("), (KEY_0, "0", ")"),
        (KEY_MINUS, "-", "_"), (KEY_EQUAL, "=", "+"), (KEY_LEFTBRACE, "[", "{"), (KEY_RIGHTBRACE, "]", "}"),
        (KEY_BACKSLASH, "\\", "|"), (KEY_SEMICOLON, ";", ":"), (KEY_APOSTROPHE, "'", "\""),
        (KEY_GRAVE, "`", "~"), (KEY_COMMA, ",", "<"), (KEY_DOT, ".", ">"), (KEY_SLASH, "/", "?"),
        (KEY_SPACE, " ", " "),
    ])

    /// JIS 106/109: the symbols move, `KEY_RO` (ろ) and `KEY_YEN` (¥) add keys, and
    /// `KEY_GRAVE` is 半角/全角, which types nothing. Shift+0 types nothing on JIS.
    private static let jisSymbols = table([
        (KEY_1, "1", "!"), (KEY_2, "2", "\""), (KEY_3, "3", "#"), (KEY_4, "4", "$"), (KEY_5, "5", "%"),
        (KEY_6, "6", "&"), (KEY_7, "7", "'"), (KEY_8, "8", "("), (KEY_9, "9", ")"), (KEY_0, "0", nil),
        (KEY_MINUS, "-", "="), (KEY_EQUAL, "^", "~"), (KEY_YEN, "\\", "|"),
        (KEY_LEFTBRACE, "@", "`"), (KEY_RIGHTBRACE, "[", "{"), (KEY_BACKSLASH, "]", "}"),
        (KEY_SEMICOLON, ";", "+"), (KEY_APOSTROPHE, ":", "*"),
        (KEY_COMMA, ",", "<"), (KEY_DOT, ".", ">"), (KEY_SLASH, "/", "?"), (KEY_RO, "\\", "_"),
        (KEY_SPACE, " ", " "),
    ])
}
