import Foundation
import Feedback
import Lending
@testable import Kiosk

/// What the machine tests of the server away and of the return journal walk through: a started
/// machine, one child, one Book, the server's fault, and the Book's return at a given second.
protocol ServerAwayFixture {}

extension ServerAwayFixture {
    var t0: Date { Date(timeIntervalSince1970: 1_796_115_600) } // 2026-12-01T09:00:00Z
    var policy: Policy { Policy(timeZone: TimeZone(identifier: "UTC")!) }
    var haruto: User { User(card: "C0001", name: "はると") }
    var guri: Book { Book(barcode: "B0042", title: "ぐりとぐら") }
    var away: KioskFault { KioskFault(kind: .databaseUnreachable, detail: "The database cannot be reached (connection refused)") }

    func at(_ seconds: Double) -> Date { t0.addingTimeInterval(seconds) }

    func started() -> KioskMachine {
        var machine = KioskMachine(policy: policy)
        _ = machine.handle(.started(at: t0))
        return machine
    }

    func returned(at seconds: Double) -> Outcome {
        let loan = Loan(id: 1, book: guri.barcode, user: haruto.card, lentAt: t0, due: LocalDate(year: 2026, month: 12, day: 8),
                        returnedAt: at(seconds))
        return .returned(loan, book: guri, user: haruto, overdueDays: 0)
    }
}
