import ScannerInput

extension DoctorCommand {
    /// Whether the input devices can be seen, each configured Scanner matches a device (with
    /// none configured: some device looks like a scanner), and each can be opened and grabbed.
    func checkScanners(_ configurations: [ScannerConfiguration]) -> [Finding] {
        let area = Area.scanners
        let path = inputDirectory.devicePath
        guard inputDirectory.exists else {
            return [.fail(area, say.noInputDevices(path))]
        }
        let devices: [InputDeviceInfo]
        do {
            devices = try inputDirectory.devices()
        } catch {
            return [.fail(area, say.inputUnreadable(path, user: Self.userName, "\(error)", group: ScannerOpenError.group))]
        }
        let (assignments, unmatched) = ScannerAssignment.assign(configurations, to: devices)
        var findings = unmatched.map { configuration in
            Finding.fail(area, say.noDeviceForScanner(configuration.name, selector: "\(configuration.selector)"))
        }
        if configurations.isEmpty && assignments.isEmpty {
            findings.append(.fail(area, say.noScannerConfigured(devices: devices.count)))
        }
        for assignment in assignments {
            findings.append(tryGrabbing(assignment, configured: !configurations.isEmpty))
        }
        return findings
    }

    /// Opens and grabs the Scanner's device, releasing it at once (`EvdevDevice`'s `deinit`).
    private func tryGrabbing(_ assignment: ScannerAssignment, configured: Bool) -> Finding {
        let area = Area.scanners
        let scanner = "“\(assignment.name)” (\(assignment.device.path))"
        do {
            _ = try EvdevDevice(path: assignment.device.path, grab: true)
            return .ok(area, say.scannerOpens(scanner, configured: configured))
        } catch {
            switch error {
            case .permissionDenied, .operationNotPermitted:
                return .fail(area, say.mayNotOpen(scanner, user: Self.userName, rule: ScannerOpenError.udevRule, group: ScannerOpenError.group))
            case .resourceBusy:
                return .warn(area, say.grabbedElsewhere(scanner))
            default:
                return .fail(area, say.cannotOpen(scanner, "\(error)"))
            }
        }
    }
}
