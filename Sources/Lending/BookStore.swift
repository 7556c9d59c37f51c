import Foundation

/// The Books of the library, as one transaction reads and writes them: each copy by its
/// barcode, the copies of an ISBN, the teachers' page's list, and the lookup cache
/// (`BookRecord.swift`) of what the NDL or openBD said about an ISBN.
public protocol BookStore: AnyObject {
    func book(barcode: String) throws -> Book?
    /// Every copy carrying this ISBN-13, in barcode order.
    func books(isbn: String) throws -> [Book]
    /// The Books with these barcodes (those that exist), for showing them, such as the titles
    /// of a child's other Loans: unlike `book(barcode:)`, a store that locks what a decision
    /// rests on locks nothing here. A default reads them one by one.
    func books(barcodes: [String]) throws -> [Book]
    /// All Books, in barcode order.
    func allBooks() throws -> [Book]

    /// Inserts the Book, or updates the one with the same barcode.
    func save(_ book: Book) throws
    /// Removes a Book that was never lent (a copy registered by mistake, undone at once), and
    /// the record of its label's printing. Throws `LendingStoreError.bookWasLent` when any Loan
    /// names it (withdraw it instead); false when there is no Book with this barcode.
    func removeBook(barcode: String) throws -> Bool

    /// Books whose title, author, barcode or ISBN contains `text` (case-insensitive; empty: all),
    /// with their open Loan and borrower, ordered by title then barcode; one page and the total.
    func bookListings(matching text: String, offset: Int, limit: Int) throws -> ListingPage<BookListing>

    // MARK: The lookup cache (BookRecord.swift)

    /// The record found for this ISBN-13 at the NDL or openBD before, if any.
    func bookRecord(isbn: String) throws -> BookRecord?
    /// Keeps a record found by a lookup, replacing the one kept for its ISBN.
    func save(_ record: BookRecord) throws
    /// Every record kept, in ISBN order (for `copy`).
    func allBookRecords() throws -> [BookRecord]
}

extension BookStore {
    public func books(barcodes: [String]) throws -> [Book] {
        try barcodes.compactMap { try book(barcode: $0) }
    }
}
