import KioskConfiguration
import Foundation
import KioskDisplay
import KioskPresenter
import KioskScreen
import ScannerInput
import ScenePainter

/// The screen of `bookkiosk run`: the configured monitor, and console switching (Ctrl+Alt+F2
/// gives a grown-up a login prompt; coming back redraws the kiosk). Without a screen the kiosk
/// runs on the status line.
final class RunScreen {
    let display: DRMDisplay
    private var switching: ConsoleSwitching?

    /// Opens the output `screen.output` asks for; nil (with one log line saying why) when there
    /// is no screen.
    static func open(_ config: Configuration) -> RunScreen? {
        switch ScreenOutput.open(config.screen, log: kioskLog) {
        case .none:
            return nil
        case .window:
            kioskLog("screen: \"output\": \"window\" is the demo's desktop window (`bookkiosk demo`); `run` draws on the monitor with \"auto\" or \"drm\", so it runs on the status line and sound")
            return nil
        case .display(let display):
            return RunScreen(display: display)
        }
    }

    private init(display: DRMDisplay) {
        self.display = display
    }

    /// Takes over the console's switching and answers it from `source`'s poll; coming back,
    /// `presenter` draws the kiosk again.
    func followConsoleSwitching(in source: EvdevScanSource, presenter: ScreenPresenter) {
        let switching: ConsoleSwitching
        do {
            switching = try ConsoleSwitching()
        } catch {
            kioskLog("screen: console switching cannot be followed (\(error)); Ctrl+Alt+F2 keeps showing the kiosk until it stops")
            return
        }
        self.switching = switching
        let display = display
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
