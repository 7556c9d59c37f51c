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

    final class Transaction: ScanRecordingTransaction {
        var state: State
        var isFinished = false

        init(state: State) {
            self.state = state
        }

        func checkOpen() {
            precondition(!isFinished, "a transaction was used after it ended")
        }

        func user(card: String) throws -> User? {
            checkOpen()
            return state.users[card]
        }

        func book(barcode: String) throws -> Book? {
            checkOpen()
            return state.books[barcode]
        }

        func books(isbn: String) throws -> [Book] {
            try allBooks().filter { $0.isbn == isbn }
        }

        func allBooks() throws -> [Book] {
            checkOpen()
            return state.books.values.sorted { $0.barcode < $1.barcode }
        }

        func allUsers() throws -> [User] {
            checkOpen()
            return state.users.values.sorted { $0.card < $1.card }
        }

        func save(_ book: Book) throws {
            checkOpen()
            state.books[book.barcode] = book
        }

        func save(_ user: User) throws {
            checkOpen()
            if let name = user.className, state.classes[name] == nil {
                throw LendingStoreError.unknownReference("Class \(name)")
            }
            state.users[user.card] = user
        }

        func openLoan(book: String) throws -> Loan? {
            checkOpen()
            return state.loans.first { $0.book == book && $0.isOpen }
        }

        func openLoans(user: String) throws -> [Loan] {
            try openLoans().filter { $0.user == user }
        }

        func openLoans() throws -> [Loan] {
            try allLoans().filter(\.isOpen)
        }

        func allLoans() throws -> [Loan] {
            checkOpen()
            return state.loans
        }

        func addLoan(book: String, user: String, lentAt: Date, due: LocalDate, overrideBy: String?) throws -> Loan {
            checkOpen()
            guard state.books[book] != nil else { throw LendingStoreError.unknownReference("Book \(book)") }
            guard state.users[user] != nil else { throw LendingStoreError.unknownReference("User \(user)") }
            guard try openLoan(book: book) == nil else { throw LendingStoreError.alreadyOnLoan(book: book) }
            let loan = Loan(id: state.nextLoanID, book: book, user: user, lentAt: lentAt, due: due,
                            overrideBy: overrideBy)
            state.nextLoanID += 1
            state.loans.append(loan)
            // Every Loan counts itself, with its User's class now, as the databases' triggers do.
            let count = LendCount(book: book, className: state.users[user]?.className,
                                  month: LendCount.month(of: lentAt, in: .current), lends: 1)
            if let index = state.lendCounts.firstIndex(where: { $0.book == book && $0.className == count.className && $0.month == count.month }) {
                state.lendCounts[index].lends += 1
            } else {
                state.lendCounts.append(count)
            }
            return loan
        }

        func closeLoan(id: Int64, returnedAt: Date) throws -> Loan {
            try updateOpenLoan(id) { $0.returnedAt = returnedAt }
        }

        func setDue(loanID id: Int64, due: LocalDate) throws -> Loan {
            try updateOpenLoan(id) { $0.due = due }
        }

        func staffAccounts() throws -> [StaffAccount] {
            checkOpen()
            return state.staff.values.sorted { $0.name < $1.name }
        }

        func save(_ account: StaffAccount) throws {
            checkOpen()
            state.staff[account.name] = account
        }

        func removeStaffAccount(name: String) throws -> Bool {
            checkOpen()
            state.passwordHashes[name] = nil
            state.signInRecords[name] = nil
            return state.staff.removeValue(forKey: name) != nil
        }

        func pinLock() throws -> PINLock {
            checkOpen()
            return state.pinLock
        }

        func save(_ lock: PINLock) throws {
            checkOpen()
            state.pinLock = lock
        }

        func record(_ entry: AuditEntry) throws {
            checkOpen()
            var stored = entry
            stored.id = Int64(state.audit.count + 1)
            state.audit.append(stored)
        }

        func auditEntries() throws -> [AuditEntry] {
            checkOpen()
            return state.audit
        }

        func printedTimes(_ kind: PrintedKind) throws -> [String: Date] {
            checkOpen()
            return state.printed[kind] ?? [:]
        }

        func recordPrinted(_ kind: PrintedKind, barcodes: [String], at time: Date) throws {
            checkOpen()
            for barcode in barcodes { state.printed[kind, default: [:]][barcode] = time }
        }

        func forgetAuditedUsers(recordedBefore cutoff: Date) throws -> Int {
            checkOpen()
            var forgotten = 0
            for index in state.audit.indices where state.audit[index].time < cutoff && state.audit[index].user != nil {
                state.audit[index].user = nil
                forgotten += 1
            }
            return forgotten
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

        private func updateOpenLoan(_ id: Int64, _ change: (inout Loan) -> Void) throws -> Loan {
            checkOpen()
            guard let index = state.loans.firstIndex(where: { $0.id == id && $0.isOpen }) else {
                throw LendingStoreError.noOpenLoan(id: id)
            }
            change(&state.loans[index])
            return state.loans[index]
        }
    }
}
