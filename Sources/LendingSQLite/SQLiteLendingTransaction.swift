import Foundation
import Lending

/// The reads and writes of one `SQLiteLendingRepository.transaction`, each a cached prepared
/// statement with its values bound. Valid only inside the transaction that made it. Each area of
/// `LendingTransaction` is in a file of its own (`SQLiteLendingTransaction+LoanStore.swift`, …).
final class SQLiteLendingTransaction: LendingTransaction {
    let connection: SQLiteConnection
    /// The connection's Books' search texts in memory, for a title search.
    let bookSearch: BookSearchList?
    var isFinished = false

    init(connection: SQLiteConnection, bookSearch: BookSearchList? = nil) {
        self.connection = connection
        self.bookSearch = bookSearch
    }

    /// Stops use after the transaction ended, and stops writes from going on in autocommit
    /// mode after SQLite rolled the transaction back by itself (it does on `SQLITE_FULL`,
    /// for one), which would leave half of it written.
    func checkOpen() throws {
        precondition(!isFinished, "a transaction was used after it ended")
        guard connection.isInTransaction else {
            throw SQLiteError(extendedCode: SQLiteError.abortRollback,
                              message: "the transaction was rolled back after an earlier error",
                              path: connection.path)
        }
    }

    // MARK: Reading rows

    // Each reader takes its columns from `first` on, in the order of the table's column list
    // (`userColumns`, `bookColumns`, `loanColumns`, `auditColumns`), so a join can read several.

    static let userColumns = "card, name, loan_limit, active, reading, class"
    static let bookColumns = "barcode, title, author, isbn, status, reading"
    static let loanColumns = "id, book, user, lent_at, due, returned_at, override_by"
    static let auditColumns = "id, time, staff, action, detail, user, user_name"

    func readUser(_ row: Statement) -> User {
        readUser(row, from: 0)
    }

    func readUser(_ row: Statement, from first: Int) -> User {
        User(card: row.text(first), name: row.text(first + 1), loanLimit: row.optionalInt64(first + 2).map(Int.init),
             isActive: row.int64(first + 3) != 0, reading: row.optionalText(first + 4), className: row.optionalText(first + 5))
    }

    func readBook(_ row: Statement) throws -> Book {
        try readBook(row, from: 0)
    }

    func readBook(_ row: Statement, from first: Int) throws -> Book {
        let statusText = row.text(first + 4)
        guard let status = BookStatus(rawValue: statusText) else {
            throw LibraryFileError.unreadableValue(path: connection.path, column: "books.status", value: statusText)
        }
        return Book(barcode: row.text(first), title: row.text(first + 1), author: row.optionalText(first + 2),
                    isbn: row.optionalText(first + 3), status: status, reading: row.optionalText(first + 5))
    }

    func readLoan(_ row: Statement) throws -> Loan {
        try readLoan(row, from: 0)
    }

    func readLoan(_ row: Statement, from first: Int) throws -> Loan {
        let dueText = row.text(first + 4)
        guard let due = LocalDate(dueText) else {
            throw LibraryFileError.unreadableValue(path: connection.path, column: "loans.due", value: dueText)
        }
        return Loan(id: row.int64(first), book: row.text(first + 1), user: row.optionalText(first + 2),
                    lentAt: Date(timeIntervalSince1970: row.double(first + 3)), due: due,
                    returnedAt: row.optionalDouble(first + 5).map(Date.init(timeIntervalSince1970:)),
                    overrideBy: row.optionalText(first + 6))
    }

    func readAuditEntry(_ row: Statement) -> AuditEntry {
        AuditEntry(id: row.int64(0), time: Date(timeIntervalSince1970: row.double(1)), staff: row.optionalText(2),
                   action: AuditAction(storedName: row.text(3), storedValues: row.text(4)),
                   user: row.optionalText(5).map { AuditedUser(card: $0, name: row.optionalText(6)) })
    }

    // MARK: Paging

    // The lists (of Loans, Books, Users and audit entries) are each paged in SQL with their
    // total counted alongside. A search is `instr(bookkiosk_fold(column), ?)` with the text
    // folded by `ListingSearch.folded` (the function that `bookkiosk_fold` calls), so `%` and
    // `_` are plain characters.

    /// LIMIT and OFFSET values; negative ones count as 0 (SQLite reads a negative LIMIT as none).
    static func window(_ offset: Int, _ limit: Int) -> [SQLiteValue] {
        [SQLiteValue(max(0, limit)), SQLiteValue(max(0, offset))]
    }

    func count(_ sql: String, _ arguments: [SQLiteValue]) throws -> Int {
        Int(try connection.firstRow(sql, arguments) { $0.int64(0) } ?? 0)
    }
}
