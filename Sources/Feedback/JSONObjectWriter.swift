/// Writes one JSON object with its keys in the order they are added: the event stream's lines
/// are compared as text, so their key order must be stable.
///
/// Strings are escaped as RFC 8259 requires (quote, backslash, every control character) and
/// keep non-ASCII characters as UTF-8. U+2028 and U+2029 are escaped too, so a line can be
/// pasted into JavaScript as it is.
public struct JSONObjectWriter: Sendable, Equatable {
    private var members: [String] = []

    public init() {}

    public mutating func add(_ key: String, _ value: String) {
        members.append(JSONObjectWriter.quoted(key) + ":" + JSONObjectWriter.quoted(value))
    }

    public mutating func add(_ key: String, _ value: Bool) {
        members.append(JSONObjectWriter.quoted(key) + ":" + (value ? "true" : "false"))
    }

    public mutating func add(_ key: String, _ value: Int) {
        members.append(JSONObjectWriter.quoted(key) + ":" + String(value))
    }

    /// Adds a member whose value is already JSON text (an array or object made by this writer).
    public mutating func add(_ key: String, json: String) {
        members.append(JSONObjectWriter.quoted(key) + ":" + json)
    }

    /// Adds the member only when `value` is not nil.
    public mutating func add(_ key: String, ifPresent value: String?) {
        if let value { add(key, value) }
    }

    /// Adds the member only when `value` is not nil.
    public mutating func add(_ key: String, ifPresent value: Int?) {
        if let value { add(key, value) }
    }

    /// The object on one line, without a line break.
    public var text: String {
        "{" + members.joined(separator: ",") + "}"
    }

    /// `text` as a JSON string literal, quotes included.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            case "\u{00}"..."\u{1F}", "\u{2028}", "\u{2029}":
                let hex = String(scalar.value, radix: 16, uppercase: false)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        result += "\""
        return result
    }
}
