import Foundation
import ScannerInput

/// A fresh directory for one test, removed when the value goes away.
final class TemporaryDirectory {
    let url: URL
    var path: String { url.path }

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("bookkiosk-input-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func write(_ text: String, to relativePath: String) throws {
        let file = url.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: false, encoding: .utf8)
    }

    func link(_ relativePath: String, to target: String) throws {
        let file = url.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: target)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}

/// A fake `/dev/input` and `/sys/class/input`: a US scanner (event3, with by-id and udev
/// links), a keyboard (event0) and a power button without letter keys (event12), plus
/// `mice`, which is not an event device.
func makeInputTree() throws -> (root: TemporaryDirectory, paths: InputTreePaths) {
    let root = try TemporaryDirectory()
    let dev = "dev/input", sys = "sys/class/input"
    for node in ["event0", "event3", "event12", "mice"] {
        try root.write("", to: "\(dev)/\(node)")
    }
    try root.link("\(dev)/by-id/usb-Honeywell_Imaging___Mobility_1900-event-kbd", to: "../event3")
    try root.link("\(dev)/by-path/pci-0000:00:14.0-usb-0:2:1.0-event-kbd", to: "../event3")
    try root.link("\(dev)/bookkiosk-scanner-1", to: "event3")
    try root.link("\(dev)/by-id/usb-Logitech_USB_Keyboard-event-kbd", to: "../event0")
    // A full keyboard: keys 1…127 and more (two 64-bit words, most significant first).
    let keyboardKeys = "1000000000007 ff9f207ac14057ff febeffdfffefffff fffffffffffffffe"
    try describe(root, "event0", name: "Logitech USB Keyboard", bus: "0003", vendor: "046d", product: "c31c", keys: keyboardKeys)
    try describe(root, "event3", name: "Honeywell Imaging & Mobility 1900", bus: "0003", vendor: "0c2e", product: "0b61", keys: keyboardKeys)
    try describe(root, "event12", name: "Power Button", bus: "0019", vendor: "0000", product: "0001", keys: "10000000000000 0")
    return (root, InputTreePaths(dev: root.path + "/" + dev, sys: root.path + "/" + sys))
}

/// The fake tree's device and sysfs directories.
struct InputTreePaths {
    var dev: String
    var sys: String

    var inputDirectory: InputDeviceDirectory { InputDeviceDirectory(devicePath: dev, sysfsPath: sys) }
}

private func describe(_ root: TemporaryDirectory, _ node: String, name: String, bus: String, vendor: String, product: String, keys: String) throws {
    let base = "sys/class/input/\(node)/device"
    try root.write(name + "\n", to: "\(base)/name")
    try root.write(bus + "\n", to: "\(base)/id/bustype")
    try root.write(vendor + "\n", to: "\(base)/id/vendor")
    try root.write(product + "\n", to: "\(base)/id/product")
    try root.write(keys + "\n", to: "\(base)/capabilities/key")
}
