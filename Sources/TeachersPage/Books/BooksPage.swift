import Foundation
import Lending

/// 絵本's list as it is shown, with nothing of HTML in it: the search, and one page of Books,
/// each with where its cover is shown from.
struct BooksPage {
    struct Row {
        var item: BookListing
        /// The cover's address; nil: the Book has none.
        var cover: String?
    }

    var text: String
    var page: Int
    /// How many Books the search finds, over all pages.
    var total: Int
    var rows: [Row]

    /// The page of `listing`, each cover's address from `coverSource`.
    init(text: String, page: Int, listing: ListingPage<BookListing>, coverSource: (Book, Date?) -> String?) {
        (self.text, self.page, total) = (text, page, listing.total)
        rows = listing.items.map { Row(item: $0, cover: coverSource($0.book, $0.coverSavedAt)) }
    }
}
