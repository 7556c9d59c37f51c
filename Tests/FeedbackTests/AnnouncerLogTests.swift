import Feedback
import Foundation
import Lending
import Testing

/// The grown-ups' log a person reads: lines about one scan go to the debug
/// log; what a grown-up acts on goes to the log.
@Suite struct AnnouncerLogTests {
    @Test func linesAboutOneScanGoToTheDebugLogOnly() {
        let log = LogRecorder(), debug = LogRecorder()
        let announcer = Announcer(settings: FeedbackSettings(player: "none"), log: log.sink, debugLog: debug.sink)
        let haruto = User(card: "C0001", name: "はると")
        let away = KioskFault(kind: .databaseUnreachable, detail: "the server cannot be reached")
        let busy = KioskFault(kind: .databaseBusy, detail: "locked")
        announcer.announce(.outcome(.greeted(haruto, loans: nil)), at: Date())
        announcer.announce(.error(away), at: Date())
        announcer.announce(.duplicate(barcode: "B0001"), at: Date())
        announcer.announce(.scannerLost(scanner: "front"), at: Date())
        announcer.announce(.error(busy), at: Date())
        #expect(debug.all.count == 3)
        #expect(log.all == ["scanner lost: front; it is reopened when it comes back (check its cable)", "fault databaseBusy: locked"])
    }
}
