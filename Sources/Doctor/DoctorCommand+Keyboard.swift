import ScannerInput
import POSIX

extension DoctorCommand {
    /// How many devices "came close" a doctor line lists at most.
    static let closeDevicesShown = 5

    /// The staff keyboard: whether one is configured; if so, whether a device matches (else
    /// the devices that came close: those that can type), whether it opens and can be grabbed,
    /// and its layout. A missing keyboard is a warning, not a failure: the kiosk lends without
    /// it and opens it when it is plugged in.
    func checkStaffKeyboard(_ keyboard: StaffKeyboardConfiguration?) -> [Finding] {
        let area = "keyboard"
        guard let keyboard else {
            return [.ok(area, "none configured: staff keys come from the terminal `bookkiosk run` runs on (set \"keyboard\" to use a USB keyboard)")]
        }
        let configured = "the staff keyboard (match: \(keyboard.selector), layout: \(keyboard.layout.rawValue))"
        let path = inputDirectory.devicePath
        guard inputDirectory.exists else {
            return [.warn(area, "\(configured) is not plugged in: \(path) does not exist — plug it in; the kiosk opens it when it appears, and lends without it meanwhile")]
        }
        let devices: [InputDeviceInfo]
        do {
            devices = try inputDirectory.devices()
        } catch {
            return [.fail(area, "\(path) cannot be read by user “\(Self.userName)” (\(error)) — run doctor as the kiosk's user, a member of the “\(ScannerOpenError.group)” group")]
        }
        let (matching, others) = keyboard.claim(devices)
        guard !matching.isEmpty else {
            let close = others.filter(\.hasTypingKeys)
            let listed = close.prefix(Self.closeDevicesShown).map { DeviceListing.summary(of: $0) }.joined(separator: "; ")
            let more = close.count > Self.closeDevicesShown ? "; and \(close.count - Self.closeDevicesShown) more" : ""
            let nearby = close.isEmpty ? "no device here can type" : "devices here that can type: \(listed)\(more)"
            return [.warn(area, "no input device matches \(configured) — plug it in (the kiosk opens it when it appears), or correct its \"match\"; \(nearby)")]
        }
        return matching.map { device -> Finding in
            let named = "“\(device.name.isEmpty ? device.path : device.name)” (\(device.path))"
            do throws(Errno) {
                _ = try EvdevDevice(path: device.path, grab: true)
                return .ok(area, "\(named) is \(configured); it opens and can be grabbed")
            } catch {
                switch error {
                case .permissionDenied, .operationNotPermitted:
                    return .fail(area, "user “\(Self.userName)” may not open \(named), \(configured) — give it to the kiosk as a scanner is: `sudo kiosk/install.sh --scanner VVVV:PPPP` with its USB ID, and put the kiosk's user in the “\(ScannerOpenError.group)” group")
                case .resourceBusy:
                    return .warn(area, "\(named), \(configured), is grabbed by another program — if that is the kiosk itself (`systemctl status bookkiosk`), all is well; otherwise stop that program")
                default:
                    return .fail(area, "\(named), \(configured), cannot be opened as an input device (\(error)) — unplug it and plug it in again; `bookkiosk devices` lists the devices")
                }
            }
        }
    }
}
