/// Why the configured Scanners could not be opened, with what a person can do about it.
import POSIX
/// `description` is the message for the terminal (and the journal).
public struct ScannerOpenError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Problem: Sendable, Equatable {
        /// The input directory does not exist (no input devices on this machine).
        case noInputDirectory(String)
        /// The kiosk may not open the device.
        case permissionDenied(path: String, scanner: String)
        /// No device matches a configured Scanner.
        case noMatch(ScannerConfiguration)
        /// Nothing configured and nothing that looks like a scanner.
        case noScannerFound
        /// Opening or grabbing failed for another reason (e.g. `EBUSY`: another program
        /// grabbed it).
        case deviceFailed(path: String, scanner: String, Errno)
        /// The input directory cannot be read or watched.
        case directoryFailed(String, Errno)
        /// The kiosk may not open the configured staff keyboard.
        case staffKeyboardPermissionDenied(path: String)
        /// Opening or grabbing the configured staff keyboard failed for another reason.
        case staffKeyboardFailed(path: String, Errno)
    }

    public var problem: Problem
    /// The input devices that exist, to list in the message.
    public var available: [InputDeviceInfo]

    public init(problem: Problem, available: [InputDeviceInfo]) {
        self.problem = problem
        self.available = available
    }

    /// The group and udev rule that give the kiosk its scanners (see `udev/`).
    public static let group = "bookkiosk"
    public static let udevRule = "udev/70-bookkiosk.rules"

    public var description: String {
        var lines: [String]
        switch problem {
        case .noInputDirectory(let path):
            return "No input devices: \(path) does not exist on this machine, so no scanner can be opened."
        case .permissionDenied(let path, let scanner):
            lines = [
                "Permission denied opening scanner “\(scanner)” (\(path)).",
                "The kiosk's user must be in the “\(Self.group)” group, and the udev rule \(Self.udevRule) must give that group the scanner:",
                "  sudo cp \(Self.udevRule) /etc/udev/rules.d/ && sudo udevadm control --reload && sudo udevadm trigger",
                "  sudo usermod -aG \(Self.group) $USER   (then log in again)",
            ]
            return lines.joined(separator: "\n")
        case .noMatch(let configuration):
            let named = configuration.name.map { "“\($0)” " } ?? ""
            lines = ["No input device matches scanner \(named)(match: \(configuration.selector))."]
        case .noScannerFound:
            lines = ["No scanner is configured and no input device looks like a scanner. Add \"scanners\" to the config (see `bookkiosk devices`)."]
        case .deviceFailed(let path, let scanner, let error):
            let hint = error == .resourceBusy ? " Another program has grabbed it; stop that program." : ""
            return "Cannot open scanner “\(scanner)” (\(path)): \(error).\(hint)"
        case .directoryFailed(let path, let error):
            return "Cannot read \(path): \(error)."
        case .staffKeyboardPermissionDenied(let path):
            return [
                "Permission denied opening the staff keyboard (\(path)).",
                "The kiosk's user must be in the “\(Self.group)” group and the keyboard given to that group, as a scanner is:",
                "  sudo kiosk/install.sh --scanner VVVV:PPPP   (the keyboard's USB ID, as lsusb shows it)",
                "  sudo usermod -aG \(Self.group) $USER   (then log in again)",
            ].joined(separator: "\n")
        case .staffKeyboardFailed(let path, let error):
            let hint = error == .resourceBusy ? " Another program has grabbed it; stop that program." : ""
            return "Cannot open the staff keyboard (\(path)): \(error).\(hint)"
        }
        if available.isEmpty {
            lines.append("There are no input devices.")
        } else {
            lines.append("Input devices here:")
            lines += available.map { "  " + DeviceListing.summary(of: $0) }
        }
        return lines.joined(separator: "\n")
    }
}
