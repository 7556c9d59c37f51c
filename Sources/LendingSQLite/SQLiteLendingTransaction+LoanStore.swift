import Foundation
import Lending

// The teachers' page's part of the contract (LibraryDesk.swift): the library's rules, the
// page's sign-in, and the lists, each list paged in SQL with its total counted alongside.
// A search is `instr(bookkiosk_fold(column), ?)` with the text folded by `ListingSearch.folded`
// (the function that `bookkiosk_fold` calls), so `%` and `_` are plain characters.
extension SQLiteLendingTransaction {
    // MARK: The library's rules

    func libraryRules() throws -> LibraryRules? {
        try checkOpen()
        return try connection.firstRow("""
            SELECT loan_limit, loan_days, closed_weekdays, closed_dates, block_on_overdue, library_name
            FROM library_rules WHERE id = 1
            """, []) { row in
            let weekdaysText = row.text(2), datesText = row.text(3)
            guard let weekdays = LibraryRules.closedWeekdays(fromStored: weekdaysText) else {
                throw LibraryFileError.unreadableValue(path: connection.path, column: "library_rules.closed_weekdays", value: weekdaysText)
            }
            guard let dates = LibraryRules.closedDates(fromStored: datesText) else {
                throw LibraryFileError.unreadableValue(path: connection.path, column: "library_rules.closed_dates", value: datesText)
            }
            return LibraryRules(loanLimit: Int(row.int64(0)), loanDays: Int(row.int64(1)), closedWeekdays: weekdays,
                                closedDates: dates, blockOnOverdue: row.int64(4) != 0, libraryName: row.text(5))
        }
    }

    func save(_ rules: LibraryRules) throws {
        try checkOpen()
        try connection.execute("""
            INSERT INTO library_rules (id, loan_limit, loan_days, closed_weekdays, closed_dates, block_on_overdue, library_name)
            VALUES (1, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET
                loan_limit = excluded.loan_limit, loan_days = excluded.loan_days,
                closed_weekdays = excluded.closed_weekdays, closed_dates = excluded.closed_dates,
                block_on_overdue = excluded.block_on_overdue, library_name = excluded.library_name
            """, [SQLiteValue(rules.loanLimit), SQLiteValue(rules.loanDays), .text(rules.closedWeekdaysText),
                  .text(rules.closedDatesText), SQLiteValue(rules.blockOnOverdue), .text(rules.libraryName)])
    }

    // MARK: Sign-in

    func passwordHash(staff name: String) throws -> String? {
        try checkOpen()
        return try connection.firstRow("SELECT password_hash FROM staff WHERE name = ?", [.text(name)]) {
            $0.optionalText(0)
        } ?? nil
    }

    func setPasswordHash(_ hash: String?, staff name: String) throws -> Bool {
        try checkOpen()
        let changed = try connection.firstRow("UPDATE staff SET password_hash = ? WHERE name = ? RETURNING name",
                                              [SQLiteValue(hash), .text(name)]) { $0.text(0) }
        return changed != nil
    }

    func signInRecord(staff name: String) throws -> SignInRecord {
        try checkOpen()
        let stored = try connection.firstRow("""
            SELECT sign_in_failures, sign_in_last_failure, sign_in_locked_until FROM staff WHERE name = ?
            """, [.text(name)]) {
            SignInRecord(failures: Int($0.int64(0)), lastFailure: $0.optionalDouble(1).map(Date.init(timeIntervalSince1970:)),
                         lockedUntil: $0.optionalDouble(2).map(Date.init(timeIntervalSince1970:)))
        }
        return stored ?? SignInRecord()
    }

    func save(_ record: SignInRecord, staff name: String) throws {
        try checkOpen()
        // The record is part of the account: without one there is nothing to keep.
        try connection.execute("""
            UPDATE staff SET sign_in_failures = ?, sign_in_last_failure = ?, sign_in_locked_until = ? WHERE name = ?
            """, [SQLiteValue(record.failures), SQLiteValue(record.lastFailure?.timeIntervalSince1970),
                  SQLiteValue(record.lockedUntil?.timeIntervalSince1970), .text(name)])
    }

    // MARK: Lists

    /// List order of Users (`sortedForLists`), with `classes` joined on `users.class`:
    /// graded classes youngest first, then classes without a grade, then no class; then the
    /// reading (or the name where there is none), then the card.
    static let userListOrder = """
        CASE WHEN users.class IS NULL THEN 2 WHEN classes.grade IS NULL THEN 1 ELSE 0 END, classes.grade, users.class,
        coalesce(users.reading, users.name), users.card
        """

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

    private static let usersFilter = """
        FROM users LEFT JOIN classes ON classes.name = users.class
        WHERE (?1 = '' OR instr(bookkiosk_fold(users.name), ?1) > 0 OR instr(bookkiosk_fold(users.reading), ?1) > 0 OR instr(bookkiosk_fold(users.card), ?1) > 0)
          AND (?2 IS NULL OR users.class = ?2)
        """

    func users(matching text: String, inClass className: String?, offset: Int, limit: Int) throws -> ListingPage<User> {
        try checkOpen()
        let filter: [SQLiteValue] = [.text(ListingSearch.folded(text)), SQLiteValue(className)]
        let columns = Self.userColumns.split(separator: ", ").map { "users.\($0)" }.joined(separator: ", ")
        let items = try connection.rows(
            "SELECT \(columns) \(Self.usersFilter) ORDER BY \(Self.userListOrder) LIMIT ?3 OFFSET ?4",
            filter + Self.window(offset, limit), readUser)
        return ListingPage(items: items, total: try count("SELECT count(*) \(Self.usersFilter)", filter))
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

    func auditEntries(_ filter: AuditFilter, newestFirst offset: Int, limit: Int) throws -> ListingPage<AuditEntry> {
        try checkOpen()
        // The names follow the window's two parameters: ?3, ?4, …
        let (condition, names) = Self.auditCondition(filter, firstParameter: 3)
        let items = try connection.rows("SELECT \(Self.auditColumns) FROM audit_log\(condition) ORDER BY id DESC LIMIT ?1 OFFSET ?2",
                                        Self.window(offset, limit) + names, readAuditEntry)
        let (countCondition, countNames) = Self.auditCondition(filter, firstParameter: 1)
        return ListingPage(items: items, total: try count("SELECT count(*) FROM audit_log\(countCondition)", countNames))
    }

    /// ` WHERE action [NOT] IN (?n, …)` for `filter`, and its names; nothing for `.all`.
    private static func auditCondition(_ filter: AuditFilter, firstParameter: Int) -> (String, [SQLiteValue]) {
        let (kinds, negated): (Set<AuditAction.Kind>, Bool)
        switch filter {
        case .all: return ("", [])
        case .only(let only): (kinds, negated) = (only, false)
        case .excluding(let excluded): (kinds, negated) = (excluded, true)
        }
        let names = AuditAction.Kind.storedNames(of: kinds)
        guard !names.isEmpty else { return negated ? ("", []) : (" WHERE 0", []) }
        let placeholders = names.indices.map { "?\(firstParameter + $0)" }.joined(separator: ", ")
        return (" WHERE action \(negated ? "NOT IN" : "IN") (\(placeholders))", names.map { .text($0) })
    }

    func removeUser(card: String) throws -> Bool {
        try checkOpen()
        guard try user(card: card) != nil else { return false }
        let open = try count("SELECT count(*) FROM loans WHERE user = ? AND returned_at IS NULL", [.text(card)])
        guard open == 0 else { throw LendingStoreError.userHasOpenLoans(card: card, count: open) }
        try connection.execute("UPDATE loans SET user = NULL WHERE user = ?", [.text(card)])
        try connection.execute("UPDATE audit_log SET user = NULL, user_name = NULL WHERE user = ?", [.text(card)])
        try connection.execute("DELETE FROM users WHERE card = ?", [.text(card)])
        return true
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

    // MARK: Paging

    /// LIMIT and OFFSET values; negative ones count as 0 (SQLite reads a negative LIMIT as none).
    private static func window(_ offset: Int, _ limit: Int) -> [SQLiteValue] {
        [SQLiteValue(max(0, limit)), SQLiteValue(max(0, offset))]
    }

    private func count(_ sql: String, _ arguments: [SQLiteValue]) throws -> Int {
        Int(try connection.firstRow(sql, arguments) { $0.int64(0) } ?? 0)
    }
}
