import Foundation

// The teachers' page's part of the contract (LibraryDesk.swift): the library's rules, the
// page's sign-in, and the lists, kept in memory.
extension InMemoryLendingRepository.Transaction {
    // MARK: The library's rules

    func libraryRules() throws -> LibraryRules? {
        checkOpen()
        return state.rules
    }

    func save(_ rules: LibraryRules) throws {
        checkOpen()
        state.rules = rules
    }

    // MARK: Sign-in

    func passwordHash(staff name: String) throws -> String? {
        checkOpen()
        return state.staff[name] == nil ? nil : state.passwordHashes[name]
    }

    func setPasswordHash(_ hash: String?, staff name: String) throws -> Bool {
        checkOpen()
        guard state.staff[name] != nil else { return false }
        state.passwordHashes[name] = hash
        return true
    }

    func signInRecord(staff name: String) throws -> SignInRecord {
        checkOpen()
        return state.signInRecords[name] ?? SignInRecord()
    }

    func save(_ record: SignInRecord, staff name: String) throws {
        checkOpen()
        // As in the databases, where the record is part of the account: none without one.
        guard state.staff[name] != nil else { return }
        state.signInRecords[name] = record
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

    func bookListings(matching text: String, offset: Int, limit: Int) throws -> ListingPage<BookListing> {
        checkOpen()
        let sorted = state.books.values
            .filter { ListingSearch.matches(text, in: [$0.title, $0.reading, $0.author, $0.barcode, $0.isbn]) }
            .sorted { lhs, rhs in
                let left = ListingSearch.sortKey(of: lhs), right = ListingSearch.sortKey(of: rhs)
                return left != right ? ListingSearch.precedes(left, right) : ListingSearch.precedes(lhs.barcode, rhs.barcode)
            }
        let page = Self.page(sorted, offset: offset, limit: limit)
        let items = page.items.map { book in
            let loan = state.loans.first { $0.book == book.barcode && $0.isOpen }
            return BookListing(book: book, openLoan: loan, borrower: loan?.user.flatMap { state.users[$0] },
                               coverSavedAt: state.covers[book.barcode]?.savedAt)
        }
        return ListingPage(items: items, total: page.total)
    }

    func users(matching text: String, inClass className: String?, offset: Int, limit: Int) throws -> ListingPage<User> {
        checkOpen()
        let sorted = state.users.values
            .filter { ListingSearch.matches(text, in: [$0.name, $0.reading, $0.card]) && (className == nil || $0.className == className) }
            .sortedForLists(classes: Array(state.classes.values))
        return Self.page(sorted, offset: offset, limit: limit)
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

    func auditEntries(_ filter: AuditFilter, newestFirst offset: Int, limit: Int) throws -> ListingPage<AuditEntry> {
        checkOpen()
        return Self.page(state.audit.reversed().filter(filter.admits), offset: offset, limit: limit)
    }

    func removeUser(card: String) throws -> Bool {
        checkOpen()
        guard state.users[card] != nil else { return false }
        let open = state.loans.count { $0.user == card && $0.isOpen }
        guard open == 0 else { throw LendingStoreError.userHasOpenLoans(card: card, count: open) }
        for index in state.loans.indices where state.loans[index].user == card { state.loans[index].user = nil }
        for index in state.audit.indices where state.audit[index].user?.card == card { state.audit[index].user = nil }
        state.users[card] = nil
        return true
    }

    func removeBook(barcode: String) throws -> Bool {
        checkOpen()
        guard state.books[barcode] != nil else { return false }
        guard !state.loans.contains(where: { $0.book == barcode }) else { throw LendingStoreError.bookWasLent(book: barcode) }
        state.books[barcode] = nil
        state.printed[.label]?[barcode] = nil
        state.covers[barcode] = nil
        return true
    }

    // MARK: The school year

    func classes() throws -> [SchoolClass] {
        checkOpen()
        return Array(state.classes.values).sortedByGrade()
    }

    func userCountsByClass() throws -> [String: Int] {
        checkOpen()
        return state.users.values.reduce(into: [:]) { counts, user in
            if let name = user.className { counts[name, default: 0] += 1 }
        }
    }

    func save(_ schoolClass: SchoolClass) throws {
        checkOpen()
        state.classes[schoolClass.name] = schoolClass
    }

    func renameClass(_ name: String, to newName: String) throws -> Bool {
        checkOpen()
        guard var schoolClass = state.classes[name] else { return false }
        guard name == newName || state.classes[newName] == nil else { throw LendingStoreError.classExists(name: newName) }
        state.classes[name] = nil
        schoolClass.name = newName
        state.classes[newName] = schoolClass
        for card in state.users.keys where state.users[card]?.className == name { state.users[card]?.className = newName }
        for index in state.lendCounts.indices where state.lendCounts[index].className == name {
            state.lendCounts[index].className = newName
        }
        return true
    }

    func removeClass(_ name: String) throws -> Bool {
        checkOpen()
        guard state.classes[name] != nil else { return false }
        let members = state.users.values.count { $0.className == name }
        guard members == 0 else { throw LendingStoreError.classHasUsers(name: name, count: members) }
        state.classes[name] = nil
        return true
    }

    func lendCounts(fromMonth month: String) throws -> [LendCount] {
        checkOpen()
        return state.lendCounts.filter { $0.month >= month }
    }

    func replaceLendCounts(_ counts: [LendCount]) throws {
        checkOpen()
        state.lendCounts = counts
    }

    /// Items `offset..<offset + limit` of `all` (a negative offset or limit counts as 0).
    private static func page<Item>(_ all: [Item], offset: Int, limit: Int) -> ListingPage<Item> {
        let start = min(max(0, offset), all.count)
        let end = min(all.count, start + max(0, limit))
        return ListingPage(items: Array(all[start..<end]), total: all.count)
    }

    // MARK: The lookup cache

    func bookRecord(isbn: String) throws -> BookRecord? {
        checkOpen()
        return state.bookRecords[isbn]
    }

    func save(_ record: BookRecord) throws {
        checkOpen()
        state.bookRecords[record.isbn] = record
    }

    func allBookRecords() throws -> [BookRecord] {
        checkOpen()
        return state.bookRecords.values.sorted { $0.isbn < $1.isbn }
    }

    // MARK: Covers photographed on the page

    func coverTimes(barcodes: [String]) throws -> [String: Date] {
        checkOpen()
        return Dictionary(barcodes.compactMap { barcode in state.covers[barcode].map { (barcode, $0.savedAt) } }, uniquingKeysWith: { first, _ in first })
    }

    func cover(barcode: String) throws -> BookCover? {
        checkOpen()
        return state.covers[barcode]
    }

    func save(_ cover: BookCover) throws {
        checkOpen()
        state.covers[cover.barcode] = cover
    }

    func coveredBarcodes() throws -> [String] {
        checkOpen()
        return state.covers.keys.sorted()
    }
}
