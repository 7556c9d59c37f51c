import Foundation
import KioskDisplay
import Testing
@testable import BookKioskCommands
@testable import KioskConfiguration

@Suite("run: the screen output chosen from the configuration")
struct ScreenOutputTests {
    final class Log {
        var lines: [String] = []
    }

    @Test("auto without a display card: no screen, one log line saying why, and the kiosk goes on")
    func autoWithoutDisplay() throws {
        let folder = try TemporaryFolder()
        var screen = ScreenConfiguration()
        screen.device = folder.path("dri/card0")
        let log = Log()
        let output = ScreenOutput.open(screen, log: { log.lines.append($0) })
        guard case .none(let reason) = output else {
            Issue.record("expected no screen, got \(output)")
            return
        }
        #expect(reason.hasPrefix("\(folder.path("dri")) does not exist"))
        #expect(log.lines.count == 1)
        #expect(log.lines.first?.hasPrefix("screen: no screen: \(folder.path("dri")) does not exist") == true)
        #expect(log.lines.first?.hasSuffix("the kiosk goes on with the status line and sound") == true)
    }

    @Test("drm asked for but not possible: the same, and the line says drm was asked for")
    func drmWithoutDisplay() {
        var screen = ScreenConfiguration()
        screen.output = .drm
        let log = Log()
        let output = ScreenOutput.open(screen, log: { log.lines.append($0) }, openDisplay: { path throws(DisplayError) in
            throw DisplayError(.noConnectedConnector(path: path, connectors: ["HDMI-A-1 disconnected"]))
        })
        guard case .none = output else {
            Issue.record("expected no screen, got \(output)")
            return
        }
        #expect(log.lines == ["screen: \"output\": \"drm\", but no screen: no display is connected to /dev/dri/card0 (its connectors: HDMI-A-1 disconnected) — plug in the monitor and switch it on, then restart the kiosk (`sudo systemctl restart bookkiosk`); the kiosk goes on with the status line and sound"])
    }

    @Test("none: the display is not even opened")
    func none() {
        var screen = ScreenConfiguration()
        screen.output = .none
        let log = Log()
        var opened = false
        let output = ScreenOutput.open(screen, log: { log.lines.append($0) }, openDisplay: { path throws(DisplayError) in
            opened = true
            throw DisplayError(.noDeviceDirectory("/dev/dri"))
        })
        guard case .none = output else {
            Issue.record("expected no screen, got \(output)")
            return
        }
        #expect(!opened)
        #expect(log.lines == ["screen: none (\"screen\": {\"output\": \"none\"}); the status line and sound only"])
    }
}
