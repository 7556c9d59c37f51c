import Foundation
import Feedback
import Lending

// A staff step's request carried out by `LibraryDesk`, the one desk for every surface, and what
// it came to put in the kiosk's words (a `StaffResult`).
extension StaffRequest {
    /// Carries the request out at `desk` (its Staff member, its time) inside `tx`: each action
    /// and its audit-log entry in the one transaction, so the log holds exactly the actions done.
    func carryOut(at desk: LibraryDesk, policy: Policy, bookNumbering: BarcodeNumbering,
                  in tx: any LendingTransaction) throws -> StaffResult {
        switch self {
        case .findCard(let barcode):
            return try Self.findCard(barcode, in: tx)
        case .lend(let barcode, let user):
            return try Self.lend(barcode, to: user, at: desk, policy: policy, in: tx)
        case .forceReturn(let barcode):
            return Self.result(of: try desk.forceReturn(.book(barcode), in: tx), action: .forcedReturn, by: desk.staff)
        case .extend(let barcode):
            return Self.result(of: try desk.extend(.book(barcode), policy: policy, in: tx), action: .extended, by: desk.staff)
        case .registerBook(let book):
            switch try desk.registerBook(book, in: tx) {
            case .saved(let saved): return .done(StaffEvent(action: .registeredBook, staff: desk.staff, book: saved))
            case .barcodeTaken(let barcode, _), .missing(let barcode): return .notice(.barcodeTaken(barcode))
            }
        case .newBookNumber:
            return .bookNumber(try LibraryDesk.nextNumbers(1, of: bookNumbering, in: tx)[0])
        case .cachedRecord(let barcode, let isbn):
            return .registering(barcode: barcode, title: try tx.bookRecord(isbn: isbn)?.title)
        case .registerUser(let user):
            switch try desk.registerUser(user, in: tx) {
            case .saved(let saved): return .done(StaffEvent(action: .registeredUser, staff: desk.staff, user: saved))
            case .barcodeTaken(let barcode, _), .missing(let barcode): return .notice(.barcodeTaken(barcode))
            }
        case .withdraw(let barcode):
            return try Self.withdraw(barcode, at: desk, in: tx)
        case .listOverdue:
            return .overdue(try LibraryDesk.overdueLoans(at: desk.time, policy: policy, in: tx))
        }
    }

    // MARK: Each action

    private static func findCard(_ barcode: String, in tx: any LendingTransaction) throws -> StaffResult {
        switch try Circulation.lookUp(barcode, in: tx) {
        case .card(let user):
            return user.isActive ? .cardFound(user) : .outcome(.refused(.userInactive, barcode: barcode, user: user, book: nil))
        case .book, .isbn:
            return .notice(.notACard(barcode))
        case .unknown:
            return .notice(.unknownBarcode(barcode))
        }
    }

    private static func lend(_ barcode: String, to user: User, at desk: LibraryDesk, policy: Policy,
                             in tx: any LendingTransaction) throws -> StaffResult {
        switch try desk.lend(barcode, to: user.card, pastRules: true, whenOnLoan: .returnIt, policy: policy, in: tx) {
        case .outcome(.lent(let loan, let book, let user, _), _):
            return .done(StaffEvent(action: .override, staff: desk.staff, user: user, book: book, loan: loan))
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

    /// A force return or an extension: done, recorded as `action`, or the notice saying why not.
    private static func result(of change: LibraryDesk.LoanChange, action: StaffEvent.Action, by staff: String) -> StaffResult {
        switch change {
        case .done(let loan, let book, let user, _):
            .done(StaffEvent(action: action, staff: staff, user: user, book: book, loan: loan))
        case .notOnLoan(let book): .notice(book.map { .notOnLoan($0) } ?? .unknownBarcode(""))
        case .notABook(let barcode): .notice(.notABook(barcode))
        case .unknownBarcode(let barcode): .notice(.unknownBarcode(barcode))
        }
    }

    private static func withdraw(_ barcode: String, at desk: LibraryDesk, in tx: any LendingTransaction) throws -> StaffResult {
        // The Book is in the Staff member's hands, so a Loan it had ends here.
        switch try desk.withdraw(barcode, evenIfOnLoan: true, in: tx) {
        case .withdrawn(let book, let loan): return .done(StaffEvent(action: .withdrew, staff: desk.staff, book: book, loan: loan))
        case .alreadyWithdrawn(let book): return .notice(.alreadyWithdrawn(book))
        case .onLoan(let book, _, _): return .notice(.notOnLoan(book))
        case .notABook(let barcode): return .notice(.notABook(barcode))
        case .unknownBarcode(let barcode): return .notice(.unknownBarcode(barcode))
        }
    }
}
