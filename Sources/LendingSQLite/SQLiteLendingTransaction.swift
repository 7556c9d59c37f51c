import Foundation
import Lending

/// The reads and writes of one `SQLiteLendingRepository.transaction`, each a cached prepared
/// statement with its values bound. Valid only inside the transaction that made it.
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

    // MARK: Users and Books

    func user(card: String) throws -> User? {
        try checkOpen()
        return try connection.firstRow("SELECT \(Self.userColumns) FROM users WHERE card = ?",
                                       [.text(card)], readUser)
    }

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

    func allUsers() throws -> [User] {
        try checkOpen()
        return try connection.rows("SELECT \(Self.userColumns) FROM users ORDER BY card", [], readUser)
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

    func save(_ user: User) throws {
        try checkOpen()
        try connection.execute("""
            INSERT INTO users (card, name, loan_limit, active, reading, class) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT (card) DO UPDATE SET
                name = excluded.name, loan_limit = excluded.loan_limit, active = excluded.active,
                reading = excluded.reading, class = excluded.class
            """, [.text(user.card), .text(user.name), SQLiteValue(user.loanLimit), SQLiteValue(user.isActive),
                  SQLiteValue(user.reading), SQLiteValue(user.className)])
    }

    // MARK: Loans

    static let loanColumns = "id, book, user, lent_at, due, returned_at, override_by"

    func openLoan(book: String) throws -> Loan? {
        try checkOpen()
        return try connection.firstRow(
            "SELECT \(Self.loanColumns) FROM loans WHERE book = ? AND returned_at IS NULL",
            [.text(book)], readLoan)
    }

    func openLoans(user: String) throws -> [Loan] {
        try checkOpen()
        return try connection.rows(
            "SELECT \(Self.loanColumns) FROM loans WHERE user = ? AND returned_at IS NULL ORDER BY lent_at, id",
            [.text(user)], readLoan)
    }

    func openLoans() throws -> [Loan] {
        try checkOpen()
        return try connection.rows(
            "SELECT \(Self.loanColumns) FROM loans WHERE returned_at IS NULL ORDER BY lent_at, id", [], readLoan)
    }

    func allLoans() throws -> [Loan] {
        try checkOpen()
        return try connection.rows("SELECT \(Self.loanColumns) FROM loans ORDER BY lent_at, id", [], readLoan)
    }

    func addLoan(book: String, user: String, lentAt: Date, due: LocalDate, overrideBy: String?) throws -> Loan {
        try checkOpen()
        // Said plainly here; the foreign keys would refuse these too, without saying which.
        guard try self.book(barcode: book) != nil else { throw LendingStoreError.unknownReference("Book \(book)") }
        guard try self.user(card: user) != nil else { throw LendingStoreError.unknownReference("User \(user)") }
        do {
            let inserted = try connection.firstRow(
                "INSERT INTO loans (book, user, lent_at, due, override_by) VALUES (?, ?, ?, ?, ?) RETURNING \(Self.loanColumns)",
                [.text(book), .text(user), .real(lentAt.timeIntervalSince1970), .text(due.description),
                 SQLiteValue(overrideBy)], readLoan)
            guard let inserted else { preconditionFailure("INSERT … RETURNING returned no row") }
            return inserted
        } catch let error as SQLiteError where error.extendedCode == SQLiteError.constraintUnique {
            // The partial unique index loans_one_open_per_book: the Book already has an open Loan.
            throw LendingStoreError.alreadyOnLoan(book: book)
        } catch let error as SQLiteError where error.extendedCode == SQLiteError.constraintForeignKey {
            throw LendingStoreError.unknownReference("Book \(book) or User \(user)")
        }
    }

    func closeLoan(id: Int64, returnedAt: Date) throws -> Loan {
        try checkOpen()
        let closed = try connection.firstRow(
            "UPDATE loans SET returned_at = ? WHERE id = ? AND returned_at IS NULL RETURNING \(Self.loanColumns)",
            [.real(returnedAt.timeIntervalSince1970), .integer(id)], readLoan)
        guard let closed else { throw LendingStoreError.noOpenLoan(id: id) }
        return closed
    }

    func setDue(loanID id: Int64, due: LocalDate) throws -> Loan {
        try checkOpen()
        let moved = try connection.firstRow(
            "UPDATE loans SET due = ? WHERE id = ? AND returned_at IS NULL RETURNING \(Self.loanColumns)",
            [.text(due.description), .integer(id)], readLoan)
        guard let moved else { throw LendingStoreError.noOpenLoan(id: id) }
        return moved
    }

    // MARK: Staff

    func staffAccounts() throws -> [StaffAccount] {
        try checkOpen()
        return try connection.rows("SELECT name, pin_hash FROM staff ORDER BY name", []) {
            StaffAccount(name: $0.text(0), pinHash: $0.text(1))
        }
    }

    func save(_ account: StaffAccount) throws {
        try checkOpen()
        try connection.execute("""
            INSERT INTO staff (name, pin_hash) VALUES (?, ?)
            ON CONFLICT (name) DO UPDATE SET pin_hash = excluded.pin_hash
            """, [.text(account.name), .text(account.pinHash)])
    }

    func removeStaffAccount(name: String) throws -> Bool {
        try checkOpen()
        let removed = try connection.firstRow("DELETE FROM staff WHERE name = ? RETURNING name", [.text(name)]) {
            $0.text(0)
        }
        return removed != nil
    }

    func pinLock() throws -> PINLock {
        try checkOpen()
        let stored = try connection.firstRow("SELECT failures, lockouts, locked_until FROM pin_lock WHERE id = 1", []) {
            PINLock(failures: Int($0.int64(0)), lockouts: Int($0.int64(1)),
                    lockedUntil: $0.optionalDouble(2).map(Date.init(timeIntervalSince1970:)))
        }
        return stored ?? PINLock()
    }

    func save(_ lock: PINLock) throws {
        try checkOpen()
        try connection.execute("""
            INSERT INTO pin_lock (id, failures, lockouts, locked_until) VALUES (1, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET
                failures = excluded.failures, lockouts = excluded.lockouts, locked_until = excluded.locked_until
            """, [SQLiteValue(lock.failures), SQLiteValue(lock.lockouts),
                  SQLiteValue(lock.lockedUntil?.timeIntervalSince1970)])
    }

    func record(_ entry: AuditEntry) throws {
        try checkOpen()
        // The id is left out: SQLite assigns the next one.
        try connection.execute("INSERT INTO audit_log (time, staff, action, detail, user, user_name) VALUES (?, ?, ?, ?, ?, ?)",
                               [.real(entry.time.timeIntervalSince1970), SQLiteValue(entry.staff),
                                .text(entry.action.storedName), .text(entry.action.storedValues),
                                SQLiteValue(entry.user?.card), SQLiteValue(entry.user?.name)])
    }

    func auditEntries() throws -> [AuditEntry] {
        try checkOpen()
        return try connection.rows("SELECT \(Self.auditColumns) FROM audit_log ORDER BY id", [], readAuditEntry)
    }

    // MARK: Printing

    func printedTimes(_ kind: PrintedKind) throws -> [String: Date] {
        try checkOpen()
        let rows = try connection.rows("SELECT barcode, printed_at FROM printed WHERE kind = ?", [.text(kind.rawValue)]) {
            ($0.text(0), Date(timeIntervalSince1970: $0.double(1)))
        }
        return Dictionary(rows, uniquingKeysWith: { first, _ in first })
    }

    func recordPrinted(_ kind: PrintedKind, barcodes: [String], at time: Date) throws {
        try checkOpen()
        for barcode in barcodes {
            try connection.execute("""
                INSERT INTO printed (kind, barcode, printed_at) VALUES (?, ?, ?)
                ON CONFLICT (kind, barcode) DO UPDATE SET printed_at = excluded.printed_at
                """, [.text(kind.rawValue), .text(barcode), .real(time.timeIntervalSince1970)])
        }
    }

    func forgetAuditedUsers(recordedBefore cutoff: Date) throws -> Int {
        try checkOpen()
        // Entries written before the User was kept apart (schema 3 and older) name the child in
        // their detail, after the Book's 「title」: only what comes before it is kept.
        try connection.execute("""
            UPDATE audit_log SET
                user = NULL, user_name = NULL, names_user_in_detail = 0,
                detail = CASE WHEN names_user_in_detail = 0 THEN detail
                              WHEN instr(detail, '」') > 0 THEN substr(detail, 1, instr(detail, '」')) || ' (the child is no longer named)'
                              ELSE '(the child is no longer named)' END
            WHERE time < ? AND (user IS NOT NULL OR names_user_in_detail = 1)
            """, [.real(cutoff.timeIntervalSince1970)])
        return connection.changes
    }

    // MARK: Reading rows

    // Each reader takes its columns from `first` on, in the order of the table's column list
    // (`userColumns`, `bookColumns`, `loanColumns`, `auditColumns`), so a join can read several.

    static let userColumns = "card, name, loan_limit, active, reading, class"
    static let bookColumns = "barcode, title, author, isbn, status, reading"
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
}
