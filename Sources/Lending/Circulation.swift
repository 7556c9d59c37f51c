import Foundation

/// What a scanned barcode turned out to be, read from the repository.
public enum Subject: Sendable, Equatable {
    case card(User)
    case book(Copy)
    /// An ISBN shared by copies (never empty).
    case isbn(String, copies: [Copy])
    case unknown(String)
}

extension Subject {
    var isCard: Bool {
        if case .card = self { return true }
        return false
    }
}

/// A Book and its open Loan, if it is on loan.
public struct Copy: Sendable, Equatable {
    public var book: Book
    public var openLoan: Loan?

    public init(book: Book, openLoan: Loan? = nil) {
        self.book = book
        self.openLoan = openLoan
    }
}

/// What the rules decided to do about one Subject.
public enum Decision: Sendable, Equatable {
    case greet(User)
    case lend(Book, to: User, due: LocalDate, overrideBy: String?)
    case `return`(Loan, book: Book)
    case refuse(Refusal, user: User?, book: Book?)
}

/// The circulation rules of DESIGN.md §2. `decide` and `lendRefusal` are pure; `scan` reads,
/// decides and writes inside one repository transaction.
public struct Circulation: Sendable {
    public var policy: Policy

    public init(policy: Policy) {
        self.policy = policy
    }

    // MARK: Pure rules

    /// The first rule that stops `user` borrowing `book`, in the order `userInactive` (a User
    /// made inactive while their Session was open), `bookNotLendable`, `hasOverdue` (when the
    /// Policy blocks on overdue), `limitReached`; nil when all pass.
    /// An override (`overridden`) bypasses `hasOverdue` and `limitReached`.
    public func lendRefusal(book: Book, user: User, openLoans: [Loan], at now: Date,
                            overridden: Bool = false) -> Refusal? {
        if !user.isActive { return .userInactive }
        if book.status != .available { return .bookNotLendable }
        if overridden { return nil }
        return lendRefusal(user: user, openLoans: openLoans, at: now)
    }

    /// The Refusal any lend to `user`, holding `openLoans`, would meet at `now`, whatever the
    /// Book: `hasOverdue` (when the Policy blocks on overdue), then `limitReached`; nil when
    /// they may borrow. Decided at the Card scan too, so a child who cannot borrow is told so
    /// (and what to do) before scanning a Book.
    public func lendRefusal(user: User, openLoans: [Loan], at now: Date) -> Refusal? {
        if policy.blockOnOverdue, openLoans.contains(where: { policy.isOverdue($0, at: now) }) {
            return .hasOverdue
        }
        if openLoans.count >= (user.loanLimit ?? policy.loanLimit) { return .limitReached }
        return nil
    }

    /// Decides what a scan of `subject` does, with `session` the User whose Session is open
    /// (nil when none) and `sessionLoans` that User's open Loans.
    public func decide(_ subject: Subject, session: User?, sessionLoans: [Loan], at now: Date,
                       overrideBy: String? = nil) -> Decision {
        switch subject {
        case .unknown:
            return .refuse(.unknownBarcode, user: session, book: nil)
        case .card(let user):
            return user.isActive ? .greet(user) : .refuse(.userInactive, user: user, book: nil)
        case .book(let copy):
            if let loan = copy.openLoan {
                return .return(loan, book: copy.book)
            }
            guard let user = session else {
                return .refuse(copy.book.status == .available ? .cardFirst : .bookNotLendable,
                               user: nil, book: copy.book)
            }
            return lendOrRefuse(copy.book, to: user, sessionLoans: sessionLoans, at: now, overrideBy: overrideBy)
        case .isbn(_, let copies):
            return decideISBN(copies, session: session, sessionLoans: sessionLoans, at: now, overrideBy: overrideBy)
        }
    }

    /// ISBN copies: the copy on loan to the Session's User; else an available copy; else the
    /// copy lent longest ago. With no Session, a return only when all lent copies are one User's;
    /// `bookNotLendable` when no copy is lent or available.
    func decideISBN(_ copies: [Copy], session: User?, sessionLoans: [Loan], at now: Date,
                    overrideBy: String?) -> Decision {
        let lent = copies.filter { $0.openLoan != nil }.sorted { $0.openLoan!.lentAt < $1.openLoan!.lentAt }
        guard let user = session else {
            let borrowers = Set(lent.map { $0.openLoan!.user })
            if let oldest = lent.first, borrowers.count == 1 {
                return .return(oldest.openLoan!, book: oldest.book)
            }
            // As for a single Book: when no copy could be lent or returned, a Card would not help.
            let lendable = copies.contains { $0.openLoan == nil && $0.book.status == .available }
            let refusal: Refusal = lent.isEmpty && !lendable ? .bookNotLendable : .cardFirst
            return .refuse(refusal, user: nil, book: copies.first?.book)
        }
        if let own = lent.first(where: { $0.openLoan!.user == user.card }) {
            return .return(own.openLoan!, book: own.book)
        }
        if let available = copies.first(where: { $0.openLoan == nil && $0.book.status == .available }) {
            return lendOrRefuse(available.book, to: user, sessionLoans: sessionLoans, at: now, overrideBy: overrideBy)
        }
        if let oldest = lent.first {
            return .return(oldest.openLoan!, book: oldest.book)
        }
        return .refuse(.bookNotLendable, user: user, book: copies.first?.book)
    }

    private func lendOrRefuse(_ book: Book, to user: User, sessionLoans: [Loan], at now: Date,
                              overrideBy: String?) -> Decision {
        if let refusal = lendRefusal(book: book, user: user, openLoans: sessionLoans, at: now,
                                     overridden: overrideBy != nil) {
            return .refuse(refusal, user: user, book: book)
        }
        return .lend(book, to: user, due: policy.dueDate(lentAt: now), overrideBy: overrideBy)
    }

    // MARK: Reading and writing

    /// Looks a barcode up as a Card, then a Book barcode, then an ISBN shared by copies.
    /// `barcode` must already be normalized. Locks the Book, or the ISBN's copies in barcode
    /// order (a store that locks); a Card is read without a lock: greeting its User writes
    /// nothing, and a lend reads its User again, locked.
    public static func lookUp(_ barcode: String, in tx: any LendingTransaction) throws -> Subject {
        if let user = try tx.users(cards: [barcode]).first { return .card(user) }
        if let book = try tx.book(barcode: barcode) {
            return .book(Copy(book: book, openLoan: try tx.openLoan(book: barcode)))
        }
        if let isbn = Barcode.isbn13(barcode) {
            let copies = try tx.books(isbn: isbn).map { Copy(book: $0, openLoan: try tx.openLoan(book: $0.barcode)) }
            if !copies.isEmpty { return .isbn(isbn, copies: copies) }
        }
        return .unknown(barcode)
    }

    /// Handles one scanned barcode: looks it up, decides, and writes the result, all in one
    /// transaction. `session` is the User whose Session is open; the Outcome says what happened.
    /// Throws only for faults of the store (a locked or full database), never for a Refusal.
    ///
    /// Locks (a store that locks), in the order every path keeps: the Book or the ISBN's
    /// copies, then the Session's User, the one User whose loan limit a lend decides on. A
    /// scanned Card and the borrower of a Book taken back are read without a lock.
    /// `scan`, when given, is the scan's own id: written with the Loan it changes
    /// (`ScanRecordingTransaction`), so a kiosk whose COMMIT's reply was lost can look it up.
    public func scan(_ raw: String, session: User?, at now: Date, overrideBy: String? = nil, scan id: String? = nil,
                     in repository: any LendingRepository) throws -> Outcome {
        let barcode = Barcode.normalize(raw)
        return try repository.transaction { tx in
            let subject = try Circulation.lookUp(barcode, in: tx)
            // Read the Session's User afresh: their Loans or status may have changed elsewhere.
            // A Card's greeting does not depend on the Session, so it is not read for one.
            let current = try subject.isCard ? nil : session.flatMap { try tx.user(card: $0.card) }
            let sessionLoans = try current.map { try tx.openLoans(user: $0.card) } ?? []
            let decision = decide(subject, session: current, sessionLoans: sessionLoans, at: now,
                                  overrideBy: overrideBy)
            return try carryOut(decision, barcode: barcode, at: now, in: tx,
                                sessionLoans: current.map { (card: $0.card, loans: sessionLoans) }, scan: id)
        }
    }

    /// Writes what `decision` says and describes it as an Outcome. `sessionLoans`, the open
    /// Loans of the Session's User as read in `tx`, saves reading them again for the Outcome.
    public func carryOut(_ decision: Decision, barcode: String, at now: Date,
                         in tx: any LendingTransaction, sessionLoans: (card: String, loans: [Loan])? = nil,
                         scan: String? = nil) throws -> Outcome {
        /// The open Loans of `card` once `change` is made to them, from the Session's when known.
        func loans(of user: User, known: Book? = nil, returning returned: Loan? = nil,
                   changing change: ([Loan]) -> [Loan]) throws -> UserLoans {
            let open: [Loan]
            if let sessionLoans, sessionLoans.card == user.card {
                open = change(sessionLoans.loans)
            } else {
                open = try tx.openLoans(user: user.card)
            }
            return try userLoans(of: user, openLoans: open, before: returned.map { open + [$0] }, known: known, at: now, in: tx)
        }
        switch decision {
        case .greet(let user):
            return .greeted(user, loans: try userLoans(of: user, at: now, in: tx))
        case .refuse(let refusal, let user, let book):
            return .refused(refusal, barcode: barcode, user: user, book: book)
        case .lend(let book, let user, let due, let overrideBy):
            let loan = try tx.addLoan(book: book.barcode, user: user.card, lentAt: now, due: due,
                                      overrideBy: overrideBy)
            try record(scan, changed: loan.id, .lent, in: tx)
            return .lent(loan, book: book, user: user, loans: try loans(of: user, known: book) { $0 + [loan] })
        case .return(let loan, let book):
            let closed = try tx.closeLoan(id: loan.id, returnedAt: now)
            try record(scan, changed: loan.id, .returned, in: tx)
            // Shown, not decided on: the Book's lock is what the return rests on.
            let user = try loan.user.flatMap { try tx.users(cards: [$0]).first }
            return .returned(closed, book: book, user: user, overdueDays: policy.overdueDays(due: loan.due, at: now),
                             loans: try user.map { user in try loans(of: user, returning: loan) { $0.filter { $0.id != loan.id } } })
        }
    }
}
