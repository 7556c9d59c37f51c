/// Where input devices live: the device nodes (`/dev/input`) and their sysfs descriptions
import POSIX
/// (`/sys/class/input`). Tests point both at temporary directories.
public struct InputDeviceDirectory: Sendable, Hashable {
    public var devicePath: String
    public var sysfsPath: String

    public static let system = InputDeviceDirectory(devicePath: "/dev/input", sysfsPath: "/sys/class/input")

    public init(devicePath: String, sysfsPath: String) {
        self.devicePath = devicePath
        self.sysfsPath = sysfsPath
    }

    /// Whether the device directory exists (it does not in many containers and VMs).
    public var exists: Bool {
        POSIXFile.exists(devicePath)
    }

    /// Every `eventN` device, in number order, with what sysfs says about it. A device
    /// without a sysfs entry is listed by its path with an empty name.
    /// Throws when the device directory cannot be read.
    public func devices() throws(Errno) -> [InputDeviceInfo] {
        let entries = try POSIXFile.directoryEntries(devicePath)
        let nodes = entries.filter { $0.hasPrefix("event") && Int($0.dropFirst("event".count)) != nil }
            .sorted { Int($0.dropFirst(5))! < Int($1.dropFirst(5))! }
        let links = linkTargets(entries: entries)
        return nodes.map { node in
            let path = "\(devicePath)/\(node)"
            let canonical = POSIXFile.resolvedPath(path) ?? path
            return describe(node: node, path: path, links: links[canonical] ?? [])
        }
    }

    private func describe(node: String, path: String, links: [String]) -> InputDeviceInfo {
        let device = "\(sysfsPath)/\(node)/device"
        func read(_ file: String) -> String? {
            guard let text = try? POSIXFile.readText("\(device)/\(file)") else { return nil }
            return String(Substring(text).trimmingSpaces().split(separator: "\n").first ?? "")
        }
        func hex(_ file: String) -> UInt16? {
            read(file).flatMap { UInt16($0, radix: 16) }
        }
        return InputDeviceInfo(
            path: path,
            name: read("name") ?? "",
            busType: hex("id/bustype"),
            vendor: hex("id/vendor"),
            product: hex("id/product"),
            links: links.sorted(),
            keys: read("capabilities/key").flatMap { InputDeviceInfo.parseCapabilityBitmap($0) } ?? []
        )
    }

    /// Symbolic links in the device directory and its `by-id` and `by-path` folders, by
    /// the canonical path they resolve to.
    private func linkTargets(entries: [String]) -> [String: [String]] {
        var candidates = entries.map { "\(devicePath)/\($0)" }
        for folder in ["by-id", "by-path"] {
            let folderPath = "\(devicePath)/\(folder)"
            if let names = try? POSIXFile.directoryEntries(folderPath) {
                candidates += names.map { "\(folderPath)/\($0)" }
            }
        }
        var targets: [String: [String]] = [:]
        for candidate in candidates where POSIXFile.isSymbolicLink(candidate) {
            if let target = POSIXFile.resolvedPath(candidate) {
                targets[target, default: []].append(candidate)
            }
        }
        return targets
    }
}
