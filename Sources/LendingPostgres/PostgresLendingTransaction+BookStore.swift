import Foundation
import Lending

extension PostgresLendingTransaction: BookStore {
    func book(barcode: String) throws -> Book? {
        checkOpen()
        return try connection.firstRow("SELECT \(Self.bookColumns) FROM books WHERE barcode = $1 FOR UPDATE",
                                       [barcode], readBook)
    }

    /// Locked in one statement, in barcode order byte by byte (`COLLATE "C"`, whatever the
    /// database's collation), the order an import locks Books in too.
    func books(isbn: String) throws -> [Book] {
        checkOpen()
        return try connection.rows(
            "SELECT \(Self.bookColumns) FROM books WHERE isbn = $1 ORDER BY barcode COLLATE \"C\" FOR UPDATE", [isbn], readBook)
    }

    /// One round trip for all of them, and no lock: these Books are shown, not decided on, and
    /// locking a child's other Books would make a return of one of them at another kiosk wait.
    func books(barcodes: [String]) throws -> [Book] {
        checkOpen()
        guard !barcodes.isEmpty else { return [] }
        return try connection.rows("SELECT \(Self.bookColumns) FROM books WHERE barcode = ANY($1::text[]) ORDER BY barcode",
                                   [Self.arrayLiteral(barcodes)], readBook)
    }

    func allBooks() throws -> [Book] {
        checkOpen()
        return try connection.rows("SELECT \(Self.bookColumns) FROM books ORDER BY barcode", [], readBook)
    }

    func save(_ book: Book) throws {
        checkOpen()
        try connection.execute("""
            INSERT INTO books (barcode, title, author, isbn, status, reading) VALUES ($1, $2, $3, $4, $5, $6)
            ON CONFLICT (barcode) DO UPDATE SET
                title = excluded.title, author = excluded.author, isbn = excluded.isbn, status = excluded.status,
                reading = excluded.reading
            """, [book.barcode, book.title, book.author, book.isbn, book.status.rawValue, book.reading])
    }

    func removeBook(barcode: String) throws -> Bool {
        checkOpen()
        // FOR UPDATE waits for a lend of this Book in progress, and makes a later one wait here
        // and then find no Book.
        guard try connection.firstRow("SELECT barcode FROM books WHERE barcode = $1 FOR UPDATE", [barcode], { $0.text(0) }) != nil else {
            return false
        }
        guard try count("SELECT count(*) FROM loans WHERE book = $1", [barcode]) == 0 else {
            throw LendingStoreError.bookWasLent(book: barcode)
        }
        try connection.execute("DELETE FROM printed WHERE kind = 'label' AND barcode = $1", [barcode])
        try connection.execute("DELETE FROM book_covers WHERE barcode = $1", [barcode])
        try connection.execute("DELETE FROM books WHERE barcode = $1", [barcode])
        return true
    }

    // MARK: The list

    // Shown, not decided on: it locks nothing.

    /// Books with their open Loan (columns 6…12), its User (13…18) and their cover's photo
    /// (its time is column 19 of the listing); $1 the folded search text.
    private static let bookListingsFilter = """
        FROM books LEFT JOIN loans ON loans.book = books.barcode AND loans.returned_at IS NULL
             LEFT JOIN users ON users.card = loans.user_card
             LEFT JOIN book_covers ON book_covers.barcode = books.barcode
        WHERE $1::text = '' OR strpos(\(ListingSearch.postgresFold("books.title")), $1::text) > 0
              OR strpos(\(ListingSearch.postgresFold("books.author")), $1::text) > 0
              OR strpos(\(ListingSearch.postgresFold("books.reading")), $1::text) > 0
              OR strpos(\(ListingSearch.postgresFold("books.barcode")), $1::text) > 0
              OR strpos(\(ListingSearch.postgresFold("books.isbn")), $1::text) > 0
        """

    func bookListings(matching text: String, offset: Int, limit: Int) throws -> ListingPage<BookListing> {
        checkOpen()
        let filter = [ListingSearch.folded(text)]
        let items = try connection.rows("""
            SELECT \(Self.bookColumns), \(Self.loanColumns), \(Self.userColumns), extract(epoch FROM book_covers.saved_at)::float8
            \(Self.bookListingsFilter)
            ORDER BY coalesce(books.reading, books.title) COLLATE "C", books.barcode
            LIMIT $2::bigint OFFSET $3::bigint
            """, filter + Self.window(offset, limit)) { row in
            BookListing(book: try readBook(row, from: 0), openLoan: row.isNull(6) ? nil : try readLoan(row, from: 6),
                        borrower: row.isNull(13) ? nil : readUser(row, from: 13),
                        coverSavedAt: Double(row.text(19)).map(Date.init(timeIntervalSince1970:)))
        }
        // Each Book is one row of the list (one open Loan at most), so the total counts Books alone.
        let total = try filter[0] == "" ? count("SELECT count(*) FROM books", [])
                                        : count("SELECT count(*) \(Self.bookListingsFilter)", filter)
        return ListingPage(items: items, total: total)
    }

    // MARK: The lookup cache

    // Records found by ISBN at the NDL or openBD (migration 8), shared by every kiosk and the page
    // of the library. Authors are kept one a line. Nothing here locks what a lend or a return
    // decides on.

    func bookRecord(isbn: String) throws -> BookRecord? {
        checkOpen()
        return try connection.firstRow("""
            SELECT isbn, title, reading, authors, publisher, source, extract(epoch FROM found_at)::float8
            FROM book_records WHERE isbn = $1
            """, [isbn], readRecord)
    }

    func save(_ record: BookRecord) throws {
        checkOpen()
        _ = try connection.execute("""
            INSERT INTO book_records (isbn, title, reading, authors, publisher, source, found_at)
            VALUES ($1, $2, $3, $4, $5, $6, to_timestamp($7::float8))
            ON CONFLICT (isbn) DO UPDATE SET
                title = excluded.title, reading = excluded.reading, authors = excluded.authors,
                publisher = excluded.publisher, source = excluded.source, found_at = excluded.found_at
            """, [record.isbn, record.title, record.reading, record.authors.joined(separator: "\n"), record.publisher,
                  record.source.rawValue, String(record.foundAt.timeIntervalSince1970)])
    }

    func allBookRecords() throws -> [BookRecord] {
        checkOpen()
        return try connection.rows("""
            SELECT isbn, title, reading, authors, publisher, source, extract(epoch FROM found_at)::float8
            FROM book_records ORDER BY isbn
            """, [], readRecord)
    }

    private func readRecord(_ row: PGRow) throws -> BookRecord {
        let authors = row.text(3)
        return BookRecord(isbn: row.text(0), title: row.text(1), reading: row.optionalText(2),
                          authors: authors.isEmpty ? [] : authors.components(separatedBy: "\n"),
                          publisher: row.optionalText(4), source: BookRecordSource(rawValue: row.text(5)) ?? .ndl,
                          foundAt: Date(timeIntervalSince1970: Double(row.text(6)) ?? 0))
    }
}
