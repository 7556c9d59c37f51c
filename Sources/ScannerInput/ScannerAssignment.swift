/// Which device each configured Scanner gets, and what it is called: the pure part of
/// opening and reopening Scanners, testable with plain `InputDeviceInfo` values.
public struct ScannerAssignment: Sendable, Hashable {
    public var configuration: ScannerConfiguration
    public var device: InputDeviceInfo
    /// The name the Scans carry.
    public var name: String

    public init(configuration: ScannerConfiguration, device: InputDeviceInfo, name: String) {
        self.configuration = configuration
        self.device = device
        self.name = name
    }

    /// Matches each configuration against `devices`, in order. A device goes to the first
    /// configuration that matches it; a configuration gets every device it matches (two of
    /// the same model, say), named with its `name` (else the device's name) and, from the
    /// second on, " 2", " 3", …. With no configurations, every device that looks like a
    /// scanner is used with the US layout, found again by its by-id name or vendor:product
    /// when it is plugged back in.
    /// Returns the assignments and the configurations that matched nothing.
    public static func assign(_ configurations: [ScannerConfiguration], to devices: [InputDeviceInfo]) -> (assignments: [ScannerAssignment], unmatched: [ScannerConfiguration]) {
        if configurations.isEmpty {
            let scanners = devices.filter(\.looksLikeScanner)
            return (scanners.map { device in
                ScannerAssignment(configuration: ScannerConfiguration(selector: stableSelector(for: device)), device: device, name: displayName(of: device))
            }, [])
        }
        var assignments: [ScannerAssignment] = []
        var unmatched: [ScannerConfiguration] = []
        var taken: Set<String> = []
        for configuration in configurations {
            let matching = devices.filter { configuration.selector.matches($0) && !taken.contains($0.path) }
            if matching.isEmpty { unmatched.append(configuration) }
            for (index, device) in matching.enumerated() {
                taken.insert(device.path)
                let base = configuration.name ?? displayName(of: device)
                assignments.append(ScannerAssignment(configuration: configuration, device: device, name: index == 0 ? base : "\(base) \(index + 1)"))
            }
        }
        return (assignments, unmatched)
    }

    /// For each lost Scanner, in order, the first device that its configuration matches and
    /// that is neither open nor given to an earlier lost Scanner.
    public static func reopenable(lost: [ScannerAssignment], devices: [InputDeviceInfo], openPaths: Set<String>) -> [(lost: ScannerAssignment, device: InputDeviceInfo)] {
        var taken = openPaths
        var result: [(lost: ScannerAssignment, device: InputDeviceInfo)] = []
        for scanner in lost {
            if let device = devices.first(where: { scanner.configuration.selector.matches($0) && !taken.contains($0.path) }) {
                taken.insert(device.path)
                result.append((scanner, device))
            }
        }
        return result
    }

    /// The selector that finds `device` again after it is unplugged and plugged back in,
    /// when its node number may have changed.
    static func stableSelector(for device: InputDeviceInfo) -> ScannerSelector {
        if let byID = device.byIDNames.first { return .byID(byID) }
        if let vendor = device.vendor, let product = device.product, vendor != 0 { return .vendorProduct(vendor: vendor, product: product) }
        return .path(device.path)
    }

    static func displayName(of device: InputDeviceInfo) -> String {
        device.name.isEmpty ? device.path : device.name
    }
}

/// A Scanner the kiosk has not had since it started (unplugged at boot, a USB hub that
/// enumerates late, a device the kiosk may not open yet), waited for by its configuration and
/// announced by `name` in `scannerLost` and, once it appears, `scannerBack`.
public struct AwaitedScanner: Sendable, Hashable {
    /// What finds it; nil when no Scanner is configured: then any device that looks like a
    /// scanner will do.
    public var configuration: ScannerConfiguration?
    public var name: String

    /// The name of the one Scanner waited for when none is configured and none is found.
    public static let unconfiguredName = "scanner"

    public init(configuration: ScannerConfiguration?, name: String) {
        self.configuration = configuration
        self.name = name
    }

    /// Waited for by `configuration`: named by its `name`, else by what it matches.
    public init(configuration: ScannerConfiguration) {
        self.init(configuration: configuration, name: configuration.name ?? configuration.selector.description)
    }

    /// Whether `device` is the one waited for.
    public func matches(_ device: InputDeviceInfo) -> Bool {
        configuration.map { $0.selector.matches(device) } ?? device.looksLikeScanner
    }

    /// For each awaited Scanner, in order, the first device it matches that is neither open nor
    /// given to an earlier one, as the assignment it is read with: its awaited name (so
    /// `scannerBack` names what `scannerLost` named) and, when none was configured, a
    /// configuration that finds this device again (see `ScannerAssignment.assign`).
    public static func found(_ awaited: [AwaitedScanner], devices: [InputDeviceInfo],
                             openPaths: Set<String>) -> [(awaited: AwaitedScanner, assignment: ScannerAssignment)] {
        var taken = openPaths
        var result: [(awaited: AwaitedScanner, assignment: ScannerAssignment)] = []
        for scanner in awaited {
            guard let device = devices.first(where: { scanner.matches($0) && !taken.contains($0.path) }) else { continue }
            taken.insert(device.path)
            let configuration = scanner.configuration ?? ScannerConfiguration(selector: ScannerAssignment.stableSelector(for: device))
            result.append((scanner, ScannerAssignment(configuration: configuration, device: device, name: scanner.name)))
        }
        return result
    }
}
