import Foundation

/// What a library file holds, for a teacher to recognise a backup before putting it back.
public struct LibrarySnapshot: Sendable, Equatable {
    public var books: Int
    public var users: Int
    public var loans: Int
    public var openLoans: Int
    /// When the newest Loan was made; nil when there is none.
    public var lastLoan: Date?
    /// The schema version of the file as found (older ones are brought up to date on restore).
    public var schemaVersion: Int

    public init(books: Int, users: Int, loans: Int, openLoans: Int, lastLoan: Date?, schemaVersion: Int) {
        self.books = books
        self.users = users
        self.loans = loans
        self.openLoans = openLoans
        self.lastLoan = lastLoan
        self.schemaVersion = schemaVersion
    }
}

/// Why a file cannot be restored; says what to do. A value: a file that is not a library
/// BookKiosk can restore is an answer to give the teacher, not a fault.
public struct RestoreRefusal: Sendable, Equatable, CustomStringConvertible {
    public var description: String

    public init(description: String) {
        self.description = description
    }
}

/// What reading or restoring a backup came to: done, with what it made, or refused, with why.
public enum RestoreAnswer<Value> {
    case done(Value)
    case refused(RestoreRefusal)

    /// What it made; nil when it was refused.
    public var value: Value? {
        if case .done(let value) = self { value } else { nil }
    }

    /// Why it was refused; nil when it was done.
    public var refusal: RestoreRefusal? {
        if case .refused(let refusal) = self { refusal } else { nil }
    }
}

extension RestoreAnswer: Sendable where Value: Sendable {}
extension RestoreAnswer: Equatable where Value: Equatable {}
