import Foundation

/// Where Books, Users and Loans are kept. Defined here, beside the rules that use it;
/// `InMemoryLendingRepository`, `LendingSQLite.SQLiteLendingRepository` and
/// `LendingPostgres.PostgresLendingRepository` implement it, and the contract suites, one for
/// each area of `LendingTransaction`, check them all.
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

/// The reads and writes available inside one transaction: every area's. Code that needs one
/// area can take that area's protocol alone (`any LoanStore`). A protocol rather than a
/// typealias of the composition: it can be extended as any protocol can, and
/// `any LendingTransaction` carries one witness table, not one per area.
public protocol LendingTransaction: BookStore, LoanStore, UserStore, StaffStore, RecordStore, SchoolYearStore, CoverStore,
                                    LibraryRulesStore {}

extension LendingRepository {
    /// Runs `body` in one write transaction that may run it again after a conflict
    /// (`rerun: .onConflict`): `body` must be pure apart from `tx`.
    public func transaction<T>(_ body: (any LendingTransaction) throws -> T) throws -> T {
        try transaction(rerun: .onConflict, body)
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
