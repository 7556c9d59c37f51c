import Foundation
import Lending

/// Everything the kiosk tells the people in front of it and the event stream.
/// Each event becomes, together, a status-line update, a Cue, optional speech and one JSON line.
public enum KioskEvent: Sendable, Equatable {
    /// The kiosk has started and waits for a Card.
    case ready
    /// A circulation Outcome: greeted, lent, returned or refused.
    case outcome(Outcome)
    /// The same barcode again within the debounce window; nothing was done.
    case duplicate(barcode: String)
    /// The Session of this User ended (timeout).
    case sessionEnded(User)
    /// The Session of this User was closed by a scan that may be another child's: a Card that
    /// was refused, or a barcode no Card or Book carries that may be a Card. That scan's answer
    /// follows at once; nothing is said of the Session itself, so the child at the kiosk hears
    /// only her own answer, and the next Book waits for a Card.
    case sessionClosed(User, barcode: String)
    /// Something happened in staff mode.
    case staff(StaffEvent)
    /// A PIN was refused: `pinWrong`, or `pinLocked` with the seconds until entry opens again.
    case pinRefused(Refusal, retryAfterSeconds: Int?)
    case scannerLost(scanner: String)
    case scannerBack(scanner: String)
    /// A fault the kiosk survived (a locked or full database, …). Nothing was lost.
    case error(KioskFault)
    /// An Outcome carried out later than its scan: a return kept in the kiosk's journal while
    /// the database server was away, applied at the time it was scanned once the server was
    /// back. Written as the Outcome's own event with `"deferred": true`.
    case deferred(Outcome)
}

/// A staff action, as the event stream's `staff` event carries it.
public struct StaffEvent: Sendable, Equatable {
    public enum Action: String, Sendable, Hashable, CaseIterable {
        case entered, left, override, forcedReturn, extended, registeredBook, registeredUser, withdrew
    }

    public var action: Action
    /// The Staff member's name.
    public var staff: String?
    public var user: User?
    public var book: Book?
    public var loan: Loan?

    public init(action: Action, staff: String?, user: User? = nil, book: Book? = nil, loan: Loan? = nil) {
        self.action = action
        self.staff = staff
        self.user = user
        self.book = book
        self.loan = loan
    }
}

/// A fault the kiosk reports and survives.
public struct KioskFault: Sendable, Equatable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Another process held the database longer than the busy timeout.
        case databaseBusy
        case databaseFull
        case databaseReadOnly
        /// Any other database fault.
        case database
        /// The database server cannot be reached (PostgreSQL: stopped, restarting, the network
        /// down). The kiosk keeps trying; returns are kept in its journal meanwhile.
        case databaseUnreachable
        /// The server is away and a Book returned with no Session could not be kept in the
        /// journal (at its bound, or with none): the child keeps the Book and calls a teacher.
        case returnNotKept
        /// A Scanner or keyboard fault.
        case input
    }

    public var kind: Kind
    /// For the log and staff: what went wrong and what to do. Never shown to a child.
    public var detail: String

    public init(kind: Kind, detail: String) {
        self.kind = kind
        self.detail = detail
    }
}
