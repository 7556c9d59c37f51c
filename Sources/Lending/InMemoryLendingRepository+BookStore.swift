import Foundation

extension InMemoryLendingRepository.Transaction: BookStore {
    func book(barcode: String) throws -> Book? {
        checkOpen()
        return state.books[barcode]
    }

    func books(isbn: String) throws -> [Book] {
        try allBooks().filter { $0.isbn == isbn }
    }

    func allBooks() throws -> [Book] {
        checkOpen()
        return state.books.values.sorted { $0.barcode < $1.barcode }
    }

    func save(_ book: Book) throws {
        checkOpen()
        state.books[book.barcode] = book
    }

    func removeBook(barcode: String) throws -> Bool {
        checkOpen()
        guard state.books[barcode] != nil else { return false }
        guard !state.loans.contains(where: { $0.book == barcode }) else { throw LendingStoreError.bookWasLent(book: barcode) }
        state.books[barcode] = nil
        state.printed[.label]?[barcode] = nil
        state.covers[barcode] = nil
        return true
    }

    func bookListings(matching text: String, offset: Int, limit: Int) throws -> ListingPage<BookListing> {
        checkOpen()
        let sorted = state.books.values
            .filter { ListingSearch.matches(text, in: [$0.title, $0.reading, $0.author, $0.barcode, $0.isbn]) }
            .sorted { lhs, rhs in
                let left = ListingSearch.sortKey(of: lhs), right = ListingSearch.sortKey(of: rhs)
                return left != right ? ListingSearch.precedes(left, right) : ListingSearch.precedes(lhs.barcode, rhs.barcode)
            }
        let page = Self.page(sorted, offset: offset, limit: limit)
        let items = page.items.map { book in
            let loan = state.loans.first { $0.book == book.barcode && $0.isOpen }
            return BookListing(book: book, openLoan: loan, borrower: loan?.user.flatMap { state.users[$0] },
                               coverSavedAt: state.covers[book.barcode]?.savedAt)
        }
        return ListingPage(items: items, total: page.total)
    }

    // MARK: The lookup cache

    func bookRecord(isbn: String) throws -> BookRecord? {
        checkOpen()
        return state.bookRecords[isbn]
    }

    func save(_ record: BookRecord) throws {
        checkOpen()
        state.bookRecords[record.isbn] = record
    }

    func allBookRecords() throws -> [BookRecord] {
        checkOpen()
        return state.bookRecords.values.sorted { $0.isbn < $1.isbn }
    }
}
