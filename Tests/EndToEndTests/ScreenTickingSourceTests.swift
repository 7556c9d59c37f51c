import Foundation
import KioskPresenter
import KioskScreen
import Language
import Lending
import Scene
import ScannerInput
import Testing
@testable import BookKioskCommands

/// A source that records the timeouts it is asked for and answers from a list.
final class ScriptedSource: ScanSource {
    var answers: [SourceEvent]
    var timeouts: [Duration?] = []
    init(_ answers: [SourceEvent]) { self.answers = answers }
    func next(timeout: Duration?) throws -> SourceEvent {
        timeouts.append(timeout)
        return answers.isEmpty ? .ended : answers.removeFirst()
    }
}

@Suite("ScreenTickingSource: the run loop waits for the screen's next tick")
struct ScreenTickingSourceTests {
    @Test func aSessionWaitsAtMostUntilTheBarsNextSecondAndThenTicksTheScreen() throws {
        let start = Date(timeIntervalSince1970: 1_796_083_200)
        var now = start
        let output = ImageFrameOutput(size: PixelSize(width: 320, height: 200))
        let presenter = ScreenPresenter(output: output, layout: ScreenLayout(language: .en), policy: Policy(timeZone: TimeZone(identifier: "UTC")!),
                                        now: start, log: { _ in })
        presenter.show(.ready, at: start)
        presenter.show(.outcome(.greeted(User(card: "C1", name: "Mei"), loans: UserLoans(loans: [], remaining: 2))), at: start)
        let inner = ScriptedSource([.timedOut, .timedOut])
        let source = ScreenTickingSource(inner, presenter: presenter, clock: { now })
        now = start.addingTimeInterval(0.25)
        #expect(try source.next(timeout: .seconds(30)) == .timedOut)
        #expect(inner.timeouts.last == .milliseconds(750))
        now = start.addingTimeInterval(1)
        #expect(try source.next(timeout: nil) == .timedOut)
        #expect(presenter.barFrames == 1)
        // Idle: no tick until midnight, so the runtime's own timeout (none) stands but for that.
        presenter.show(.sessionEnded(User(card: "C1", name: "Mei")), at: now)
        _ = try source.next(timeout: nil)
        let waited = try #require(inner.timeouts.last ?? nil)
        #expect(waited > .seconds(3600))
    }
}
