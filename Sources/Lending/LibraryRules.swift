import Foundation

// What the teachers' page (and every kiosk of one library) reads and writes beyond a scan:
// the library's shared rules, the page's sign-in, and lists a teacher pages through.
// The requirements are on each area's store: `LibraryRulesStore`, `StaffStore`, `LoanStore`, …

/// The rules every kiosk of one library follows, kept in the database so the teachers' page
/// and a second kiosk share them. A kiosk's config seeds them once (when the database has none);
/// afterwards the database wins, and a kiosk follows a change from its next scan.
/// Timeouts and the time zone stay in each kiosk's config: they are the box's, not the library's.
public struct LibraryRules: Sendable, Equatable {
    public var loanLimit: Int
    public var loanDays: Int
    public var closedWeekdays: Set<Weekday>
    public var closedDates: Set<LocalDate>
    public var blockOnOverdue: Bool
    /// The library's name, shown on the waiting screen, the page and printed slips.
    public var libraryName: String

    public init(loanLimit: Int = Policy.defaultLoanLimit, loanDays: Int = Policy.defaultLoanDays,
                closedWeekdays: Set<Weekday> = Policy.defaultClosedWeekdays, closedDates: Set<LocalDate> = [],
                blockOnOverdue: Bool = Policy.defaultBlockOnOverdue, libraryName: String = "") {
        self.loanLimit = loanLimit
        self.loanDays = loanDays
        self.closedWeekdays = closedWeekdays
        self.closedDates = closedDates
        self.blockOnOverdue = blockOnOverdue
        self.libraryName = libraryName
    }

    /// The shared part of `policy`, as a config file gives it.
    public init(_ policy: Policy, libraryName: String) {
        self.init(loanLimit: policy.loanLimit, loanDays: policy.loanDays, closedWeekdays: policy.closedWeekdays,
                  closedDates: policy.closedDates, blockOnOverdue: policy.blockOnOverdue, libraryName: libraryName)
    }

    /// `policy` with these rules in place of its own; its timeouts and time zone are kept.
    public func applied(to policy: Policy) -> Policy {
        var result = policy
        result.loanLimit = loanLimit
        result.loanDays = loanDays
        result.closedWeekdays = closedWeekdays
        result.closedDates = closedDates
        result.blockOnOverdue = blockOnOverdue
        return result
    }
}

/// Failed sign-ins to the teachers' page for one Staff account: they slow the next try and
/// then lock the account for a while. Kept in the database, so a restart does not lift a lock.
public struct SignInRecord: Sendable, Equatable {
    /// Failed sign-ins since the last good one (or since a Staff member lifted the lock).
    public var failures: Int
    public var lastFailure: Date?
    /// Until when sign-ins to this account are refused; nil when not locked.
    public var lockedUntil: Date?

    public init(failures: Int = 0, lastFailure: Date? = nil, lockedUntil: Date? = nil) {
        self.failures = failures
        self.lastFailure = lastFailure
        self.lockedUntil = lockedUntil
    }
}

/// One page of a long list, and how many items the whole list has.
public struct ListingPage<Item: Sendable & Equatable>: Sendable, Equatable {
    public var items: [Item]
    /// Items in the whole list (all pages).
    public var total: Int

    public init(items: [Item], total: Int) {
        self.items = items
        self.total = total
    }
}

/// An open Loan with the Book and the User, for the page's 貸出中 list.
public struct LoanListing: Sendable, Equatable {
    public var loan: Loan
    public var book: Book
    /// Nil only if the Loan names nobody (an open Loan always names its User).
    public var user: User?

    public init(loan: Loan, book: Book, user: User?) {
        self.loan = loan
        self.book = book
        self.user = user
    }
}

/// Which open Loans to list.
public struct LoanQuery: Sendable, Equatable {
    /// Matches the User's name or card, or the Book's title or barcode (case-insensitive,
    /// anywhere in the text); empty matches every Loan.
    public var text: String
    /// Only the User with this card; nil for everybody.
    public var userCard: String?
    /// Only Users of this class; nil for every class.
    public var className: String?
    /// Only Loans due before this day (overdue on it); nil for all.
    public var overdueOn: LocalDate?
    public var offset: Int
    public var limit: Int

    public init(text: String = "", userCard: String? = nil, className: String? = nil, overdueOn: LocalDate? = nil,
                offset: Int = 0, limit: Int = 100) {
        self.text = text
        self.userCard = userCard
        self.className = className
        self.overdueOn = overdueOn
        self.offset = offset
        self.limit = limit
    }
}

/// A Book with its open Loan and borrower, for the page's 絵本 list.
public struct BookListing: Sendable, Equatable {
    public var book: Book
    public var openLoan: Loan?
    public var borrower: User?
    /// When the photo of its cover taken on the page was saved; nil when there is none.
    public var coverSavedAt: Date?

    public init(book: Book, openLoan: Loan?, borrower: User?, coverSavedAt: Date? = nil) {
        self.book = book
        self.openLoan = openLoan
        self.borrower = borrower
        self.coverSavedAt = coverSavedAt
    }
}

/// The figures on the page's ホーム.
public struct CirculationSummary: Sendable, Equatable {
    /// Loans made in the interval asked for (today).
    public var lent: Int
    /// Loans returned in the interval asked for.
    public var returned: Int
    /// Open Loans now.
    public var onLoan: Int
    /// Open Loans due before the day asked for.
    public var overdue: Int

    public init(lent: Int, returned: Int, onLoan: Int, overdue: Int) {
        self.lent = lent
        self.returned = returned
        self.onLoan = onLoan
        self.overdue = overdue
    }
}

/// How often one Book was lent in one month to Users of one class (nil: no class, or not
/// known — Loans made before classes existed, or already anonymised when counts began).
public struct LendCount: Sendable, Hashable {
    public var book: String
    public var className: String?
    /// "2026-04": the month of the Loan's lending, in the store's local time.
    public var month: String
    public var lends: Int

    public init(book: String, className: String?, month: String, lends: Int) {
        self.book = book
        self.className = className
        self.month = month
        self.lends = lends
    }

    /// "2026-04" for `date` in `timeZone`.
    public static func month(of date: Date, in timeZone: TimeZone) -> String {
        let day = LocalDate(date, in: timeZone)
        return month(of: day)
    }

    /// "2026-04" for `day`.
    public static func month(of day: LocalDate) -> String {
        "\(day.year)-\(day.month < 10 ? "0" : "")\(day.month)"
    }
}
