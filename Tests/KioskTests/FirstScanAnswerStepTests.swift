import Foundation
import Testing
import Feedback
import Lending
@testable import Kiosk

/// A child who may not borrow now is told so at the Card scan; the Session still opens, so the
/// Book they bring back is taken back in it, and the return that lifts the Refusal says so.
/// Step by step: the rules' answer (`UserLoans.lendRefusal`, `liftedRefusal`) comes in with the
/// Outcome, and the machine announces it with the Session's deadline.
@Suite("The first scan's answer, step by step")
struct FirstScanAnswerStepTests {
    let t0 = Date(timeIntervalSince1970: 1_796_115_600) // 2026-12-01T09:00:00Z
    let policy = Policy(timeZone: TimeZone(identifier: "UTC")!)
    let mei = User(card: "C0002", name: "佐藤 芽衣", reading: "さとう めい")
    let kabu = Book(barcode: "B0006", title: "おおきなかぶ")
    let otsukai = Book(barcode: "B0007", title: "はじめての おつかい")

    func at(_ seconds: Double) -> Date { t0.addingTimeInterval(seconds) }

    @Test func aBookOverdueIsToldAtTheCardScanAndItsReturnLetsTheChildBorrow() {
        var machine = KioskMachine(policy: policy)
        _ = machine.handle(.started(at: t0))
        #expect(machine.handle(.scanned("C0002", at: at(1))) == [.circulate(barcode: "C0002", session: nil, at: at(1))])
        let overdue = UserLoans.Entry(book: otsukai.barcode, title: otsukai.title, due: LocalDate(year: 2026, month: 11, day: 19), isOverdue: true)
        let greeted = Outcome.greeted(mei, loans: UserLoans(loans: [overdue], remaining: 1, lendRefusal: .hasOverdue))
        #expect(machine.handle(.circulated(greeted, at: at(1))) == [.announce(.outcome(greeted), at: at(1), sessionEnds: at(31))])
        #expect(MessageCatalog(language: .ja).message(for: .outcome(greeted)) == "さとう めいさん、 さきに 「はじめての おつかい」を かえしてね")
        // The Session is open all the same: the Book scanned next belongs to it.
        #expect(machine.sessionUser == mei)
        #expect(machine.handle(.scanned("B0007", at: at(5))) == [.circulate(barcode: "B0007", session: mei, at: at(5))])
        let loan = Loan(id: 1, book: otsukai.barcode, user: mei.card, lentAt: at(-20 * 86_400), due: overdue.due, returnedAt: at(5))
        let returned = Outcome.returned(loan, book: otsukai, user: mei, overdueDays: 12,
                                        loans: UserLoans(loans: [], remaining: 2, liftedRefusal: .hasOverdue))
        #expect(machine.handle(.circulated(returned, at: at(5))) == [.announce(.outcome(returned), at: at(5), sessionEnds: at(35))])
        #expect(MessageCatalog(language: .ja).message(for: .outcome(returned))
                == "さとう めいさん、 「はじめての おつかい」を かえしてくれて ありがとう！ これで また かりられるよ")
        #expect(machine.handle(.scanned("B0006", at: at(8))) == [.circulate(barcode: "B0006", session: mei, at: at(8))])
    }

    @Test func everySlotFullIsToldAtTheCardScan() {
        var machine = KioskMachine(policy: policy)
        _ = machine.handle(.started(at: t0))
        _ = machine.handle(.scanned("C0002", at: at(1)))
        let due = LocalDate(year: 2026, month: 12, day: 8)
        let greeted = Outcome.greeted(mei, loans: UserLoans(loans: [UserLoans.Entry(book: "B0006", title: kabu.title, due: due),
                                                                    UserLoans.Entry(book: "B0007", title: otsukai.title, due: due)],
                                                            remaining: 0, lendRefusal: .limitReached))
        #expect(machine.handle(.circulated(greeted, at: at(1))) == [.announce(.outcome(greeted), at: at(1), sessionEnds: at(31))])
        #expect(MessageCatalog(language: .ja).message(for: .outcome(greeted))
                == "さとう めいさん、 いまは もう いっぱい。 かえす ほんが あれば スキャンしてね")
        #expect(MessageCatalog(language: .en).message(for: .outcome(greeted))
                == "佐藤 芽衣, you have all the books you can borrow. If you have one to bring back, scan it")
        #expect(machine.sessionUser == mei)
    }
}
