import Foundation
import Testing
import Feedback
import Lending
@testable import Kiosk

/// The shared database server away and back, walked step by step through the machine: returns
/// are journalled while the server is away; lends and Cards are refused kindly; every scan and
/// every `serverRetrySeconds` tries the server; once it answers, the journal's returns are
/// announced as deferred and the kiosk says `ready`. Time is an argument.
@Suite("Kiosk state machine: the server away and back")
struct ServerAwayTests: ServerAwayFixture {
    @Test func aReturnWithNoSessionIsJournalledAndTheAbsenceLoggedOnce() {
        var machine = started()
        #expect(machine.handle(.scanned("B0042", at: at(10))) == [.circulate(barcode: "B0042", session: nil, at: at(10))])
        #expect(machine.handle(.failed(away, barcode: "B0042", at: at(10))) == [
            .log(.serverAway(detail: away.detail, retrySeconds: 5), at: at(10)),
            .keepInJournal(barcode: "B0042", at: at(10)),
        ])
        // Kept: the child is told to leave the Book here.
        #expect(machine.handle(.journalled(barcode: "B0042", kept: true, at: at(10))) == [.announce(.error(away), at: at(10))])
        #expect(machine.isServerAway)
        #expect(machine.nextDeadline == at(15))
        // The next scan tries the server first; failing again, it is journalled with no new log line.
        #expect(machine.handle(.scanned("B0043", at: at(12))) == [
            .retryServer(lends: [], at: at(12)),
            .circulate(barcode: "B0043", session: nil, at: at(12)),
        ])
        #expect(machine.handle(.retried(ServerRetry(journalled: 1, fault: away), at: at(12))) == [])
        #expect(machine.handle(.failed(away, barcode: "B0043", at: at(12))) == [
            .keepInJournal(barcode: "B0043", at: at(12)),
        ])
        // At the journal's bound it is not kept: the child is told to keep the Book.
        guard case .announce(.error(let notKept), _, _)? = machine.handle(.journalled(barcode: "B0043", kept: false, at: at(12))).first
        else { Issue.record("no answer"); return }
        #expect(notKept.kind == .returnNotKept)
    }

    @Test func aRetryFallsDueOnItsClockAndTheServerBackAppliesTheJournalThenReady() {
        var machine = started()
        _ = machine.handle(.scanned("B0042", at: at(10)))
        _ = machine.handle(.failed(away, barcode: "B0042", at: at(10)))
        #expect(machine.handle(.tick(at: at(14.999))) == [])
        #expect(machine.handle(.tick(at: at(15))) == [.retryServer(lends: [], at: at(15))])
        #expect(machine.handle(.retried(ServerRetry(journalled: 1, fault: away), at: at(15))) == [])
        #expect(machine.nextDeadline == at(20))
        #expect(machine.handle(.tick(at: at(20))) == [.retryServer(lends: [], at: at(20))])
        #expect(machine.handle(.retried(ServerRetry(deferred: [returned(at: 10)], journalled: 1), at: at(20))) == [
            .announce(.deferred(returned(at: 10)), at: at(20)),
            .log(.serverBack(afterSeconds: 10, journalled: 1, returned: 1, lendsFound: 0), at: at(20)),
            .announce(.ready, at: at(20)),
        ])
        #expect(!machine.isServerAway)
        #expect(machine.nextDeadline == nil)
    }

    @Test func aScanInASessionIsRememberedAsALendToLookUpNotJournalled() {
        // A Book of the library's numbering: a scan that cannot be a Card.
        let numbered = Book(barcode: "20000042", title: "ぐりとぐら")
        var machine = started()
        _ = machine.handle(.scanned("C0001", at: at(1)))
        _ = machine.handle(.circulated(.greeted(haruto), at: at(1)))
        _ = machine.handle(.scanned("20000042", at: at(2)))
        // The lend's answer was lost with the connection: it may or may not have been written.
        #expect(machine.handle(.failed(away, barcode: "20000042", at: at(2))) == [
            .log(.serverAway(detail: away.detail, retrySeconds: 5), at: at(2)),
            // The Session stays open (the screen's countdown runs on from its last scan).
            .announce(.error(away), at: at(2), sessionEnds: at(32)),
        ])
        let lend = UncertainLend(barcode: "20000042", user: haruto, time: at(2))
        #expect(machine.handle(.tick(at: at(7))) == [.retryServer(lends: [lend], at: at(7))])
        // It was written: told as a deferred lend; the Session is still open, so no `ready`.
        let loan = Loan(id: 1, book: "20000042", user: "C0001", lentAt: at(2), due: LocalDate(year: 2026, month: 12, day: 8))
        #expect(machine.handle(.retried(ServerRetry(deferred: [.lent(loan, book: numbered, user: haruto)], lendsLookedUp: 1), at: at(7))) == [
            .announce(.deferred(.lent(loan, book: numbered, user: haruto)), at: at(7), sessionEnds: at(32)),
            .log(.serverBack(afterSeconds: 5, journalled: 0, returned: 0, lendsFound: 1), at: at(7)),
        ])
        #expect(machine.sessionUser == haruto)
    }

    @Test func aScanInASessionThatMayBeACardIsRememberedAndClosesTheSession() {
        var machine = started()
        _ = machine.handle(.scanned("C0001", at: at(1)))
        _ = machine.handle(.circulated(.greeted(haruto), at: at(1)))
        _ = machine.handle(.scanned("C0002", at: at(2)))
        // Not looked up: it may have been a Book lent (remembered) or another child's Card.
        #expect(machine.handle(.failed(away, barcode: "C0002", at: at(2))) == [
            .log(.serverAway(detail: away.detail, retrySeconds: 5), at: at(2)),
            .announce(.sessionClosed(haruto, barcode: "C0002"), at: at(2)),
            .announce(.error(away), at: at(2)),
        ])
        #expect(machine.sessionUser == nil)
        #expect(machine.handle(.tick(at: at(7))) == [.retryServer(lends: [UncertainLend(barcode: "C0002", user: haruto, time: at(2))], at: at(7))])
        // The server back, the next Book is no one's until a Card is scanned.
        _ = machine.handle(.retried(ServerRetry(lendsLookedUp: 1), at: at(7)))
        #expect(machine.handle(.scanned("B0043", at: at(8))) == [.circulate(barcode: "B0043", session: nil, at: at(8))])
    }

    @Test func otherFaultsAreAnsweredWithoutJournalOrRetry() {
        var machine = started()
        let busy = KioskFault(kind: .databaseBusy, detail: "locked")
        _ = machine.handle(.scanned("B0042", at: at(1)))
        #expect(machine.handle(.failed(busy, barcode: "B0042", at: at(1))) == [.announce(.error(busy), at: at(1))])
        #expect(!machine.isServerAway)
        #expect(machine.nextDeadline == nil)
    }

    @Test func aJournalThatCannotBeAppliedIsLoggedAndKeptForTheNextTry() {
        var machine = started()
        _ = machine.handle(.scanned("B0042", at: at(1)))
        _ = machine.handle(.failed(away, barcode: "B0042", at: at(1)))
        let broken = KioskFault(kind: .database, detail: "The database reported an error\nDETAIL: something")
        #expect(machine.handle(.tick(at: at(6))) == [.retryServer(lends: [], at: at(6))])
        #expect(machine.handle(.retried(ServerRetry(journalled: 1, fault: broken), at: at(6))) == [
            .log(.journalNotApplied(detail: broken.detail), at: at(6)),
        ])
        #expect(machine.isServerAway)
    }

    @Test func theLogLinesAreOneLineEachAndSayHowLongAndHowMany() {
        let awayLine = KioskLogLine.serverAway(detail: "could not connect\nDETAIL:  Consistent recovery state has not been yet reached.",
                                               retrySeconds: 5).text
        #expect(!awayLine.contains("\n"))
        #expect(awayLine.hasPrefix("database server away: could not connect DETAIL: Consistent recovery state"))
        #expect(awayLine.hasSuffix("tried again every 5 s"))
        #expect(KioskLogLine.serverBack(afterSeconds: 200, journalled: 3, returned: 2, lendsFound: 0).text
                == "database server back after 3 min 20 s; 3 scan(s) kept in the journal meanwhile were applied, 2 of them as returns")
        #expect(KioskLogLine.serverBack(afterSeconds: 7300, journalled: 0, returned: 0, lendsFound: 1).text
                .hasPrefix("database server back after 2 h 1 min; 0 scan(s)"))
    }
}
