import Foundation

/// What one audit entry says was done, with its values as data: the one closed list of every
/// staff action the kiosk's staff mode, the teachers' page and the commands record (all through
/// `LibraryDesk`). Each reader renders it in its own words and language; nothing here is a
/// sentence. The User an action concerned is not among the values: it is the entry's `user`,
/// so the privacy window can forget it.
public enum AuditAction: Sendable, Equatable, Codable {
    // MARK: Staff mode at the kiosk

    case enteredStaffMode
    case leftStaffMode
    /// A wrong PIN was typed at the kiosk (nobody is known).
    case wrongPIN
    /// A wrong PIN locked PIN entry for `seconds`.
    case pinLocked(seconds: Int)

    // MARK: The teachers' page's sign-in

    case signedIn
    case signedOut
    /// A wrong password for `account` (nobody is signed in).
    case signInFailed(account: String)
    /// A wrong password locked sign-in to `account` for `minutes`.
    case signInLocked(account: String, minutes: Int)

    // MARK: Circulation

    /// Lent within the rules, by a Staff member.
    case lent(book: AuditedBook, due: LocalDate)
    /// Lent past `refusal` (特別貸出); nil when the record does not say which rule.
    case lentPastRules(book: AuditedBook, due: LocalDate, refusal: Refusal?)
    /// A Book scanned to lend in staff mode was on loan, and came back.
    case returned(book: AuditedBook)
    /// 強制返却: a Staff member ended the Loan.
    case forcedReturn(book: AuditedBook)
    case extended(book: AuditedBook, from: LocalDate, to: LocalDate)
    /// The Book can no longer be lent; its open Loan, if it had one, ended.
    case withdrew(book: AuditedBook, wasOnLoan: Bool)

    // MARK: Books and Users

    case registeredBook(book: AuditedBook, author: String?)
    /// A Book registered by mistake and never lent was removed (まとめて登録's 取り消し).
    case removedBook(book: AuditedBook)
    /// A Book's details changed: each field that changed, old → new.
    case editedBook(barcode: String, changes: [AuditChange])
    /// A photo of the Book's front was saved as its cover (「表紙の写真」), `width`×`height` pixels.
    case savedCoverPhoto(book: AuditedBook, width: Int, height: Int)
    case registeredUser
    /// A User's details changed (their name, old → new, is the entry's `user`).
    case editedUser(changes: [AuditChange])
    case deactivatedUser
    case reactivatedUser
    case removedUser

    // MARK: The library's rules and Staff accounts

    case changedRules(changes: [AuditChange])
    case addedStaff(name: String, withPassword: Bool)
    case changedPIN(name: String)
    /// A new page password for `name`; it also lifts their sign-in lock.
    case setPassword(name: String)
    case removedStaff(name: String)

    // MARK: The school year

    case addedClass(name: String, grade: Int?)
    case setClassGrade(name: String, from: Int?, to: Int?)
    case renamedClass(from: String, to: String)
    case removedClass(name: String)
    /// The school year's promotion: each class's Users moved on, and how many graduated.
    case promoted(moves: [ClassMove], graduated: Int)

    // MARK: Printing, import and restore

    case printed(PrintedKind, count: Int, className: String?, sheet: String, position: Int)
    case imported(ImportedKind, added: Int, updated: Int, newClasses: [String])
    /// A backup replaced the library; the library as it was is kept at `keptAt`.
    case restored(books: Int, users: Int, loans: Int, keptAt: String)

    /// An entry written before actions were kept as data: the name it was recorded under and
    /// its words as written then, shown as they are.
    case earlier(name: String, detail: String)
}

/// A Book as an audit entry names it.
public struct AuditedBook: Sendable, Equatable, Codable {
    public var barcode: String
    public var title: String

    public init(barcode: String, title: String) {
        self.barcode = barcode
        self.title = title
    }

    public init(_ book: Book) {
        self.init(barcode: book.barcode, title: book.title)
    }
}

/// One field an edit changed, old → new; nil where there was (or is) no value.
public struct AuditChange: Sendable, Equatable, Codable {
    public var field: AuditField
    public var from: String?
    public var to: String?

    public init(_ field: AuditField, from: String?, to: String?) {
        self.field = field
        self.from = from
        self.to = to
    }
}

/// The fields an audit entry's changes name. Values are written as data: numbers, `true` and
/// `false`, days as 2026-04-01, weekdays by their English names separated by commas.
public enum AuditField: String, Sendable, Hashable, CaseIterable, Codable {
    case title, author, isbn, reading
    case className, loanLimit
    case loanDays, closedWeekdays, closedDates, blockOnOverdue, libraryName
}

/// One class's Users moved to another class by the promotion.
public struct ClassMove: Sendable, Equatable, Codable {
    public var from: String
    public var to: String
    public var users: Int

    public init(from: String, to: String, users: Int) {
        self.from = from
        self.to = to
        self.users = users
    }
}

/// What a CSV import brought in.
public enum ImportedKind: String, Sendable, Hashable, CaseIterable, Codable {
    case books, users
}

extension PrintedKind: Codable {}
extension Refusal: Codable {}

extension LocalDate: Codable {
    /// As 2026-04-01.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let day = LocalDate(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a day like 2026-04-01: \(text)")
        }
        self = day
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
