import Foundation
import Lending

extension SQLiteLendingTransaction: BookStore {
    func book(barcode: String) throws -> Book? {
        try checkOpen()
        return try connection.firstRow("SELECT \(Self.bookColumns) FROM books WHERE barcode = ?",
                                       [.text(barcode)], readBook)
    }

    func books(isbn: String) throws -> [Book] {
        try checkOpen()
        return try connection.rows(
            "SELECT \(Self.bookColumns) FROM books WHERE isbn = ? ORDER BY barcode",
            [.text(isbn)], readBook)
    }

    func allBooks() throws -> [Book] {
        try checkOpen()
        return try connection.rows("SELECT \(Self.bookColumns) FROM books ORDER BY barcode",
                                   [], readBook)
    }

    func save(_ book: Book) throws {
        try checkOpen()
        try connection.execute("""
            INSERT INTO books (barcode, title, author, isbn, status, reading, search_text)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, \(Self.bookSearchText(title: "?2", author: "?3", reading: "?6", barcode: "?1", isbn: "?4")))
            ON CONFLICT (barcode) DO UPDATE SET
                title = excluded.title, author = excluded.author, isbn = excluded.isbn, status = excluded.status,
                reading = excluded.reading, search_text = excluded.search_text
            """, [.text(book.barcode), .text(book.title), SQLiteValue(book.author), SQLiteValue(book.isbn),
                  .text(book.status.rawValue), SQLiteValue(book.reading)])
    }

    func removeBook(barcode: String) throws -> Bool {
        try checkOpen()
        guard try book(barcode: barcode) != nil else { return false }
        guard try count("SELECT count(*) FROM loans WHERE book = ?", [.text(barcode)]) == 0 else {
            throw LendingStoreError.bookWasLent(book: barcode)
        }
        try connection.execute("DELETE FROM printed WHERE kind = 'label' AND barcode = ?", [.text(barcode)])
        try connection.execute("DELETE FROM book_covers WHERE barcode = ?", [.text(barcode)])
        try connection.execute("DELETE FROM books WHERE barcode = ?", [.text(barcode)])
        return true
    }

    // MARK: The list

    /// A Book (columns 0…5) with its open Loan (6…12), that Loan's User (13…18) and when its
    /// cover's photo was saved (19).
    private static let bookListingColumns = """
        books.barcode, books.title, books.author, books.isbn, books.status, books.reading,
        loans.id, loans.book, loans.user, loans.lent_at, loans.due, loans.returned_at, loans.override_by,
        users.card, users.name, users.loan_limit, users.active, users.reading, users.class,
        book_covers.saved_at
        """

    /// A Book's open Loan and its User, and its cover's photo, beside the Book.
    private static let bookListingJoins = """
        LEFT JOIN loans ON loans.book = books.barcode AND loans.returned_at IS NULL
        LEFT JOIN users ON users.card = loans.user
        LEFT JOIN book_covers ON book_covers.barcode = books.barcode
        """

    /// Books with their open Loan and its User (`bookListingColumns`), in list order read from
    /// `books_in_list_order` (nothing sorted; a page stops after its rows); ?1 the folded
    /// search text, ?2, ?3 the window.
    static let bookListingsPage = """
        SELECT \(bookListingColumns)
        FROM books INDEXED BY books_in_list_order \(bookListingJoins)
        WHERE \(bookConditions)
        ORDER BY coalesce(books.reading, books.title), books.barcode
        LIMIT ?2 OFFSET ?3
        """

    /// Books by rowid, with their open Loan and its User as in `bookListingsPage`, and the
    /// rowid (column 20); the caller ends it with the parenthesised list of rowids.
    static let bookListingsByRowid = """
        SELECT \(bookListingColumns), books.rowid
        FROM books \(bookListingJoins)
        WHERE books.rowid IN
        """

    /// Every Book's rowid and search text (folded here for a row written without it), in list
    /// order: what `BookSearchList` keeps.
    static let bookSearchTexts = """
        SELECT rowid, coalesce(search_text, \(bookSearchText(title: "title", author: "author", reading: "reading",
                                                            barcode: "barcode", isbn: "isbn")))
        FROM books INDEXED BY books_in_list_order
        ORDER BY coalesce(reading, title), barcode
        """

    /// ?1 the folded search text (a Book's open Loan and its User never change whether it matches),
    /// looked for in the Book's stored search text (`bookSearchText`), or, for a row written
    /// without it (by another program) since the library was opened, in the same folded here.
    private static let bookConditions = """
        ?1 = '' OR instr(coalesce(books.search_text, \(bookSearchText(title: "books.title", author: "books.author",
                                                                       reading: "books.reading", barcode: "books.barcode",
                                                                       isbn: "books.isbn"))), ?1) > 0
        """

    /// The text a search of Books looks in, as SQL over the columns (or parameters) named: the
    /// title, author, reading, barcode and ISBN, each folded by `bookkiosk_fold` (so each takes
    /// `ListingSearch.isFolded`'s shortcut on its own), joined by U+001F, which no search text
    /// holds, so a match never spans two of them. Stored in `books.search_text` when a Book is
    /// saved (migration 11), so a search folds nothing: folding five columns of every Book at
    /// each search was nine tenths of the title search's time.
    static func bookSearchText(title: String, author: String, reading: String, barcode: String, isbn: String) -> String {
        [title, "coalesce(\(author), '')", "coalesce(\(reading), '')", barcode, "coalesce(\(isbn), '')"]
            .map { "bookkiosk_fold(\($0))" }
            .joined(separator: " || char(31) || ")
    }

    func bookListings(matching text: String, offset: Int, limit: Int) throws -> ListingPage<BookListing> {
        try checkOpen()
        let folded = ListingSearch.folded(text)
        // The stored text joins the fields by U+001F: a search holding it would match across two.
        guard !folded.contains("\u{1F}") else { return ListingPage(items: [], total: 0) }
        func listing(_ row: Statement) throws -> BookListing {
            BookListing(book: try readBook(row, from: 0), openLoan: row.isNull(6) ? nil : try readLoan(row, from: 6),
                        borrower: row.isNull(13) ? nil : readUser(row, from: 13),
                        coverSavedAt: row.isNull(19) ? nil : Date(timeIntervalSince1970: row.double(19)))
        }
        if !folded.isEmpty, let matches = try bookSearch?.rowids(holding: folded, on: connection, texts: Self.bookSearchTexts) {
            // The matching Books found in memory: only the page's rows are read, by rowid.
            let window = Array(matches.dropFirst(max(0, offset)).prefix(max(0, limit)))
            guard !window.isEmpty else { return ListingPage(items: [], total: matches.count) }
            let placeholders = Array(repeating: "?", count: window.count).joined(separator: ", ")
            let read = try connection.rows(Self.bookListingsByRowid + "(\(placeholders))", window.map { .integer($0) }) { row in
                (row.int64(20), try listing(row))
            }
            let byRowid = Dictionary(read, uniquingKeysWith: { first, _ in first })
            return ListingPage(items: window.compactMap { byRowid[$0] }, total: matches.count)
        }
        let items = try connection.rows(Self.bookListingsPage, [.text(folded)] + Self.window(offset, limit), listing)
        // Each Book is one row of the list, so the total counts Books alone: SQLite counts the
        // table's b-tree when nothing is searched.
        let total = try folded.isEmpty ? count("SELECT count(*) FROM books", [])
                                       : count("SELECT count(*) FROM books WHERE \(Self.bookConditions)", [.text(folded)])
        return ListingPage(items: items, total: total)
    }

    // MARK: The lookup cache

    // Records found by ISBN at the NDL or openBD (migration 8), so a second copy, a re-import or
    // an offline day needs no request. Authors are kept one a line.

    func bookRecord(isbn: String) throws -> BookRecord? {
        try checkOpen()
        return try connection.firstRow("""
            SELECT isbn, title, reading, authors, publisher, source, found_at FROM book_records WHERE isbn = ?
            """, [.text(isbn)], readRecord)
    }

    func save(_ record: BookRecord) throws {
        try checkOpen()
        try connection.execute("""
            INSERT INTO book_records (isbn, title, reading, authors, publisher, source, found_at)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (isbn) DO UPDATE SET
                title = excluded.title, reading = excluded.reading, authors = excluded.authors,
                publisher = excluded.publisher, source = excluded.source, found_at = excluded.found_at
            """, [.text(record.isbn), .text(record.title), SQLiteValue(record.reading), .text(record.authors.joined(separator: "\n")),
                  SQLiteValue(record.publisher), .text(record.source.rawValue), .real(record.foundAt.timeIntervalSince1970)])
    }

    func allBookRecords() throws -> [BookRecord] {
        try checkOpen()
        return try connection.rows("""
            SELECT isbn, title, reading, authors, publisher, source, found_at FROM book_records ORDER BY isbn
            """, [], readRecord)
    }

    private func readRecord(_ row: Statement) throws -> BookRecord {
        let sourceText = row.text(5)
        guard let source = BookRecordSource(rawValue: sourceText) else {
            throw LibraryFileError.unreadableValue(path: connection.path, column: "book_records.source", value: sourceText)
        }
        let authors = row.text(3)
        return BookRecord(isbn: row.text(0), title: row.text(1), reading: row.optionalText(2),
                          authors: authors.isEmpty ? [] : authors.components(separatedBy: "\n"),
                          publisher: row.optionalText(4), source: source, foundAt: Date(timeIntervalSince1970: row.double(6)))
    }
}
