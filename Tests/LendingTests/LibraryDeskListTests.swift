import Foundation
import Testing
import Lending

/// The desk's one overdue list and one way of giving new numbers, against the in-memory store.
@Suite("LibraryDesk: the overdue list and new numbers")
struct LibraryDeskListTests {
    let repository = InMemoryLendingRepository()

    @Test func overdueLoansAreTheLongestOverdueFirstWithTheirBookUserAndDays() throws {
        let policy = Fixture.policy
        try repository.transaction { tx in
            try tx.save(Fixture.haruto)
            try tx.save(Fixture.yui)
            try tx.save(Book(barcode: "B0001", title: "ぐりとぐら"))
            try tx.save(Book(barcode: "B0002", title: "ももたろう"))
            try tx.save(Book(barcode: "B0003", title: "はらぺこあおむし"))
            _ = try tx.addLoan(book: "B0001", user: "C0001", lentAt: Fixture.tokyo("2026-11-10T09:00"),
                               due: Fixture.day("2026-11-27"), overrideBy: nil)
            _ = try tx.addLoan(book: "B0002", user: "C0002", lentAt: Fixture.tokyo("2026-11-09T09:00"),
                               due: Fixture.day("2026-11-20"), overrideBy: nil)
            // Due today: not overdue yet.
            _ = try tx.addLoan(book: "B0003", user: "C0002", lentAt: Fixture.tokyo("2026-11-24T09:00"),
                               due: Fixture.day("2026-12-01"), overrideBy: nil)
        }
        let overdue = try repository.transaction { tx in try LibraryDesk.overdueLoans(at: Fixture.now, policy: policy, in: tx) }
        #expect(overdue.map(\.loan.book) == ["B0002", "B0001"])
        #expect(overdue.map(\.user?.name) == ["ゆい", "はると"])
        #expect(overdue.map(\.book?.title) == ["ももたろう", "ぐりとぐら"])
        #expect(overdue.map(\.days) == [
            policy.overdueDays(due: Fixture.day("2026-11-20"), at: Fixture.now),
            policy.overdueDays(due: Fixture.day("2026-11-27"), at: Fixture.now),
        ])
    }

    @Test func newNumbersFollowTheHighestInUseAndAvoidEveryBarcode() throws {
        let numbering = BarcodeNumbering(prefix: "2", length: 4)
        try repository.transaction { tx in
            try tx.save(Book(barcode: "2007", title: "ぐりとぐら"))
            try tx.save(User(card: "2009", name: "はると"))
        }
        let numbers = try repository.transaction { tx in try LibraryDesk.nextNumbers(2, of: numbering, in: tx) }
        #expect(numbers == ["2010", "2011"])
        #expect(try repository.transaction { tx in try LibraryDesk.barcodesInUse(in: tx) } == ["2007", "2009"])
        #expect(try repository.transaction { tx in try LibraryDesk.nextNumbers(0, of: numbering, in: tx) }.isEmpty)
    }
}
