import Foundation
import Lending
import Testing

/// The `LendingRepository` contract, written once and run against every implementation: what a
/// transaction returns and what it rolls back, and circulation through the repository, which
/// reads and writes several areas at once. Each area of `LendingTransaction` has a contract
/// suite of its own (`BookStoreContractTests`, `LoanStoreContractTests`, …).
///
/// "Oldest first" is read two ways: the in-memory repository lists Loans in the order they
/// were added, SQLite by lent time and then id. Every test here adds Loans at times that never
/// go back, where the two agree.
@Suite("LendingRepository contract")
struct RepositoryContractTests {
    typealias F = Fixture

    // MARK: Circulation through the repository

    @Test("a Card greets, a Book is lent, scanned again it is returned", arguments: RepositoryKind.allCases)
    func lendAndReturn(kind: RepositoryKind) throws {
        try kind.withSeededRepository { (repository: any LendingRepository) throws in
            #expect(try F.circulation.scan("C0001", session: nil, at: F.t0, in: repository) == .greeted(F.haruto, loans: UserLoans(loans: [], remaining: 2)))

            let lent = try F.circulation.scan("B0001", session: F.haruto, at: F.t0, in: repository)
            guard case .lent(let loan, let book, let user, _) = lent else {
                Issue.record("expected a lend, got \(lent)")
                return
            }
            #expect(book == F.guri1)
            #expect(user == F.haruto)
            #expect(loan == Loan(id: loan.id, book: "B0001", user: "C0001", lentAt: F.t0, due: F.dueFromT0))
            if case .lent(_, _, _, let loans) = lent {
                #expect(loans == UserLoans(loans: [UserLoans.Entry(book: "B0001", title: F.guri1.title, isbn: F.guri1.isbn, due: F.dueFromT0)],
                                           remaining: 1))
            }
            #expect(try repository.read { try $0.openLoan(book: "B0001") } == loan)
            #expect(try repository.read { try $0.openLoans(user: "C0001") } == [loan])

            let later = F.t0 + F.days(2)
            let returned = try F.circulation.scan("B0001", session: nil, at: later, in: repository)
            var closed = loan
            closed.returnedAt = later
            #expect(returned == .returned(closed, book: F.guri1, user: F.haruto, overdueDays: 0,
                                         loans: UserLoans(loans: [], remaining: 2)))
            #expect(try repository.read { try $0.openLoans() }.isEmpty)
            #expect(try repository.read { try $0.allLoans() } == [closed])
        }
    }

    @Test("the Policy's loan limit refuses the third Book", arguments: RepositoryKind.allCases)
    func policyLimit(kind: RepositoryKind) throws {
        try kind.withSeededRepository { (repository: any LendingRepository) throws in
            for barcode in ["B0001", "B0003"] {
                let outcome = try F.circulation.scan(barcode, session: F.haruto, at: F.t0, in: repository)
                guard case .lent = outcome else { Issue.record("expected a lend, got \(outcome)"); return }
            }
            let third = try F.circulation.scan("B0005", session: F.haruto, at: F.t0, in: repository)
            #expect(third == .refused(.limitReached, barcode: "B0005", user: F.haruto, book: F.moon))
            #expect(try repository.read { try $0.openLoans(user: "C0001") }.map(\.book) == ["B0001", "B0003"])
        }
    }

    @Test("a User's own loan limit wins over the Policy's", arguments: RepositoryKind.allCases)
    func ownLimit(kind: RepositoryKind) throws {
        try kind.withSeededRepository { (repository: any LendingRepository) throws in
            let first = try F.circulation.scan("B0001", session: F.yui, at: F.t0, in: repository)
            guard case .lent = first else { Issue.record("expected a lend, got \(first)"); return }
            let second = try F.circulation.scan("B0003", session: F.yui, at: F.t0, in: repository)
            #expect(second == .refused(.limitReached, barcode: "B0003", user: F.yui, book: F.caterpillar))
            #expect(try repository.read { try $0.openLoans() }.count == 1)
        }
    }

    @Test("an overdue Loan blocks the next lend until it is returned", arguments: RepositoryKind.allCases)
    func overdueBlock(kind: RepositoryKind) throws {
        try kind.withSeededRepository { (repository: any LendingRepository) throws in
            _ = try F.circulation.scan("B0001", session: F.haruto, at: F.t0, in: repository)
            let friday = F.t0 + F.days(10) // 2026-12-11, three days past the due date
            #expect(try F.circulation.scan("B0003", session: F.haruto, at: friday, in: repository)
                == .refused(.hasOverdue, barcode: "B0003", user: F.haruto, book: F.caterpillar))

            let returned = try F.circulation.scan("B0001", session: F.haruto, at: friday, in: repository)
            guard case .returned(_, _, _, let overdueDays, _) = returned else {
                Issue.record("expected a return, got \(returned)")
                return
            }
            #expect(overdueDays == 3)
            let lent = try F.circulation.scan("B0003", session: F.haruto, at: friday, in: repository)
            guard case .lent(let loan, _, _, _) = lent else { Issue.record("expected a lend, got \(lent)"); return }
            #expect(loan.book == "B0003")
        }
    }

    @Test("refusals write nothing: card first, not lendable, inactive, unknown", arguments: RepositoryKind.allCases)
    func refusalsWriteNothing(kind: RepositoryKind) throws {
        try kind.withSeededRepository { (repository: any LendingRepository) throws in
            #expect(try F.circulation.scan("B0001", session: nil, at: F.t0, in: repository)
                == .refused(.cardFirst, barcode: "B0001", user: nil, book: F.guri1))
            #expect(try F.circulation.scan("B0004", session: F.haruto, at: F.t0, in: repository)                == .refused(.bookNotLendable, barcode: "B0004", user: F.haruto, book: F.withdrawn))
            #expect(try F.circulation.scan("C0003", session: nil, at: F.t0, in: repository)                == .refused(.userInactive, barcode: "C0003", user: F.inactive, book: nil))
            #expect(try F.circulation.scan("X9999", session: F.haruto, at: F.t0, in: repository)                == .refused(.unknownBarcode, barcode: "X9999", user: F.haruto, book: nil))
            #expect(try repository.read { try $0.allLoans() }.isEmpty)
        }
    }

    @Test("ISBN scans pick a copy: lend one each, refuse without a Card, return one's own", arguments: RepositoryKind.allCases)
    func isbnCopies(kind: RepositoryKind) throws {
        try kind.withSeededRepository { (repository: any LendingRepository) throws in
            #expect(try repository.read { try $0.books(isbn: F.isbn) } == [F.guri1, F.guri2])

            let toHaruto = try F.circulation.scan(F.isbn, session: F.haruto, at: F.t0, in: repository)
            guard case .lent(let harutoLoan, let harutoCopy, _, _) = toHaruto else {
                Issue.record("expected a lend, got \(toHaruto)")
                return
            }
            #expect(harutoCopy == F.guri1)
            let toYui = try F.circulation.scan(F.isbn, session: F.yui, at: F.t0 + 60, in: repository)
            guard case .lent(_, let yuiCopy, _, _) = toYui else { Issue.record("expected a lend, got \(toYui)"); return }
            #expect(yuiCopy == F.guri2)

            #expect(try F.circulation.scan(F.isbn, session: nil, at: F.t0 + 120, in: repository)

                == .refused(.cardFirst, barcode: F.isbn, user: nil, book: F.guri1))

            let back = try F.circulation.scan(F.isbn, session: F.haruto, at: F.t0 + 180, in: repository)
            guard case .returned(let closed, let book, _, _, _) = back else {
                Issue.record("expected a return, got \(back)")
                return
            }
            #expect(closed.id == harutoLoan.id)
            #expect(book == F.guri1)
            #expect(try repository.read { try $0.openLoans() }.map(\.book) == ["B0002"])
        }
    }

    // MARK: Transactions

    @Test("a transaction returns its body's value", arguments: RepositoryKind.allCases)
    func transactionValue(kind: RepositoryKind) throws {
        try kind.withSeededRepository { (repository: any LendingRepository) throws in
            #expect(try repository.transaction { try $0.allBooks().count } == F.books.count)
        }
    }

    @Test("an error thrown inside a transaction rolls back everything it wrote", arguments: RepositoryKind.allCases)
    func rollbackOnThrow(kind: RepositoryKind) throws {
        try kind.withSeededRepository { (repository: any LendingRepository) throws in
            #expect(throws: F.Abandon.self) {
                try repository.transaction { tx in
                    try tx.save(Book(barcode: "B0100", title: "あたらしいほん"))
                    try tx.save(User(card: "C0001", name: "べつのなまえ"))
                    _ = try tx.addLoan(book: "B0001", user: "C0001", lentAt: F.t0, due: F.dueFromT0, overrideBy: nil)
                    throw F.Abandon()
                }
            }
            #expect(try repository.read { try $0.book(barcode: "B0100") } == nil)
            #expect(try repository.read { try $0.user(card: "C0001") } == F.haruto)
            #expect(try repository.read { try $0.allLoans() }.isEmpty)
        }
    }

    @Test("a store error inside a transaction rolls back what came before it", arguments: RepositoryKind.allCases)
    func rollbackOnStoreError(kind: RepositoryKind) throws {
        try kind.withSeededRepository { (repository: any LendingRepository) throws in
            #expect(throws: LendingStoreError.unknownReference("Book B9999")) {
                try repository.transaction { tx in
                    _ = try tx.addLoan(book: "B0001", user: "C0001", lentAt: F.t0, due: F.dueFromT0, overrideBy: nil)
                    _ = try tx.addLoan(book: "B9999", user: "C0001", lentAt: F.t0, due: F.dueFromT0, overrideBy: nil)
                }
            }
            #expect(try repository.read { try $0.allLoans() }.isEmpty)
        }
    }
}
