import Foundation
import Lending

extension PostgresLendingTransaction: LoanStore {
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

    // MARK: Lists

    // The list, a User's Loans and the summary are shown, not decided on, and lock nothing.

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
}
