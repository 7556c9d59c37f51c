import CDRM

/// One mode a display offers (a size and a refresh rate), as the kernel describes it in
/// `drmModeModeInfo`, kept whole so it can be handed back to `drmModeSetCrtc`.
public struct DisplayMode: Sendable, Equatable, CustomStringConvertible {
    var info: drmModeModeInfo

    init(_ info: drmModeModeInfo) {
        self.info = info
    }

    /// A mode for tests: `width`×`height` at `refreshRate` Hz, preferred or not.
    public init(width: Int, height: Int, refreshRate: Int = 60, preferred: Bool = false) {
        var info = drmModeModeInfo()
        info.hdisplay = UInt16(clamping: width)
        info.vdisplay = UInt16(clamping: height)
        info.vrefresh = UInt32(clamping: refreshRate)
        info.type = preferred ? UInt32(DRM_MODE_TYPE_PREFERRED) : 0
        self.info = info
    }

    public var width: Int { Int(info.hdisplay) }
    public var height: Int { Int(info.vdisplay) }
    public var refreshRate: Int { Int(info.vrefresh) }
    /// Whether the display says this is its best mode (`DRM_MODE_TYPE_PREFERRED`).
    public var isPreferred: Bool { info.type & UInt32(DRM_MODE_TYPE_PREFERRED) != 0 }

    /// "1280x800 at 75 Hz".
    public var description: String { "\(width)x\(height) at \(refreshRate) Hz" }

    public static func == (left: DisplayMode, right: DisplayMode) -> Bool {
        withUnsafeBytes(of: left.info) { a in withUnsafeBytes(of: right.info) { b in a.elementsEqual(b) } }
    }
}

/// A socket of the graphics card (HDMI-A-1, DSI-1, Virtual-1) and what is plugged into it.
public struct DisplayConnector: Sendable, Equatable, CustomStringConvertible {
    public var id: UInt32
    /// The kernel's name: type and number, e.g. `HDMI-A-1`.
    public var name: String
    public var isConnected: Bool
    /// The modes the display offers, as the kernel lists them.
    public var modes: [DisplayMode]
    /// The encoder driving it now, 0 when none.
    public var encoderID: UInt32
    /// The encoders that can drive it.
    public var possibleEncoderIDs: [UInt32]

    public init(id: UInt32, name: String, isConnected: Bool, modes: [DisplayMode],
                encoderID: UInt32 = 0, possibleEncoderIDs: [UInt32] = []) {
        self.id = id
        self.name = name
        self.isConnected = isConnected
        self.modes = modes
        self.encoderID = encoderID
        self.possibleEncoderIDs = possibleEncoderIDs
    }

    /// The mode the display prefers, else the first it lists.
    public var preferredMode: DisplayMode? {
        modes.first(where: \.isPreferred) ?? modes.first
    }

    /// "HDMI-A-1 connected" / "HDMI-A-2 disconnected".
    public var description: String { "\(name) \(isConnected ? "connected" : "disconnected")" }
}

/// What a card has: its connectors, encoders and display controllers (CRTCs), read once.
public struct DisplayResources: Sendable, Equatable {
    public struct Encoder: Sendable, Equatable {
        public var id: UInt32
        /// The CRTC it is driven by now, 0 when none.
        public var crtcID: UInt32
        /// Bit `i` set: it can be driven by `crtcIDs[i]`.
        public var possibleCRTCs: UInt32

        public init(id: UInt32, crtcID: UInt32, possibleCRTCs: UInt32) {
            self.id = id
            self.crtcID = crtcID
            self.possibleCRTCs = possibleCRTCs
        }
    }

    public var connectors: [DisplayConnector]
    public var encoders: [Encoder]
    public var crtcIDs: [UInt32]

    public init(connectors: [DisplayConnector], encoders: [Encoder], crtcIDs: [UInt32]) {
        self.connectors = connectors
        self.encoders = encoders
        self.crtcIDs = crtcIDs
    }

    /// The first connector with a display plugged in that offers a mode.
    public var connectedConnector: DisplayConnector? {
        connectors.first { $0.isConnected && !$0.modes.isEmpty }
    }

    /// The CRTC to drive `connector` with: the one driving it now (the console's), else the
    /// first that one of its encoders can use.
    public func crtc(for connector: DisplayConnector) -> UInt32? {
        if let current = encoders.first(where: { $0.id == connector.encoderID }), current.crtcID != 0 {
            return current.crtcID
        }
        for encoderID in connector.possibleEncoderIDs {
            guard let encoder = encoders.first(where: { $0.id == encoderID }) else { continue }
            for (index, crtc) in crtcIDs.enumerated() where index < 32 && encoder.possibleCRTCs & (1 << UInt32(index)) != 0 {
                return crtc
            }
        }
        return nil
    }
}
