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
        /// Whether the Loan is overdue (its due date has passed).
        public var isOverdue: Bool

        public init(book: String, title: String, isbn: String? = nil, due: LocalDate, isOverdue: Bool = false) {
            self.book = book
            self.title = title
            self.isbn = isbn
            self.due = due
            self.isOverdue = isOverdue
        }
    }

    /// The open Loans, oldest first.
    public var loans: [Entry]
    /// How many more Books the loan limit lets the User borrow now (0 when it is reached).
    /// An overdue Loan does not lower it: whether it blocks lending is the Policy's to say.
    public var remaining: Int
    /// The Refusal any lend to the User would meet now, whatever the Book: `hasOverdue` (a Loan
    /// is overdue and the Policy blocks on overdue) or `limitReached` (every slot is full); nil
    /// when they may borrow. A child is told so at the Card scan, not at the Book scan.
    public var lendRefusal: Refusal?
    /// On a return's loans: the Refusal the return lifted (the User could not borrow before it
    /// and can now); nil otherwise.
    public var liftedRefusal: Refusal?

    public init(loans: [Entry], remaining: Int, lendRefusal: Refusal? = nil, liftedRefusal: Refusal? = nil) {
        self.loans = loans
        self.remaining = remaining
        self.lendRefusal = lendRefusal
        self.liftedRefusal = liftedRefusal
    }

    /// The loan limit that applies: the slots a screen draws.
    public var limit: Int { loans.count + remaining }

    /// The first overdue Loan, the one a child is asked to bring back first.
    public var firstOverdue: Entry? { loans.first(where: \.isOverdue) }
}

extension Circulation {
    /// `user`'s open Loans, read in `tx`, how many more the loan limit allows, and the Refusal
    /// a lend would meet at `now`.
    public func userLoans(of user: User, at now: Date, in tx: any LendingTransaction) throws -> UserLoans {
        try userLoans(of: user, openLoans: try tx.openLoans(user: user.card), at: now, in: tx)
    }

    /// `user`'s open Loans `open` (oldest first) with their titles, read in `tx` (`known`, a
    /// Book already at hand, is not read again). `before`, the open Loans before a return,
    /// tells which Refusal the return lifted.
    func userLoans(of user: User, openLoans open: [Loan], before: [Loan]? = nil, known: Book? = nil, at now: Date,
                   in tx: any LendingTransaction) throws -> UserLoans {
        let wanted = open.map(\.book).filter { $0 != known?.barcode }
        var books = Dictionary(try (wanted.isEmpty ? [] : tx.books(barcodes: wanted)).map { ($0.barcode, $0) },
                               uniquingKeysWith: { first, _ in first })
        if let known { books[known.barcode] = known }
        let entries = open.map { loan in
            UserLoans.Entry(book: loan.book, title: books[loan.book]?.title ?? loan.book, isbn: books[loan.book]?.isbn, due: loan.due,
                            isOverdue: policy.isOverdue(loan, at: now))
        }
        let refusal = lendRefusal(user: user, openLoans: open, at: now)
        let lifted = refusal == nil ? before.flatMap { lendRefusal(user: user, openLoans: $0, at: now) } : nil
        return UserLoans(loans: entries, remaining: max(0, (user.loanLimit ?? policy.loanLimit) - open.count),
                         lendRefusal: refusal, liftedRefusal: lifted)
    }
}
