import Foundation

/// What a national library or a book database says about an ISBN: the title, its reading, who
/// wrote it and who published it, and where it came from. Kept in the library's lookup cache
/// (`BookStore.bookRecord(isbn:)`), so a second copy, a re-import or a school that is
/// offline today needs no request.
public struct BookRecord: Sendable, Equatable {
    /// The ISBN-13 the record was found for.
    public var isbn: String
    public var title: String
    /// The title's reading in hiragana (see `Reading`); nil where the source gave none, or one
    /// with anything but kana, spaces and ー in it.
    public var reading: String?
    /// The authors, illustrators and translators, as the source names them, in its order.
    public var authors: [String]
    public var publisher: String?
    public var source: BookRecordSource
    /// When it was found.
    public var foundAt: Date

    public init(isbn: String, title: String, reading: String? = nil, authors: [String] = [], publisher: String? = nil,
                source: BookRecordSource, foundAt: Date) {
        self.isbn = isbn
        self.title = title
        self.reading = reading
        self.authors = authors
        self.publisher = publisher
        self.source = source
        self.foundAt = foundAt
    }

    /// The authors as one Book's author: joined by 「、」; nil for none.
    public var author: String? {
        authors.isEmpty ? nil : authors.joined(separator: "、")
    }
}

/// Where a `BookRecord` was found.
public enum BookRecordSource: String, Sendable, Hashable, CaseIterable {
    /// NDL Search (国立国会図書館サーチ), the National Diet Library's catalogue.
    case ndl
    /// openBD, the publishers' database.
    case openBD = "openbd"
}
