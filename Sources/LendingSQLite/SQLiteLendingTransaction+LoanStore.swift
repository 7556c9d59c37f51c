import Foundation
import Lending

extension SQLiteLendingTransaction: LoanStore {
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

    // MARK: Lists

    /// Open Loans with their Book (columns 7…12) and User (13…18).
    private static let loanListingColumns = """
        loans.id, loans.book, loans.user, loans.lent_at, loans.due, loans.returned_at, loans.override_by,
        books.barcode, books.title, books.author, books.isbn, books.status, books.reading,
        users.card, users.name, users.loan_limit, users.active, users.reading, users.class
        """

    /// ?1 card, ?2 due before, ?3 the folded search text.
    private static let loanConditions = """
        (?1 IS NULL OR loans.user = ?1)
          AND (?2 IS NULL OR loans.due < ?2)
          AND (?3 = '' OR instr(bookkiosk_fold(users.name), ?3) > 0 OR instr(bookkiosk_fold(loans.user), ?3) > 0
               OR instr(bookkiosk_fold(users.reading), ?3) > 0
               OR instr(bookkiosk_fold(books.title), ?3) > 0 OR instr(bookkiosk_fold(books.barcode), ?3) > 0)
        """

    /// The open Loans of Users in a class, in `userListOrder` and then by due date, read in that
    /// order from the indexes (classes by grade, then each class's Users by reading, then each
    /// User's open Loans by due date), so nothing is sorted and a page stops after its rows.
    /// CROSS JOIN keeps SQLite's loops in that order, and each loop's rowid ends its part of the
    /// order (a class's name and a card are unique too, but SQLite counts only on a rowid to
    /// know a loop gives each row once). ?4 the class; ?5, ?6 the window.
    static let classedLoanListings = """
        SELECT \(loanListingColumns)
        FROM classes CROSS JOIN users INDEXED BY users_in_list_order ON users.class = classes.name
             CROSS JOIN loans INDEXED BY loans_open_in_list_order ON loans.user = users.card AND loans.returned_at IS NULL
             JOIN books ON books.barcode = loans.book
        WHERE (?4 IS NULL OR classes.name = ?4) AND \(loanConditions)
        ORDER BY classes.grade IS NULL, classes.grade, classes.name, classes.rowid,
                 coalesce(users.reading, users.name), users.card, users.rowid, loans.due, loans.id
        LIMIT ?5 OFFSET ?6
        """

    /// The same for Users in no class, who come after every class. ?4, ?5 the window.
    static let unclassedLoanListings = """
        SELECT \(loanListingColumns)
        FROM users INDEXED BY users_in_list_order
             CROSS JOIN loans INDEXED BY loans_open_in_list_order ON loans.user = users.card AND loans.returned_at IS NULL
             JOIN books ON books.barcode = loans.book
        WHERE users.class IS NULL AND \(loanConditions)
        ORDER BY coalesce(users.reading, users.name), users.card, users.rowid, loans.due, loans.id
        LIMIT ?4 OFFSET ?5
        """

    /// How many open Loans of Users in a class pass the filter (?1…?4 as `classedLoanListings`).
    private static let classedLoanCount = """
        SELECT count(*)
        FROM classes CROSS JOIN users INDEXED BY users_in_list_order ON users.class = classes.name
             CROSS JOIN loans INDEXED BY loans_open_in_list_order ON loans.user = users.card AND loans.returned_at IS NULL
             JOIN books ON books.barcode = loans.book
        WHERE (?4 IS NULL OR classes.name = ?4) AND \(loanConditions)
        """

    /// Every open Loan that passes the filter (?1…?3, ?4 the class), for the total.
    private static let loanListingsCount = """
        SELECT count(*)
        FROM loans JOIN books ON books.barcode = loans.book JOIN users ON users.card = loans.user
        WHERE loans.returned_at IS NULL AND (?4 IS NULL OR users.class = ?4) AND \(loanConditions)
        """

    /// A page of open Loans in list order: the classes' part of the window, then, where the
    /// page reaches past the last class, the part of the Users in no class. When nothing filters
    /// (the list the page opens with) the total is the open Loans' kept count.
    func loanListings(_ query: LoanQuery) throws -> ListingPage<LoanListing> {
        try checkOpen()
        let filter: [SQLiteValue] = [SQLiteValue(query.userCard), SQLiteValue(query.overdueOn?.description),
                                     .text(ListingSearch.folded(query.text))]
        let (offset, limit) = (max(0, query.offset), max(0, query.limit))
        func listing(_ row: Statement) throws -> LoanListing {
            LoanListing(loan: try readLoan(row, from: 0), book: try readBook(row, from: 7), user: readUser(row, from: 13))
        }
        var items = try connection.rows(Self.classedLoanListings, filter + [SQLiteValue(query.className)] + Self.window(offset, limit),
                                        listing)
        if items.count < limit, query.className == nil {
            // Where the classes' Loans end: known from this page unless it began past them all.
            let classed = try items.isEmpty && offset > 0 ? count(Self.classedLoanCount, filter + [.null]) : offset + items.count
            items += try connection.rows(Self.unclassedLoanListings,
                                         filter + Self.window(max(0, offset - classed), limit - items.count), listing)
        }
        let unfiltered = query.userCard == nil && query.overdueOn == nil && query.className == nil && filter[2] == .text("")
        let total = try unfiltered ? openLoansCount() : count(Self.loanListingsCount, filter + [SQLiteValue(query.className)])
        return ListingPage(items: items, total: total)
    }

    /// How many Loans are open: the count the Loans' triggers keep (`open_loans_count`), or,
    /// where another program removed its row, the Loans counted.
    private func openLoansCount() throws -> Int {
        if let kept = try connection.firstRow("SELECT count FROM open_loans_count WHERE id = 1", [], { Int($0.int64(0)) }) {
            return kept
        }
        return try count("SELECT count(*) FROM loans WHERE returned_at IS NULL", [])
    }

    func loans(user card: String) throws -> [Loan] {
        try checkOpen()
        return try connection.rows(
            "SELECT \(Self.loanColumns) FROM loans WHERE user = ? ORDER BY lent_at DESC, id DESC", [.text(card)], readLoan)
    }

    func circulationSummary(from: Date, to: Date, today: LocalDate) throws -> CirculationSummary {
        try checkOpen()
        let summary = try connection.firstRow("""
            SELECT (SELECT count(*) FROM loans WHERE lent_at >= ?1 AND lent_at < ?2),
                   (SELECT count(*) FROM loans WHERE returned_at >= ?1 AND returned_at < ?2),
                   (SELECT count(*) FROM loans WHERE returned_at IS NULL),
                   (SELECT count(*) FROM loans WHERE returned_at IS NULL AND due < ?3)
            """, [.real(from.timeIntervalSince1970), .real(to.timeIntervalSince1970), .text(today.description)]) {
            CirculationSummary(lent: Int($0.int64(0)), returned: Int($0.int64(1)), onLoan: Int($0.int64(2)),
                               overdue: Int($0.int64(3)))
        }
        guard let summary else { preconditionFailure("a SELECT of counts returned no row") }
        return summary
    }
}
