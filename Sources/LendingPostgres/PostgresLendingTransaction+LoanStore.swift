import Foundation
import Lending

// The teachers' page's part of the contract (LibraryDesk.swift): the library's rules, the
// page's sign-in, and the lists, each list paged in SQL with its total counted alongside.
//
// Locks: the lists, a User's Loans, the summary and the audit pages are shown, not decided
// on, and lock nothing. The rules and a Staff member's password and sign-in record are each
// one row, written by one statement. `removeUser` locks the User's row before it counts their
// open Loans, so a kiosk lending to them at the same moment either finishes first (and the
// removal is refused) or waits and then finds no User.
//
// A search is `strpos(fold(column), $n)` with the text folded by `ListingSearch.folded` and
// the column by `ListingSearch.postgresFold`, its SQL twin (NFKC, lower() under "C", which
// folds A–Z only, then translate() for kana and hyphens), so `%` and `_` are plain characters. Names and titles sort by code point (COLLATE "C").
extension PostgresLendingTransaction {
    // MARK: The library's rules

    func libraryRules() throws -> LibraryRules? {
        checkOpen()
        return try connection.firstRow("""
            SELECT loan_limit, loan_days, closed_weekdays, closed_dates, block_on_overdue, library_name
            FROM library_rules WHERE id = 1
            """, []) { row in
            let weekdaysText = row.text(2), datesText = row.text(3)
            guard let weekdays = LibraryRules.closedWeekdays(fromStored: weekdaysText) else {
                throw PostgresLibraryError.unreadableValue(server: connection.server, column: "library_rules.closed_weekdays",
                                                           value: weekdaysText)
            }
            guard let dates = LibraryRules.closedDates(fromStored: datesText) else {
                throw PostgresLibraryError.unreadableValue(server: connection.server, column: "library_rules.closed_dates",
                                                           value: datesText)
            }
            return LibraryRules(loanLimit: Int(row.text(0)) ?? 0, loanDays: Int(row.text(1)) ?? 0, closedWeekdays: weekdays,
                                closedDates: dates, blockOnOverdue: row.text(4) == "t", libraryName: row.text(5))
        }
    }

    func save(_ rules: LibraryRules) throws {
        checkOpen()
        try connection.execute("""
            INSERT INTO library_rules (id, loan_limit, loan_days, closed_weekdays, closed_dates, block_on_overdue, library_name)
            VALUES (1, $1::integer, $2::integer, $3, $4, $5::boolean, $6)
            ON CONFLICT (id) DO UPDATE SET
                loan_limit = excluded.loan_limit, loan_days = excluded.loan_days,
                closed_weekdays = excluded.closed_weekdays, closed_dates = excluded.closed_dates,
                block_on_overdue = excluded.block_on_overdue, library_name = excluded.library_name
            """, [String(rules.loanLimit), String(rules.loanDays), rules.closedWeekdaysText, rules.closedDatesText,
                  rules.blockOnOverdue ? "true" : "false", rules.libraryName])
    }

    // MARK: Sign-in

    func passwordHash(staff name: String) throws -> String? {
        checkOpen()
        return try connection.firstRow("SELECT password_hash FROM staff WHERE name = $1", [name]) { $0.optionalText(0) } ?? nil
    }

    func setPasswordHash(_ hash: String?, staff name: String) throws -> Bool {
        checkOpen()
        return try connection.execute("UPDATE staff SET password_hash = $1 WHERE name = $2", [hash, name]).changedRows > 0
    }

    func signInRecord(staff name: String) throws -> SignInRecord {
        checkOpen()
        let stored = try connection.firstRow("""
            SELECT sign_in_failures, extract(epoch FROM sign_in_last_failure)::float8,
                   extract(epoch FROM sign_in_locked_until)::float8
            FROM staff WHERE name = $1
            """, [name]) {
            SignInRecord(failures: Int($0.text(0)) ?? 0,
                         lastFailure: $0.isNull(1) ? nil : try readTime($0, 1, column: "staff.sign_in_last_failure"),
                         lockedUntil: $0.isNull(2) ? nil : try readTime($0, 2, column: "staff.sign_in_locked_until"))
        }
        return stored ?? SignInRecord()
    }

    func save(_ record: SignInRecord, staff name: String) throws {
        checkOpen()
        // The record is part of the account: without one there is nothing to keep.
        try connection.execute("""
            UPDATE staff SET sign_in_failures = $1::integer, sign_in_last_failure = to_timestamp($2::float8),
                             sign_in_locked_until = to_timestamp($3::float8)
            WHERE name = $4
            """, [String(record.failures), record.lastFailure.map { String($0.timeIntervalSince1970) },
                  record.lockedUntil.map { String($0.timeIntervalSince1970) }, name])
    }

    // MARK: Lists

    /// List order of Users (`sortedForLists`), with `classes` joined on `users.class`:
    /// graded classes youngest first, then classes without a grade, then no class; then the
    /// reading (or the name where there is none), then the card, by code point.
    static let userListOrder = """
        CASE WHEN users.class IS NULL THEN 2 WHEN classes.grade IS NULL THEN 1 ELSE 0 END, classes.grade,
        users.class COLLATE "C", coalesce(users.reading, users.name) COLLATE "C", users.card COLLATE "C"
        """

    /// Open Loans with their Book (columns 7…12) and User (13…18); $1 card, $2 due before,
    /// $3 the folded search text, $4 the class.
    private static let loanListingsFilter = """
        FROM loans JOIN books ON books.barcode = loans.book LEFT JOIN users ON users.card = loans.user_card
             LEFT JOIN classes ON classes.name = users.class
        WHERE loans.returned_at IS NULL
          AND ($1::text IS NULL OR loans.user_card = $1::text)
          AND ($2::date IS NULL OR loans.due < $2::date)
          AND ($3::text = '' OR strpos(\(ListingSearch.postgresFold("users.name")), $3::text) > 0
               OR strpos(\(ListingSearch.postgresFold("loans.user_card")), $3::text) > 0
               OR strpos(\(ListingSearch.postgresFold("users.reading")), $3::text) > 0
               OR strpos(\(ListingSearch.postgresFold("books.title")), $3::text) > 0
               OR strpos(\(ListingSearch.postgresFold("books.barcode")), $3::text) > 0)
          AND ($4::text IS NULL OR users.class = $4::text)
        """

    func loanListings(_ query: LoanQuery) throws -> ListingPage<LoanListing> {
        checkOpen()
        let filter = [query.userCard, query.overdueOn?.description, ListingSearch.folded(query.text), query.className]
        let items = try connection.rows("""
            SELECT \(Self.loanColumns), \(Self.bookColumns), \(Self.userColumns)
            \(Self.loanListingsFilter)
            ORDER BY \(Self.userListOrder), loans.due, loans.id
            LIMIT $5::bigint OFFSET $6::bigint
            """, filter + Self.window(query.offset, query.limit)) { row in
            LoanListing(loan: try readLoan(row, from: 0), book: try readBook(row, from: 7),
                        user: row.isNull(13) ? nil : readUser(row, from: 13))
        }
        // Nothing filtered (the list the page opens with): the open Loans' index counted alone.
        let unfiltered = query.userCard == nil && query.overdueOn == nil && query.className == nil && filter[2] == ""
        let total = try unfiltered ? count("SELECT count(*) FROM loans WHERE returned_at IS NULL", [])
                                   : count("SELECT count(*) \(Self.loanListingsFilter)", filter)
        return ListingPage(items: items, total: total)
    }

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

    private static let usersFilter = """
        FROM users LEFT JOIN classes ON classes.name = users.class
        WHERE ($1::text = '' OR strpos(\(ListingSearch.postgresFold("users.name")), $1::text) > 0
               OR strpos(\(ListingSearch.postgresFold("users.reading")), $1::text) > 0 OR strpos(\(ListingSearch.postgresFold("users.card")), $1::text) > 0)
          AND ($2::text IS NULL OR users.class = $2::text)
        """

    func users(matching text: String, inClass className: String?, offset: Int, limit: Int) throws -> ListingPage<User> {
        checkOpen()
        let filter = [ListingSearch.folded(text), className]
        let items = try connection.rows(
            "SELECT \(Self.userColumns) \(Self.usersFilter) ORDER BY \(Self.userListOrder) LIMIT $3::bigint OFFSET $4::bigint",
            filter + Self.window(offset, limit), readUser)
        return ListingPage(items: items, total: try count("SELECT count(*) \(Self.usersFilter)", filter))
    }

    func loans(user card: String) throws -> [Loan] {
        checkOpen()
        return try connection.rows(
            "SELECT \(Self.loanColumns) FROM loans WHERE user_card = $1 ORDER BY lent_at DESC, id DESC", [card], readLoan)
    }

    func circulationSummary(from: Date, to: Date, today: LocalDate) throws -> CirculationSummary {
        checkOpen()
        let summary = try connection.firstRow("""
            SELECT (SELECT count(*) FROM loans WHERE lent_at >= to_timestamp($1::float8) AND lent_at < to_timestamp($2::float8)),
                   (SELECT count(*) FROM loans WHERE returned_at >= to_timestamp($1::float8) AND returned_at < to_timestamp($2::float8)),
                   (SELECT count(*) FROM loans WHERE returned_at IS NULL),
                   (SELECT count(*) FROM loans WHERE returned_at IS NULL AND due < $3::date)
            """, [String(from.timeIntervalSince1970), String(to.timeIntervalSince1970), today.description]) {
            CirculationSummary(lent: Int($0.text(0)) ?? 0, returned: Int($0.text(1)) ?? 0, onLoan: Int($0.text(2)) ?? 0,
                               overdue: Int($0.text(3)) ?? 0)
        }
        guard let summary else { preconditionFailure("a SELECT of counts returned no row") }
        return summary
    }

    func auditEntries(_ filter: AuditFilter, newestFirst offset: Int, limit: Int) throws -> ListingPage<AuditEntry> {
        checkOpen()
        // The names follow the window's two parameters: $3, $4, …
        let (condition, names) = Self.auditCondition(filter, firstParameter: 3)
        let items = try connection.rows(
            "SELECT \(Self.auditColumns) FROM audit_log\(condition) ORDER BY id DESC LIMIT $1::bigint OFFSET $2::bigint",
            Self.window(offset, limit) + names, readAuditEntry)
        let (countCondition, countNames) = Self.auditCondition(filter, firstParameter: 1)
        return ListingPage(items: items, total: try count("SELECT count(*) FROM audit_log\(countCondition)", countNames))
    }

    /// ` WHERE action [NOT] IN ($n, …)` for `filter`, and its names; nothing for `.all`.
    private static func auditCondition(_ filter: AuditFilter, firstParameter: Int) -> (String, [String?]) {
        let (kinds, negated): (Set<AuditAction.Kind>, Bool)
        switch filter {
        case .all: return ("", [])
        case .only(let only): (kinds, negated) = (only, false)
        case .excluding(let excluded): (kinds, negated) = (excluded, true)
        }
        let names = AuditAction.Kind.storedNames(of: kinds)
        guard !names.isEmpty else { return negated ? ("", []) : (" WHERE false", []) }
        let placeholders = names.indices.map { "$\(firstParameter + $0)" }.joined(separator: ", ")
        return (" WHERE action \(negated ? "NOT IN" : "IN") (\(placeholders))", names)
    }

    func removeUser(card: String) throws -> Bool {
        checkOpen()
        // FOR UPDATE waits for a lend to this User in progress (it holds the row FOR NO KEY
        // UPDATE), and makes a later one wait here and then find no User.
        guard try connection.firstRow("SELECT card FROM users WHERE card = $1 FOR UPDATE", [card], { $0.text(0) }) != nil else {
            return false
        }
        let open = try count("SELECT count(*) FROM loans WHERE user_card = $1 AND returned_at IS NULL", [card])
        guard open == 0 else { throw LendingStoreError.userHasOpenLoans(card: card, count: open) }
        try connection.execute("UPDATE loans SET user_card = NULL WHERE user_card = $1", [card])
        try connection.execute("UPDATE audit_log SET user_card = NULL, user_name = NULL WHERE user_card = $1", [card])
        try connection.execute("DELETE FROM users WHERE card = $1", [card])
        return true
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

    // MARK: Paging

    /// LIMIT and OFFSET values; negative ones count as 0.
    private static func window(_ offset: Int, _ limit: Int) -> [String?] {
        [String(max(0, limit)), String(max(0, offset))]
    }

    private func count(_ sql: String, _ parameters: [String?]) throws -> Int {
        Int(try connection.firstRow(sql, parameters) { $0.text(0) } ?? "0") ?? 0
    }
}
