import Foundation
import Lending
import Testing

/// The `UserStore` contract, run against every store: the teachers' page's list of Users, and
/// removing a User.
@Suite("UserStore contract")
struct UserStoreContractTests {
    typealias F = Fixture

    @Test("Users are listed by name then card and found by name or card", arguments: RepositoryKind.allCases)
    func userListings(kind: RepositoryKind) throws {
        try F.withLentLibrary(kind) { (repository: any LendingRepository, _: [Loan]) throws in
            let all = try repository.read { try $0.users(matching: "", offset: 0, limit: 100) }
            #expect(all == ListingPage(items: [F.inactive, F.haruto, F.haruto2, F.yui], total: 4))
            #expect(try repository.read { try $0.users(matching: "はると", offset: 1, limit: 5) }
                == ListingPage(items: [F.haruto2], total: 2))
            #expect(try repository.read { try $0.users(matching: "c0002", offset: 0, limit: 5) }
                == ListingPage(items: [F.yui], total: 1))
            #expect(try repository.read { try $0.users(matching: "C000", offset: 0, limit: 2) }.total == 4)
            #expect(try repository.read { try $0.users(matching: "ひなた", offset: 0, limit: 5) } == ListingPage(items: [], total: 0))
        }
    }

    @Test("lists of Users go by class grade, then reading, then name; a class filters them and their Loans",
          arguments: RepositoryKind.allCases)
    func listOrder(kind: RepositoryKind) throws {
        try kind.withRepository { (repository: any LendingRepository) throws in
            try repository.transaction { tx in
                try tx.save(SchoolClass(name: "きりん組", grade: 3))
                try tx.save(SchoolClass(name: "ひよこ組", grade: 1))
                try tx.save(User(card: "C1", name: "渡辺", reading: "わたなべ", className: "ひよこ組"))
                try tx.save(User(card: "C2", name: "青木", reading: "あおき", className: "きりん組"))
                try tx.save(User(card: "C3", name: "伊藤", reading: "いとう", className: "ひよこ組"))
                try tx.save(User(card: "C4", name: "Zed"))
                try tx.save(Book(barcode: "B1", title: "いち", reading: "いち"))
                try tx.save(Book(barcode: "B2", title: "に"))
                _ = try tx.addLoan(book: "B1", user: "C2", lentAt: F.t0, due: F.dueFromT0, overrideBy: nil)
                _ = try tx.addLoan(book: "B2", user: "C1", lentAt: F.t0, due: F.dueFromT0, overrideBy: nil)
            }
            #expect(try repository.read { try $0.users(matching: "", offset: 0, limit: 10) }.items.map(\.card) == ["C3", "C1", "C2", "C4"])
            #expect(try repository.read { try $0.users(matching: "", inClass: "ひよこ組", offset: 0, limit: 10) }
                .items.map(\.card) == ["C3", "C1"])
            #expect(try repository.read { try $0.users(matching: "あおき", offset: 0, limit: 10) }.items.map(\.card) == ["C2"])
            #expect(try repository.read { try $0.loanListings(LoanQuery()) }.items.map(\.book.barcode) == ["B2", "B1"])
            #expect(try repository.read { try $0.loanListings(LoanQuery(className: "きりん組")) }.items.map(\.book.barcode) == ["B1"])
            #expect(try repository.read { try $0.book(barcode: "B1") }?.reading == "いち")
        }
    }

    @Test("removing a User with Books out is refused and changes nothing", arguments: RepositoryKind.allCases)
    func removeUserWithOpenLoans(kind: RepositoryKind) throws {
        try kind.withSeededRepository { (repository: any LendingRepository) throws in
            try repository.transaction { tx in
                _ = try tx.addLoan(book: "B0001", user: "C0001", lentAt: F.t0, due: F.dueFromT0, overrideBy: nil)
                _ = try tx.addLoan(book: "B0003", user: "C0001", lentAt: F.t0 + 1, due: F.dueFromT0, overrideBy: nil)
            }
            #expect(throws: LendingStoreError.userHasOpenLoans(card: "C0001", count: 2)) {
                try repository.transaction { try $0.removeUser(card: "C0001") }
            }
            #expect(try repository.read { try $0.user(card: "C0001") } == F.haruto)
            #expect(try repository.read { try $0.openLoans(user: "C0001") }.count == 2)
            #expect(try !repository.transaction { try $0.removeUser(card: "C9999") })
        }
    }

    @Test("removing a User forgets them in returned Loans and the audit log; the Loans and entries stay",
          arguments: RepositoryKind.allCases)
    func removeUserForgetsHistory(kind: RepositoryKind) throws {
        try kind.withSeededRepository { (repository: any LendingRepository) throws in
            try repository.transaction { tx in
                let first = try tx.addLoan(book: "B0001", user: "C0001", lentAt: F.t0, due: F.dueFromT0, overrideBy: nil)
                _ = try tx.closeLoan(id: first.id, returnedAt: F.t0 + 60)
                _ = try tx.addLoan(book: "B0003", user: "C0002", lentAt: F.t0 + 120, due: F.dueFromT0, overrideBy: nil)
                try tx.record(AuditEntry(time: F.t0, staff: "えんちょう", action: AuditSamples.lentB0001, user: AuditedUser(F.haruto)))
                try tx.record(AuditEntry(time: F.t0 + 1, staff: "えんちょう", action: AuditSamples.extendedB0003, user: AuditedUser(F.yui)))
            }
            #expect(try repository.transaction { try $0.removeUser(card: "C0001") })

            #expect(try repository.read { try $0.user(card: "C0001") } == nil)
            #expect(try repository.read { try $0.allUsers() } == [F.yui, F.inactive])
            let loans = try repository.read { try $0.allLoans() }
            #expect(loans.map(\.book) == ["B0001", "B0003"])
            #expect(loans.map(\.user) == [nil, "C0002"])
            #expect(try repository.read { try $0.loans(user: "C0001") }.isEmpty)
            let audit = try repository.read { try $0.auditEntries() }
            #expect(audit.map(\.user) == [nil, AuditedUser(F.yui)])
            #expect(audit.map(\.action) == [AuditSamples.lentB0001, AuditSamples.extendedB0003])
            // The card can be given to someone new.
            try repository.transaction { try $0.save(User(card: "C0001", name: "みお")) }
            #expect(try repository.read { try $0.loans(user: "C0001") }.isEmpty)
        }
    }
}

private enum AuditSamples {
    static let lentB0001 = AuditAction.lentPastRules(book: AuditedBook(barcode: "B0001", title: "ぐりとぐら"), due: Fixture.dueFromT0,
                                                     refusal: .limitReached)
    static let extendedB0003 = AuditAction.extended(book: AuditedBook(barcode: "B0003", title: "ねないこだれだ"),
                                                    from: Fixture.dueFromT0, to: LocalDate(year: 2026, month: 12, day: 15))
}
