import Foundation
import Lending
import Testing

/// The teachers' page's lists: what matches, in which order, one page at a time with the total.
extension RepositoryContractTests {
    static let carle = Book(barcode: "B0010", title: "The Very Hungry Caterpillar", author: "Eric Carle", isbn: "9780399226908")
    static let wolf = Book(barcode: "B0011", title: "100% Wolf", author: "Jayne Lyons")

    /// The Fixture's library, two English Books, and a second はると: Loans haruto B0001 (due
    /// the 8th) and B0003 (due the 3rd), yui B0005 (due the 10th), haruto2 B0002 returned.
    static func withLentLibrary(_ kind: RepositoryKind, _ body: (any LendingRepository, [Loan]) throws -> Void) throws {
        try kind.withSeededRepository { (repository: any LendingRepository) throws in
            let loans = try repository.transaction { tx in
                try tx.save(carle)
                try tx.save(wolf)
                try tx.save(haruto2)
                let returned = try tx.addLoan(book: "B0002", user: "C0004", lentAt: F.t0, due: F.dueFromT0, overrideBy: nil)
                return [
                    try tx.addLoan(book: "B0001", user: "C0001", lentAt: F.t0 + 10, due: F.dueFromT0, overrideBy: nil),
                    try tx.addLoan(book: "B0003", user: "C0001", lentAt: F.t0 + 20, due: LocalDate(year: 2026, month: 12, day: 3),
                                   overrideBy: nil),
                    try tx.addLoan(book: "B0005", user: "C0002", lentAt: F.t0 + 30, due: LocalDate(year: 2026, month: 12, day: 10),
                                   overrideBy: "えんちょう"),
                    try tx.closeLoan(id: returned.id, returnedAt: F.t0 + 40),
                ]
            }
            try body(repository, loans)
        }
    }

    static let haruto2 = User(card: "C0004", name: "はると")

    @Test("open Loans are listed by the User's name, card and due date, one page at a time with the total",
          arguments: RepositoryKind.allCases)
    func loanListingsOrderAndPages(kind: RepositoryKind) throws {
        try Self.withLentLibrary(kind) { (repository: any LendingRepository, loans: [Loan]) throws in
            let all = try repository.read { try $0.loanListings(LoanQuery()) }
            #expect(all.total == 3)
            #expect(all.items == [
                LoanListing(loan: loans[1], book: F.caterpillar, user: F.haruto),
                LoanListing(loan: loans[0], book: F.guri1, user: F.haruto),
                LoanListing(loan: loans[2], book: F.moon, user: F.yui),
            ])
            let second = try repository.read { try $0.loanListings(LoanQuery(offset: 1, limit: 1)) }
            #expect(second == ListingPage(items: [all.items[1]], total: 3))
            let beyond = try repository.read { try $0.loanListings(LoanQuery(offset: 5, limit: 10)) }
            #expect(beyond == ListingPage(items: [], total: 3))
        }
    }

    @Test("open Loans are found by the User's name or card and the Book's title or barcode, for one User, or overdue",
          arguments: RepositoryKind.allCases)
    func loanListingsFilters(kind: RepositoryKind) throws {
        try Self.withLentLibrary(kind) { (repository: any LendingRepository, _: [Loan]) throws in
            func books(_ query: LoanQuery) throws -> [String] {
                try repository.read { try $0.loanListings(query) }.items.map(\.book.barcode)
            }
            #expect(try books(LoanQuery(text: "ゆい")) == ["B0005"])
            #expect(try books(LoanQuery(text: "c0001")) == ["B0003", "B0001"])
            #expect(try books(LoanQuery(text: "ぐら")) == ["B0001"])
            #expect(try books(LoanQuery(text: "b0005")) == ["B0005"])
            #expect(try books(LoanQuery(text: "ねないこ")).isEmpty)
            #expect(try books(LoanQuery(userCard: "C0002")) == ["B0005"])
            #expect(try books(LoanQuery(userCard: "C0004")).isEmpty)
            // Overdue on the 9th: due before it.
            let ninth = LocalDate(year: 2026, month: 12, day: 9)
            #expect(try books(LoanQuery(overdueOn: ninth)) == ["B0003", "B0001"])
            #expect(try books(LoanQuery(overdueOn: LocalDate(year: 2026, month: 12, day: 8))) == ["B0003"])
            let both = try repository.read { try $0.loanListings(LoanQuery(text: "ぐら", overdueOn: ninth)) }
            #expect(both.total == 1)
        }
    }

    @Test("Books are listed by title then barcode with their open Loan and borrower, one page at a time",
          arguments: RepositoryKind.allCases)
    func bookListingsOrderAndPages(kind: RepositoryKind) throws {
        try Self.withLentLibrary(kind) { (repository: any LendingRepository, loans: [Loan]) throws in
            let all = try repository.read { try $0.bookListings(matching: "", offset: 0, limit: 100) }
            // By UTF-8 bytes: digits, then Latin capitals, then kana in 五十音 order.
            #expect(all.items.map(\.book.barcode) == ["B0011", "B0010", "B0005", "B0001", "B0002", "B0004", "B0003"])
            #expect(all.total == 7)
            let guri = try #require(all.items.first { $0.book.barcode == "B0001" })
            #expect(guri == BookListing(book: F.guri1, openLoan: loans[0], borrower: F.haruto))
            let returned = try #require(all.items.first { $0.book.barcode == "B0002" })
            #expect(returned == BookListing(book: F.guri2, openLoan: nil, borrower: nil))

            let page = try repository.read { try $0.bookListings(matching: "", offset: 2, limit: 3) }
            #expect(page == ListingPage(items: Array(all.items[2..<5]), total: 7))
        }
    }

    @Test("Books are found by title, author, barcode or ISBN, A–Z in either case, % and _ as plain characters",
          arguments: RepositoryKind.allCases)
    func bookListingsSearch(kind: RepositoryKind) throws {
        try Self.withLentLibrary(kind) { (repository: any LendingRepository, _: [Loan]) throws in
            func found(_ text: String) throws -> [String] {
                let page = try repository.read { try $0.bookListings(matching: text, offset: 0, limit: 100) }
                #expect(page.total == page.items.count)
                return page.items.map(\.book.barcode)
            }
            #expect(try found("ぐり") == ["B0001", "B0002"])
            #expect(try found("りえこ") == ["B0001", "B0002"])
            #expect(try found("97848340") == ["B0001", "B0002"])
            #expect(try found("b0003") == ["B0003"])
            #expect(try found("HUNGRY") == ["B0010"])
            #expect(try found("carle") == ["B0010"])
            #expect(try found("%") == ["B0011"])
            #expect(try found("_").isEmpty)
            #expect(try found("ぐりとぐらのえんそく").isEmpty)
        }
    }

    @Test("Users are listed by name then card and found by name or card", arguments: RepositoryKind.allCases)
    func userListings(kind: RepositoryKind) throws {
        try Self.withLentLibrary(kind) { (repository: any LendingRepository, _: [Loan]) throws in
            let all = try repository.read { try $0.users(matching: "", offset: 0, limit: 100) }
            #expect(all == ListingPage(items: [F.inactive, F.haruto, Self.haruto2, F.yui], total: 4))
            #expect(try repository.read { try $0.users(matching: "はると", offset: 1, limit: 5) }
                == ListingPage(items: [Self.haruto2], total: 2))
            #expect(try repository.read { try $0.users(matching: "c0002", offset: 0, limit: 5) }
                == ListingPage(items: [F.yui], total: 1))
            #expect(try repository.read { try $0.users(matching: "C000", offset: 0, limit: 2) }.total == 4)
            #expect(try repository.read { try $0.users(matching: "ひなた", offset: 0, limit: 5) } == ListingPage(items: [], total: 0))
        }
    }

    @Test("a User's Loans come newest first, returned ones too, once forgotten no more", arguments: RepositoryKind.allCases)
    func loansOfOneUser(kind: RepositoryKind) throws {
        try Self.withLentLibrary(kind) { (repository: any LendingRepository, loans: [Loan]) throws in
            #expect(try repository.read { try $0.loans(user: "C0001") } == [loans[1], loans[0]])
            #expect(try repository.read { try $0.loans(user: "C0004") } == [loans[3]])
            _ = try repository.anonymizeReturnedLoans(olderThan: F.t0 + 41)
            #expect(try repository.read { try $0.loans(user: "C0004") }.isEmpty)
            #expect(try repository.read { try $0.loans(user: "C9999") }.isEmpty)
        }
    }

    @Test("the summary counts lends and returns in [from, to), open Loans, and those overdue on a day",
          arguments: RepositoryKind.allCases)
    func summary(kind: RepositoryKind) throws {
        try Self.withLentLibrary(kind) { (repository: any LendingRepository, _: [Loan]) throws in
            // Lent at t0, +10, +20, +30; returned at +40.
            #expect(try repository.read { try $0.circulationSummary(from: F.t0, to: F.t0 + 3600, today: F.dueFromT0) }
                == CirculationSummary(lent: 4, returned: 1, onLoan: 3, overdue: 1))
            #expect(try repository.read { try $0.circulationSummary(from: F.t0 + 10, to: F.t0 + 40, today: F.dueFromT0.adding(days: 1)) }
                == CirculationSummary(lent: 3, returned: 0, onLoan: 3, overdue: 2))
            #expect(try repository.read { try $0.circulationSummary(from: F.t0 - 3600, to: F.t0, today: F.dueFromT0.adding(days: -7)) }
                == CirculationSummary(lent: 0, returned: 0, onLoan: 3, overdue: 0))
        }
    }

    @Test("the audit log pages newest first with its total", arguments: RepositoryKind.allCases)
    func auditPages(kind: RepositoryKind) throws {
        try kind.withRepository { (repository: any LendingRepository) throws in
            #expect(try repository.read { try $0.auditEntries(newestFirst: 0, limit: 10) } == ListingPage(items: [], total: 0))
            try repository.transaction { tx in
                for second in 0..<5 {
                    try tx.record(AuditEntry(time: F.t0 + Double(second), staff: "えんちょう", action: .pinLocked(seconds: second)))
                }
            }
            let recorded = try repository.read { try $0.auditEntries() }
            let newestFirst = Array(recorded.reversed())
            #expect(newestFirst.map(\.action) == [4, 3, 2, 1, 0].map { .pinLocked(seconds: $0) })
            let newest = try repository.read { try $0.auditEntries(newestFirst: 0, limit: 2) }
            #expect(newest == ListingPage(items: Array(newestFirst[0..<2]), total: 5))
            let oldest = try repository.read { try $0.auditEntries(newestFirst: 4, limit: 2) }
            #expect(oldest == ListingPage(items: [newestFirst[4]], total: 5))
            let whole = try repository.read { try $0.auditEntries(newestFirst: 0, limit: 10) }
            #expect(whole == ListingPage(items: newestFirst, total: 5))
        }
    }
}
