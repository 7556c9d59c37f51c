import CDRM
import Foundation
import Scene
import POSIX

/// The kiosk's monitor through DRM/KMS, the way Plymouth draws a boot splash: no X11,
/// Wayland or GPU driver stack, only dumb buffers, which every KMS driver has (vc4 on a
/// Raspberry Pi, i915 or amdgpu on a mini PC, bochs or virtio-gpu in a VM).
///
/// Two buffers: a frame is drawn into the one not shown, then flipped to (`drmModePageFlip`,
/// waiting a bounded time for its event; `drmModeSetCrtc` where flipping fails, as it does on
/// bochs when its video memory is short). What the console showed is saved at start and put
/// back by `restoreConsole()`, by `deinit`, and by `DRMDisplay.restoreAfterSignal()`.
/// Console switching (Ctrl+Alt+Fn) goes through `release()` and `acquire()`, driven by
/// `ConsoleSwitching`. Not `Sendable`: use it from one thread.
public final class DRMDisplay: FrameOutput {
    public let device: DRMDevice
    public let connector: DisplayConnector
    public let mode: DisplayMode
    public let crtcID: UInt32
    public let size: PixelSize
    public private(set) var needsFullFrame = true
    /// Whether the display is ours now: false while the console is switched away.
    public private(set) var isActive = true

    /// How long to wait for a page flip's event before going on without it.
    public static let flipTimeoutMilliseconds: Int32 = 100

    private let buffers: [DumbBuffer]
    private let console: CRTCState
    /// The buffer shown now; nil before the first frame.
    private var shown: Int?
    /// The part the last frame changed; nil: all of it.
    private var lastChanged: PixelArea?
    /// Set at start and after the console had the display: the mode must be set again.
    private var needsModeSet = true
    private var canFlip = true
    private var canMarkDirty = true
    private var restored = false
    private let log: (String) -> Void

    /// What a signal handler needs to put the console's picture back.
    nonisolated(unsafe) private static var consoleForSignal: (descriptor: Int32, connector: UInt32, state: CRTCState)?

    /// Opens `path`, takes DRM master, finds a connected display and its preferred mode, a
    /// CRTC for it, and makes two dumb buffers of that size. Nothing is shown until the first
    /// `present`. Fails with what a person must do: no device, no permission, nothing
    /// connected, another program holding the display.
    public static func open(path: String, log: @escaping (String) -> Void = { _ in }) throws(DisplayError) -> DRMDisplay {
        let device = try DRMDevice(path: path)
        do {
            try device.becomeMaster()
        } catch {
            // The first opener of a card is master already; a second one may not become it.
            if !device.isMaster { throw DisplayError(.noMaster(path: path, error)) }
        }
        let resources: DisplayResources
        do {
            resources = try device.resources()
        } catch {
            throw DisplayError(.notModeSetting(path: path, error))
        }
        guard let connector = resources.connectedConnector, let mode = connector.preferredMode else {
            throw DisplayError(.noConnectedConnector(path: path, connectors: resources.connectors.map(\.description)))
        }
        guard let crtcID = resources.crtc(for: connector) else {
            throw DisplayError(.noController(path: path, connector: connector.name))
        }
        do {
            let console = try device.crtcState(crtcID)
            let buffers = [try DumbBuffer(device: device, width: mode.width, height: mode.height),
                           try DumbBuffer(device: device, width: mode.width, height: mode.height)]
            return DRMDisplay(device: device, connector: connector, mode: mode, crtcID: crtcID,
                              console: console, buffers: buffers, log: log)
        } catch {
            throw DisplayError(.failed(path: path, error))
        }
    }

    private init(device: DRMDevice, connector: DisplayConnector, mode: DisplayMode, crtcID: UInt32,
                 console: CRTCState, buffers: [DumbBuffer], log: @escaping (String) -> Void) {
        self.device = device
        self.connector = connector
        self.mode = mode
        self.crtcID = crtcID
        self.console = console
        self.buffers = buffers
        self.size = PixelSize(width: mode.width, height: mode.height)
        self.log = log
        Self.consoleForSignal = (device.fileDescriptor, connector.id, console)
    }

    deinit {
        restoreConsole()
    }

    /// "Virtual-1, 1280x800 at 75 Hz, on /dev/dri/card0".
    public var summary: String { "\(connector.name), \(mode), on \(device.path)" }

    /// The stride of the buffers, as the driver chose it.
    public var pitch: Int { buffers[0].pitch }

    // MARK: Frames

    /// Draws into the buffer not shown, then shows it. With `changed`, the buffer first gets
    /// the part the previous frame changed copied from the shown one, so it holds the last
    /// frame and `draw` need paint only `changed`. While the console is switched away nothing
    /// is drawn (the next frame after `acquire()` is whole).
    public func present(changed: Rect?, _ draw: (FrameBuffer) -> Void) throws {
        guard isActive else { return }
        let area = changed.flatMap { PixelArea(covering: $0, in: size) }
        let whole = changed == nil || needsFullFrame
        if !whole && area == nil { return }
        let next = shown.map { 1 - $0 } ?? 0
        if !whole, let shown {
            buffers[next].copy(lastChanged ?? .whole(size), from: buffers[shown])
        }
        draw(buffers[next].frameBuffer)
        try show(next, changed: whole ? nil : area)
        lastChanged = whole ? nil : area
        shown = next
        needsFullFrame = false
    }

    /// Shows buffer `index`: SetCrtc the first time and after a console switch, else a page
    /// flip (SetCrtc when the flip fails); then marks `changed` dirty for drivers that need it.
    private func show(_ index: Int, changed: PixelArea?) throws(SystemCallError) {
        let buffer = buffers[index]
        if needsModeSet || !canFlip {
            try setCRTC(buffer)
            needsModeSet = false
        } else if let error = SystemCallError(call: "drmModePageFlip",
                                              result: drmModePageFlip(device.fileDescriptor, crtcID, buffer.framebufferID,
                                                                      UInt32(DRM_MODE_PAGE_FLIP_EVENT), nil)) {
            if error.error != .resourceBusy {
                canFlip = false
                log("display: page flips fail (\(error)); frames are shown with drmModeSetCrtc from now on")
            }
            try setCRTC(buffer)
        } else {
            waitForFlip()
        }
        markDirty(buffer, changed ?? .whole(size))
    }

    /// Calls `drmModeSetCrtc`.
    private func setCRTC(_ buffer: DumbBuffer) throws(SystemCallError) {
        var connectorID = connector.id
        var info = mode.info
        try SystemCallError.check("drmModeSetCrtc",
                                  drmModeSetCrtc(device.fileDescriptor, crtcID, buffer.framebufferID, 0, 0, &connectorID, 1, &info))
    }

    /// Waits up to `flipTimeoutMilliseconds` for the flip's event and reads it. Calls `poll`
    /// and `drmHandleEvent`.
    private func waitForFlip() {
        var descriptor = pollfd(fd: device.fileDescriptor, events: Int16(POLLIN), revents: 0)
        let ready = (try? retryOnInterrupt { poll(&descriptor, 1, Self.flipTimeoutMilliseconds) }) ?? -1
        guard ready > 0 else {
            log("display: no page-flip event within \(Self.flipTimeoutMilliseconds) ms; going on")
            return
        }
        var context = drmEventContext()
        context.version = 2
        _ = drmHandleEvent(device.fileDescriptor, &context)
    }

    /// Tells drivers that show a buffer only when told (virtio-gpu) which part changed; on
    /// those that do not need it (bochs: ENOSYS) it is not called again. Calls `drmModeDirtyFB`.
    private func markDirty(_ buffer: DumbBuffer, _ area: PixelArea) {
        guard canMarkDirty else { return }
        var clip = drmModeClip(x1: UInt16(area.x), y1: UInt16(area.y),
                               x2: UInt16(area.x + area.width), y2: UInt16(area.y + area.height))
        guard let error = SystemCallError(call: "drmModeDirtyFB", result: drmModeDirtyFB(device.fileDescriptor, buffer.framebufferID, &clip, 1)) else { return }
        canMarkDirty = false
        if !error.isUnsupported { log("display: \(error); not marking changes again") }
    }

    // MARK: The console

    /// The console is switching away (Ctrl+Alt+Fn): puts its picture back and gives DRM master
    /// up, so the console, or a desktop, may show theirs.
    public func release() {
        guard isActive else { return }
        isActive = false
        _ = console.restore(fileDescriptor: device.fileDescriptor, connectorID: connector.id)
        do {
            try device.dropMaster()
        } catch {
            log("display: could not give the display up: \(error)")
        }
    }

    /// The console switched back: takes DRM master again. The next frame must be whole and
    /// sets the mode again.
    public func acquire() throws(DisplayError) {
        guard !isActive else { return }
        do {
            try device.becomeMaster()
        } catch {
            throw DisplayError(.noMaster(path: device.path, error))
        }
        isActive = true
        needsFullFrame = true
        needsModeSet = true
    }

    /// Puts back what the console showed when the display was opened (its text comes back).
    public func restoreConsole() {
        guard !restored else { return }
        restored = true
        Self.consoleForSignal = nil
        guard isActive else { return }
        if let error = SystemCallError(call: "drmModeSetCrtc", result: console.restore(fileDescriptor: device.fileDescriptor, connectorID: connector.id)) {
            log("display: could not give the console its picture back: \(error)")
        }
    }

    /// For a signal handler: puts the console's picture back, if a display is open. Calls
    /// only `drmModeSetCrtc`, an ioctl.
    public static func restoreAfterSignal() {
        guard let (descriptor, connector, state) = consoleForSignal else { return }
        _ = state.restore(fileDescriptor: descriptor, connectorID: connector)
    }
}
