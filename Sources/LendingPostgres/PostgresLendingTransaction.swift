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
/// Each area of `LendingTransaction` is in a file of its own
/// (`PostgresLendingTransaction+LoanStore.swift`, …), with what it locks and why.
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

    // MARK: Columns

    static let userColumns = "users.card, users.name, users.loan_limit, users.active, users.reading, users.class"
    static let bookColumns = "books.barcode, books.title, books.author, books.isbn, books.status, books.reading"
    static let loanColumns = """
        id, book, user_card, extract(epoch FROM lent_at)::float8, to_char(due, 'YYYY-MM-DD'),
        extract(epoch FROM returned_at)::float8, override_by
        """

    /// `{"a","b"}`: PostgreSQL's text form of a text array, each element quoted and escaped,
    /// passed as one parameter (never spliced into SQL).
    static func arrayLiteral(_ elements: [String]) -> String {
        let quoted = elements.map { element in
            "\"" + element.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        return "{" + quoted.joined(separator: ",") + "}"
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

    // MARK: Paging

    // The lists (of Loans, Books, Users and audit entries) are each paged in SQL with their
    // total counted alongside. A search is `strpos(fold(column), $n)` with the text folded by
    // `ListingSearch.folded` and the column by `ListingSearch.postgresFold`, its SQL twin (NFKC,
    // lower() under "C", which folds A–Z only, then translate() for kana and hyphens), so `%`
    // and `_` are plain characters. Names and titles sort by code point (COLLATE "C").

    /// LIMIT and OFFSET values; negative ones count as 0.
    static func window(_ offset: Int, _ limit: Int) -> [String?] {
        [String(max(0, limit)), String(max(0, offset))]
    }

    func count(_ sql: String, _ parameters: [String?]) throws -> Int {
        Int(try connection.firstRow(sql, parameters) { $0.text(0) } ?? "0") ?? 0
    }
}
