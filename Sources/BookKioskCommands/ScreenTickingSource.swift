import Foundation
import KioskPresenter
import ScannerInput

/// Keeps the screen's clock going while the kiosk waits for a scan: waits no longer than the
/// screen's next deadline (the countdown bar's next second, an answer going back to waiting),
/// and brings the screen to the time whenever the wait ends. An idle kiosk's screen has no
/// deadline but midnight, so it waits as before.
final class ScreenTickingSource: ScanSource {
    let inner: any ScanSource
    let presenter: ScreenPresenter
    let clock: () -> Date

    init(_ inner: any ScanSource, presenter: ScreenPresenter, clock: @escaping () -> Date = Date.init) {
        self.inner = inner
        self.presenter = presenter
        self.clock = clock
    }

    func next(timeout: Duration?) throws -> SourceEvent {
        var wait = timeout
        if let deadline = presenter.nextDeadline {
            let seconds = max(0, deadline.timeIntervalSince(clock()))
            let untilDeadline = Duration.milliseconds(Int64((seconds * 1000).rounded(.up)))
            wait = min(wait ?? untilDeadline, untilDeadline)
        }
        let event = try inner.next(timeout: wait)
        presenter.advance(to: clock())
        return event
    }
}
