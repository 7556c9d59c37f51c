/// The text `bookkiosk devices` prints: every input device with its name, vendor:product,
/// by-id links, whether it has keys, whether it matches the configured Scanners and whether
/// it looks like a scanner.
public enum DeviceListing {
    /// Lists the devices of `directory`. On a machine without an input directory it is one
    /// line saying so (the command still exits 0).
    public static func text(directory: InputDeviceDirectory = .system, configurations: [ScannerConfiguration] = []) -> String {
        guard directory.exists else {
            return "No input devices: \(directory.devicePath) does not exist on this machine."
        }
        do {
            return text(devices: try directory.devices(), configurations: configurations)
        } catch {
            return "Cannot read \(directory.devicePath): \(error)."
        }
    }

    /// The listing of `devices` (the pure part of `text(directory:configurations:)`).
    public static func text(devices: [InputDeviceInfo], configurations: [ScannerConfiguration]) -> String {
        guard !devices.isEmpty else { return "No input devices found." }
        let (assignments, unmatched) = ScannerAssignment.assign(configurations, to: devices)
        var lines: [String] = []
        for device in devices {
            lines.append(summary(of: device))
            for link in device.links where link.contains("/by-id/") {
                lines.append("    by-id: \(link)")
            }
            var facts = [device.hasTypingKeys ? "has keys" : "no keys"]
            if device.looksLikeScanner { facts.append("looks like a scanner") }
            if let assignment = assignments.first(where: { $0.device.path == device.path }) {
                let how = configurations.isEmpty ? "would be used (no scanners configured)" : "matches configured scanner (match: \(assignment.configuration.selector))"
                facts.append("\(how) as “\(assignment.name)”, layout \(assignment.configuration.layout.rawValue)")
            }
            lines.append("    " + facts.joined(separator: "; "))
        }
        for configuration in unmatched {
            lines.append("Configured scanner \(configuration.name.map { "“\($0)” " } ?? "")(match: \(configuration.selector)) matches no device.")
        }
        return lines.joined(separator: "\n")
    }

    /// One line: path, vendor:product and name.
    public static func summary(of device: InputDeviceInfo) -> String {
        let ids = device.vendorProduct ?? "????:????"
        let name = device.name.isEmpty ? "(no name)" : "“\(device.name)”"
        return "\(device.path)  \(ids)  \(name)"
    }
}
