import Foundation
import Lending

/// An openBD `/v1/get?isbn=` answer read into a `BookRecord`: a JSON array with one element per
/// ISBN asked, `null` for one openBD does not know. The title, authors and publisher come from
/// `summary`; the title's reading from the ONIX title's `collationkey`.
public enum OpenBDAnswer {
    public static func read(_ data: Data, isbn: ISBN, at time: Date) -> SourceReading {
        let parsed: Any
        do {
            parsed = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            return .unreadable("openBD's answer is not JSON")
        }
        guard let entries = parsed as? [Any] else {
            return .unreadable("openBD's answer is not a list of books")
        }
        guard let entry = entries.first, !(entry is NSNull) else { return .notFound }
        guard let book = entry as? [String: Any], let summary = book["summary"] as? [String: Any] else {
            return .unreadable("openBD's answer has no summary")
        }
        guard let title = (summary["title"] as? String)?.nonBlank else {
            return .unreadable("openBD's record for ISBN \(isbn) has no title")
        }
        let titleText = ((((book["onix"] as? [String: Any])?["DescriptiveDetail"] as? [String: Any])?["TitleDetail"] as? [String: Any])?["TitleElement"]
            as? [String: Any])?["TitleText"] as? [String: Any]
        let reading = ReadingText.hiragana((titleText?["collationkey"] as? String)?.nonBlank)
        let authors = authorNames((summary["author"] as? String) ?? "")
        return .found(BookRecord(isbn: isbn.digits, title: title, reading: reading, authors: authors,
                                 publisher: (summary["publisher"] as? String)?.nonBlank, source: .openBD, foundAt: time))
    }

    /// `summary.author`'s names without their roles: "山田玲子／著 水野菜生／英訳" → 山田玲子, 水野菜生.
    static func authorNames(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == " " || $0 == "\u{3000}" }).compactMap { part in
            let name = part.split(separator: "／", maxSplits: 1).first.map(String.init) ?? ""
            return name.nonBlank
        }
    }
}
