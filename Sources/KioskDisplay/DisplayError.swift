#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import POSIX

/// Why the kiosk has no picture on its display, said so that a person can act on it.
public struct DisplayError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Problem: Sendable, Equatable {
        /// `/dev/dri` does not exist: no graphics driver with kernel mode setting is loaded.
        case noDeviceDirectory(String)
        /// The configured device does not exist; `others` are the cards that do.
        case noDevice(path: String, others: [String])
        /// The kiosk's user may not open the device.
        case permissionDenied(path: String, user: String)
        /// The device is not one that sets display modes (a render-only node, say).
        case notModeSetting(path: String, SystemCallError)
        /// No display is plugged in (or switched on); each connector with its state.
        case noConnectedConnector(path: String, connectors: [String])
        /// A display is connected but no display controller (CRTC) can drive it.
        case noController(path: String, connector: String)
        /// Another program holds the display (a desktop, another kiosk).
        case noMaster(path: String, SystemCallError)
        /// Any other failure of a call.
        case failed(path: String, SystemCallError)
    }

    public var problem: Problem

    public init(_ problem: Problem) {
        self.problem = problem
    }

    /// The group whose members may open the display cards (`/dev/dri/card*`) on Debian.
    public static let group = "video"
    /// The kiosk's systemd unit.
    public static let unit = "bookkiosk.service"

    /// Maps a failed `open` of `path` (its `errno` in `code`).
    static func opening(_ path: String, error: Errno) -> DisplayError {
        switch error.rawValue {
        case ENOENT, ENOTDIR:
            let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
            var isFolder = stat()
            guard !folder.isEmpty, stat(folder, &isFolder) == 0 else { return DisplayError(.noDeviceDirectory(folder.isEmpty ? path : folder)) }
            return DisplayError(.noDevice(path: path, others: DRMDevice.cards(in: folder)))
        case EACCES, EPERM:
            return DisplayError(.permissionDenied(path: path, user: DisplayError.userName))
        default:
            return DisplayError(.failed(path: path, SystemCallError(call: "open", error: error)))
        }
    }

    /// The name of the user running the kiosk (`getpwuid(geteuid())`), else the number.
    static var userName: String {
        let uid = geteuid()
        guard let entry = getpwuid(uid), let name = entry.pointee.pw_name else { return String(uid) }
        return String(cString: name)
    }

    public var description: String {
        switch problem {
        case .noDeviceDirectory(let folder):
            return "\(folder) does not exist: no graphics driver with kernel mode setting is loaded, so the kiosk has no screen — connect a display to the computer and check its graphics driver is loaded (`ls /dev/dri`); a virtual machine needs a display device (qemu: -vga std)"
        case .noDevice(let path, let others):
            let hint = others.isEmpty
                ? "no graphics card is there at all — check the graphics driver (`ls /dev/dri`)"
                : "the cards here are \(others.joined(separator: ", ")): set \"screen\": {\"device\": \"\(others[0])\"} in the configuration"
            return "\(path) does not exist — \(hint)"
        case .permissionDenied(let path, let user):
            return "user “\(user)” may not open \(path) — the kiosk's user needs the “\(Self.group)” group (`sudo usermod -aG \(Self.group) \(user)`); the service \(Self.unit) gets it with SupplementaryGroups=\(Self.group) and DeviceAllow=char-drm rw (kiosk/install.sh installs that unit)"
        case .notModeSetting(let path, let error):
            return "\(path) cannot set display modes (\(error)) — it is not a display card; set \"screen\": {\"device\": …} to the card the monitor is plugged into (`ls /dev/dri`)"
        case .noConnectedConnector(let path, let connectors):
            let list = connectors.isEmpty ? "it has no connectors" : "its connectors: \(connectors.joined(separator: ", "))"
            return "no display is connected to \(path) (\(list)) — plug in the monitor and switch it on, then restart the kiosk (`sudo systemctl restart bookkiosk`)"
        case .noController(let path, let connector):
            return "\(path) has no display controller free for \(connector) — use another socket of the graphics card, or another card with \"screen\": {\"device\": …}"
        case .noMaster(let path, let error):
            return "another program is showing its picture on \(path), so the kiosk cannot take the display (\(error)) — stop the desktop or the other kiosk (`systemctl status display-manager`), or set \"screen\": {\"output\": \"none\"}"
        case .failed(let path, let error):
            return "the display \(path) failed: \(error)"
        }
    }
}
