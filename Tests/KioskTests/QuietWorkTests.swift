import Foundation
import Testing
import Feedback
import Lending
import ScannerInput
@testable import Kiosk

/// A source that plays a script and notes the timeout `run` asked for each time; waiting
/// moves the test's clock by that timeout (no real time passes).
final class QuietClockSource: ScanSource {
    enum Step {
        /// An event arriving after `seconds` of waiting.
        case event(SourceEvent, after: TimeInterval)
        /// Waits out whatever timeout it is given.
        case waitOut
    }

    private var steps: [Step]
    private(set) var timeouts: [Duration?] = []
    var now: Date

    init(_ steps: [Step], start: Date) {
        self.steps = steps
        self.now = start
    }

    func next(timeout: Duration?) -> SourceEvent {
        timeouts.append(timeout)
        guard !steps.isEmpty else { return .ended }
        switch steps.removeFirst() {
        case .event(let event, let seconds):
            now = now.addingTimeInterval(seconds)
            return event
        case .waitOut:
            guard let timeout else { return .ended } // it would wait for ever: the test is over
            now = now.addingTimeInterval(Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18)
            return .timedOut
        }
    }
}

@Suite("Work when the kiosk is quiet")
struct QuietWorkTests {
    let t0 = Date(timeIntervalSince1970: 1_796_115_600)

    func runtime() -> KioskRuntime {
        KioskRuntime(policy: Policy(timeZone: TimeZone(identifier: "UTC")!), repository: InMemoryLendingRepository(),
                     announce: { _, _ in })
    }

    @Test("done once, the delay after the last scan, then the kiosk waits without a timeout")
    func onceAfterActivity() throws {
        let kiosk = runtime()
        var done: [Date] = []
        let source = QuietClockSource([
            .event(.scan(Scan(barcode: "X0001", scanner: "s")), after: 10),
            .event(.scan(Scan(barcode: "X0002", scanner: "s")), after: 1),
            .waitOut,
            .waitOut,
        ], start: t0)
        kiosk.whenQuiet = QuietWork(delay: 3) { done.append(source.now) }
        try kiosk.run(source: source, clock: { source.now })
        // Unknown barcodes open no Session, so only the quiet work sets a timeout.
        #expect(source.timeouts == [nil, .seconds(3), .seconds(3), nil])
        #expect(done == [t0.addingTimeInterval(14)])
    }

    @Test("nothing before any activity, and none at all without whenQuiet: an idle kiosk never wakes")
    func idleNeverWakes() throws {
        let kiosk = runtime()
        var done = 0
        kiosk.whenQuiet = QuietWork(delay: 3) { done += 1 }
        let source = QuietClockSource([.event(.scannerLost("s"), after: 5), .waitOut], start: t0)
        try kiosk.run(source: source, clock: { source.now })
        #expect(source.timeouts == [nil, nil])
        #expect(done == 0)

        let plain = runtime()
        let scanned = QuietClockSource([.event(.scan(Scan(barcode: "X0001", scanner: "s")), after: 1), .waitOut], start: t0)
        try plain.run(source: scanned, clock: { scanned.now })
        #expect(scanned.timeouts == [nil, nil])
    }

    @Test("a scan before the delay is up postpones it to the delay after that scan")
    func postponed() throws {
        let kiosk = runtime()
        var done: [Date] = []
        let source = QuietClockSource([
            .event(.scan(Scan(barcode: "X0001", scanner: "s")), after: 1),
            .event(.scan(Scan(barcode: "X0002", scanner: "s")), after: 2),
            .waitOut,
            .waitOut,
        ], start: t0)
        kiosk.whenQuiet = QuietWork(delay: 3) { done.append(source.now) }
        try kiosk.run(source: source, clock: { source.now })
        #expect(done == [t0.addingTimeInterval(6)])
        #expect(source.timeouts == [nil, .seconds(3), .seconds(3), nil])
    }
}
