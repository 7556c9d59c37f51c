import Foundation

/// Where Books, Users and Loans are kept. Defined here, beside the rules that use it;
/// `InMemoryLendingRepository`, `LendingSQLite.SQLiteLendingRepository` and
/// `LendingPostgres.PostgresLendingRepository` implement it, and one contract test suite
/// checks them all.
///
/// Everything happens inside `transaction`: a decide-and-write is one transaction, so two
/// kiosks on one database never lend one Book twice. Implementations are used from one thread.
public protocol LendingRepository: AnyObject {
    /// Runs `body` in one write transaction (SQLite: `BEGIN IMMEDIATE`). When `body` throws,
    /// everything it wrote is rolled back and the error is rethrown.
    ///
    /// `rerun` says whether `body` may run again when the database ends the transaction to
    /// settle a conflict with another kiosk: PostgreSQL may run a `.onConflict` body up to
    /// `PostgresLendingRepository.transactionAttempts` times, so such a body must be pure apart
    /// from `tx` (it returns what its caller reports); a `.never` body runs at most once. The
    /// in-memory and SQLite stores never end a transaction that way, and run every body once.
    func transaction<T>(rerun: TransactionRerun, _ body: (any LendingTransaction) throws -> T) throws -> T

    /// The daily privacy pass: removes the User from every Loan returned before `cutoff`, so
    /// the library keeps how often its Books went out but not who read what. Open Loans, and
    /// Loans returned at or after `cutoff`, keep their User. Returns how many Loans lost their
    /// User now. One transaction of its own, so it may not be called inside `transaction`.
    func anonymizeReturnedLoans(olderThan cutoff: Date) throws -> Int
}

/// The reads and writes available inside one transaction.
public protocol LendingTransaction: AnyObject {
    func user(card: String) throws -> User?
    func book(barcode: String) throws -> Book?
    /// Every copy carrying this ISBN-13, in barcode order.
    func books(isbn: String) throws -> [Book]
    /// The Books with these barcodes (those that exist), for showing them, such as the titles
    /// of a child's other Loans: unlike `book(barcode:)`, a store that locks what a decision
    /// rests on locks nothing here. A default reads them one by one.
    func books(barcodes: [String]) throws -> [Book]
    /// The Users with these cards (those that exist), for showing them or greeting them: the
    /// scanned Card, the borrower of a Book taken back. Unlike `user(card:)`, a store that locks
    /// what a decision rests on locks nothing here. A default reads them one by one.
    func users(cards: [String]) throws -> [User]
    /// All Books, in barcode order.
    func allBooks() throws -> [Book]
    /// All Users, in card order.
    func allUsers() throws -> [User]

    /// Inserts the Book, or updates the one with the same barcode.
    func save(_ book: Book) throws
    /// Inserts the User, or updates the one with the same card.
    func save(_ user: User) throws

    /// The Book's open Loan, if it is on loan.
    func openLoan(book: String) throws -> Loan?
    /// The User's open Loans, oldest first.
    func openLoans(user: String) throws -> [Loan]
    /// Every open Loan, oldest first.
    func openLoans() throws -> [Loan]
    /// Every Loan, open and returned, oldest first.
    func allLoans() throws -> [Loan]

    /// Records a new open Loan. Throws `LendingStoreError.alreadyOnLoan` when the Book has an
    /// open Loan: the store enforces one open Loan per Book whatever the caller checked.
    func addLoan(book: String, user: String, lentAt: Date, due: LocalDate, overrideBy: String?) throws -> Loan
    /// Marks the open Loan `id` returned at `returnedAt`; returns it as stored.
    func closeLoan(id: Int64, returnedAt: Date) throws -> Loan
    /// Moves the due date of the open Loan `id`; returns it as stored.
    func setDue(loanID id: Int64, due: LocalDate) throws -> Loan

    // MARK: Staff

    /// Every Staff account, in name order.
    func staffAccounts() throws -> [StaffAccount]
    /// Inserts the account, or replaces the PIN hash of the one with the same name.
    func save(_ account: StaffAccount) throws
    /// Removes the account; false when there was none by that name.
    func removeStaffAccount(name: String) throws -> Bool
    /// The PIN lock as last saved (open when never saved).
    func pinLock() throws -> PINLock
    func save(_ lock: PINLock) throws
    /// Appends to the audit log; the entry's `id` is ignored and assigned by the store.
    func record(_ entry: AuditEntry) throws
    /// The audit log, oldest first.
    func auditEntries() throws -> [AuditEntry]
    /// Removes the User (card and name) from every audit entry recorded before `cutoff`; the
    /// entries stay (which Staff member did what, when, to which Book). Returns how many
    /// entries lost their User now; one forgotten before is not counted again. The audit
    /// side of `privacyDays`, run by the daily privacy pass.
    func forgetAuditedUsers(recordedBefore cutoff: Date) throws -> Int

    // MARK: Printing

    /// When each Card or Book label was last printed, by barcode (none: never printed).
    func printedTimes(_ kind: PrintedKind) throws -> [String: Date]
    /// Records that the Cards or Book labels with these barcodes were printed at `time`.
    func recordPrinted(_ kind: PrintedKind, barcodes: [String], at time: Date) throws

    // MARK: The library's rules (LibraryRules.swift)

    /// The rules every kiosk of this library follows; nil until a config or the page saved them.
    func libraryRules() throws -> LibraryRules?
    func save(_ rules: LibraryRules) throws

    // MARK: The teachers' page's sign-in

    /// The crypt(3) hash of the Staff member's page password; nil when they have none (or there
    /// is no such account).
    func passwordHash(staff name: String) throws -> String?
    /// Sets (or, with nil, removes) the Staff member's page password; false when there is no
    /// account by that name.
    func setPasswordHash(_ hash: String?, staff name: String) throws -> Bool
    /// The failed sign-ins of one Staff account (empty when none were recorded).
    func signInRecord(staff name: String) throws -> SignInRecord
    func save(_ record: SignInRecord, staff name: String) throws

    // MARK: Lists for the teachers' page

    /// Open Loans with their Book and User, matching `query`, ordered by the User's name, then
    /// card, then due date, then Loan id; one page of them and the total that match.
    func loanListings(_ query: LoanQuery) throws -> ListingPage<LoanListing>
    /// Books whose title, author, barcode or ISBN contains `text` (case-insensitive; empty: all),
    /// with their open Loan and borrower, ordered by title then barcode; one page and the total.
    func bookListings(matching text: String, offset: Int, limit: Int) throws -> ListingPage<BookListing>
    /// The User's Loans that still name them, open and returned, newest first.
    func loans(user card: String) throws -> [Loan]
    /// Lends and returns in `[from, to)`, open Loans now, and open Loans due before `today`.
    func circulationSummary(from: Date, to: Date, today: LocalDate) throws -> CirculationSummary
    /// The newest audit entries `filter` admits first; one page and the total.
    func auditEntries(_ filter: AuditFilter, newestFirst offset: Int, limit: Int) throws -> ListingPage<AuditEntry>
    /// Removes a User who has no open Loan: their returned Loans and audit entries forget them
    /// (as the privacy pass does). Throws `LendingStoreError.userHasOpenLoans` when they still
    /// have a Book out; false when there is no User with this card.
    func removeUser(card: String) throws -> Bool
    /// Removes a Book that was never lent (a copy registered by mistake, undone at once), and
    /// the record of its label's printing. Throws `LendingStoreError.bookWasLent` when any Loan
    /// names it (withdraw it instead); false when there is no Book with this barcode.
    func removeBook(barcode: String) throws -> Bool

    // MARK: The school year (SchoolYear.swift, SchoolClass.swift)

    /// Every class, youngest grade first, classes without a grade after them, then by name.
    func classes() throws -> [SchoolClass]
    /// How many Users (active or not) each class has, by class name; a class with none is absent.
    func userCountsByClass() throws -> [String: Int]
    /// Inserts the class, or sets the grade of the one with the same name.
    func save(_ schoolClass: SchoolClass) throws
    /// Renames a class; its Users (and its lend counts) follow. False when there is no class
    /// `name`; throws `LendingStoreError.classExists` when `newName` is taken.
    func renameClass(_ name: String, to newName: String) throws -> Bool
    /// Removes a class with no Users; false when there is none by that name. Throws
    /// `LendingStoreError.classHasUsers` while Users are in it.
    func removeClass(_ name: String) throws -> Bool
    /// Users whose name, reading or card contains `text` (as `users(matching:)`), only those in
    /// `className` when given, in list order (`sortedForLists`); one page and the total.
    func users(matching text: String, inClass className: String?, offset: Int, limit: Int) throws -> ListingPage<User>
    /// How often each Book was lent, per class at the time and per month, from `month`
    /// ("2026-04") on, in no particular order. Counts name no User, so they outlive the
    /// privacy pass. Every new Loan counts itself (in the store, in the same transaction).
    func lendCounts(fromMonth month: String) throws -> [LendCount]
    /// Replaces every lend count (for `copy`, which brings another store's counts along).
    func replaceLendCounts(_ counts: [LendCount]) throws

    // MARK: The lookup cache (BookRecord.swift)

    /// The record found for this ISBN-13 at the NDL or openBD before, if any.
    func bookRecord(isbn: String) throws -> BookRecord?
    /// Keeps a record found by a lookup, replacing the one kept for its ISBN.
    func save(_ record: BookRecord) throws
    /// Every record kept, in ISBN order (for `copy`).
    func allBookRecords() throws -> [BookRecord]

    // MARK: Covers photographed on the page (BookCover.swift)

    /// When the stored cover of each of these Books was saved; Books without one are absent.
    func coverTimes(barcodes: [String]) throws -> [String: Date]
    /// The stored cover of the Book, if it has one.
    func cover(barcode: String) throws -> BookCover?
    /// Keeps a Book's cover, replacing the one it had. Removing the Book removes it.
    func save(_ cover: BookCover) throws
    /// The barcodes of every Book with a stored cover, in order (for `copy`, one cover at a time).
    func coveredBarcodes() throws -> [String]
}

/// What `bookkiosk print` prints, so it can print only what is new.
public enum PrintedKind: String, Sendable, Hashable, CaseIterable {
    /// A User's library Card.
    case card
    /// A Book's barcode label.
    case label
}

extension LendingRepository {
    /// Runs `body` in one write transaction that may run it again after a conflict
    /// (`rerun: .onConflict`): `body` must be pure apart from `tx`.
    public func transaction<T>(_ body: (any LendingTransaction) throws -> T) throws -> T {
        try transaction(rerun: .onConflict, body)
    }
}

extension LendingTransaction {
    /// The newest audit entries first; one page and the total.
    public func auditEntries(newestFirst offset: Int, limit: Int) throws -> ListingPage<AuditEntry> {
        try auditEntries(.all, newestFirst: offset, limit: limit)
    }

    /// Users of every class whose name, reading or card contains `text`, in list order.
    public func users(matching text: String, offset: Int, limit: Int) throws -> ListingPage<User> {
        try users(matching: text, inClass: nil, offset: offset, limit: limit)
    }

    public func books(barcodes: [String]) throws -> [Book] {
        try barcodes.compactMap { try book(barcode: $0) }
    }

    public func users(cards: [String]) throws -> [User] {
        try cards.compactMap { try user(card: $0) }
    }
}

/// A person allowed into staff mode. The PIN itself is never stored: only its crypt(3) hash.
public struct StaffAccount: Sendable, Equatable {
    public var name: String
    public var pinHash: String

    public init(name: String, pinHash: String) {
        self.name = name
        self.pinHash = pinHash
    }
}

/// One line of the audit log: a staff action or a failed PIN, who, when, and what was done.
public struct AuditEntry: Sendable, Equatable {
    public var id: Int64
    public var time: Date
    /// The Staff member; nil for a failed PIN or password (nobody is known).
    public var staff: String?
    /// What was done, with its values: barcodes, titles, dates. Never a PIN, and never the
    /// User: that is `user`, so it can be forgotten.
    public var action: AuditAction
    /// The User the action concerned (the child lent to, whose Loan was returned or extended,
    /// whose card was registered); nil when none, or once forgotten after `privacyDays`.
    public var user: AuditedUser?

    public init(id: Int64 = 0, time: Date, staff: String?, action: AuditAction, user: AuditedUser? = nil) {
        self.id = id
        self.time = time
        self.staff = staff
        self.action = action
        self.user = user
    }
}

/// The User an audit entry names, kept apart from its `detail` so the privacy window can
/// remove it and leave the rest.
public struct AuditedUser: Sendable, Equatable {
    public var card: String
    /// The name as the action saw it ("old → new" for a rename); nil when the card named no
    /// User any more.
    public var name: String?

    public init(card: String, name: String?) {
        self.card = card
        self.name = name
    }

    /// The User as `User` has it.
    public init(_ user: User) {
        self.init(card: user.card, name: user.name)
    }
}

/// Faults a store reports that are not about the database itself.
public enum LendingStoreError: Error, Equatable, CustomStringConvertible {
    /// The Book already has an open Loan.
    case alreadyOnLoan(book: String)
    /// No open Loan has this id.
    case noOpenLoan(id: Int64)
    /// A Loan names a Book or User the store does not have.
    case unknownReference(String)
    /// The User still has Books out, so they cannot be removed.
    case userHasOpenLoans(card: String, count: Int)
    /// Users are still in the class, so it cannot be removed.
    case classHasUsers(name: String, count: Int)
    /// A class by this name exists already.
    case classExists(name: String)
    /// The Book was lent at least once, so its history keeps it: it can be withdrawn, not removed.
    case bookWasLent(book: String)
    /// A scan's change is recorded already (a scan changes one Loan, once).
    case scanRecorded(scan: String)

    public var description: String {
        switch self {
        case .alreadyOnLoan(let book): "Book \(book) is already on loan."
        case .noOpenLoan(let id): "There is no open Loan with id \(id)."
        case .unknownReference(let what): "\(what) is not in the library."
        case .userHasOpenLoans(let card, let count): "User \(card) still has \(count) Book(s) out; return them first."
        case .classHasUsers(let name, let count): "The class \(name) still has \(count) User(s); move them to another class first."
        case .classExists(let name): "There is already a class called \(name)."
        case .bookWasLent(let book): "Book \(book) was lent before, so it cannot be removed; withdraw it instead."
        case .scanRecorded(let scan): "The scan \(scan) has changed a Loan already."
        }
    }
}

/// A fault of the storage under a repository, classified so the kiosk can tell people what
/// happened and what to do. `LendingSQLite`'s errors conform; the kiosk needs no SQLite to
/// read them.
public protocol RepositoryFault: Error, CustomStringConvertible {
    var faultKind: RepositoryFaultKind { get }
}

public enum RepositoryFaultKind: String, Sendable, Hashable, CaseIterable {
    /// Another process held the database past the busy timeout.
    case busy
    /// The disk is full.
    case full
    /// The database file or its folder cannot be written.
    case readOnly
    /// The file is not a BookKiosk database (another program's file, or a newer schema).
    case notALibrary
    /// The file is damaged.
    case corrupt
    /// The database server cannot be reached (stopped, restarting, the network down). Nothing
    /// was written; the repository connects again on its next transaction.
    case databaseUnreachable
    /// Anything else: the description says what.
    case other
}
