import Foundation
import Lending
import Testing

/// `Circulation.scan` end to end: normalize, look up, decide and write, against the in-memory
/// repository.
@Suite("Circulation.scan")
struct CirculationScanTests {
    typealias F = Fixture

    let circulation = Circulation(policy: F.policy)
    let repository = InMemoryLendingRepository()

    static let copy1 = Book(barcode: "B0101", title: "ぐりとぐら", isbn: F.guriIsbn)
    static let copy2 = Book(barcode: "B0102", title: "ぐりとぐら", isbn: F.guriIsbn)
    static let aomushi = Book(barcode: "B0200", title: "はらぺこあおむし")
    static let codabarCard = User(card: "0001", name: "ひなた")

    init() throws {
        try repository.transaction { tx in
            for user in [F.haruto, F.yui, F.inactive, Self.codabarCard] { try tx.save(user) }
            for book in [Self.copy1, Self.copy2, Self.aomushi, F.withdrawn] { try tx.save(book) }
        }
    }

    private func openLoans() throws -> [Loan] {
        try repository.transaction { try $0.openLoans() }
    }

    private func allLoans() throws -> [Loan] {
        try repository.transaction { try $0.allLoans() }
    }

    // MARK: Lookup

    @Test("a Card is greeted, trimmed of its terminator")
    func card() throws {
        #expect(try circulation.scan("C0001\r\n", session: nil, at: F.now, in: repository) == .greeted(F.haruto, loans: UserLoans(loans: [], remaining: 2)))
    }

    @Test("a Codabar-wrapped Card is found by its digits")
    func codabarCard() throws {
        #expect(try circulation.scan("A0001B\r\n", session: nil, at: F.now, in: repository)
            == .greeted(Self.codabarCard, loans: UserLoans(loans: [], remaining: 2)))
        #expect(try circulation.scan("c0001d", session: nil, at: F.now, in: repository)
            == .greeted(Self.codabarCard, loans: UserLoans(loans: [], remaining: 2)))
    }

    @Test("an inactive Card is refused userInactive")
    func inactiveCard() throws {
        #expect(try circulation.scan("C0009", session: nil, at: F.now, in: repository)
            == .refused(.userInactive, barcode: "C0009", user: F.inactive, book: nil))
    }

    @Test("an unknown barcode is refused with the normalized barcode")
    func unknown() throws {
        #expect(try circulation.scan(" Z999\r\n", session: F.haruto, at: F.now, in: repository)
            == .refused(.unknownBarcode, barcode: "Z999", user: F.haruto, book: nil))
    }

    @Test("a valid ISBN that no copy carries is unknown")
    func unknownISBN() throws {
        #expect(try circulation.scan("9784001106015", session: F.haruto, at: F.now, in: repository)
            == .refused(.unknownBarcode, barcode: "9784001106015", user: F.haruto, book: nil))
    }

    @Test("a Card is found before a Book with the same barcode")
    func cardBeforeBook() throws {
        try repository.transaction { try $0.save(Book(barcode: "C0002", title: "まちがえたほん")) }
        #expect(try circulation.scan("C0002", session: F.haruto, at: F.now, in: repository) == .greeted(F.yui, loans: UserLoans(loans: [], remaining: 2)))
        #expect(try openLoans().isEmpty)
    }

    @Test("a Book barcode is found before the ISBN it spells")
    func bookBeforeISBN() throws {
        let isbnAsBarcode = Book(barcode: F.guriIsbn, title: "ぐりとぐら（ISBN のまま）")
        try repository.transaction { try $0.save(isbnAsBarcode) }
        let outcome = try circulation.scan(F.guriIsbn, session: F.haruto, at: F.now, in: repository)
        guard case .lent(let loan, let book, _, _) = outcome else {
            Issue.record("expected a lend, got \(outcome)")
            return
        }
        #expect(book == isbnAsBarcode)
        #expect(loan.book == F.guriIsbn)
    }

    @Test("an ISBN-13 lends the first available copy")
    func isbn13() throws {
        let outcome = try circulation.scan(F.guriIsbn, session: F.haruto, at: F.now, in: repository)
        let expected = Loan(id: 1, book: "B0101", user: "C0001", lentAt: F.now, due: F.dueOfLendNow)
        #expect(outcome == .lent(expected, book: Self.copy1, user: F.haruto,
                                 loans: UserLoans(loans: [UserLoans.Entry(book: "B0101", title: "ぐりとぐら", isbn: F.guriIsbn, due: F.dueOfLendNow)], remaining: 1)))
    }

    @Test("a typed ISBN-10 finds the copies by their ISBN-13")
    func isbn10() throws {
        let outcome = try circulation.scan("4834000826\n", session: F.haruto, at: F.now, in: repository)
        let expected = Loan(id: 1, book: "B0101", user: "C0001", lentAt: F.now, due: F.dueOfLendNow)
        #expect(outcome == .lent(expected, book: Self.copy1, user: F.haruto,
                                 loans: UserLoans(loans: [UserLoans.Entry(book: "B0101", title: "ぐりとぐら", isbn: F.guriIsbn, due: F.dueOfLendNow)], remaining: 1)))
    }

    @Test("a second ISBN scan by another User lends the second copy")
    func isbnSecondCopy() throws {
        _ = try circulation.scan(F.guriIsbn, session: F.haruto, at: F.now, in: repository)
        let outcome = try circulation.scan(F.guriIsbn, session: F.yui, at: F.now.addingTimeInterval(60), in: repository)
        guard case .lent(let loan, let book, let user, _) = outcome else {
            Issue.record("expected a lend, got \(outcome)")
            return
        }
        #expect(book == Self.copy2)
        #expect(user == F.yui)
        #expect(loan.id == 2)
        #expect(try openLoans().map(\.book) == ["B0101", "B0102"])
    }

    @Test("an ISBN scanned again by its borrower returns the copy instead of lending another")
    func isbnAgain() throws {
        _ = try circulation.scan(F.guriIsbn, session: F.haruto, at: F.now, in: repository)
        let again = try circulation.scan(F.guriIsbn, session: F.haruto, at: F.now.addingTimeInterval(60),
                                         in: repository)
        guard case .returned(let loan, let book, _, _, _) = again else {
            Issue.record("expected a return, got \(again)")
            return
        }
        #expect(loan.book == "B0101")
        #expect(book == Self.copy1)
        #expect(try openLoans().isEmpty)
    }

    @Test("an ISBN returns the User's oldest copy with a Session, then the other one without")
    func isbnReturnOldest() throws {
        _ = try circulation.scan("B0102", session: F.haruto, at: F.now, in: repository)
        _ = try circulation.scan("B0101", session: F.haruto, at: F.now.addingTimeInterval(60), in: repository)
        #expect(try openLoans().map(\.book) == ["B0102", "B0101"])

        let first = try circulation.scan(F.guriIsbn, session: F.haruto, at: F.now.addingTimeInterval(120),
                                         in: repository)
        guard case .returned(let loan, let book, _, _, _) = first else {
            Issue.record("expected a return, got \(first)")
            return
        }
        #expect(loan.id == 1)
        #expect(book == Self.copy2)

        let second = try circulation.scan(F.guriIsbn, session: nil, at: F.now.addingTimeInterval(180), in: repository)
        guard case .returned(let loan, let book, let user, _, _) = second else {
            Issue.record("expected a return, got \(second)")
            return
        }
        #expect(loan.id == 2)
        #expect(book == Self.copy1)
        #expect(user == F.haruto)
        #expect(try openLoans().isEmpty)
    }

    // MARK: Lend and return

    @Test("a lend then a return: the Outcomes and what is stored")
    func roundTrip() throws {
        let lent = try circulation.scan("B0200", session: F.haruto, at: F.now, in: repository)
        let loan = Loan(id: 1, book: "B0200", user: "C0001", lentAt: F.now, due: F.dueOfLendNow)
        #expect(lent == .lent(loan, book: Self.aomushi, user: F.haruto,
                             loans: UserLoans(loans: [UserLoans.Entry(book: "B0200", title: "はらぺこあおむし", due: F.dueOfLendNow)], remaining: 1)))
        #expect(try openLoans() == [loan])

        let returnedAt = F.tokyo("2026-12-08T17:00")
        let returned = try circulation.scan("B0200", session: F.haruto, at: returnedAt, in: repository)
        var closed = loan
        closed.returnedAt = returnedAt
        #expect(returned == .returned(closed, book: Self.aomushi, user: F.haruto, overdueDays: 0,
                                     loans: UserLoans(loans: [], remaining: 2)))
        #expect(try openLoans().isEmpty)
        #expect(try allLoans() == [closed])
    }

    @Test("a return after the due date counts the overdue days")
    func lateReturn() throws {
        _ = try circulation.scan("B0200", session: F.haruto, at: F.now, in: repository)
        let returnedAt = F.tokyo("2026-12-11T09:00")
        let outcome = try circulation.scan("B0200", session: nil, at: returnedAt, in: repository)
        guard case .returned(let loan, _, let user, let overdueDays, _) = outcome else {
            Issue.record("expected a return, got \(outcome)")
            return
        }
        #expect(overdueDays == 3)
        #expect(user == F.haruto)
        #expect(loan.returnedAt == returnedAt)
    }

    @Test("a Book on loan to another User is returned to the shelf, not lent to the Session's User")
    func returnOthersBook() throws {
        _ = try circulation.scan("B0200", session: F.haruto, at: F.now, in: repository)
        let later = F.now.addingTimeInterval(3600)
        let outcome = try circulation.scan("B0200", session: F.yui, at: later, in: repository)
        guard case .returned(_, _, let user, _, _) = outcome else {
            Issue.record("expected a return, got \(outcome)")
            return
        }
        #expect(user == F.haruto)
        #expect(try openLoans().isEmpty)
        #expect(try allLoans().count == 1)
    }

    @Test("no Session: an available Book asks for a Card, a withdrawn one is not lendable")
    func noSession() throws {
        #expect(try circulation.scan("B0200", session: nil, at: F.now, in: repository)
            == .refused(.cardFirst, barcode: "B0200", user: nil, book: Self.aomushi))
        #expect(try circulation.scan("B0050", session: nil, at: F.now, in: repository)
            == .refused(.bookNotLendable, barcode: "B0050", user: nil, book: F.withdrawn))
        #expect(try allLoans().isEmpty)
    }

    @Test("at the limit nothing is written; an override lends and is recorded on the Loan")
    func limitAndOverride() throws {
        _ = try circulation.scan("B0101", session: F.haruto, at: F.now, in: repository)
        _ = try circulation.scan("B0102", session: F.haruto, at: F.now, in: repository)
        #expect(try circulation.scan("B0200", session: F.haruto, at: F.now, in: repository)
            == .refused(.limitReached, barcode: "B0200", user: F.haruto, book: Self.aomushi))
        #expect(try openLoans().count == 2)

        let outcome = try circulation.scan("B0200", session: F.haruto, at: F.now, overrideBy: "さとう先生",
                                           in: repository)
        let loan = Loan(id: 3, book: "B0200", user: "C0001", lentAt: F.now, due: F.dueOfLendNow,
                        overrideBy: "さとう先生")
        guard case .lent(let lent, let book, let user, let loans) = outcome else {
            Issue.record("expected a lend, got \(outcome)")
            return
        }
        #expect(lent == loan && book == Self.aomushi && user == F.haruto)
        // Past the limit, the child holds three Books and may borrow none more.
        #expect(loans?.loans.map(\.book) == ["B0101", "B0102", "B0200"])
        #expect(loans?.remaining == 0)
        #expect(try openLoans().last == loan)
    }

    @Test("an overdue Loan in the store blocks a lend")
    func overdueBlocks() throws {
        _ = try circulation.scan("B0101", session: F.haruto, at: F.tokyo("2026-11-16T10:00"), in: repository)
        #expect(try circulation.scan("B0200", session: F.haruto, at: F.now, in: repository)
            == .refused(.hasOverdue, barcode: "B0200", user: F.haruto, book: Self.aomushi))
    }

    @Test("the Session's User is read afresh from the store")
    func sessionReadAfresh() throws {
        let limited = User(card: "C0001", name: "はると", loanLimit: 0)
        try repository.transaction { try $0.save(limited) }
        #expect(try circulation.scan("B0200", session: F.haruto, at: F.now, in: repository)
            == .refused(.limitReached, barcode: "B0200", user: limited, book: Self.aomushi))
    }

    // MARK: Transactions

    struct Fault: Error, Equatable {}

    @Test("a thrown error inside a transaction rolls everything back")
    func rollback() throws {
        #expect(throws: Fault.self) {
            try repository.transaction { tx in
                try tx.save(Book(barcode: "B0300", title: "きえるほん"))
                _ = try tx.addLoan(book: "B0200", user: "C0001", lentAt: F.now, due: F.dueOfLendNow, overrideBy: nil)
                _ = try tx.openLoans()
                throw Fault()
            }
        }
        let savedBook = try repository.transaction { tx in try tx.book(barcode: "B0300") }
        #expect(savedBook == nil)
        #expect(try allLoans().isEmpty)
        // The rolled-back Loan's id is not used up, and the repository takes the next transaction.
        let outcome = try circulation.scan("B0200", session: F.haruto, at: F.now, in: repository)
        let loan = Loan(id: 1, book: "B0200", user: "C0001", lentAt: F.now, due: F.dueOfLendNow)
        #expect(outcome == .lent(loan, book: Self.aomushi, user: F.haruto,
                                 loans: UserLoans(loans: [UserLoans.Entry(book: "B0200", title: "はらぺこあおむし", due: F.dueOfLendNow)], remaining: 1)))
    }

    @Test("the store refuses a second open Loan of one Book, and the failed transaction leaves the first")
    func oneOpenLoanPerBook() throws {
        _ = try circulation.scan("B0200", session: F.haruto, at: F.now, in: repository)
        #expect(throws: LendingStoreError.alreadyOnLoan(book: "B0200")) {
            try repository.transaction { tx in
                _ = try tx.addLoan(book: "B0200", user: "C0002", lentAt: F.now, due: F.dueOfLendNow, overrideBy: nil)
            }
        }
        #expect(try openLoans().map(\.user) == ["C0001"])
    }
}
