import CDRM
import Foundation
import POSIX

/// An open DRM card (`/dev/dri/cardN`): its file descriptor, DRM master, and what the card
/// has. Closes the device in `deinit`. Not `Sendable`: use it from one thread.
public final class DRMDevice {
    public let path: String
    public let fileDescriptor: Int32

    /// Opens the card for reading and writing. Calls `open`.
    public init(path: String) throws(DisplayError) {
        let descriptor = open(path, O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else { throw DisplayError.opening(path, error: .current) }
        self.path = path
        self.fileDescriptor = descriptor
    }

    deinit {
        close(fileDescriptor)
    }

    /// The display cards in `folder` (`card0`, `card1`, …), full paths, sorted.
    public static func cards(in folder: String = "/dev/dri") -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasPrefix("card") }.sorted().map { "\(folder)/\($0)" }
    }

    /// Takes DRM master: only the master may set modes and flip. Calls `drmSetMaster`.
    public func becomeMaster() throws(SystemCallError) {
        try SystemCallError.check("drmSetMaster", drmSetMaster(fileDescriptor))
    }

    /// Gives DRM master up, so the console (or another program) may show its picture.
    /// Calls `drmDropMaster`.
    public func dropMaster() throws(SystemCallError) {
        try SystemCallError.check("drmDropMaster", drmDropMaster(fileDescriptor))
    }

    /// Whether this descriptor is DRM master now. Calls `drmIsMaster`.
    public var isMaster: Bool { drmIsMaster(fileDescriptor) != 0 }

    /// Reads the card's connectors (with their modes), encoders and CRTCs. Calls
    /// `drmModeGetResources`, `drmModeGetConnector` and `drmModeGetEncoder`; it fails with
    /// ENOTSUP/EINVAL on a card that does not set modes.
    public func resources() throws(SystemCallError) -> DisplayResources {
        guard let resources = drmModeGetResources(fileDescriptor) else { throw .current("drmModeGetResources") }
        defer { drmModeFreeResources(resources) }
        let raw = resources.pointee
        let connectorIDs = Array(UnsafeBufferPointer(start: raw.connectors, count: Int(raw.count_connectors)))
        let encoderIDs = Array(UnsafeBufferPointer(start: raw.encoders, count: Int(raw.count_encoders)))
        let crtcIDs = Array(UnsafeBufferPointer(start: raw.crtcs, count: Int(raw.count_crtcs)))
        var connectors: [DisplayConnector] = []
        for id in connectorIDs {
            guard let connector = drmModeGetConnector(fileDescriptor, id) else { continue }
            defer { drmModeFreeConnector(connector) }
            let value = connector.pointee
            let typeName = drmModeGetConnectorTypeName(value.connector_type).map { String(cString: $0) } ?? "Unknown"
            connectors.append(DisplayConnector(
                id: value.connector_id,
                name: "\(typeName)-\(value.connector_type_id)",
                isConnected: value.connection == DRM_MODE_CONNECTED,
                modes: UnsafeBufferPointer(start: value.modes, count: Int(value.count_modes)).map(DisplayMode.init),
                encoderID: value.encoder_id,
                possibleEncoderIDs: Array(UnsafeBufferPointer(start: value.encoders, count: Int(value.count_encoders)))
            ))
        }
        var encoders: [DisplayResources.Encoder] = []
        for id in encoderIDs {
            guard let encoder = drmModeGetEncoder(fileDescriptor, id) else { continue }
            defer { drmModeFreeEncoder(encoder) }
            encoders.append(.init(id: encoder.pointee.encoder_id, crtcID: encoder.pointee.crtc_id,
                                  possibleCRTCs: encoder.pointee.possible_crtcs))
        }
        return DisplayResources(connectors: connectors, encoders: encoders, crtcIDs: crtcIDs)
    }

    /// What `crtcID` shows now (to put it back later). Calls `drmModeGetCrtc`.
    func crtcState(_ crtcID: UInt32) throws(SystemCallError) -> CRTCState {
        guard let crtc = drmModeGetCrtc(fileDescriptor, crtcID) else { throw .current("drmModeGetCrtc") }
        defer { drmModeFreeCrtc(crtc) }
        let value = crtc.pointee
        return CRTCState(crtcID: crtcID, framebufferID: value.buffer_id, x: value.x, y: value.y,
                         mode: value.mode_valid != 0 ? value.mode : nil)
    }
}

/// What a CRTC showed: its framebuffer, position and mode (nil when it was off).
struct CRTCState {
    var crtcID: UInt32
    var framebufferID: UInt32
    var x: UInt32
    var y: UInt32
    var mode: drmModeModeInfo?

    /// Puts it back on `connectorID`; a CRTC that was off is switched off. Calls only
    /// `drmModeSetCrtc` (an ioctl), so a signal handler may use it.
    func restore(fileDescriptor: Int32, connectorID: UInt32) -> Int32 {
        var connector = connectorID
        guard var mode, framebufferID != 0 else {
            return drmModeSetCrtc(fileDescriptor, crtcID, 0, 0, 0, nil, 0, nil)
        }
        return drmModeSetCrtc(fileDescriptor, crtcID, framebufferID, x, y, &connector, 1, &mode)
    }
}
