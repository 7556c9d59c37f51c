import Foundation
import Lending
import Testing

@Suite("Circulation rules")
struct CirculationRuleTests {
    typealias F = Fixture

    // MARK: lendRefusal

    struct RefusalCase: Sendable, CustomStringConvertible {
        var description: String
        var policy: Policy = F.policy
        var book: Book = F.available
        var user: User = F.haruto
        var openLoans: [Loan] = []
        var overridden = false
        var expected: Refusal?
    }

    static let refusalCases: [RefusalCase] = [
        .init(description: "an available Book to a User with no Loans", expected: nil),
        .init(description: "a withdrawn Book", book: F.withdrawn, expected: .bookNotLendable),
        .init(description: "a lost Book", book: F.lost, expected: .bookNotLendable),
        .init(description: "an overdue Loan while the Policy blocks on overdue",
              openLoans: [F.overdueLoan], expected: .hasOverdue),
        .init(description: "an overdue Loan while the Policy does not block",
              policy: Policy(blockOnOverdue: false, timeZone: F.tokyo), openLoans: [F.overdueLoan], expected: nil),
        .init(description: "a Loan due today is not overdue",
              openLoans: [F.loan(94, of: "B0094", to: F.haruto, lentAt: "2026-11-24T10:00")], expected: nil),
        .init(description: "one Loan under the Policy's limit of 2", openLoans: [F.currentLoan], expected: nil),
        .init(description: "two Loans at the Policy's limit of 2",
              openLoans: [F.currentLoan, F.otherCurrentLoan], expected: .limitReached),
        .init(description: "a Policy limit of 3 lets a third through",
              policy: Policy(loanLimit: 3, timeZone: F.tokyo),
              openLoans: [F.currentLoan, F.otherCurrentLoan], expected: nil),
        .init(description: "the User's own limit 3 is above the Policy's",
              user: User(card: "C0001", name: "はると", loanLimit: 3),
              openLoans: [F.currentLoan, F.otherCurrentLoan], expected: nil),
        .init(description: "the User's own limit 3 reached",
              user: User(card: "C0001", name: "はると", loanLimit: 3),
              openLoans: [F.currentLoan, F.otherCurrentLoan, F.thirdCurrentLoan], expected: .limitReached),
        .init(description: "the User's own limit 1 is below the Policy's",
              user: User(card: "C0001", name: "はると", loanLimit: 1),
              openLoans: [F.currentLoan], expected: .limitReached),
        .init(description: "the User's own limit 0 allows nothing",
              user: User(card: "C0001", name: "はると", loanLimit: 0), expected: .limitReached),
        .init(description: "withdrawn, overdue and at the limit: bookNotLendable first",
              book: F.withdrawn, openLoans: [F.overdueLoan, F.currentLoan], expected: .bookNotLendable),
        .init(description: "overdue and at the limit: hasOverdue before limitReached",
              openLoans: [F.overdueLoan, F.currentLoan], expected: .hasOverdue),
        .init(description: "overdue and at the limit without the overdue block: limitReached",
              policy: Policy(blockOnOverdue: false, timeZone: F.tokyo),
              openLoans: [F.overdueLoan, F.currentLoan], expected: .limitReached),
        .init(description: "an override passes overdue and the limit",
              openLoans: [F.overdueLoan, F.currentLoan], overridden: true, expected: nil),
        .init(description: "an override does not lend a withdrawn Book",
              book: F.withdrawn, overridden: true, expected: .bookNotLendable),
        .init(description: "a Session's User made inactive since the Card was scanned",
              user: F.inactive, expected: .userInactive),
        .init(description: "an override does not lend to an inactive User",
              user: F.inactive, overridden: true, expected: .userInactive),
        .init(description: "an override does not lend a lost Book",
              book: F.lost, openLoans: [F.overdueLoan], overridden: true, expected: .bookNotLendable),
    ]

    @Test("lendRefusal", arguments: refusalCases)
    func lendRefusal(_ c: RefusalCase) {
        let circulation = Circulation(policy: c.policy)
        #expect(circulation.lendRefusal(book: c.book, user: c.user, openLoans: c.openLoans, at: F.now,
                                        overridden: c.overridden) == c.expected)
    }

    // MARK: decide, Cards and Books

    struct DecideCase: Sendable, CustomStringConvertible {
        var description: String
        var policy: Policy = F.policy
        var subject: Subject
        var session: User?
        var sessionLoans: [Loan] = []
        var overrideBy: String?
        var expected: Decision
        var now: Date = F.now

        /// The same case, decided at `instant` instead of `Fixture.now`.
        func at(_ instant: Date) -> DecideCase {
            var c = self
            c.now = instant
            return c
        }
    }

    static let onLoanToHaruto = F.loan(1, of: "B0042", to: F.haruto, lentAt: "2026-11-27T10:00")
    static let onLoanToYui = F.loan(2, of: "B0042", to: F.yui, lentAt: "2026-11-27T10:00")
    static let lostOnLoan = F.loan(3, of: "B0051", to: F.yui, lentAt: "2026-11-10T10:00")
    static let limitThree = User(card: "C0001", name: "はると", loanLimit: 3)
    static let limitOne = User(card: "C0001", name: "はると", loanLimit: 1)

    static let decideCases: [DecideCase] = [
        .init(description: "an active Card with no Session greets",
              subject: .card(F.haruto), expected: .greet(F.haruto)),
        .init(description: "another active Card during a Session greets the new User",
              subject: .card(F.yui), session: F.haruto, expected: .greet(F.yui)),
        .init(description: "an inactive Card is refused userInactive",
              subject: .card(F.inactive), expected: .refuse(.userInactive, user: F.inactive, book: nil)),
        .init(description: "an inactive Card during a Session is refused with that Card's User",
              subject: .card(F.inactive), session: F.haruto,
              expected: .refuse(.userInactive, user: F.inactive, book: nil)),
        .init(description: "an unknown barcode with no Session",
              subject: .unknown("Z999"), expected: .refuse(.unknownBarcode, user: nil, book: nil)),
        .init(description: "an unknown barcode during a Session names the Session's User",
              subject: .unknown("Z999"), session: F.haruto,
              expected: .refuse(.unknownBarcode, user: F.haruto, book: nil)),
        .init(description: "Session: a Book on loan to the User is returned",
              subject: .book(Copy(book: F.available, openLoan: onLoanToHaruto)), session: F.haruto,
              sessionLoans: [onLoanToHaruto], expected: .return(onLoanToHaruto, book: F.available)),
        .init(description: "Session: a Book on loan to another User is returned, not lent",
              subject: .book(Copy(book: F.available, openLoan: onLoanToYui)), session: F.haruto,
              expected: .return(onLoanToYui, book: F.available)),
        .init(description: "Session: an available Book is lent, due 7 days later",
              subject: .book(Copy(book: F.available)), session: F.haruto,
              expected: .lend(F.available, to: F.haruto, due: F.dueOfLendNow, overrideBy: nil)),
        .init(description: "Session: a lend on Friday with 8 loan days is due Monday",
              policy: Policy(loanDays: 8, timeZone: F.tokyo), subject: .book(Copy(book: F.available)),
              session: F.haruto, expected: .lend(F.available, to: F.haruto, due: F.day("2026-12-07"), overrideBy: nil))
            .at(F.tokyo("2026-11-27T15:00")),
        .init(description: "Session: a withdrawn Book is refused bookNotLendable",
              subject: .book(Copy(book: F.withdrawn)), session: F.haruto,
              expected: .refuse(.bookNotLendable, user: F.haruto, book: F.withdrawn)),
        .init(description: "Session: a lost Book is refused bookNotLendable",
              subject: .book(Copy(book: F.lost)), session: F.haruto,
              expected: .refuse(.bookNotLendable, user: F.haruto, book: F.lost)),
        .init(description: "Session: an overdue Loan blocks a lend",
              subject: .book(Copy(book: F.available)), session: F.haruto, sessionLoans: [F.overdueLoan],
              expected: .refuse(.hasOverdue, user: F.haruto, book: F.available)),
        .init(description: "Session: an overdue Loan does not block when the Policy says so",
              policy: Policy(blockOnOverdue: false, timeZone: F.tokyo),
              subject: .book(Copy(book: F.available)), session: F.haruto, sessionLoans: [F.overdueLoan],
              expected: .lend(F.available, to: F.haruto, due: F.dueOfLendNow, overrideBy: nil)),
        .init(description: "Session: at the Policy's limit is refused limitReached",
              subject: .book(Copy(book: F.available)), session: F.haruto,
              sessionLoans: [F.currentLoan, F.otherCurrentLoan],
              expected: .refuse(.limitReached, user: F.haruto, book: F.available)),
        .init(description: "Session: the User's own higher limit lends past the Policy's",
              subject: .book(Copy(book: F.available)), session: limitThree,
              sessionLoans: [F.currentLoan, F.otherCurrentLoan],
              expected: .lend(F.available, to: limitThree, due: F.dueOfLendNow, overrideBy: nil)),
        .init(description: "Session: the User's own lower limit refuses under the Policy's",
              subject: .book(Copy(book: F.available)), session: limitOne, sessionLoans: [F.currentLoan],
              expected: .refuse(.limitReached, user: limitOne, book: F.available)),
        .init(description: "Session: withdrawn for a User overdue and at the limit is bookNotLendable",
              subject: .book(Copy(book: F.withdrawn)), session: F.haruto,
              sessionLoans: [F.overdueLoan, F.currentLoan],
              expected: .refuse(.bookNotLendable, user: F.haruto, book: F.withdrawn)),
        .init(description: "Session: overdue and at the limit is hasOverdue",
              subject: .book(Copy(book: F.available)), session: F.haruto,
              sessionLoans: [F.overdueLoan, F.currentLoan],
              expected: .refuse(.hasOverdue, user: F.haruto, book: F.available)),
        .init(description: "Session: an override lends past overdue and the limit, and is recorded",
              subject: .book(Copy(book: F.available)), session: F.haruto,
              sessionLoans: [F.overdueLoan, F.currentLoan], overrideBy: "さとう先生",
              expected: .lend(F.available, to: F.haruto, due: F.dueOfLendNow, overrideBy: "さとう先生")),
        .init(description: "Session: an override does not lend a withdrawn Book",
              subject: .book(Copy(book: F.withdrawn)), session: F.haruto, overrideBy: "さとう先生",
              expected: .refuse(.bookNotLendable, user: F.haruto, book: F.withdrawn)),
        .init(description: "Session: an override of an open Loan still returns it",
              subject: .book(Copy(book: F.available, openLoan: onLoanToYui)), session: F.haruto,
              overrideBy: "さとう先生", expected: .return(onLoanToYui, book: F.available)),
        .init(description: "no Session: a Book on loan is returned",
              subject: .book(Copy(book: F.available, openLoan: onLoanToYui)),
              expected: .return(onLoanToYui, book: F.available)),
        .init(description: "no Session: a lost Book found on loan is returned",
              subject: .book(Copy(book: F.lost, openLoan: lostOnLoan)), expected: .return(lostOnLoan, book: F.lost)),
        .init(description: "no Session: an available Book asks for a Card first",
              subject: .book(Copy(book: F.available)),
              expected: .refuse(.cardFirst, user: nil, book: F.available)),
        .init(description: "no Session: a withdrawn Book not on loan is bookNotLendable",
              subject: .book(Copy(book: F.withdrawn)),
              expected: .refuse(.bookNotLendable, user: nil, book: F.withdrawn)),
        .init(description: "no Session: a lost Book not on loan is bookNotLendable",
              subject: .book(Copy(book: F.lost)), expected: .refuse(.bookNotLendable, user: nil, book: F.lost)),
    ]

    @Test("decide: Cards and Books", arguments: decideCases)
    func decide(_ c: DecideCase) {
        #expect(Circulation(policy: c.policy).decide(c.subject, session: c.session, sessionLoans: c.sessionLoans,
                                                     at: c.now, overrideBy: c.overrideBy) == c.expected)
    }

    // MARK: decide, ISBN copies

    static let copy1 = Book(barcode: "B0101", title: "ぐりとぐら", isbn: F.guriIsbn)
    static let copy2 = Book(barcode: "B0102", title: "ぐりとぐら", isbn: F.guriIsbn)
    static let copy3 = Book(barcode: "B0103", title: "ぐりとぐら", isbn: F.guriIsbn)
    static func lent(_ book: Book, to user: User, at lentAt: String, id: Int64) -> Copy {
        Copy(book: book, openLoan: F.loan(id, of: book.barcode, to: user, lentAt: lentAt))
    }
    static func withStatus(_ book: Book, _ status: BookStatus) -> Copy {
        var book = book
        book.status = status
        return Copy(book: book)
    }
    static func isbn(_ copies: Copy...) -> Subject { .isbn(F.guriIsbn, copies: copies) }

    static let isbnCases: [DecideCase] = [
        .init(description: "Session: the copy on loan to the User is returned before an available one is lent",
              subject: isbn(lent(copy1, to: F.yui, at: "2026-11-20T10:00", id: 11),
                            lent(copy2, to: F.haruto, at: "2026-11-25T10:00", id: 12), Copy(book: copy3)),
              session: F.haruto, sessionLoans: [F.loan(12, of: "B0102", to: F.haruto, lentAt: "2026-11-25T10:00")],
              expected: .return(F.loan(12, of: "B0102", to: F.haruto, lentAt: "2026-11-25T10:00"), book: copy2)),
        .init(description: "Session: of two copies on loan to the User, the older is returned",
              subject: isbn(lent(copy1, to: F.haruto, at: "2026-11-25T10:00", id: 11),
                            lent(copy2, to: F.haruto, at: "2026-11-20T10:00", id: 12)),
              session: F.haruto,
              expected: .return(F.loan(12, of: "B0102", to: F.haruto, lentAt: "2026-11-20T10:00"), book: copy2)),
        .init(description: "Session: with none on loan to the User, an available copy is lent",
              subject: isbn(lent(copy1, to: F.yui, at: "2026-11-20T10:00", id: 11), withStatus(copy2, .withdrawn),
                            Copy(book: copy3)),
              session: F.haruto, expected: .lend(copy3, to: F.haruto, due: F.dueOfLendNow, overrideBy: nil)),
        .init(description: "Session: an available copy past the User's limit is refused with that copy",
              subject: isbn(withStatus(copy1, .lost), Copy(book: copy2)),
              session: F.haruto, sessionLoans: [F.currentLoan, F.otherCurrentLoan],
              expected: .refuse(.limitReached, user: F.haruto, book: copy2)),
        .init(description: "Session: an override lends an available copy past the limit",
              subject: isbn(Copy(book: copy1)), session: F.haruto,
              sessionLoans: [F.currentLoan, F.otherCurrentLoan], overrideBy: "さとう先生",
              expected: .lend(copy1, to: F.haruto, due: F.dueOfLendNow, overrideBy: "さとう先生")),
        .init(description: "Session: with every copy on loan to others, the one lent longest ago is returned",
              subject: isbn(lent(copy1, to: F.yui, at: "2026-11-25T10:00", id: 11),
                            lent(copy2, to: F.sora, at: "2026-11-18T10:00", id: 12), withStatus(copy3, .withdrawn)),
              session: F.haruto,
              expected: .return(F.loan(12, of: "B0102", to: F.sora, lentAt: "2026-11-18T10:00"), book: copy2)),
        .init(description: "Session: every copy withdrawn or lost is bookNotLendable",
              subject: isbn(withStatus(copy1, .withdrawn), withStatus(copy2, .lost)), session: F.haruto,
              expected: .refuse(.bookNotLendable, user: F.haruto, book: withStatus(copy1, .withdrawn).book)),
        .init(description: "no Session: copies on loan to one User return the oldest",
              subject: isbn(lent(copy1, to: F.yui, at: "2026-11-25T10:00", id: 11),
                            lent(copy2, to: F.yui, at: "2026-11-18T10:00", id: 12), Copy(book: copy3)),
              expected: .return(F.loan(12, of: "B0102", to: F.yui, lentAt: "2026-11-18T10:00"), book: copy2)),
        .init(description: "no Session: copies on loan to several Users ask for a Card first",
              subject: isbn(lent(copy1, to: F.yui, at: "2026-11-25T10:00", id: 11),
                            lent(copy2, to: F.sora, at: "2026-11-18T10:00", id: 12)),
              expected: .refuse(.cardFirst, user: nil, book: copy1)),
        .init(description: "no Session: only available copies ask for a Card first",
              subject: isbn(Copy(book: copy1), Copy(book: copy2)),
              expected: .refuse(.cardFirst, user: nil, book: copy1)),
        .init(description: "no Session: every copy withdrawn or lost is bookNotLendable",
              subject: isbn(withStatus(copy1, .withdrawn), withStatus(copy2, .lost)),
              expected: .refuse(.bookNotLendable, user: nil, book: withStatus(copy1, .withdrawn).book)),
    ]

    @Test("decide: ISBN copies", arguments: isbnCases)
    func decideISBN(_ c: DecideCase) {
        #expect(Circulation(policy: c.policy).decide(c.subject, session: c.session, sessionLoans: c.sessionLoans,
                                                     at: c.now, overrideBy: c.overrideBy) == c.expected)
    }
}
