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
        let area = Area.keyboard
        guard let keyboard else {
            return [.ok(area, say.noKeyboardConfigured)]
        }
        let configured = say.staffKeyboard(selector: "\(keyboard.selector)", layout: keyboard.layout.rawValue)
        let path = inputDirectory.devicePath
        guard inputDirectory.exists else {
            return [.warn(area, say.keyboardNotPluggedIn(configured, path: path))]
        }
        let devices: [InputDeviceInfo]
        do {
            devices = try inputDirectory.devices()
        } catch {
            return [.fail(area, say.inputUnreadable(path, user: Self.userName, "\(error)", group: ScannerOpenError.group))]
        }
        let (matching, others) = keyboard.claim(devices)
        guard !matching.isEmpty else {
            let close = others.filter(\.hasTypingKeys)
            let listed = close.prefix(Self.closeDevicesShown).map { DeviceListing.summary(of: $0) }
            return [.warn(area, say.noDeviceForKeyboard(configured, nearby: listed, more: max(0, close.count - Self.closeDevicesShown)))]
        }
        return matching.map { device -> Finding in
            let named = "“\(device.name.isEmpty ? device.path : device.name)” (\(device.path))"
            do throws(Errno) {
                _ = try EvdevDevice(path: device.path, grab: true)
                return .ok(area, say.keyboardOpens(named, keyboard: configured))
            } catch {
                switch error {
                case .permissionDenied, .operationNotPermitted:
                    return .fail(area, say.keyboardMayNotOpen(named, keyboard: configured, user: Self.userName, group: ScannerOpenError.group))
                case .resourceBusy:
                    return .warn(area, say.grabbedElsewhere("\(named), \(configured),"))
                default:
                    return .fail(area, say.cannotOpen("\(named), \(configured),", "\(error)"))
                }
            }
        }
    }
}
