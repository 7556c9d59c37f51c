import Foundation
import Lending
import Testing

/// A child who cannot borrow now is told so at the Card scan: the greeting carries the Refusal a
/// lend would meet (`UserLoans.lendRefusal`), and a return that lifts it says so
/// (`liftedRefusal`). Against the in-memory repository, step by step.
@Suite("The first scan's answer")
struct FirstScanAnswerTests {
    typealias F = Fixture

    let circulation = Circulation(policy: F.policy)
    let repository = InMemoryLendingRepository()
    static let guri = Book(barcode: "B0101", title: "ぐりとぐら")
    static let aomushi = Book(barcode: "B0200", title: "はらぺこあおむし")
    static let kabu = Book(barcode: "B0300", title: "おおきな かぶ")

    init() throws {
        try repository.transaction { tx in
            try tx.save(F.haruto)
            for book in [Self.guri, Self.aomushi, Self.kabu] { try tx.save(book) }
        }
    }

    private func scan(_ barcode: String, session: User? = F.haruto, at time: Date = F.now) throws -> Outcome {
        try circulation.scan(barcode, session: session, at: time, in: repository)
    }

    private func loans(of outcome: Outcome) -> UserLoans? {
        switch outcome {
        case .greeted(_, let loans), .lent(_, _, _, let loans), .returned(_, _, _, _, let loans): loans
        case .refused: nil
        }
    }

    @Test("a Book overdue: the greeting says bring it back first, and which; the return lifts it")
    func overdue() throws {
        let twoWeeksAgo = F.tokyo("2026-11-17T09:00")
        _ = try scan("B0101", at: twoWeeksAgo)  // due 24 November
        let greeting = try scan("C0001", session: nil)
        let greeted = try #require(loans(of: greeting))
        #expect(greeted.lendRefusal == .hasOverdue)
        #expect(greeted.remaining == 1)
        #expect(greeted.firstOverdue?.title == "ぐりとぐら")
        #expect(greeted.loans.map(\.isOverdue) == [true])
        // The Book scan says the same: the rules did not change between the two scans.
        #expect(try scan("B0200") == .refused(.hasOverdue, barcode: "B0200", user: F.haruto, book: Self.aomushi))
        // Returning still works in the Session; the return lifts the Refusal.
        let returned = try #require(loans(of: try scan("B0101")))
        #expect(returned.lendRefusal == nil)
        #expect(returned.liftedRefusal == .hasOverdue)
        guard case .lent = try scan("B0200") else {
            Issue.record("the child could not borrow after bringing the overdue Book back")
            return
        }
    }

    @Test("every slot full: the greeting says so; a return frees a slot and says so")
    func full() throws {
        _ = try scan("B0101")
        let second = try #require(loans(of: try scan("B0200")))
        #expect(second.lendRefusal == .limitReached)
        #expect(second.liftedRefusal == nil)
        let greeted = try #require(loans(of: try scan("C0001", session: nil)))
        #expect(greeted.lendRefusal == .limitReached)
        #expect(greeted.remaining == 0)
        #expect(greeted.firstOverdue == nil)
        let returned = try #require(loans(of: try scan("B0101")))
        #expect(returned.lendRefusal == nil)
        #expect(returned.liftedRefusal == .limitReached)
    }

    @Test("a child who may borrow: no Refusal, and a return lifts none")
    func free() throws {
        let greeted = try #require(loans(of: try scan("C0001", session: nil)))
        #expect(greeted == UserLoans(loans: [], remaining: 2))
        _ = try scan("B0101")
        let returned = try #require(loans(of: try scan("B0101")))
        #expect(returned.lendRefusal == nil && returned.liftedRefusal == nil)
    }

    @Test("a return that leaves another Book overdue lifts nothing")
    func stillOverdue() throws {
        let twoWeeksAgo = F.tokyo("2026-11-17T09:00")
        _ = try scan("B0101", at: twoWeeksAgo)
        let both = try #require(loans(of: try scan("B0200", at: twoWeeksAgo)))
        #expect(both.lendRefusal == .limitReached)
        let returned = try #require(loans(of: try scan("B0200")))
        #expect(returned.lendRefusal == .hasOverdue)
        #expect(returned.liftedRefusal == nil)
    }

    @Test(arguments: [
        (false, 0, Refusal?.none), (false, 2, Refusal.limitReached), (true, 0, Refusal.hasOverdue),
        (true, 2, Refusal.hasOverdue),
    ])
    func theRuleWithoutABook(overdue: Bool, more: Int, expected: Refusal?) {
        let lentAt = overdue ? "2026-11-17T09:00" : "2026-11-30T09:00"
        let open = [F.loan(1, of: "B0101", to: F.haruto, lentAt: lentAt)]
            + (0..<more).map { F.loan(Int64(2 + $0), of: "B9\($0)", to: F.haruto, lentAt: "2026-11-30T09:00") }
        #expect(circulation.lendRefusal(user: F.haruto, openLoans: open, at: F.now) == expected)
        // Where the Policy does not block on overdue, only the limit counts.
        var lenient = F.policy
        lenient.blockOnOverdue = false
        #expect(Circulation(policy: lenient).lendRefusal(user: F.haruto, openLoans: open, at: F.now)
                == (open.count >= 2 ? .limitReached : nil))
    }
}
