import Foundation
import Lending

extension SQLiteLendingTransaction: UserStore {
    func user(card: String) throws -> User? {
        try checkOpen()
        return try connection.firstRow("SELECT \(Self.userColumns) FROM users WHERE card = ?",
                                       [.text(card)], readUser)
    }

    func allUsers() throws -> [User] {
        try checkOpen()
        return try connection.rows("SELECT \(Self.userColumns) FROM users ORDER BY card", [], readUser)
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

    // MARK: The list

    /// List order of Users (`sortedForLists`), with `classes` joined on `users.class`:
    /// graded classes youngest first, then classes without a grade, then no class; then the
    /// reading (or the name where there is none), then the card.
    static let userListOrder = """
        CASE WHEN users.class IS NULL THEN 2 WHEN classes.grade IS NULL THEN 1 ELSE 0 END, classes.grade, users.class,
        coalesce(users.reading, users.name), users.card
        """

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
}
