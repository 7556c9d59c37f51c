import Foundation
import Lending

// `removeUser` locks the User's row before it counts their open Loans, so a kiosk lending to
// them at the same moment either finishes first (and the removal is refused) or waits and then
// finds no User.
extension PostgresLendingTransaction: UserStore {
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

    func allUsers() throws -> [User] {
        checkOpen()
        return try connection.rows("SELECT \(Self.userColumns) FROM users ORDER BY card", [], readUser)
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

    // MARK: The list

    // Shown, not decided on: it locks nothing.

    /// List order of Users (`sortedForLists`), with `classes` joined on `users.class`:
    /// graded classes youngest first, then classes without a grade, then no class; then the
    /// reading (or the name where there is none), then the card, by code point.
    static let userListOrder = """
        CASE WHEN users.class IS NULL THEN 2 WHEN classes.grade IS NULL THEN 1 ELSE 0 END, classes.grade,
        users.class COLLATE "C", coalesce(users.reading, users.name) COLLATE "C", users.card COLLATE "C"
        """

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
}
