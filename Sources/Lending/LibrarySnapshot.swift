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

/// Why a file cannot be restored; says what to do.
public struct RestoreRefusal: Error, Equatable, CustomStringConvertible {
    public var description: String

    public init(description: String) {
        self.description = description
    }
}
