import Foundation
import Testing
import Feedback
import Lending
import ScannerInput
@testable import Kiosk

/// Walks the kiosk machine step by step. Time is an argument: `t0` plus seconds.
@Suite("Kiosk state machine")
struct KioskMachineTests {
    let t0 = Date(timeIntervalSince1970: 1_796_115_600) // 2026-12-01T09:00:00Z
    let policy = Policy(timeZone: TimeZone(identifier: "UTC")!)
    let haruto = User(card: "C0001", name: "はると")
    let mei = User(card: "C0002", name: "めい")
    let guri = Book(barcode: "B0042", title: "ぐりとぐら")
    let momo = Book(barcode: "B0043", title: "ももたろう")

    func at(_ seconds: Double) -> Date { t0.addingTimeInterval(seconds) }

    func loan(_ book: Book, _ user: User, _ seconds: Double) -> Loan {
        Loan(id: 1, book: book.barcode, user: user.card, lentAt: at(seconds), due: LocalDate(year: 2026, month: 12, day: 8))
    }

    /// A machine with `user`'s Session opened at `seconds`.
    func machine(withSessionOf user: User, at seconds: Double = 0) -> KioskMachine {
        var machine = KioskMachine(policy: policy)
        _ = machine.handle(.started(at: at(seconds)))
        _ = machine.handle(.scanned(user.card, at: at(seconds)))
        _ = machine.handle(.circulated(.greeted(user), at: at(seconds)))
        return machine
    }

    @Test func startingAnnouncesReady() {
        var machine = KioskMachine(policy: policy)
        #expect(machine.handle(.started(at: t0)) == [.announce(.ready, at: t0)])
        #expect(machine.sessionUser == nil)
        #expect(machine.nextDeadline == nil)
    }

    @Test func cardThenTwoBooks() {
        var machine = KioskMachine(policy: policy)
        _ = machine.handle(.started(at: t0))
        #expect(machine.handle(.scanned("C0001", at: at(1))) == [.circulate(barcode: "C0001", session: nil, at: at(1))])
        #expect(machine.handle(.circulated(.greeted(haruto), at: at(1))) == [.announce(.outcome(.greeted(haruto)), at: at(1), sessionEnds: at(31))])
        #expect(machine.sessionUser == haruto)

        #expect(machine.handle(.scanned("B0042", at: at(4))) == [.circulate(barcode: "B0042", session: haruto, at: at(4))])
        let lentGuri = Outcome.lent(loan(guri, haruto, 4), book: guri, user: haruto)
        #expect(machine.handle(.circulated(lentGuri, at: at(4))) == [.announce(.outcome(lentGuri), at: at(4), sessionEnds: at(34))])

        #expect(machine.handle(.scanned("B0043", at: at(7))) == [.circulate(barcode: "B0043", session: haruto, at: at(7))])
        let lentMomo = Outcome.lent(loan(momo, haruto, 7), book: momo, user: haruto)
        #expect(machine.handle(.circulated(lentMomo, at: at(7))) == [.announce(.outcome(lentMomo), at: at(7), sessionEnds: at(37))])
        #expect(machine.sessionUser == haruto)
        #expect(machine.nextDeadline == at(7 + policy.sessionTimeoutSeconds))
    }

    @Test func bookWithNoCardIsCirculatedWithoutSession() {
        var machine = KioskMachine(policy: policy)
        _ = machine.handle(.started(at: t0))
        #expect(machine.handle(.scanned("B0042", at: at(1))) == [.circulate(barcode: "B0042", session: nil, at: at(1))])
        let refused = Outcome.refused(.cardFirst, barcode: "B0042", user: nil, book: guri)
        #expect(machine.handle(.circulated(refused, at: at(1))) == [.announce(.outcome(refused), at: at(1))])
        #expect(machine.sessionUser == nil)
        #expect(machine.nextDeadline == nil)
    }

    @Test func secondCardSwitchesTheSession() {
        var machine = machine(withSessionOf: haruto)
        #expect(machine.handle(.scanned("C0002", at: at(5))) == [.circulate(barcode: "C0002", session: haruto, at: at(5))])
        _ = machine.handle(.circulated(.greeted(mei), at: at(5)))
        #expect(machine.sessionUser == mei)
        #expect(machine.handle(.scanned("B0042", at: at(6))) == [.circulate(barcode: "B0042", session: mei, at: at(6))])
    }

    @Test func doubleScanInsideTheDebounceWindowIsADuplicate() {
        var machine = machine(withSessionOf: haruto)
        _ = machine.handle(.scanned("B0042", at: at(3)))
        _ = machine.handle(.circulated(.lent(loan(guri, haruto, 3), book: guri, user: haruto), at: at(3)))
        let justInside = 3 + policy.debounceSeconds - 0.001
        #expect(machine.handle(.scanned("B0042", at: at(justInside))) == [.announce(.duplicate(barcode: "B0042"), at: at(justInside), sessionEnds: at(justInside + 30))])
    }

    @Test func doubleScanJustOutsideTheDebounceWindowIsCirculated() {
        var machine = machine(withSessionOf: haruto)
        _ = machine.handle(.scanned("B0042", at: at(3)))
        _ = machine.handle(.circulated(.lent(loan(guri, haruto, 3), book: guri, user: haruto), at: at(3)))
        let justOutside = 3 + policy.debounceSeconds
        #expect(machine.handle(.scanned("B0042", at: at(justOutside))) == [.circulate(barcode: "B0042", session: haruto, at: at(justOutside))])
    }

    @Test func debounceHoldsWithOtherScansInBetweenAndEveryReadRestartsTheWindow() {
        var machine = machine(withSessionOf: haruto)
        _ = machine.handle(.scanned("B0042", at: at(10)))
        _ = machine.handle(.scanned("B0043", at: at(10.5)))
        // B0042 again, 1.5 s after its own read, with B0043 in between: still a duplicate.
        #expect(machine.handle(.scanned("B0042", at: at(11.5))) == [.announce(.duplicate(barcode: "B0042"), at: at(11.5), sessionEnds: at(41.5))])
        // 1.9 s after that duplicate (3.4 s after the first read): the duplicate restarted the window.
        #expect(machine.handle(.scanned("B0042", at: at(13.4))) == [.announce(.duplicate(barcode: "B0042"), at: at(13.4), sessionEnds: at(43.4))])
        #expect(machine.handle(.scanned("B0042", at: at(15.4))) == [.circulate(barcode: "B0042", session: haruto, at: at(15.4))])
    }

    @Test func debounceComparesNormalizedBarcodes() {
        var machine = machine(withSessionOf: haruto)
        _ = machine.handle(.scanned("A0042B", at: at(10)))
        #expect(machine.handle(.scanned(" 0042\r\n", at: at(11))) == [.announce(.duplicate(barcode: "0042"), at: at(11), sessionEnds: at(41))])
    }

    @Test func sessionTimesOutAtExactlyTheLimit() {
        var machine = machine(withSessionOf: haruto, at: 0)
        let limit = policy.sessionTimeoutSeconds
        #expect(machine.handle(.tick(at: at(limit - 0.001))) == [])
        #expect(machine.sessionUser == haruto)
        #expect(machine.handle(.tick(at: at(limit))) == [.announce(.sessionEnded(haruto), at: at(limit))])
        #expect(machine.sessionUser == nil)
        #expect(machine.nextDeadline == nil)
        #expect(machine.handle(.tick(at: at(limit + 1))) == [])
    }

    @Test func everyScanRestartsTheSessionTimer() {
        var machine = machine(withSessionOf: haruto, at: 0)
        _ = machine.handle(.scanned("B0042", at: at(20)))
        _ = machine.handle(.circulated(.lent(loan(guri, haruto, 20), book: guri, user: haruto), at: at(20)))
        #expect(machine.handle(.tick(at: at(policy.sessionTimeoutSeconds))) == [])
        #expect(machine.nextDeadline == at(20 + policy.sessionTimeoutSeconds))
    }

    @Test func aScanAfterTheDeadlineEndsTheSessionFirst() {
        var machine = machine(withSessionOf: haruto, at: 0)
        let late = at(policy.sessionTimeoutSeconds + 5)
        #expect(machine.handle(.scanned("B0042", at: late)) == [
            .announce(.sessionEnded(haruto), at: late),
            .circulate(barcode: "B0042", session: nil, at: late),
        ])
    }

    @Test func anUnknownBarcodeThatMayBeACardClosesTheSession() {
        var machine = machine(withSessionOf: haruto, at: 0)
        #expect(machine.handle(.scanned("XYZ-99", at: at(10))) == [.circulate(barcode: "XYZ-99", session: haruto, at: at(10))])
        let refused = Outcome.refused(.unknownBarcode, barcode: "XYZ-99", user: haruto, book: nil)
        // Answered in no one's name: the child at the kiosk may not be はると.
        #expect(machine.handle(.circulated(refused, at: at(10))) == [
            .announce(.sessionClosed(haruto, barcode: "XYZ-99"), at: at(10)),
            .announce(.outcome(.refused(.unknownBarcode, barcode: "XYZ-99", user: nil, book: nil)), at: at(10)),
        ])
        #expect(machine.sessionUser == nil)
        #expect(machine.nextDeadline == nil)
    }

    @Test(arguments: ["20000099", "9784834000825", "4834000826"])
    func anUnknownBarcodeShapedLikeABookKeepsTheSession(barcode: String) {
        var machine = machine(withSessionOf: haruto, at: 0)
        _ = machine.handle(.scanned(barcode, at: at(10)))
        let refused = Outcome.refused(.unknownBarcode, barcode: barcode, user: haruto, book: nil)
        #expect(machine.handle(.circulated(refused, at: at(10))) == [.announce(.outcome(refused), at: at(10), sessionEnds: at(40))])
        #expect(machine.sessionUser == haruto)
        #expect(machine.nextDeadline == at(10 + policy.sessionTimeoutSeconds))
    }

    @Test func inactiveCardOpensNoSession() {
        var machine = KioskMachine(policy: policy)
        _ = machine.handle(.started(at: t0))
        let sleeping = User(card: "C0009", name: "そら", isActive: false)
        _ = machine.handle(.scanned("C0009", at: at(1)))
        let refused = Outcome.refused(.userInactive, barcode: "C0009", user: sleeping, book: nil)
        #expect(machine.handle(.circulated(refused, at: at(1))) == [.announce(.outcome(refused), at: at(1))])
        #expect(machine.sessionUser == nil)
    }

    @Test func inactiveCardMidSessionClosesTheSession() {
        var machine = machine(withSessionOf: haruto, at: 0)
        let sleeping = User(card: "C0009", name: "そら", isActive: false)
        _ = machine.handle(.scanned("C0009", at: at(4)))
        let refused = Outcome.refused(.userInactive, barcode: "C0009", user: sleeping, book: nil)
        #expect(machine.handle(.circulated(refused, at: at(4))) == [
            .announce(.sessionClosed(haruto, barcode: "C0009"), at: at(4)),
            .announce(.outcome(refused), at: at(4)),
        ])
        #expect(machine.sessionUser == nil)
        // そら stands at the kiosk with the Book: it is lent to no one.
        #expect(machine.handle(.scanned("B0042", at: at(6))) == [.circulate(barcode: "B0042", session: nil, at: at(6))])
    }

    @Test func faultOnABookShapedScanIsAnnouncedAndTheSessionStays() {
        var machine = machine(withSessionOf: haruto, at: 0)
        _ = machine.handle(.scanned("20000042", at: at(3)))
        let fault = KioskFault(kind: .databaseBusy, detail: "locked")
        #expect(machine.handle(.failed(fault, barcode: "20000042", at: at(3))) == [.announce(.error(fault), at: at(3), sessionEnds: at(33))])
        #expect(machine.sessionUser == haruto)
    }

    @Test func faultOnAScanTheStoreCouldStillReadFollowsWhatItIs() {
        let fault = KioskFault(kind: .databaseFull, detail: "disk full")
        var book = machine(withSessionOf: haruto, at: 0)
        _ = book.handle(.scanned("B0042", at: at(3)))
        #expect(book.handle(.failed(fault, barcode: "B0042", isCard: false, at: at(3))) == [.announce(.error(fault), at: at(3), sessionEnds: at(33))])
        #expect(book.sessionUser == haruto)
        var card = machine(withSessionOf: haruto, at: 0)
        _ = card.handle(.scanned("20000042", at: at(3)))
        #expect(card.handle(.failed(fault, barcode: "20000042", isCard: true, at: at(3))) == [
            .announce(.sessionClosed(haruto, barcode: "20000042"), at: at(3)),
            .announce(.error(fault), at: at(3)),
        ])
        #expect(card.sessionUser == nil)
    }

    @Test func faultOnAScanThatMayBeACardClosesTheSession() {
        var machine = machine(withSessionOf: haruto, at: 0)
        _ = machine.handle(.scanned("C0002", at: at(3)))
        let fault = KioskFault(kind: .databaseBusy, detail: "locked")
        #expect(machine.handle(.failed(fault, barcode: "C0002", at: at(3))) == [
            .announce(.sessionClosed(haruto, barcode: "C0002"), at: at(3)),
            .announce(.error(fault), at: at(3)),
        ])
        #expect(machine.sessionUser == nil)
    }

    @Test func scannerLostAndBackAreAnnounced() {
        var machine = machine(withSessionOf: haruto, at: 0)
        #expect(machine.handle(.scannerLost("front", at: at(2))) == [.announce(.scannerLost(scanner: "front"), at: at(2), sessionEnds: at(30))])
        #expect(machine.handle(.scannerBack("front", at: at(3))) == [.announce(.scannerBack(scanner: "front"), at: at(3), sessionEnds: at(30))])
        #expect(machine.sessionUser == haruto)
    }

    @Test func keysOutsideStaffModeDoNothing() {
        var machine = machine(withSessionOf: haruto, at: 0)
        #expect(machine.handle(.key(.character("a"), at: at(1))) == [])
        #expect(machine.sessionUser == haruto)
    }
}
