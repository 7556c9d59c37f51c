import Foundation

/// A repository that keeps everything in memory: for tests, and for trying rules without a
/// database. It honours the same contract as the SQLite repository, rollback included.
public final class InMemoryLendingRepository: LendingRepository {
    struct State {
        var books: [String: Book] = [:]
        var users: [String: User] = [:]
        var loans: [Loan] = []
        var nextLoanID: Int64 = 1
        var staff: [String: StaffAccount] = [:]
        var pinLock = PINLock()
        var audit: [AuditEntry] = []
        var printed: [PrintedKind: [String: Date]] = [:]
        var rules: LibraryRules?
        /// Page password hashes and failed sign-ins, by Staff name; they go with the account.
        var passwordHashes: [String: String] = [:]
        var signInRecords: [String: SignInRecord] = [:]
        var classes: [String: SchoolClass] = [:]
        var lendCounts: [LendCount] = []
        var bookRecords: [String: BookRecord] = [:]
        var covers: [String: BookCover] = [:]
        /// What each recorded scan changed: the Loan's id.
        var scans: [String: (change: LoanChange, loan: Int64)] = [:]
    }

    private var state = State()
    private var inTransaction = false

    public init() {}

    /// Runs `body` once, whatever `rerun` says: nothing here ends a transaction to settle a conflict.
    public func transaction<T>(rerun: TransactionRerun, _ body: (any LendingTransaction) throws -> T) throws -> T {
        precondition(!inTransaction, "InMemoryLendingRepository transactions do not nest")
        inTransaction = true
        defer { inTransaction = false }
        let tx = Transaction(state: state)
        defer { tx.isFinished = true }
        let result = try body(tx)
        state = tx.state
        return result
    }

    public func anonymizeReturnedLoans(olderThan cutoff: Date) throws -> Int {
        precondition(!inTransaction, "anonymizeReturnedLoans runs in a transaction of its own")
        var forgotten = 0
        for index in state.loans.indices {
            guard let returnedAt = state.loans[index].returnedAt, returnedAt < cutoff,
                  state.loans[index].user != nil else { continue }
            state.loans[index].user = nil
            forgotten += 1
        }
        return forgotten
    }

    /// One transaction's reads and writes, on a copy of the state that `transaction` keeps when
    /// its body returns; each area in a file of its own (`InMemoryLendingRepository+LoanStore.swift`, …).
    final class Transaction: ScanRecordingTransaction {
        var state: State
        var isFinished = false

        init(state: State) {
            self.state = state
        }

        func checkOpen() {
            precondition(!isFinished, "a transaction was used after it ended")
        }

        func recordScan(_ scan: String, changed loan: Int64, _ change: LoanChange) throws {
            checkOpen()
            guard state.scans[scan] == nil else { throw LendingStoreError.scanRecorded(scan: scan) }
            state.scans[scan] = (change, loan)
        }

        func change(byScan scan: String) throws -> (change: LoanChange, loan: Loan)? {
            checkOpen()
            guard let recorded = state.scans[scan], let loan = state.loans.first(where: { $0.id == recorded.loan }) else { return nil }
            return (recorded.change, loan)
        }

        /// Items `offset..<offset + limit` of `all` (a negative offset or limit counts as 0).
        static func page<Item>(_ all: [Item], offset: Int, limit: Int) -> ListingPage<Item> {
            let start = min(max(0, offset), all.count)
            let end = min(all.count, start + max(0, limit))
            return ListingPage(items: Array(all[start..<end]), total: all.count)
        }
    }
}
