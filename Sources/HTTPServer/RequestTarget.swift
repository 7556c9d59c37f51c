/// The request line's target (`/books?q=%E3%81%90&page=2`), split into a decoded path and
/// the query's fields.
public struct RequestTarget: Sendable, Equatable {
    /// Percent-decoded; `+` stays `+` in a path.
    public var path: String
    public var query: [FormField]

    public init(path: String, query: [FormField]) {
        self.path = path
        self.query = query
    }

    /// Splits at the first `?`; a fragment (`#…`, which browsers do not send) is dropped.
    /// An absolute target (`http://host/path`, sent to proxies) keeps only its path.
    public init(parsing target: String) {
        var text = Substring(target)
        if let hash = text.firstIndex(of: "#") { text = text[..<hash] }
        if let scheme = text.range(of: "://"), !text[..<scheme.lowerBound].contains("/") {
            let afterAuthority = text[scheme.upperBound...]
            text = afterAuthority.firstIndex(where: { $0 == "/" || $0 == "?" }).map { afterAuthority[$0...] } ?? "/"
        }
        let rawPath: Substring
        let rawQuery: Substring
        if let question = text.firstIndex(of: "?") {
            rawPath = text[..<question]
            rawQuery = text[text.index(after: question)...]
        } else {
            rawPath = text
            rawQuery = ""
        }
        let path = PercentDecoding.decode(Array(rawPath.utf8), plusIsSpace: false)
        self.init(path: path.isEmpty ? "/" : path, query: URLEncodedForm.parse(rawQuery))
    }
}
