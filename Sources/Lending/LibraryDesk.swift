import Foundation

/// The library's staff operations, each written once: the kiosk's staff mode, the teachers'
/// page and the commands all call these. Each operation checks, writes and records its audit
/// entry inside the transaction it is given, so the log holds exactly the actions done.
///
/// An operation is the body of one transaction, or part of it: call it inside
/// `repository.transaction { tx in … }`. Operations are pure apart from `tx` (they return what
/// their caller reports), so a store may run them again after a conflict (`.onConflict`).
/// Slow work (hashing a PIN or a password, reading an upload, a lookup) is done by the caller
/// before the transaction, and passed in as values.
///
/// Where each operation lives: circulation (lend, return, force return, extend, withdraw) here;
/// Books and Users in `LibraryDesk+Catalog.swift`; the rules and Staff accounts in
/// `LibraryDesk+Staff.swift`; classes and promotion in `LibraryDesk+SchoolYear.swift`;
/// printing, import, restore, staff mode and sign-in records in `LibraryDesk+Records.swift`; the
/// list of overdue Loans in `LibraryDesk+Overdue.swift`.
///
/// Locks (a store that locks, `PostgresLendingRepository`): every operation takes them in the
/// order that type's comment gives: Books, then Users (one User; several in card order), then
/// the other tables; what is only shown or written down (a borrower's name) is read unlocked.
public struct LibraryDesk: Sendable {
    /// The Staff member who acts (for a command, the person at the terminal).
    public var staff: String
    public var time: Date

    public init(staff: String, at time: Date) {
        self.staff = staff
        self.time = time
    }

    /// Appends the audit entry for `action`, done now by this desk's Staff member.
    func record(_ action: AuditAction, user: AuditedUser? = nil, in tx: any LendingTransaction) throws {
        try tx.record(AuditEntry(time: time, staff: staff, action: action, user: user))
    }

    /// The audit log's User for a Loan's `card` (nil for a Loan that no longer names one), read
    /// without a lock: the name is written down, not decided on.
    func audited(_ card: String?, in tx: any LendingTransaction) throws -> AuditedUser? {
        guard let card else { return nil }
        return AuditedUser(card: card, name: try tx.users(cards: [card]).first?.name)
    }

    // MARK: Lend

    /// What to do when the Book to lend is on loan already.
    public enum WhenOnLoan: Sendable, Hashable {
        /// Take it back (staff mode: the Book is in the Staff member's hands).
        case returnIt
        /// Lend nothing and say so (the page: the Book is somewhere else).
        case refuse
    }

    /// What a lend came to.
    public enum Lend: Sendable, Equatable {
        /// Lent (`.lent`, `pastRule` the rule overridden, if any), returned (`.returned`, a Book
        /// on loan taken back with `.returnIt`), or refused by a rule no override passes
        /// (`.refused`: an inactive User, a withdrawn Book), or by one `pastRules` was not given for.
        case outcome(Outcome, pastRule: Refusal?)
        /// The Book is on loan (with `.refuse`).
        case onLoan(Book)
        case notABook(String)
        case unknownBarcode(String)
        case noSuchUser(String)
    }

    /// Lends the Book `barcode` (or, for an ISBN, a copy of it, as a scan does) to the User with
    /// `card` under `policy`'s rules. With `pastRules` a Staff member lends past `hasOverdue`
    /// and `limitReached`, recorded as an override (`lentPastRules`) naming the rule; a lend
    /// that breaks no rule is recorded as `lent` either way.
    ///
    /// Locks the Book (or the ISBN's copies), then the User, as a scan does.
    public func lend(_ barcode: String, to card: String, pastRules: Bool, whenOnLoan: WhenOnLoan, policy: Policy,
                     in tx: any LendingTransaction) throws -> Lend {
        let subject = try Circulation.lookUp(barcode, in: tx)
        switch subject {
        case .card: return .notABook(barcode)
        case .unknown: return .unknownBarcode(barcode)
        case .book(let copy):
            if whenOnLoan == .refuse, copy.openLoan != nil { return .onLoan(copy.book) }
        case .isbn: break
        }
        guard let user = try tx.user(card: card) else { return .noSuchUser(card) }
        let circulation = Circulation(policy: policy)
        let loans = try tx.openLoans(user: card)
        var decision = circulation.decide(subject, session: user, sessionLoans: loans, at: time)
        var pastRule: Refusal?
        if case .refuse(let refusal, _, _) = decision, pastRules, refusal == .hasOverdue || refusal == .limitReached {
            pastRule = refusal
            decision = circulation.decide(subject, session: user, sessionLoans: loans, at: time, overrideBy: staff)
        }
        if whenOnLoan == .refuse, case .return(_, let book) = decision { return .onLoan(book) }
        let outcome = try circulation.carryOut(decision, barcode: barcode, at: time, in: tx,
                                               sessionLoans: (card: card, loans: loans))
        switch outcome {
        case .lent(let loan, let book, let user, _):
            let action: AuditAction = pastRule.map { .lentPastRules(book: AuditedBook(book), due: loan.due, refusal: $0) }
                ?? .lent(book: AuditedBook(book), due: loan.due)
            try record(action, user: AuditedUser(user), in: tx)
        case .returned(let loan, let book, _, _, _):
            try record(.returned(book: AuditedBook(book)), user: try audited(loan.user, in: tx), in: tx)
        case .greeted, .refused:
            break
        }
        return .outcome(outcome, pastRule: pastRule)
    }

    // MARK: Force return and extend

    /// Which open Loan a staff action means.
    public enum LoanChoice: Sendable, Hashable {
        /// The open Loan of the Book with this barcode, or for an ISBN the copy lent longest ago.
        case book(String)
        /// The open Loan with this id (the page's 貸出中 list).
        case loan(Int64)
    }

    /// What a force return or an extension came to.
    public enum LoanChange: Sendable, Equatable {
        /// Done: the Loan as it is now, its Book, its User (nil when forgotten), and the due
        /// date it had before.
        case done(Loan, book: Book, user: User?, dueBefore: LocalDate)
        /// The Book is not on loan (or the Loan is returned already, or never was).
        case notOnLoan(Book?)
        case notABook(String)
        case unknownBarcode(String)
    }

    /// The open Loan `choice` stands for, with its Book, or why there is none.
    enum OpenLoan {
        case found(Loan, Book)
        case refused(LoanChangeRefusal)
    }

    /// The open Loan `choice` stands for, with its Book. Locks the Book (or the ISBN's copies).
    func openLoan(_ choice: LoanChoice, in tx: any LendingTransaction) throws -> OpenLoan {
        switch choice {
        case .loan(let id):
            guard let loan = try tx.openLoans().first(where: { $0.id == id }),
                  let book = try tx.book(barcode: loan.book),
                  let locked = try tx.openLoan(book: book.barcode), locked.id == id else { return .refused(.notOnLoan(nil)) }
            return .found(locked, book)
        case .book(let barcode):
            switch try Circulation.lookUp(barcode, in: tx) {
            case .card: return .refused(.notABook(barcode))
            case .unknown: return .refused(.unknownBarcode(barcode))
            case .book(let copy):
                guard let loan = copy.openLoan else { return .refused(.notOnLoan(copy.book)) }
                return .found(loan, copy.book)
            case .isbn(_, let copies):
                let lent = copies.filter { $0.openLoan != nil }.sorted { $0.openLoan!.lentAt < $1.openLoan!.lentAt }
                guard let oldest = lent.first else { return .refused(.notOnLoan(copies[0].book)) }
                return .found(oldest.openLoan!, oldest.book)
            }
        }
    }

    /// Why there is no open Loan to change (the refusals of `LoanChange`): a value, returned.
    enum LoanChangeRefusal: Sendable, Equatable {
        case notOnLoan(Book?)
        case notABook(String)
        case unknownBarcode(String)

        var change: LoanChange {
            switch self {
            case .notOnLoan(let book): .notOnLoan(book)
            case .notABook(let barcode): .notABook(barcode)
            case .unknownBarcode(let barcode): .unknownBarcode(barcode)
            }
        }
    }

    /// 強制返却: ends the open Loan `choice` stands for, whatever the rules say.
    public func forceReturn(_ choice: LoanChoice, in tx: any LendingTransaction) throws -> LoanChange {
        switch try openLoan(choice, in: tx) {
        case .refused(let refusal):
            return refusal.change
        case .found(let loan, let book):
            let closed = try tx.closeLoan(id: loan.id, returnedAt: time)
            let user = try loan.user.flatMap { try tx.users(cards: [$0]).first }
            try record(.forcedReturn(book: AuditedBook(book)), user: user.map(AuditedUser.init) ?? (try audited(loan.user, in: tx)), in: tx)
            return .done(closed, book: book, user: user, dueBefore: loan.due)
        }
    }

    /// Moves the due date of the open Loan `choice` stands for on by `policy`'s loan days.
    public func extend(_ choice: LoanChoice, policy: Policy, in tx: any LendingTransaction) throws -> LoanChange {
        switch try openLoan(choice, in: tx) {
        case .refused(let refusal):
            return refusal.change
        case .found(let loan, let book):
            let due = policy.extendedDue(loan.due, at: time)
            let extended = try tx.setDue(loanID: loan.id, due: due)
            let user = try loan.user.flatMap { try tx.users(cards: [$0]).first }
            try record(.extended(book: AuditedBook(book), from: loan.due, to: due),
                       user: user.map(AuditedUser.init) ?? (try audited(loan.user, in: tx)), in: tx)
            return .done(extended, book: book, user: user, dueBefore: loan.due)
        }
    }

    // MARK: Withdraw

    /// What a withdrawal came to.
    public enum Withdrawal: Sendable, Equatable {
        /// Withdrawn; `endedLoan` is the Loan it had, ended now.
        case withdrawn(Book, endedLoan: Loan?)
        case alreadyWithdrawn(Book)
        /// The Book is on loan and `evenIfOnLoan` was not given: nothing changed.
        case onLoan(Book, loan: Loan, borrower: User?)
        case notABook(String)
        case unknownBarcode(String)
    }

    /// Withdraws the Book: it can no longer be lent. A Book on loan is withdrawn only with
    /// `evenIfOnLoan` (it is in the Staff member's hands, or they confirmed), and its Loan ends.
    public func withdraw(_ barcode: String, evenIfOnLoan: Bool, in tx: any LendingTransaction) throws -> Withdrawal {
        guard var book = try tx.book(barcode: barcode) else {
            return try tx.users(cards: [barcode]).isEmpty ? .unknownBarcode(barcode) : .notABook(barcode)
        }
        guard book.status != .withdrawn else { return .alreadyWithdrawn(book) }
        let open = try tx.openLoan(book: barcode)
        if let open, !evenIfOnLoan {
            return .onLoan(book, loan: open, borrower: try open.user.flatMap { try tx.users(cards: [$0]).first })
        }
        var ended: Loan?
        if let open { ended = try tx.closeLoan(id: open.id, returnedAt: time) }
        book.status = .withdrawn
        try tx.save(book)
        try record(.withdrew(book: AuditedBook(book), wasOnLoan: open != nil), user: try audited(open?.user, in: tx), in: tx)
        return .withdrawn(book, endedLoan: ended)
    }
}
