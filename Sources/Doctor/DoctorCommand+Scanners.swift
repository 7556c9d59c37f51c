import ScannerInput

extension DoctorCommand {
    /// Whether the input devices can be seen, each configured Scanner matches a device (with
    /// none configured: some device looks like a scanner), and each can be opened and grabbed.
    func checkScanners(_ configurations: [ScannerConfiguration]) -> [Finding] {
        let area = "scanners"
        let path = inputDirectory.devicePath
        guard inputDirectory.exists else {
            return [.fail(area, "\(path) does not exist, so this computer has no input devices and no scanner can be found — plug in the scanner (a virtual machine or container must be given the input devices); see `bookkiosk devices`")]
        }
        let devices: [InputDeviceInfo]
        do {
            devices = try inputDirectory.devices()
        } catch {
            return [.fail(area, "\(path) cannot be read by user “\(Self.userName)” (\(error)) — run doctor as the kiosk's user, a member of the “\(ScannerOpenError.group)” group")]
        }
        let (assignments, unmatched) = ScannerAssignment.assign(configurations, to: devices)
        var findings = unmatched.map { configuration in
            let named = configuration.name.map { "“\($0)” " } ?? ""
            return Finding.fail(area, "no input device matches scanner \(named)(match: \(configuration.selector)) — plug it in, or correct its \"match\"; `bookkiosk devices` lists the devices here")
        }
        if configurations.isEmpty && assignments.isEmpty {
            let count = devices.count == 1 ? "the 1 input device" : "the \(devices.count) input devices"
            findings.append(.fail(area, "no scanner is configured and none of \(count) looks like one — plug in the scanner; if it is plugged in, name it in \"scanners\" (`bookkiosk devices` lists the devices)"))
        }
        for assignment in assignments {
            findings.append(tryGrabbing(assignment, configured: !configurations.isEmpty))
        }
        return findings
    }

    /// Opens and grabs the Scanner's device, releasing it at once (`EvdevDevice`'s `deinit`).
    private func tryGrabbing(_ assignment: ScannerAssignment, configured: Bool) -> Finding {
        let area = "scanners"
        let scanner = "“\(assignment.name)” (\(assignment.device.path))"
        do {
            _ = try EvdevDevice(path: assignment.device.path, grab: true)
            let how = configured ? "" : " (not configured; used because it looks like a scanner)"
            return .ok(area, "\(scanner) opens and can be grabbed\(how)")
        } catch {
            switch error {
            case .permissionDenied, .operationNotPermitted:
                return .fail(area, "user “\(Self.userName)” may not open \(scanner) — install the udev rule \(ScannerOpenError.udevRule) and put the kiosk's user in the “\(ScannerOpenError.group)” group (kiosk/install.sh does both), then plug the scanner in again")
            case .resourceBusy:
                return .warn(area, "\(scanner) is grabbed by another program — if that is the kiosk itself (`systemctl status bookkiosk`), all is well; otherwise stop that program")
            default:
                return .fail(area, "\(scanner) cannot be opened as an input device (\(error)) — unplug it and plug it in again; `bookkiosk devices` lists the devices")
            }
        }
    }
}
