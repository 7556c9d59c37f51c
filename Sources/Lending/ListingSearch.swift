/// How the teachers' page's lists match and order text, the same in every store: a search
/// matches anywhere in the text, with Latin letters A–Z and a–z alike (Japanese has no case,
/// and no store folds other letters the same way), and lists sort by the text's UTF-8 bytes
/// (SQLite's `BINARY`, PostgreSQL's `COLLATE "C"`), which puts kana in 五十音 order.
public enum ListingSearch {
    /// `text` with A–Z lowered and everything else kept: what SQLite's `lower()` and
    /// PostgreSQL's `lower(… COLLATE "C")` give.
    public static func folded(_ text: String) -> String {
        String(decoding: text.utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
    }

    /// Whether `needle` occurs in any of `fields` (nil fields never match), ignoring A–Z case;
    /// an empty needle matches everything.
    public static func matches(_ needle: String, in fields: [String?]) -> Bool {
        let wanted = Array(folded(needle).utf8)
        guard !wanted.isEmpty else { return true }
        return fields.contains { field in
            guard let field else { return false }
            let bytes = Array(folded(field).utf8)
            guard bytes.count >= wanted.count else { return false }
            return (0...(bytes.count - wanted.count)).contains { bytes[$0..<($0 + wanted.count)].elementsEqual(wanted) }
        }
    }

    /// Whether `lhs` sorts before `rhs`: by UTF-8 bytes.
    public static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
    }
}
