import Foundation
import ScannerInput
import TextInput

/// One line of `bookkiosk simulate`'s input: a barcode, or a directive.
enum SimulationLine: Equatable {
    case scan(String)
    /// `@at 2026-12-01T09:00:00`: set the clock.
    case at(Date)
    /// `@wait 45s`: advance the clock; timers fire.
    case wait(seconds: Double)
    /// `@key F12`, `@type 1234`, `@enter`: keys on the staff keyboard. `@type` types each
    /// character as its own key (a space is the space bar), so with kana input on its letters
    /// go through romaji-to-kana exactly as keys do.
    case keys([KeyPress])
    /// `@unplug NAME` / `@plug NAME`: a Scanner is unplugged or comes back.
    case scannerLost(String)
    case scannerBack(String)
    /// A blank line or a `#` comment.
    case nothing

    struct Invalid: Error, Equatable, CustomStringConvertible {
        var description: String
    }

    /// Reads one line. Barcode lines are taken as they are: what they mean is the kiosk's to say.
    static func parse(_ line: String, timeZone: TimeZone) throws(Invalid) -> SimulationLine {
        // Unicode's white space at either end, without Foundation's character sets (a line a scan).
        var trimmed = Substring(line)
        while trimmed.first?.isWhitespace == true { trimmed.removeFirst() }
        while trimmed.last?.isWhitespace == true { trimmed.removeLast() }
        let text = String(trimmed)
        if text.isEmpty || text.hasPrefix("#") { return .nothing }
        guard text.hasPrefix("@") else { return .scan(text) }
        let parts = text.split(separator: " ", maxSplits: 1).map(String.init)
        let argument = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
        switch parts[0] {
        case "@at":
            guard let date = parseTime(argument, timeZone: timeZone) else {
                throw Invalid(description: "@at needs a time like 2026-12-01T09:00:00 (local) or 2026-12-01T09:00:00+09:00")
            }
            return .at(date)
        case "@wait":
            guard let seconds = parseDuration(argument) else {
                throw Invalid(description: "@wait needs a duration like 45s, 500ms, 2m or 1h")
            }
            return .wait(seconds: seconds)
        case "@key":
            guard let key = parseKey(argument) else {
                throw Invalid(description: "@key needs a key: F1…F24, Esc, Enter, Backspace, Space, Left, Right, Henkan, Zenkaku, Katakana, or one character")
            }
            return .keys([key])
        case "@type":
            guard !argument.isEmpty else { throw Invalid(description: "@type needs the text to type, like @type 1234") }
            return .keys(argument.map { $0 == " " ? KeyPress.space : KeyPress.character($0) })
        case "@enter":
            return .keys([.enter])
        case "@unplug":
            return .scannerLost(argument.isEmpty ? "scanner" : argument)
        case "@plug":
            return .scannerBack(argument.isEmpty ? "scanner" : argument)
        default:
            throw Invalid(description: "\(parts[0]) is not a directive; use @at, @wait, @key, @type, @enter, @unplug or @plug")
        }
    }

    /// `2026-12-01T09:00:00` in `timeZone`, or with an explicit `Z` / `+09:00` offset.
    static func parseTime(_ text: String, timeZone: TimeZone) -> Date? {
        let withZone = ISO8601DateFormatter()
        withZone.formatOptions = [.withInternetDateTime]
        if let date = withZone.date(from: text) { return date }
        let local = ISO8601DateFormatter()
        local.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withDashSeparatorInDate]
        local.timeZone = timeZone
        return local.date(from: text)
    }

    /// `45s`, `1.5s`, `500ms`, `2m`, `1h`, or a bare number of seconds.
    static func parseDuration(_ text: String) -> Double? {
        let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
        for (suffix, scale) in units where text.hasSuffix(suffix) {
            if let value = Double(text.dropLast(suffix.count)), value >= 0, value.isFinite { return value * scale }
        }
        if let value = Double(text), value >= 0, value.isFinite { return value }
        return nil
    }

    static func parseKey(_ text: String) -> KeyPress? {
        switch text.lowercased() {
        case "esc", "escape": return .escape
        case "enter", "return": return .enter
        case "backspace", "bs": return .backspace
        case "space": return .space
        case "left": return .left
        case "right": return .right
        case "henkan", "変換": return .henkan
        case "zenkaku", "zenkakuhankaku", "hankaku", "半角/全角": return .zenkakuHankaku
        case "katakana", "katakanahiragana", "hiragana", "カタカナ/ひらがな": return .katakanaHiragana
        default: break
        }
        if text.count >= 2, text.first == "F" || text.first == "f", let number = Int(text.dropFirst()), (1...24).contains(number) {
            return .function(number)
        }
        return text.count == 1 ? .character(text.first!) : nil
    }
}
