import TextInput

/// Turns the bytes a terminal sends in raw mode into KeyPresses: UTF-8 characters (so Japanese
/// typed through an input method arrives whole), Enter, Backspace, Esc, Space, and the escape
/// sequences of the function keys and of ← → (xterm and the Linux console). A terminal has no
/// 半角/全角 or 変換 key of its own: F2, F3 and Space stand in for them.
public struct TerminalKeyDecoder: Sendable {
    private var pending: [UInt8] = []

    public init() {}

    /// Decodes `bytes` read from the terminal. A lone Esc at the end of a read is Esc; an
    /// escape sequence or UTF-8 character cut by the end of a read waits for the next read.
    public mutating func decode(_ bytes: [UInt8]) -> [KeyPress] {
        pending += bytes
        var keys: [KeyPress] = []
        var index = 0
        while index < pending.count {
            let byte = pending[index]
            switch byte {
            case 0x0D, 0x0A:
                keys.append(.enter)
                index += 1
            case 0x7F, 0x08:
                keys.append(.backspace)
                index += 1
            case 0x20:
                keys.append(.space)
                index += 1
            case 0x1B:
                guard index + 1 < pending.count else {
                    keys.append(.escape)
                    index += 1
                    continue
                }
                guard let (key, length) = TerminalKeyDecoder.escapeSequence(pending[index...]) else {
                    if TerminalKeyDecoder.mayBeIncomplete(pending[index...]) {
                        pending = Array(pending[index...])
                        return keys
                    }
                    keys.append(.escape)
                    index += 1
                    continue
                }
                if let key { keys.append(key) }
                index += length
            case 0x00..<0x20:
                // Other control characters (Tab, Ctrl+letters) mean nothing here.
                index += 1
            default:
                let length = TerminalKeyDecoder.utf8Length(byte)
                guard length > 0 else {
                    index += 1
                    continue
                }
                guard index + length <= pending.count else {
                    pending = Array(pending[index...])
                    return keys
                }
                let scalarBytes = pending[index..<(index + length)]
                if let text = String(validating: scalarBytes, as: UTF8.self), let character = text.first {
                    keys.append(.character(character))
                }
                index += length
            }
        }
        pending = []
        return keys
    }

    /// The key an escape sequence at the start of `bytes` stands for (nil key: a sequence of a
    /// key that means nothing here, such as ↑) and its length; nil when not one.
    static func escapeSequence(_ bytes: ArraySlice<UInt8>) -> (KeyPress?, Int)? {
        let start = bytes.startIndex
        guard bytes.count >= 3 else { return nil }
        let introducer = bytes[start + 1]
        if introducer == UInt8(ascii: "O") {
            // SS3: F1–F4 as ESC O P…S; arrows (in application mode) and keypad also arrive this way.
            let final = bytes[start + 2]
            if let arrow = arrow(final) { return (arrow, 3) }
            let number = Int(final) - Int(UInt8(ascii: "P")) + 1
            return ((1...4).contains(number) ? .function(number) : nil, 3)
        }
        guard introducer == UInt8(ascii: "[") else { return nil }
        // CSI: parameters (digits and ;) then one final byte.
        var index = start + 2
        var parameters = ""
        while index < bytes.endIndex, (bytes[index] >= 0x30 && bytes[index] <= 0x3F) {
            parameters.unicodeScalars.append(Unicode.Scalar(bytes[index]))
            index += 1
        }
        guard index < bytes.endIndex else { return nil }
        let final = bytes[index]
        let length = index - start + 1
        if final == UInt8(ascii: "~") {
            let code = Int(parameters.split(separator: ";").first ?? "") ?? 0
            let functionKeys = [11: 1, 12: 2, 13: 3, 14: 4, 15: 5, 17: 6, 18: 7, 19: 8, 20: 9, 21: 10, 23: 11, 24: 12]
            return (functionKeys[code].map(KeyPress.function), length)
        }
        if parameters.isEmpty, final == UInt8(ascii: "["), index + 1 < bytes.endIndex {
            // The Linux console sends F1–F5 as ESC [ [ A…E.
            let number = Int(bytes[index + 1]) - Int(UInt8(ascii: "A")) + 1
            return ((1...5).contains(number) ? .function(number) : nil, length + 1)
        }
        if let arrow = arrow(final) { return (arrow, length) }
        return (nil, length)
    }

    /// ← and → by the final byte of their sequence (`ESC [ D`, `ESC [ C`; `ESC O D`, `ESC O C`).
    private static func arrow(_ final: UInt8) -> KeyPress? {
        switch final {
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        default: nil
        }
    }

    /// Whether `bytes` (starting with Esc) could still become a sequence with more bytes.
    static func mayBeIncomplete(_ bytes: ArraySlice<UInt8>) -> Bool {
        let start = bytes.startIndex
        guard bytes.count >= 2 else { return true }
        let introducer = bytes[start + 1]
        guard introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else { return false }
        if introducer == UInt8(ascii: "O") { return bytes.count < 3 }
        return bytes.dropFirst(2).allSatisfy { ($0 >= 0x30 && $0 <= 0x3F) || $0 == UInt8(ascii: "[") }
    }

    /// The length of a UTF-8 sequence from its first byte; 0 for a continuation or bad byte.
    static func utf8Length(_ byte: UInt8) -> Int {
        switch byte {
        case 0x20..<0x80: 1
        case 0xC2..<0xE0: 2
        case 0xE0..<0xF0: 3
        case 0xF0..<0xF5: 4
        default: 0
        }
    }
}
