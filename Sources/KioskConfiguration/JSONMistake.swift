import Foundation

/// Where a configuration file's JSON goes wrong, and the likely cause, worded for a teacher:
/// the line and column, and a name for the mistakes people make most, such as 「“」 typed by
/// a Japanese input method where JSON needs a plain `"`.
public struct JSONMistake: Sendable, Equatable, CustomStringConvertible {
    public enum Cause: Sendable, Equatable {
        /// A quote from a Japanese input method (or a word processor): “ ” ＂ ‘ ’.
        case typographicQuote(Character)
        /// Another full-width sign where JSON needs the plain one: ： ， ｛ ｝ ［ ］ or a full-width space.
        case fullWidthSign(Character, plain: String)
        /// The file ends before every { and [ is closed.
        case unexpectedEnd
        /// Something else; JSON's own words.
        case other(String)
    }

    /// 1-based; nil when the parser gave no place.
    public var line: Int?
    public var column: Int?
    public var cause: Cause

    /// The mistake in `data`, which `JSONSerialization` refused with `error`.
    public init(in data: Data, error: any Error) {
        let text = String(decoding: data, as: UTF8.self)
        let message = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String) ?? error.localizedDescription
        // A typographic quote or full-width sign outside a string is almost always the cause,
        // wherever the parser happened to stop.
        if let (offset, character) = Self.firstFullWidthSign(in: text) {
            (line, column) = Self.position(of: offset, in: text)
            cause = Self.plain[character].map { character == "“" || character == "”" || character == "＂" || character == "‘" || character == "’"
                ? .typographicQuote(character) : .fullWidthSign(character, plain: $0) }!
            return
        }
        if message.contains("end of file") || message.contains("Unexpected end") {
            cause = .unexpectedEnd
            (line, column) = Self.position(of: text.utf8.count, in: text)
            return
        }
        cause = .other(message)
        if let range = message.range(of: #"character (\d+)"#, options: .regularExpression),
           let offset = Int(message[range].dropFirst("character ".count)) {
            (line, column) = Self.position(of: offset, in: text)
        }
    }

    static let plain: [Character: String] = [
        "“": "\"", "”": "\"", "＂": "\"", "‘": "\"", "’": "\"",
        "：": ":", "，": ",", "｛": "{", "｝": "}", "［": "[", "］": "]", "\u{3000}": " ",
    ]

    /// The first sign of `plain` outside a JSON string, with its UTF-8 offset.
    static func firstFullWidthSign(in text: String) -> (Int, Character)? {
        var inString = false, escaped = false
        var offset = 0
        for character in text {
            defer { offset += character.utf8.count }
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
                continue
            }
            if character == "\"" { inString = true; continue }
            if plain[character] != nil { return (offset, character) }
        }
        return nil
    }

    /// The 1-based line and column (in characters) of the UTF-8 `offset` in `text`.
    static func position(of offset: Int, in text: String) -> (Int, Int) {
        var line = 1, column = 1, seen = 0
        for character in text {
            if seen >= offset { break }
            seen += character.utf8.count
            if character == "\n" || character == "\r\n" { line += 1; column = 1 } else { column += 1 }
        }
        return (line, column)
    }

    public var description: String {
        let place = line.map { line in "line \(line), column \(column ?? 1): " } ?? ""
        switch cause {
        case .typographicQuote(let character):
            return place + "「\(character)」 is a quote typed by a Japanese input method (全角の引用符); JSON needs the plain \" (半角の \"). Switch the input method off (半角英数) and type the quotes again"
        case .fullWidthSign(let character, let plain):
            return place + "「\(character)」 is a full-width sign (全角); JSON needs the plain \(plain == " " ? "space" : "\"\(plain)\"") (半角). Switch the input method off (半角英数) and type it again"
        case .unexpectedEnd:
            return place + "the file ends too early; a } or ] is missing at the end"
        case .other(let message):
            return place + "this is not valid JSON (\(message)); check for a missing comma, quote or brace just before this place"
        }
    }
}
