import Foundation
import Scene
import Testing
@testable import KioskDisplay
import POSIX

@Suite("display resources: the connector, mode and CRTC the kiosk chooses")
struct DisplayResourcesTests {
    let hdmi1 = DisplayConnector(id: 40, name: "HDMI-A-1", isConnected: false, modes: [], possibleEncoderIDs: [30])
    let hdmi2 = DisplayConnector(
        id: 41, name: "HDMI-A-2", isConnected: true,
        modes: [DisplayMode(width: 1920, height: 1080), DisplayMode(width: 1280, height: 800, refreshRate: 75, preferred: true)],
        possibleEncoderIDs: [31]
    )

    @Test("the first connected connector with modes is chosen, with its preferred mode")
    func connectedAndPreferred() {
        let resources = DisplayResources(connectors: [hdmi1, hdmi2], encoders: [], crtcIDs: [])
        #expect(resources.connectedConnector?.name == "HDMI-A-2")
        #expect(resources.connectedConnector?.preferredMode == DisplayMode(width: 1280, height: 800, refreshRate: 75, preferred: true))
        #expect(resources.connectedConnector?.preferredMode?.description == "1280x800 at 75 Hz")
    }

    @Test("without a preferred mode, the first listed is used; a connected connector without modes is not chosen")
    func fallbacks() {
        let plain = DisplayConnector(id: 1, name: "DSI-1", isConnected: true, modes: [DisplayMode(width: 800, height: 480), DisplayMode(width: 640, height: 480)])
        #expect(plain.preferredMode?.width == 800)
        let empty = DisplayConnector(id: 2, name: "DP-1", isConnected: true, modes: [])
        #expect(DisplayResources(connectors: [empty], encoders: [], crtcIDs: [10]).connectedConnector == nil)
        #expect(DisplayResources(connectors: [empty, plain], encoders: [], crtcIDs: [10]).connectedConnector?.name == "DSI-1")
    }

    @Test("the CRTC driving the connector now (the console's) is kept")
    func currentCRTC() {
        var connector = hdmi2
        connector.encoderID = 31
        let resources = DisplayResources(connectors: [connector],
                                         encoders: [.init(id: 31, crtcID: 21, possibleCRTCs: 0b11)], crtcIDs: [20, 21])
        #expect(resources.crtc(for: connector) == 21)
    }

    @Test("an idle connector gets the first CRTC one of its encoders can use")
    func possibleCRTC() {
        let resources = DisplayResources(connectors: [hdmi2],
                                         encoders: [.init(id: 31, crtcID: 0, possibleCRTCs: 0b10)], crtcIDs: [20, 21])
        #expect(resources.crtc(for: hdmi2) == 21)
        let none = DisplayResources(connectors: [hdmi2], encoders: [.init(id: 31, crtcID: 0, possibleCRTCs: 0)], crtcIDs: [20])
        #expect(none.crtc(for: hdmi2) == nil)
    }

    @Test("a changed rectangle becomes the whole pixels it touches, clamped to the screen")
    func pixelArea() {
        let size = PixelSize(width: 1280, height: 800)
        #expect(PixelArea(covering: Rect(x: 10.5, y: 20.2, width: 100, height: 50.1), in: size) == PixelArea(x: 10, y: 20, width: 101, height: 51))
        #expect(PixelArea(covering: Rect(x: -10, y: 700, width: 100, height: 200), in: size) == PixelArea(x: 0, y: 700, width: 90, height: 100))
        #expect(PixelArea(covering: Rect(x: 1300, y: 0, width: 10, height: 10), in: size) == nil)
    }
}

@Suite("display errors say what to do")
struct DisplayErrorTests {
    @Test("libdrm's two ways of failing, -1 with errno and -errno, give the same error")
    func libdrmResults() {
        #expect(SystemCallError(call: "drmModeDirtyFB", result: -ENOSYS)?.error == Errno(rawValue: ENOSYS))
        #expect(SystemCallError(call: "drmModeDirtyFB", result: -ENOSYS)?.isUnsupported == true)
        errno = EACCES
        #expect(SystemCallError(call: "drmModeSetCrtc", result: -1)?.isPermissionDenied == true)
        #expect(SystemCallError(call: "drmModeSetCrtc", result: 0) == nil)
        #expect(SystemCallError(call: "drmModeSetCrtc", error: .permissionDenied).description == "drmModeSetCrtc: Permission denied")
    }

    @Test("no /dev/dri: no driver loaded, and what to check")
    func noDeviceDirectory() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("display-\(UUID().uuidString)")
        let error = DisplayError.opening(folder.path + "/dri/card0", error: .noSuchFileOrDirectory)
        #expect(error.problem == .noDeviceDirectory(folder.path + "/dri"))
        #expect(error.description.contains("no graphics driver with kernel mode setting is loaded"))
        #expect(error.description.contains("ls /dev/dri"))
    }

    @Test("a missing card names the cards that are there and the key to set")
    func noDevice() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("display-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(FileManager.default.createFile(atPath: folder.path + "/card1", contents: nil))
        #expect(FileManager.default.createFile(atPath: folder.path + "/renderD128", contents: nil))
        let error = DisplayError.opening(folder.path + "/card0", error: .noSuchFileOrDirectory)
        #expect(error.problem == .noDevice(path: folder.path + "/card0", others: [folder.path + "/card1"]))
        #expect(error.description.contains("\"screen\": {\"device\": \"\(folder.path)/card1\"}"))
    }

    @Test("no permission names the group and the unit")
    func permission() {
        let error = DisplayError.opening("/dev/dri/card0", error: .permissionDenied)
        #expect(error.description.contains("needs the “video” group"))
        #expect(error.description.contains("bookkiosk.service"))
        #expect(error.description.contains("DeviceAllow=char-drm rw"))
    }

    @Test("nothing connected lists the connectors; another master says who to stop")
    func connectorAndMaster() {
        let none = DisplayError(.noConnectedConnector(path: "/dev/dri/card0", connectors: ["HDMI-A-1 disconnected", "HDMI-A-2 disconnected"]))
        #expect(none.description.hasPrefix("no display is connected to /dev/dri/card0 (its connectors: HDMI-A-1 disconnected, HDMI-A-2 disconnected) — plug in the monitor"))
        let master = DisplayError(.noMaster(path: "/dev/dri/card0", SystemCallError(call: "drmSetMaster", error: .resourceBusy)))
        #expect(master.description.contains("another program is showing its picture on /dev/dri/card0"))
        #expect(master.description.contains("\"output\": \"none\""))
    }
}

/// On a machine with a display card and nothing else holding it (a VM with -vga std, a kiosk
/// with the service stopped): the display opens, shows a frame and gives the console back.
@Suite(
    "DRMDisplay on this machine's card",
    .enabled(if: FileManager.default.fileExists(atPath: "/dev/dri/card0") && access("/dev/dri/card0", R_OK | W_OK) == 0,
             "no /dev/dri/card0 that this user may open (the VM harness's screen check covers it)")
)
struct DRMDisplayDeviceTests {
    @Test("a whole frame, then a partial one that keeps the rest of the last frame")
    func frames() throws {
        let display: DRMDisplay
        do {
            display = try DRMDisplay.open(path: "/dev/dri/card0")
        } catch {
            // A connected display is needed; a card without one is reported as such.
            guard case .noConnectedConnector = error.problem else { throw error }
            return
        }
        #expect(display.needsFullFrame)
        #expect(display.pitch >= display.size.width * 4)
        try display.present(changed: nil) { buffer in
            for row in 0..<buffer.height {
                (buffer.pixels + row * buffer.stride).initializeMemory(as: UInt32.self, repeating: 0x00FF_0000, count: buffer.width)
            }
        }
        #expect(!display.needsFullFrame)
        var seen: (red: UInt8, green: UInt8, blue: UInt8)?
        try display.present(changed: Rect(x: 0, y: 0, width: 1, height: 1)) { buffer in
            seen = buffer.pixel(x: buffer.width - 1, y: buffer.height - 1)
        }
        #expect(seen.map { $0.red == 0xFF && $0.green == 0 && $0.blue == 0 } == true, "the back buffer holds the last frame")
        display.restoreConsole()
    }
}
