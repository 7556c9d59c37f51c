/// `application/x-www-form-urlencoded` text: a query string or a form body (`a=1&b=x+y`).
public enum URLEncodedForm {
    /// The pairs in order, `+` and `%XX` decoded. An empty piece (`a=1&&b=2`) is skipped;
    /// a piece without `=` is a name with an empty value.
    public static func parse(_ text: some StringProtocol) -> [FormField] {
        parse(bytes: Array(text.utf8))
    }

    /// The same, from the bytes of a body.
    public static func parse(bytes: [UInt8]) -> [FormField] {
        bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true).map { piece in
            if let equals = piece.firstIndex(of: UInt8(ascii: "=")) {
                FormField(name: PercentDecoding.decode(piece[..<equals], plusIsSpace: true),
                          value: PercentDecoding.decode(piece[piece.index(after: equals)...], plusIsSpace: true))
            } else {
                FormField(name: PercentDecoding.decode(piece, plusIsSpace: true), value: "")
            }
        }
    }
}
