import Foundation
import Lending

/// The reads and writes of one `PostgresLendingRepository.transaction`, each a prepared
/// statement with its values as parameters. Valid only inside the transaction that made it.
///
/// Reads that a decision rests on lock their rows: `book(barcode:)` and `books(isbn:)` (in
/// barcode order), and `user(card:)`, used for the one User a lend decides for (see
/// `PostgresLendingRepository` for the order every path keeps, and why that is enough). What is
/// only shown or greeted (`books(barcodes:)`, `users(cards:)`) and lists for reports
/// (`allBooks`, `allUsers`, `allLoans`) lock nothing.
///
/// Times are stored as `timestamptz` and travel as seconds since 1970 (`to_timestamp`,
/// `extract(epoch …)`); due dates as `date`, travelling as 'YYYY-MM-DD'.
final class PostgresLendingTransaction: LendingTransaction {
    let connection: PGConnection
    var isFinished = false

    init(connection: PGConnection) {
        self.connection = connection
    }

    func checkOpen() {
        precondition(!isFinished, "a transaction was used after it ended")
    }

    // MARK: Users and Books

    static let userColumns = "users.card, users.name, users.loan_limit, users.active, users.reading, users.class"
    static let bookColumns = "books.barcode, books.title, books.author, books.isbn, books.status, books.reading"

    func user(card: String) throws -> User? {
        checkOpen()
        // NO KEY UPDATE: excludes another kiosk's decision about this User, but not the key-share
        // locks that inserting a Loan for them takes.
        return try connection.firstRow("SELECT \(Self.userColumns) FROM users WHERE card = $1 FOR NO KEY UPDATE",
                                       [card], readUser)
    }

    /// One round trip for all of them, and no lock: a scanned Card is greeted and a borrower is
    /// shown, and neither decides a write; locking them too would make two kiosks lock two
    /// children each, in whatever order the children scanned.
    func users(cards: [String]) throws -> [User] {
        checkOpen()
        guard !cards.isEmpty else { return [] }
        return try connection.rows("SELECT \(Self.userColumns) FROM users WHERE card = ANY($1::text[]) ORDER BY card",
                                   [Self.arrayLiteral(cards)], readUser)
    }

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

    /// `{"a","b"}`: PostgreSQL's text form of a text array, each element quoted and escaped,
    /// passed as one parameter (never spliced into SQL).
    static func arrayLiteral(_ elements: [String]) -> String {
        let quoted = elements.map { element in
            "\"" + element.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        return "{" + quoted.joined(separator: ",") + "}"
    }

    func allBooks() throws -> [Book] {
        checkOpen()
        return try connection.rows("SELECT \(Self.bookColumns) FROM books ORDER BY barcode", [], readBook)
    }

    func allUsers() throws -> [User] {
        checkOpen()
        return try connection.rows("SELECT \(Self.userColumns) FROM users ORDER BY card", [], readUser)
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

    func save(_ user: User) throws {
        checkOpen()
        try connection.execute("""
            INSERT INTO users (card, name, loan_limit, active, reading, class) VALUES ($1, $2, $3::integer, $4::boolean, $5, $6)
            ON CONFLICT (card) DO UPDATE SET
                name = excluded.name, loan_limit = excluded.loan_limit, active = excluded.active,
                reading = excluded.reading, class = excluded.class
            """, [user.card, user.name, user.loanLimit.map(String.init), user.isActive ? "true" : "false", user.reading,
                  user.className])
    }

    // MARK: Loans

    static let loanColumns = """
        id, book, user_card, extract(epoch FROM lent_at)::float8, to_char(due, 'YYYY-MM-DD'),
        extract(epoch FROM returned_at)::float8, override_by
        """

    func openLoan(book: String) throws -> Loan? {
        checkOpen()
        return try connection.firstRow(
            "SELECT \(Self.loanColumns) FROM loans WHERE book = $1 AND returned_at IS NULL", [book], readLoan)
    }

    func openLoans(user: String) throws -> [Loan] {
        checkOpen()
        return try connection.rows(
            "SELECT \(Self.loanColumns) FROM loans WHERE user_card = $1 AND returned_at IS NULL ORDER BY lent_at, id",
            [user], readLoan)
    }

    func openLoans() throws -> [Loan] {
        checkOpen()
        return try connection.rows(
            "SELECT \(Self.loanColumns) FROM loans WHERE returned_at IS NULL ORDER BY lent_at, id", [], readLoan)
    }

    func allLoans() throws -> [Loan] {
        checkOpen()
        return try connection.rows("SELECT \(Self.loanColumns) FROM loans ORDER BY lent_at, id", [], readLoan)
    }

    func addLoan(book: String, user: String, lentAt: Date, due: LocalDate, overrideBy: String?) throws -> Loan {
        checkOpen()
        // One round trip: ON CONFLICT answers a Book already on loan with no row (and leaves
        // the transaction usable); the foreign keys name an unknown Book or User by constraint.
        do {
            let inserted = try connection.firstRow("""
                INSERT INTO loans (book, user_card, lent_at, due, override_by)
                VALUES ($1, $2, to_timestamp($3::float8), $4::date, $5)
                ON CONFLICT (book) WHERE returned_at IS NULL DO NOTHING
                RETURNING \(Self.loanColumns)
                """, [book, user, String(lentAt.timeIntervalSince1970), due.description, overrideBy], readLoan)
            guard let inserted else { throw LendingStoreError.alreadyOnLoan(book: book) }
            return inserted
        } catch let error as PostgresError where error.sqlState == PostgresError.foreignKeyViolation {
            throw LendingStoreError.unknownReference(error.constraint == "loans_user_card_fkey" ? "User \(user)" : "Book \(book)")
        }
    }

    func closeLoan(id: Int64, returnedAt: Date) throws -> Loan {
        checkOpen()
        let closed = try connection.firstRow(
            "UPDATE loans SET returned_at = to_timestamp($1::float8) WHERE id = $2::bigint AND returned_at IS NULL RETURNING \(Self.loanColumns)",
            [String(returnedAt.timeIntervalSince1970), String(id)], readLoan)
        guard let closed else { throw LendingStoreError.noOpenLoan(id: id) }
        return closed
    }

    func setDue(loanID id: Int64, due: LocalDate) throws -> Loan {
        checkOpen()
        let moved = try connection.firstRow(
            "UPDATE loans SET due = $1::date WHERE id = $2::bigint AND returned_at IS NULL RETURNING \(Self.loanColumns)",
            [due.description, String(id)], readLoan)
        guard let moved else { throw LendingStoreError.noOpenLoan(id: id) }
        return moved
    }

    // MARK: Reading rows

    // Each reader takes its columns from `first` on, in the order of `userColumns`,
    // `bookColumns` and `loanColumns`, so a join can read several.

    func readUser(_ row: PGRow) throws -> User {
        readUser(row, from: 0)
    }

    func readUser(_ row: PGRow, from first: Int) -> User {
        User(card: row.text(first), name: row.text(first + 1), loanLimit: row.optionalText(first + 2).flatMap { Int($0) },
             isActive: row.text(first + 3) == "t", reading: row.optionalText(first + 4), className: row.optionalText(first + 5))
    }

    func readBook(_ row: PGRow) throws -> Book {
        try readBook(row, from: 0)
    }

    func readBook(_ row: PGRow, from first: Int) throws -> Book {
        let statusText = row.text(first + 4)
        guard let status = BookStatus(rawValue: statusText) else {
            throw PostgresLibraryError.unreadableValue(server: connection.server, column: "books.status", value: statusText)
        }
        return Book(barcode: row.text(first), title: row.text(first + 1), author: row.optionalText(first + 2),
                    isbn: row.optionalText(first + 3), status: status, reading: row.optionalText(first + 5))
    }

    func readLoan(_ row: PGRow) throws -> Loan {
        try readLoan(row, from: 0)
    }

    func readLoan(_ row: PGRow, from first: Int) throws -> Loan {
        let dueText = row.text(first + 4)
        guard let due = LocalDate(dueText) else {
            throw PostgresLibraryError.unreadableValue(server: connection.server, column: "loans.due", value: dueText)
        }
        return Loan(id: Int64(row.text(first)) ?? 0, book: row.text(first + 1), user: row.optionalText(first + 2),
                    lentAt: try readTime(row, first + 3, column: "loans.lent_at"), due: due,
                    returnedAt: row.isNull(first + 5) ? nil : try readTime(row, first + 5, column: "loans.returned_at"),
                    overrideBy: row.optionalText(first + 6))
    }

    /// A time sent as seconds since 1970.
    func readTime(_ row: PGRow, _ column: Int, column name: String) throws -> Date {
        guard let seconds = Double(row.text(column)) else {
            throw PostgresLibraryError.unreadableValue(server: connection.server, column: name, value: row.text(column))
        }
        return Date(timeIntervalSince1970: seconds)
    }
}
