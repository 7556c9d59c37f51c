import KioskConfiguration
import Feedback
import Foundation
import KioskDisplay
import KioskPresenter
import KioskScreen
import ScannerInput
import ScenePainter

/// The screen of `bookkiosk run`: the presenter on the configured output, and, on the monitor,
/// console switching (Ctrl+Alt+F2 gives a grown-up a login prompt; coming back redraws the
/// kiosk). Without a screen there is no presenter and the kiosk runs on the status line.
final class RunScreen {
    let presenter: ScreenPresenter
    private let display: DRMDisplay
    private var switching: ConsoleSwitching?

    /// Opens the output `screen.output` asks for; nil (with one log line saying why) when there
    /// is no screen. On the monitor, console switching is followed through `source`'s poll.
    static func open(_ config: Configuration, source: EvdevScanSource, now: Date) -> RunScreen? {
        switch ScreenOutput.open(config.screen, log: kioskLog) {
        case .none:
            return nil
        case .window:
            kioskLog("screen: \"output\": \"window\" is the demo's desktop window (`bookkiosk demo`); `run` draws on the monitor with \"auto\" or \"drm\", so it runs on the status line and sound")
            return nil
        case .display(let display):
            let presenter = config.screenPresenter(on: display, layout: config.screenLayout(), now: now, log: kioskLog)
            let screen = RunScreen(presenter: presenter, display: display)
            screen.followConsoleSwitching(in: source)
            return screen
        }
    }

    private init(presenter: ScreenPresenter, display: DRMDisplay) {
        self.presenter = presenter
        self.display = display
    }

    /// Takes over the console's switching and answers it from `source`'s poll.
    private func followConsoleSwitching(in source: EvdevScanSource) {
        let switching: ConsoleSwitching
        do {
            switching = try ConsoleSwitching()
        } catch {
            kioskLog("screen: console switching cannot be followed (\(error)); Ctrl+Alt+F2 keeps showing the kiosk until it stops")
            return
        }
        self.switching = switching
        let display = display, presenter = presenter
        source.polled.append(PolledDescriptor(fileDescriptor: switching.fileDescriptor) {
            display.follow(switching.takeRequests(), of: switching, redraw: { presenter.redrawAll() }, log: kioskLog)
        })
    }

    /// Gives the console its picture and its switching back.
    func restore() {
        switching?.restore()
        display.restoreConsole()
    }
}
