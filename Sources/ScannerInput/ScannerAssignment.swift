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
