import Foundation

extension InMemoryLendingRepository.Transaction: LoanStore {
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

    private func updateOpenLoan(_ id: Int64, _ change: (inout Loan) -> Void) throws -> Loan {
        checkOpen()
        guard let index = state.loans.firstIndex(where: { $0.id == id && $0.isOpen }) else {
            throw LendingStoreError.noOpenLoan(id: id)
        }
        change(&state.loans[index])
        return state.loans[index]
    }

    // MARK: Lists

    func loanListings(_ query: LoanQuery) throws -> ListingPage<LoanListing> {
        checkOpen()
        let matching = state.loans.filter(\.isOpen).compactMap { loan -> LoanListing? in
            guard let book = state.books[loan.book] else { return nil }
            let user = loan.user.flatMap { state.users[$0] }
            if let card = query.userCard, loan.user != card { return nil }
            if let className = query.className, user?.className != className { return nil }
            if let day = query.overdueOn, !(loan.due < day) { return nil }
            guard ListingSearch.matches(query.text, in: [user?.name, loan.user, user?.reading, book.title, book.barcode]) else { return nil }
            return LoanListing(loan: loan, book: book, user: user)
        }
        // In list order of their Users (class, reading, name, card), then due date and id.
        let order = Dictionary(uniqueKeysWithValues: Array(state.users.values).sortedForLists(classes: Array(state.classes.values))
            .enumerated().map { ($1.card, $0) })
        let sorted = matching.sorted { lhs, rhs in
            let left = lhs.loan.user.flatMap { order[$0] } ?? .max, right = rhs.loan.user.flatMap { order[$0] } ?? .max
            if left != right { return left < right }
            if lhs.loan.due != rhs.loan.due { return lhs.loan.due < rhs.loan.due }
            return lhs.loan.id < rhs.loan.id
        }
        return Self.page(sorted, offset: query.offset, limit: query.limit)
    }

    func loans(user card: String) throws -> [Loan] {
        checkOpen()
        return state.loans.filter { $0.user == card }
            .sorted { $0.lentAt != $1.lentAt ? $0.lentAt > $1.lentAt : $0.id > $1.id }
    }

    func circulationSummary(from: Date, to: Date, today: LocalDate) throws -> CirculationSummary {
        checkOpen()
        let interval = { (time: Date) in from <= time && time < to }
        let open = state.loans.filter(\.isOpen)
        return CirculationSummary(lent: state.loans.count { interval($0.lentAt) },
                                  returned: state.loans.count { $0.returnedAt.map(interval) ?? false },
                                  onLoan: open.count, overdue: open.count { $0.due < today })
    }
}
