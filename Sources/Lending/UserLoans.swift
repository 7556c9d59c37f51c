import Foundation

/// A User's open Loans as the kiosk shows them after a greeting, a lend or a return: the books
/// the child has now and how many more the loan limit lets them borrow, so the screen (and an
/// external display reading the event stream) can draw one slot per book they may hold.
public struct UserLoans: Sendable, Equatable {
    /// One open Loan, with what a screen needs to show it.
    public struct Entry: Sendable, Equatable {
        /// The Book's barcode.
        public var book: String
        public var title: String
        /// The Book's ISBN, for finding its cover; nil when it has none.
        public var isbn: String?
        public var due: LocalDate

        public init(book: String, title: String, isbn: String? = nil, due: LocalDate) {
            self.book = book
            self.title = title
            self.isbn = isbn
            self.due = due
        }
    }

    /// The open Loans, oldest first.
    public var loans: [Entry]
    /// How many more Books the loan limit lets the User borrow now (0 when it is reached).
    /// An overdue Loan does not lower it: whether it blocks lending is the Policy's to say.
    public var remaining: Int

    public init(loans: [Entry], remaining: Int) {
        self.loans = loans
        self.remaining = remaining
    }

    /// The loan limit that applies: the slots a screen draws.
    public var limit: Int { loans.count + remaining }
}

extension Circulation {
    /// `user`'s open Loans, read in `tx`, and how many more the loan limit allows.
    public func userLoans(of user: User, in tx: any LendingTransaction) throws -> UserLoans {
        try userLoans(of: user, openLoans: try tx.openLoans(user: user.card), in: tx)
    }

    /// `user`'s open Loans `open` (oldest first) with their titles, read in `tx` (`known`, a
    /// Book already at hand, is not read again).
    func userLoans(of user: User, openLoans open: [Loan], known: Book? = nil, in tx: any LendingTransaction) throws -> UserLoans {
        let wanted = open.map(\.book).filter { $0 != known?.barcode }
        var books = Dictionary(try (wanted.isEmpty ? [] : tx.books(barcodes: wanted)).map { ($0.barcode, $0) },
                               uniquingKeysWith: { first, _ in first })
        if let known { books[known.barcode] = known }
        let entries = open.map { loan in
            UserLoans.Entry(book: loan.book, title: books[loan.book]?.title ?? loan.book, isbn: books[loan.book]?.isbn, due: loan.due)
        }
        return UserLoans(loans: entries, remaining: max(0, (user.loanLimit ?? policy.loanLimit) - open.count))
    }
}
