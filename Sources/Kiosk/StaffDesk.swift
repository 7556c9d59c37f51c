import Foundation
import Feedback
import Lending
import StaffPIN

/// Carries out staff requests against the repository: each action and its audit-log entry in
/// one transaction, so the log holds exactly the actions done.
struct StaffDesk {
    var circulation: Circulation
    let repository: any LendingRepository
    /// How a Book without a label is numbered.
    var bookNumbering = BarcodeNumbering.books

    var policy: Policy { circulation.policy }

    /// The Staff member whose PIN this is. Every account is checked, so the time taken does not
    /// tell which one matched.
    func staffMember(withPIN pin: String) throws -> String? {
        let accounts = try repository.transaction { try $0.staffAccounts() }
        var found: String?
        for account in accounts where PINHash.verify(pin, against: account.pinHash) && found == nil {
            found = account.name
        }
        return found
    }

    func loadPINLock() throws -> PINLock {
        try repository.transaction { try $0.pinLock() }
    }

    func save(_ lock: PINLock, failedAttempt: Bool, at now: Date) throws {
        try repository.transaction { tx in
            try tx.save(lock)
            guard failedAttempt else { return }
            try LibraryDesk.recordWrongSecret(.pin, lockedFor: lock.isLocked(at: now) ? lock.secondsLeft(at: now) : nil, at: now, in: tx)
        }
    }

    /// Records entering and leaving staff mode.
    func record(_ event: StaffEvent, at now: Date) throws {
        guard let staff = event.staff else { return }
        let visit: LibraryDesk.Visit = event.action == .left ? .leftStaffMode : .enteredStaffMode
        try repository.transaction { tx in try LibraryDesk(staff: staff, at: now).recordVisit(visit, in: tx) }
    }

    func carryOut(_ request: StaffRequest, by staff: String, at now: Date) throws -> StaffResult {
        try repository.transaction { tx in
            switch request {
            case .findCard(let barcode):
                return try findCard(barcode, in: tx)
            case .lend(let barcode, let user):
                return try lend(barcode, to: user, by: staff, at: now, in: tx)
            case .forceReturn(let barcode):
                return try forceReturn(barcode, by: staff, at: now, in: tx)
            case .extend(let barcode):
                return try extend(barcode, by: staff, at: now, in: tx)
            case .registerBook(let book):
                return try register(book, by: staff, at: now, in: tx)
            case .newBookNumber:
                return .bookNumber(try bookNumbering.next(1, in: tx)[0])
            case .cachedRecord(let barcode, let isbn):
                return .registering(barcode: barcode, title: try tx.bookRecord(isbn: isbn)?.title)
            case .registerUser(let user):
                return try register(user, by: staff, at: now, in: tx)
            case .withdraw(let barcode):
                return try withdraw(barcode, by: staff, at: now, in: tx)
            case .listOverdue:
                return .overdue(try overdueLoans(at: now, in: tx))
            }
        }
    }

    /// A list, so nothing is locked: its Books and Users are read in one go each.
    func overdueLoans(at now: Date, in tx: any LendingTransaction) throws -> [OverdueLoan] {
        let loans = try tx.openLoans().filter { policy.isOverdue($0, at: now) }.sorted { $0.due < $1.due }
        let books = Dictionary(try tx.books(barcodes: loans.map(\.book)).map { ($0.barcode, $0) }, uniquingKeysWith: { first, _ in first })
        let users = Dictionary(try tx.users(cards: loans.compactMap(\.user)).map { ($0.card, $0) }, uniquingKeysWith: { first, _ in first })
        return loans.map { loan in
            OverdueLoan(loan: loan, book: books[loan.book], user: loan.user.flatMap { users[$0] },
                        days: policy.overdueDays(due: loan.due, at: now))
        }
    }

    // MARK: Each action

    private func findCard(_ barcode: String, in tx: any LendingTransaction) throws -> StaffResult {
        switch try Circulation.lookUp(barcode, in: tx) {
        case .card(let user):
            return user.isActive ? .cardFound(user) : .outcome(.refused(.userInactive, barcode: barcode, user: user, book: nil))
        case .book, .isbn:
            return .notice(.notACard(barcode))
        case .unknown:
            return .notice(.unknownBarcode(barcode))
        }
    }

    private func lend(_ barcode: String, to user: User, by staff: String, at now: Date,
                      in tx: any LendingTransaction) throws -> StaffResult {
        let desk = LibraryDesk(staff: staff, at: now)
        switch try desk.lend(barcode, to: user.card, pastRules: true, whenOnLoan: .returnIt, policy: policy, in: tx) {
        case .outcome(.lent(let loan, let book, let user, _), _):
            return .done(StaffEvent(action: .override, staff: staff, user: user, book: book, loan: loan))
        case .outcome(let outcome, _):
            return .outcome(outcome)
        case .onLoan(let book):
            return .notice(.notOnLoan(book))
        case .notABook(let barcode):
            // Another child's Card: the next Books are hers, so the step must know her.
            guard let card = try tx.users(cards: [barcode]).first else { return .notice(.notABook(barcode)) }
            return card.isActive ? .cardFound(card) : .outcome(.refused(.userInactive, barcode: barcode, user: card, book: nil))
        case .unknownBarcode(let barcode), .noSuchUser(let barcode):
            return .notice(.unknownBarcode(barcode))
        }
    }

    private func notice(_ change: LibraryDesk.LoanChange) -> StaffNotice? {
        switch change {
        case .done: nil
        case .notOnLoan(let book): book.map { .notOnLoan($0) } ?? .unknownBarcode("")
        case .notABook(let barcode): .notABook(barcode)
        case .unknownBarcode(let barcode): .unknownBarcode(barcode)
        }
    }

    private func forceReturn(_ barcode: String, by staff: String, at now: Date, in tx: any LendingTransaction) throws -> StaffResult {
        let change = try LibraryDesk(staff: staff, at: now).forceReturn(.book(barcode), in: tx)
        guard case .done(let loan, let book, let user, _) = change else { return .notice(notice(change)!) }
        return .done(StaffEvent(action: .forcedReturn, staff: staff, user: user, book: book, loan: loan))
    }

    private func extend(_ barcode: String, by staff: String, at now: Date, in tx: any LendingTransaction) throws -> StaffResult {
        let change = try LibraryDesk(staff: staff, at: now).extend(.book(barcode), policy: policy, in: tx)
        guard case .done(let loan, let book, let user, _) = change else { return .notice(notice(change)!) }
        return .done(StaffEvent(action: .extended, staff: staff, user: user, book: book, loan: loan))
    }

    private func register(_ book: Book, by staff: String, at now: Date, in tx: any LendingTransaction) throws -> StaffResult {
        switch try LibraryDesk(staff: staff, at: now).registerBook(book, in: tx) {
        case .saved(let saved): return .done(StaffEvent(action: .registeredBook, staff: staff, book: saved))
        case .barcodeTaken(let barcode, _), .missing(let barcode): return .notice(.barcodeTaken(barcode))
        }
    }

    private func register(_ user: User, by staff: String, at now: Date, in tx: any LendingTransaction) throws -> StaffResult {
        switch try LibraryDesk(staff: staff, at: now).registerUser(user, in: tx) {
        case .saved(let saved): return .done(StaffEvent(action: .registeredUser, staff: staff, user: saved))
        case .barcodeTaken(let barcode, _), .missing(let barcode): return .notice(.barcodeTaken(barcode))
        }
    }

    private func withdraw(_ barcode: String, by staff: String, at now: Date, in tx: any LendingTransaction) throws -> StaffResult {
        // The Book is in the Staff member's hands, so a Loan it had ends here.
        switch try LibraryDesk(staff: staff, at: now).withdraw(barcode, evenIfOnLoan: true, in: tx) {
        case .withdrawn(let book, let loan): return .done(StaffEvent(action: .withdrew, staff: staff, book: book, loan: loan))
        case .alreadyWithdrawn(let book): return .notice(.alreadyWithdrawn(book))
        case .onLoan(let book, _, _): return .notice(.notOnLoan(book))
        case .notABook(let barcode): return .notice(.notABook(barcode))
        case .unknownBarcode(let barcode): return .notice(.unknownBarcode(barcode))
        }
    }
}
