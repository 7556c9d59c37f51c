/// The `Cookie` request header (`bookkiosk_session=ab12; lang=ja`), RFC 6265 §5.4.
public enum CookieHeader {
    /// Name → value. Values are kept as sent (no percent-decoding), without surrounding
    /// double quotes. When a name repeats, the first wins: browsers send the cookie with the
    /// most specific path first. Pieces without `=` or with an empty name are skipped.
    public static func parse(_ header: String) -> [String: String] {
        var cookies: [String: String] = [:]
        for piece in header.split(separator: ";") {
            guard let equals = piece.firstIndex(of: "=") else { continue }
            let name = piece[..<equals].trimmingWhitespace()
            var value = piece[piece.index(after: equals)...].trimmingWhitespace()
            guard !name.isEmpty else { continue }
            if value.count >= 2, value.first == "\"", value.last == "\"" {
                value = value.dropFirst().dropLast()
            }
            if cookies[String(name)] == nil { cookies[String(name)] = String(value) }
        }
        return cookies
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs (HTTP's optional whitespace).
    func trimmingWhitespace() -> Substring {
        let isWhitespace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isWhitespace($0) }) else { return self[endIndex...] }
        let last = lastIndex(where: { !isWhitespace($0) })!
        return self[first...last]
    }
}
