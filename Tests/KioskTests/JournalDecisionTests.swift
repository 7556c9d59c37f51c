import Foundation
import Testing
import Feedback
import Lending
@testable import Kiosk

/// The return journal's lifecycle decided by the machine, walked step by step: a scan's note is
/// forgotten once its Outcome is told, or at once when its transaction rolled back; a scan whose
/// answer was lost is kept under the id it was noted under; each entry a retry resolves is
/// forgotten right after its own deferred Outcome, and not resolved twice within one input.
@Suite("Kiosk state machine: the return journal's decisions")
struct JournalDecisionTests: ServerAwayFixture {
    @Test func aNotedScanIsForgottenRightAfterItsOutcomeIsTold() {
        var machine = started()
        #expect(machine.handle(.scanned("B0042", at: at(1))) == [.circulate(barcode: "B0042", session: nil, at: at(1))])
        #expect(machine.handle(.circulated(returned(at: 1), scan: "s1", at: at(1))) == [
            .announce(.outcome(returned(at: 1)), at: at(1)),
            .forgetScan("s1", at: at(1)),
        ])
    }

    @Test func aScanThatWasNotNotedHasNothingToForget() {
        var machine = started()
        _ = machine.handle(.scanned("B0042", at: at(1)))
        #expect(machine.handle(.circulated(returned(at: 1), at: at(1))) == [.announce(.outcome(returned(at: 1)), at: at(1))])
    }

    @Test func aScanRolledBackIsForgottenBeforeItsFaultIsTold() {
        let busy = KioskFault(kind: .databaseBusy, detail: "database is locked")
        var machine = started()
        _ = machine.handle(.scanned("B0042", at: at(1)))
        #expect(machine.handle(.failed(busy, barcode: "B0042", scan: "s1", at: at(1))) == [
            .forgetScan("s1", at: at(1)),
            .announce(.error(busy), at: at(1)),
        ])
    }

    @Test func aReturnWhoseAnswerWasLostIsKeptUnderTheIdItWasNotedUnder() {
        var machine = started()
        _ = machine.handle(.scanned("B0042", at: at(1)))
        #expect(machine.handle(.failed(away, barcode: "B0042", scan: "s1", at: at(1))) == [
            .log(.serverAway(detail: away.detail, retrySeconds: 5), at: at(1)),
            .keepInJournal(barcode: "B0042", scan: "s1", at: at(1)),
        ])
        #expect(machine.handle(.journalled(barcode: "B0042", kept: true, at: at(1))) == [.announce(.error(away), at: at(1))])
    }

    @Test func aLendWhoseAnswerWasLostStaysNotedToBeLookedUp() {
        let numbered = Book(barcode: "20000042", title: "ぐりとぐら")
        var machine = started()
        _ = machine.handle(.scanned("C0001", at: at(1)))
        _ = machine.handle(.circulated(.greeted(haruto), at: at(1)))
        _ = machine.handle(.scanned(numbered.barcode, at: at(2)))
        let effects = machine.handle(.failed(away, barcode: numbered.barcode, scan: "s2", at: at(2)))
        #expect(!effects.contains(.forgetScan("s2", at: at(2))))
        #expect(!effects.contains { if case .keepInJournal = $0 { true } else { false } })
    }

    @Test func eachResolvedEntryIsForgottenRightAfterItsOwnDeferredOutcome() {
        var machine = started()
        _ = machine.handle(.scanned("B0042", at: at(10)))
        _ = machine.handle(.failed(away, barcode: "B0042", scan: "s1", at: at(10)))
        _ = machine.handle(.journalled(barcode: "B0042", kept: true, at: at(10)))
        #expect(machine.handle(.tick(at: at(15))) == [.retryServer(lends: [], at: at(15))])
        let retry = ServerRetry(resolved: [ResolvedScan(id: "s0", outcome: nil), ResolvedScan(id: "s1", outcome: returned(at: 10))],
                                journalled: 2)
        #expect(machine.handle(.retried(retry, at: at(15))) == [
            .forgetScan("s0", at: at(15)),
            .announce(.deferred(returned(at: 10)), at: at(15)),
            .forgetScan("s1", at: at(15)),
            .log(.serverBack(afterSeconds: 5, journalled: 2, returned: 1, lendsFound: 0), at: at(15)),
            .announce(.ready, at: at(15)),
        ])
    }

    @Test func entriesResolvedAreSkippedByAnotherRetryOfTheSameInputOnly() {
        var machine = started()
        _ = machine.handle(.scanned("B0042", at: at(10)))
        _ = machine.handle(.failed(away, barcode: "B0042", scan: "s1", at: at(10)))
        _ = machine.handle(.journalled(barcode: "B0042", kept: true, at: at(10)))
        // The next scan tries the server first; it resolves one entry and runs out of its time.
        #expect(machine.handle(.scanned("B0043", at: at(12))) == [
            .retryServer(lends: [], at: at(12)),
            .circulate(barcode: "B0043", session: nil, at: at(12)),
        ])
        let partial = ServerRetry(resolved: [ResolvedScan(id: "s1", outcome: returned(at: 10))], journalled: 1, remaining: 1)
        #expect(machine.handle(.retried(partial, at: at(12))) == [
            .announce(.deferred(returned(at: 10)), at: at(12)),
            .forgetScan("s1", at: at(12)),
        ])
        // The scan gets through, so the journal goes in again, past what this scan resolved.
        let answer = Outcome.refused(.unknownBarcode, barcode: "B0043", user: nil, book: nil)
        #expect(machine.handle(.circulated(answer, scan: "s2", at: at(12))) == [
            .announce(.outcome(answer), at: at(12)),
            .forgetScan("s2", at: at(12)),
            .retryServer(lends: [], skipping: ["s1"], at: at(12)),
        ])
        _ = machine.handle(.retried(ServerRetry(fault: away), at: at(12)))
        // A new input: entries may be resolved again.
        #expect(machine.handle(.tick(at: at(17))) == [.retryServer(lends: [], at: at(17))])
    }
}
