import Foundation

/// The Users of the library, as one transaction reads and writes them: each by their Card,
/// the teachers' page's list, and removing one who has left.
public protocol UserStore: AnyObject {
    func user(card: String) throws -> User?
    /// The Users with these cards (those that exist), for showing them or greeting them: the
    /// scanned Card, the borrower of a Book taken back. Unlike `user(card:)`, a store that locks
    /// what a decision rests on locks nothing here. A default reads them one by one.
    func users(cards: [String]) throws -> [User]
    /// All Users, in card order.
    func allUsers() throws -> [User]

    /// Inserts the User, or updates the one with the same card.
    func save(_ user: User) throws
    /// Removes a User who has no open Loan: their returned Loans and audit entries forget them
    /// (as the privacy pass does). Throws `LendingStoreError.userHasOpenLoans` when they still
    /// have a Book out; false when there is no User with this card.
    func removeUser(card: String) throws -> Bool

    /// Users whose name, reading or card contains `text` (as `users(matching:)`), only those in
    /// `className` when given, in list order (`sortedForLists`); one page and the total.
    func users(matching text: String, inClass className: String?, offset: Int, limit: Int) throws -> ListingPage<User>
}

extension UserStore {
    /// Users of every class whose name, reading or card contains `text`, in list order.
    public func users(matching text: String, offset: Int, limit: Int) throws -> ListingPage<User> {
        try users(matching: text, inClass: nil, offset: offset, limit: limit)
    }

    public func users(cards: [String]) throws -> [User] {
        try cards.compactMap { try user(card: $0) }
    }
}
