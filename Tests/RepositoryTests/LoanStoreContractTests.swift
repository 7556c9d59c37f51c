import Foundation
import Lending
import Testing

/// The `LoanStore` contract, run against every store: lending, returning and moving a due date,
/// one open Loan per Book; the teachers' page's lists of Loans (what matches, in which order, one
/// page at a time with the total) and the summary.
///
/// "Oldest first" is read two ways: the in-memory repository lists Loans in the order they
/// were added, SQLite by lent time and then id. Every test here adds Loans at times that never
/// go back, where the two agree.
@Suite("LoanStore contract")
struct LoanStoreContractTests {
    typealias F = Fixture

    @Test("a Loan keeps every field as given", arguments: RepositoryKind.allCases)
    func loanFields(kind: RepositoryKind) throws {
        try kind.withSeededRepository { (repository: any LendingRepository) throws in
            let due = LocalDate(year: 2027, month: 1, day: 5)
            let loan = try repository.transaction { tx in
                try tx.addLoan(book: "B0003", user: "C0002", lentAt: F.t0, due: due, overrideBy: "えんちょう先生")
            }
            #expect(loan == Loan(id: loan.id, book: "B0003", user: "C0002", lentAt: F.t0, due: due,
                                 overrideBy: "えんちょう先生"))
            #expect(try repository.read { try $0.allLoans() } == [loan])
        }
    }

    @Test("one open Loan per Book: a second addLoan is refused, in its own transaction or the same",
          arguments: RepositoryKind.allCases)
    func oneOpenLoanPerBook(kind: RepositoryKind) throws {
        try kind.withSeededRepository { (repository: any LendingRepository) throws in
            let first = try repository.transaction { tx in
                try tx.addLoan(book: "B0001", user: "C0001", lentAt: F.t0, due: F.dueFromT0, overrideBy: nil)
            }
            #expect(throws: LendingStoreError.alreadyOnLoan(book: "B0001")) {
                try repository.transaction { tx in
                    try tx.addLoan(book: "B0001", user: "C0002", lentAt: F.t0 + 1, due: F.dueFromT0, overrideBy: nil)
                }
            }
            // Refused inside a transaction that goes on: the refusal undoes nothing else.
            try repository.transaction { tx in
                #expect(throws: LendingStoreError.alreadyOnLoan(book: "B0001")) {
                    try tx.addLoan(book: "B0001", user: "C0001", lentAt: F.t0 + 2, due: F.dueFromT0, overrideBy: "先生")
                }
                _ = try tx.addLoan(book: "B0003", user: "C0001", lentAt: F.t0 + 3, due: F.dueFromT0, overrideBy: nil)
            }
            #expect(try repository.read { try $0.openLoans() }.map(\.book) == ["B0001", "B0003"])
            #expect(try repository.read { try $0.openLoan(book: "B0001") } == first)

            // Once returned, the Book can be lent again.
            _ = try repository.transaction { try $0.closeLoan(id: first.id, returnedAt: F.t0 + 10) }
            let again = try repository.transaction { tx in
                try tx.addLoan(book: "B0001", user: "C0002", lentAt: F.t0 + 20, due: F.dueFromT0, overrideBy: nil)
            }
            #expect(again.id != first.id)
            #expect(try repository.read { try $0.allLoans() }.count == 3)
        }
    }

    @Test("addLoan names the Book or User the store does not have", arguments: RepositoryKind.allCases)
    func addLoanUnknownReference(kind: RepositoryKind) throws {
        try kind.withSeededRepository { (repository: any LendingRepository) throws in
            #expect(throws: LendingStoreError.unknownReference("Book B9999")) {
                try repository.transaction { tx in
                    try tx.addLoan(book: "B9999", user: "C0001", lentAt: F.t0, due: F.dueFromT0, overrideBy: nil)
                }
            }
            #expect(throws: LendingStoreError.unknownReference("User C9999")) {
                try repository.transaction { tx in
                    try tx.addLoan(book: "B0001", user: "C9999", lentAt: F.t0, due: F.dueFromT0, overrideBy: nil)
                }
            }
        }
    }

    @Test("setDue moves an open Loan; closeLoan and setDue refuse a Loan that is not open",
          arguments: RepositoryKind.allCases)
    func closeAndSetDueNeedAnOpenLoan(kind: RepositoryKind) throws {
        try kind.withSeededRepository { (repository: any LendingRepository) throws in
            let loan = try repository.transaction { tx in
                try tx.addLoan(book: "B0001", user: "C0001", lentAt: F.t0, due: F.dueFromT0, overrideBy: nil)
            }
            let extended = LocalDate(year: 2026, month: 12, day: 15)
            let moved = try repository.transaction { try $0.setDue(loanID: loan.id, due: extended) }
            #expect(moved.due == extended)
            #expect(try repository.read { try $0.openLoan(book: "B0001") }?.due == extended)

            let closed = try repository.transaction { try $0.closeLoan(id: loan.id, returnedAt: F.t0 + 60) }
            #expect(closed.returnedAt == F.t0 + 60)
            #expect(closed.due == extended)

            #expect(throws: LendingStoreError.noOpenLoan(id: loan.id)) {
                try repository.transaction { try $0.closeLoan(id: loan.id, returnedAt: F.t0 + 120) }
            }
            #expect(throws: LendingStoreError.noOpenLoan(id: loan.id)) {
                try repository.transaction { try $0.setDue(loanID: loan.id, due: F.dueFromT0) }
            }
            #expect(throws: LendingStoreError.noOpenLoan(id: 9999)) {
                try repository.transaction { try $0.closeLoan(id: 9999, returnedAt: F.t0) }
            }
            // The refused calls changed nothing.
            #expect(try repository.read { try $0.allLoans() } == [closed])
        }
    }

    // MARK: Lists

    @Test("open Loans are listed by the User's name, card and due date, one page at a time with the total",
          arguments: RepositoryKind.allCases)
    func loanListingsOrderAndPages(kind: RepositoryKind) throws {
        try F.withLentLibrary(kind) { (repository: any LendingRepository, loans: [Loan]) throws in
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
        try F.withLentLibrary(kind) { (repository: any LendingRepository, _: [Loan]) throws in
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

    @Test("open Loans list graded classes youngest first, then classes without a grade, then Users in no class, every window the same slice",
          arguments: RepositoryKind.allCases)
    func loanListingsAcrossClasses(kind: RepositoryKind) throws {
        try kind.withRepository { (repository: any LendingRepository) throws in
            try repository.transaction { tx in
                try tx.save(SchoolClass(name: "ぞう組", grade: 2))
                try tx.save(SchoolClass(name: "あひる組", grade: nil))
                try tx.save(SchoolClass(name: "りす組", grade: 1))
                try tx.save(User(card: "C1", name: "渡辺", reading: "わたなべ", className: "りす組"))
                try tx.save(User(card: "C2", name: "青木", reading: "あおき", className: "ぞう組"))
                try tx.save(User(card: "C3", name: "伊藤", reading: "いとう", className: "りす組"))
                try tx.save(User(card: "C4", name: "Zed"))
                try tx.save(User(card: "C5", name: "うえだ", className: "あひる組"))
                try tx.save(User(card: "C6", name: "Amy"))
                // Each User's Loans by due date (the 9th before the 5th was lent).
                let lends: [(String, String, Int)] = [("B1", "C1", 9), ("B2", "C1", 5), ("B3", "C2", 7), ("B4", "C3", 8),
                                                      ("B5", "C4", 6), ("B6", "C5", 4), ("B7", "C6", 3), ("B8", "C6", 2)]
                for (book, user, day) in lends {
                    try tx.save(Book(barcode: book, title: "本 \(book)"))
                    _ = try tx.addLoan(book: book, user: user, lentAt: F.t0, due: LocalDate(year: 2026, month: 12, day: day), overrideBy: nil)
                }
            }
            // りす組 (伊藤, 渡辺), ぞう組, あひる組 (no grade), then no class: Amy, Zed.
            let expected = ["B4", "B2", "B1", "B3", "B6", "B8", "B7", "B5"]
            let all = try repository.read { try $0.loanListings(LoanQuery()) }
            #expect(all.items.map(\.book.barcode) == expected)
            #expect(all.total == expected.count)
            for offset in 0...expected.count {
                for limit in 1...3 {
                    let page = try repository.read { try $0.loanListings(LoanQuery(offset: offset, limit: limit)) }
                    #expect(page.items.map(\.book.barcode) == Array(expected.dropFirst(offset).prefix(limit)), "offset \(offset), limit \(limit)")
                    #expect(page.total == expected.count)
                }
            }
            let overdue = try repository.read { try $0.loanListings(LoanQuery(overdueOn: LocalDate(year: 2026, month: 12, day: 6), offset: 1, limit: 2)) }
            #expect(overdue.items.map(\.book.barcode) == ["B6", "B8"])
            #expect(overdue.total == 4)
            let inClass = try repository.read { try $0.loanListings(LoanQuery(className: "りす組", offset: 1, limit: 5)) }
            #expect(inClass.items.map(\.book.barcode) == ["B2", "B1"])
            #expect(inClass.total == 3)
        }
    }

    @Test("a User's Loans come newest first, returned ones too, once forgotten no more", arguments: RepositoryKind.allCases)
    func loansOfOneUser(kind: RepositoryKind) throws {
        try F.withLentLibrary(kind) { (repository: any LendingRepository, loans: [Loan]) throws in
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
        try F.withLentLibrary(kind) { (repository: any LendingRepository, _: [Loan]) throws in
            // Lent at t0, +10, +20, +30; returned at +40.
            #expect(try repository.read { try $0.circulationSummary(from: F.t0, to: F.t0 + 3600, today: F.dueFromT0) }
                == CirculationSummary(lent: 4, returned: 1, onLoan: 3, overdue: 1))
            #expect(try repository.read { try $0.circulationSummary(from: F.t0 + 10, to: F.t0 + 40, today: F.dueFromT0.adding(days: 1)) }
                == CirculationSummary(lent: 3, returned: 0, onLoan: 3, overdue: 2))
            #expect(try repository.read { try $0.circulationSummary(from: F.t0 - 3600, to: F.t0, today: F.dueFromT0.adding(days: -7)) }
                == CirculationSummary(lent: 0, returned: 0, onLoan: 3, overdue: 0))
        }
    }
}
