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
            let detail = lock.isLocked(at: now)
                ? "a wrong PIN was typed; PIN entry is locked for \(lock.secondsLeft(at: now)) s"
                : "a wrong PIN was typed"
            try tx.record(AuditEntry(time: now, staff: nil, action: lock.isLocked(at: now) ? "pinLocked" : "pinWrong", detail: detail))
        }
    }

    /// Records entering and leaving staff mode.
    func record(_ event: StaffEvent, at now: Date) throws {
        try repository.transaction { tx in
            try tx.record(AuditEntry(time: now, staff: event.staff, action: event.action.rawValue,
                                     detail: event.action == .entered ? "entered staff mode" : "left staff mode"))
        }
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
        let subject = try Circulation.lookUp(barcode, in: tx)
        switch subject {
        case .card: return .notice(.notABook(barcode))
        case .unknown: return .notice(.unknownBarcode(barcode))
        case .book, .isbn: break
        }
        let current = try tx.user(card: user.card) ?? user
        let decision = circulation.decide(subject, session: current, sessionLoans: try tx.openLoans(user: current.card),
                                          at: now, overrideBy: staff)
        let outcome = try circulation.carryOut(decision, barcode: barcode, at: now, in: tx)
        switch outcome {
        case .lent(let loan, let book, let user, _):
            try tx.record(AuditEntry(time: now, staff: staff, action: StaffEvent.Action.override.rawValue,
                                     detail: "lent \(book.barcode) 「\(book.title)」, due \(loan.due), past the rules", user: AuditedUser(user)))
            return .done(StaffEvent(action: .override, staff: staff, user: user, book: book, loan: loan))
        case .returned(let loan, let book, _, _, _):
            try tx.record(AuditEntry(time: now, staff: staff, action: "returned",
                                     detail: "\(book.barcode) 「\(book.title)」 was on loan and came back", user: try audited(loan.user, in: tx)))
            return .outcome(outcome)
        case .greeted, .refused:
            return .outcome(outcome)
        }
    }

    enum LoanLookup {
        case found(Loan, Book)
        case notice(StaffNotice)
    }

    /// The open Loan a scanned barcode stands for: the Book's own, or for an ISBN the copy lent
    /// longest ago.
    private func openLoan(for barcode: String, in tx: any LendingTransaction) throws -> LoanLookup {
        switch try Circulation.lookUp(barcode, in: tx) {
        case .card: return .notice(.notABook(barcode))
        case .unknown: return .notice(.unknownBarcode(barcode))
        case .book(let copy):
            guard let loan = copy.openLoan else { return .notice(.notOnLoan(copy.book)) }
            return .found(loan, copy.book)
        case .isbn(_, let copies):
            let lent = copies.filter { $0.openLoan != nil }.sorted { $0.openLoan!.lentAt < $1.openLoan!.lentAt }
            guard let oldest = lent.first else { return .notice(.notOnLoan(copies[0].book)) }
            return .found(oldest.openLoan!, oldest.book)
        }
    }

    private func forceReturn(_ barcode: String, by staff: String, at now: Date, in tx: any LendingTransaction) throws -> StaffResult {
        switch try openLoan(for: barcode, in: tx) {
        case .notice(let notice):
            return .notice(notice)
        case .found(let loan, let book):
            let closed = try tx.closeLoan(id: loan.id, returnedAt: now)
            let user = try loan.user.flatMap { try tx.users(cards: [$0]).first }
            try tx.record(AuditEntry(time: now, staff: staff, action: StaffEvent.Action.forcedReturn.rawValue,
                                     detail: "returned \(book.barcode) 「\(book.title)」", user: try audited(loan.user, in: tx)))
            return .done(StaffEvent(action: .forcedReturn, staff: staff, user: user, book: book, loan: closed))
        }
    }

    private func extend(_ barcode: String, by staff: String, at now: Date, in tx: any LendingTransaction) throws -> StaffResult {
        switch try openLoan(for: barcode, in: tx) {
        case .notice(let notice):
            return .notice(notice)
        case .found(let loan, let book):
            let due = policy.extendedDue(loan.due, at: now)
            let extended = try tx.setDue(loanID: loan.id, due: due)
            let user = try loan.user.flatMap { try tx.users(cards: [$0]).first }
            try tx.record(AuditEntry(time: now, staff: staff, action: StaffEvent.Action.extended.rawValue,
                                     detail: "\(book.barcode) 「\(book.title)」: due \(loan.due) → \(due)", user: try audited(loan.user, in: tx)))
            return .done(StaffEvent(action: .extended, staff: staff, user: user, book: book, loan: extended))
        }
    }

    private func register(_ book: Book, by staff: String, at now: Date, in tx: any LendingTransaction) throws -> StaffResult {
        if try Catalog.conflict(saving: book, in: tx) != nil { return .notice(.barcodeTaken(book.barcode)) }
        var saved = book
        let existing = try tx.book(barcode: book.barcode)
        if let existing {
            saved.status = existing.status
            saved.isbn = existing.isbn
        }
        // A Book registered under its ISBN barcode is also found by that ISBN.
        saved.isbn = saved.isbn ?? Barcode.isbn13(book.barcode)
        // Its reading comes from the lookup cache, when the title is the one found there.
        if saved.reading == nil, let isbn = saved.isbn, let record = try tx.bookRecord(isbn: isbn), record.title == saved.title {
            saved.reading = record.reading
        }
        try tx.save(saved)
        let change = existing.map { "renamed \(saved.barcode) from 「\($0.title)」 to 「\(saved.title)」" }
            ?? "added \(saved.barcode) 「\(saved.title)」" + (saved.author.map { " by \($0)" } ?? "")
        try tx.record(AuditEntry(time: now, staff: staff, action: StaffEvent.Action.registeredBook.rawValue, detail: change))
        return .done(StaffEvent(action: .registeredBook, staff: staff, book: saved))
    }

    private func register(_ user: User, by staff: String, at now: Date, in tx: any LendingTransaction) throws -> StaffResult {
        if try Catalog.conflict(saving: user, in: tx) != nil { return .notice(.barcodeTaken(user.card)) }
        var saved = user
        let existing = try tx.user(card: user.card)
        if let existing {
            saved.loanLimit = existing.loanLimit
            saved.isActive = existing.isActive
        }
        try tx.save(saved)
        let change = existing == nil ? "added a card" : "renamed a card's User"
        let named = AuditedUser(card: saved.card, name: existing.map { "\($0.name) → \(saved.name)" } ?? saved.name)
        try tx.record(AuditEntry(time: now, staff: staff, action: StaffEvent.Action.registeredUser.rawValue, detail: change, user: named))
        return .done(StaffEvent(action: .registeredUser, staff: staff, user: saved))
    }

    /// The audit log's User for a Loan's `card` (nil for a Loan that no longer names one), read
    /// without a lock: the name is written down, not decided on.
    private func audited(_ card: String?, in tx: any LendingTransaction) throws -> AuditedUser? {
        guard let card else { return nil }
        return AuditedUser(card: card, name: try tx.users(cards: [card]).first?.name)
    }

    private func withdraw(_ barcode: String, by staff: String, at now: Date, in tx: any LendingTransaction) throws -> StaffResult {
        guard var book = try tx.book(barcode: barcode) else {
            return .notice(try tx.users(cards: [barcode]).isEmpty ? .unknownBarcode(barcode) : .notABook(barcode))
        }
        guard book.status != .withdrawn else { return .notice(.alreadyWithdrawn(book)) }
        var detail = "withdrew \(book.barcode) 「\(book.title)」"
        var loan: Loan?
        var borrower: AuditedUser?
        if let open = try tx.openLoan(book: barcode) {
            // The Book is in the Staff member's hands, so its Loan ends here.
            loan = try tx.closeLoan(id: open.id, returnedAt: now)
            detail += "; it was on loan and was returned"
            borrower = try audited(open.user, in: tx)
        }
        book.status = .withdrawn
        try tx.save(book)
        try tx.record(AuditEntry(time: now, staff: staff, action: StaffEvent.Action.withdrew.rawValue, detail: detail, user: borrower))
        return .done(StaffEvent(action: .withdrew, staff: staff, book: book, loan: loan))
    }
}
