import Foundation

/// Whether a Book can be lent at all. Being on loan is not a status: it follows from the Loans.
public enum BookStatus: String, Sendable, Hashable, CaseIterable {
    case available
    case withdrawn
    case lost
}

/// One physical copy that can be lent.
public struct Book: Sendable, Equatable {
    /// The copy's own barcode, normalized (see `Barcode.normalize`).
    public var barcode: String
    public var title: String
    public var author: String?
    /// The ISBN-13 printed on the book, shared by its copies.
    public var isbn: String?
    public var status: BookStatus
    /// The title's reading in hiragana, for sorting (see `Reading`); nil when none was given.
    public var reading: String?

    public init(barcode: String, title: String, author: String? = nil, isbn: String? = nil,
                status: BookStatus = .available, reading: String? = nil) {
        self.barcode = barcode
        self.title = title
        self.author = author
        self.isbn = isbn
        self.status = status
        self.reading = reading
    }
}

/// A person who borrows, identified by the barcode on their Card.
public struct User: Sendable, Equatable {
    public var card: String
    public var name: String
    /// The User's own loan limit; nil means the Policy's.
    public var loanLimit: Int?
    public var isActive: Bool
    /// The name's reading (よみがな) in hiragana (see `Reading`); nil when none was given.
    public var reading: String?
    /// The name of the User's class (組); nil when they belong to none.
    public var className: String?

    public init(card: String, name: String, loanLimit: Int? = nil, isActive: Bool = true,
                reading: String? = nil, className: String? = nil) {
        self.card = card
        self.name = name
        self.loanLimit = loanLimit
        self.isActive = isActive
        self.reading = reading
        self.className = className
    }

    /// What the kiosk's speech says: the reading where there is one (a speech engine reads a
    /// kanji name unreliably), else the name.
    public var spokenName: String { reading ?? name }
}

/// One Book lent to one User, from `lentAt` until `returnedAt`.
public struct Loan: Sendable, Equatable {
    public var id: Int64
    public var book: String
    /// The borrower's Card; nil once a returned Loan has been anonymized for privacy.
    public var user: String?
    public var lentAt: Date
    public var due: LocalDate
    public var returnedAt: Date?
    /// The Staff member who lent it past a Refusal, if one did.
    public var overrideBy: String?

    public init(id: Int64, book: String, user: String?, lentAt: Date, due: LocalDate,
                returnedAt: Date? = nil, overrideBy: String? = nil) {
        self.id = id
        self.book = book
        self.user = user
        self.lentAt = lentAt
        self.due = due
        self.returnedAt = returnedAt
        self.overrideBy = overrideBy
    }

    public var isOpen: Bool { returnedAt == nil }
}

/// Why an action was not done. A Refusal is an answer, not an error.
public enum Refusal: String, Sendable, Hashable, CaseIterable {
    case unknownBarcode
    case cardFirst
    case userInactive
    case bookNotLendable
    case hasOverdue
    case limitReached
    case pinWrong
    case pinLocked
}

/// What one Scan led to at the circulation desk.
///
/// `loans` is the User's open Loans after the scan (for the screen); the repository's
/// `Circulation.scan` always fills it, and it is nil where nobody is known (a return whose
/// User was forgotten) or where an Outcome is made by hand.
public enum Outcome: Sendable, Equatable {
    case greeted(User, loans: UserLoans? = nil)
    case lent(Loan, book: Book, user: User, loans: UserLoans? = nil)
    /// `user` is nil when the Loan's User is no longer known.
    case returned(Loan, book: Book, user: User?, overdueDays: Int, loans: UserLoans? = nil)
    case refused(Refusal, barcode: String, user: User?, book: Book?)
}

/// An overdue Loan with what a person needs to chase it.
public struct OverdueLoan: Sendable, Equatable {
    public var loan: Loan
    public var book: Book?
    public var user: User?
    public var days: Int

    public init(loan: Loan, book: Book?, user: User?, days: Int) {
        self.loan = loan
        self.book = book
        self.user = user
        self.days = days
    }
}
