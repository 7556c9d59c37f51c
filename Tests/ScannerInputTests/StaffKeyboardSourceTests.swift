import CEvdev
import Foundation
import Testing
import TextInput
@testable import ScannerInput
import POSIX

@Suite("The staff keyboard among the input devices")
struct StaffKeyboardSourceTests {
    @Test("the keyboard's match takes every device it matches; the rest are left for the Scanners")
    func claims() throws {
        let mediaKeys = InputDeviceInfo(path: "/dev/input/event1", name: "Logitech USB Keyboard Consumer Control", vendor: 0x046d, product: 0xc31c)
        let staff = try StaffKeyboardConfiguration(match: "046d:c31c", layout: "jp")
        #expect(staff.layout == .jp)
        let (taken, others) = staff.claim([keyboard, mediaKeys, scanner, cheapScanner])
        #expect(taken.map(\.path) == ["/dev/input/event0", "/dev/input/event1"])
        #expect(others.map(\.path) == ["/dev/input/event3", "/dev/input/event5"])
    }

    @Test("a scanner-like device taken as the keyboard is not also a Scanner")
    func notAlsoAScanner() {
        let staff = StaffKeyboardConfiguration(selector: .vendorProduct(vendor: 0x0c2e, product: 0x0b61))
        let (_, others) = staff.claim([keyboard, scanner, cheapScanner])
        #expect(ScannerAssignment.assign([], to: others).assignments.map(\.device.path) == ["/dev/input/event5"])
    }

    @Test("the keyboard's config errors name match and layout")
    func configurationErrors() {
        #expect(throws: ScannerConfigurationError.emptyMatch) { try StaffKeyboardConfiguration(match: " ") }
        #expect(throws: ScannerConfigurationError.badLayout("dvorak")) { try StaffKeyboardConfiguration(match: "x", layout: "dvorak") }
        #expect(ScannerConfigurationError.badLayout("dvorak").key == "layout")
        #expect(ScannerConfigurationError.badVendorProduct("0c2e:zz").key == "match")
        #expect(ScannerConfigurationError.badLayout("dvorak").description == "scanners[].layout “dvorak” is not a layout: use \"us\" or \"jp\"")
    }

    @Test("the keyboard is opened when the kiosk starts: a node that cannot be opened is a log line with the errno named, not a stop")
    func opensTheKeyboard() throws {
        let (root, paths) = try makeInputTree()
        let staff = try StaffKeyboardConfiguration(match: "by-id:usb-Logitech_USB_Keyboard-event-kbd")
        let log = LogLines()
        let source = try EvdevScanSource.open(configurations: [try ScannerConfiguration(match: "0c2e:0b61", name: "入口")], keyboard: staff,
                                              directory: paths.inputDirectory, log: log.append)
        #expect(log.lines.first?.hasPrefix("Cannot open the staff keyboard (\(paths.dev)/event0): Inappropriate ioctl") == true)
        #expect(source.openStaffKeyboardPaths.isEmpty)
        // The Scanner is a plain file here too: it is waited for, not a reason to stop.
        #expect(try source.next(timeout: .zero) == .scannerLost("入口"))
        withExtendedLifetime(root) {}
    }

    @Test("a Scanner configured on the keyboard's device finds no device: it is waited for")
    func scannerOnTheKeyboardsDevice() throws {
        let (root, paths) = try makeInputTree()
        let configuration = try ScannerConfiguration(match: "0c2e:0b61", name: "入口")
        let log = LogLines()
        let configured = try EvdevScanSource.open(configurations: [configuration], keyboard: try StaffKeyboardConfiguration(match: "Honeywell"),
                                                  directory: paths.inputDirectory, log: log.append)
        #expect(try configured.next(timeout: .zero) == .scannerLost("入口"))
        #expect(log.lines.contains { $0.hasPrefix("No input device matches scanner “入口” (match: 0c2e:0b61).") })
        let unconfigured = try EvdevScanSource.open(configurations: [], keyboard: try StaffKeyboardConfiguration(match: "Honeywell"),
                                                    directory: paths.inputDirectory, log: log.append)
        #expect(try unconfigured.next(timeout: .zero) == .scannerLost("scanner"))
        #expect(log.lines.contains { $0.hasPrefix("No scanner is configured and no input device looks like a scanner.") })
        withExtendedLifetime(root) {}
    }

    @Test("permission denied on the keyboard says how to give it to the kiosk")
    func permission() {
        let error = EvdevScanSource.staffKeyboardOpenError(.permissionDenied, path: "/dev/input/event0", available: [])
        #expect(error.problem == .staffKeyboardPermissionDenied(path: "/dev/input/event0"))
        #expect(error.description.hasPrefix("Permission denied opening the staff keyboard (/dev/input/event0)."))
        #expect(error.description.contains("kiosk/install.sh --scanner VVVV:PPPP"))
        #expect(EvdevScanSource.staffKeyboardOpenError(.resourceBusy, path: "/dev/input/event0", available: []).description
            .contains("Another program has grabbed it"))
    }

    @Test("a keyboard plugged in later is opened when its node appears; other nodes are left alone")
    func pluggedInLater() throws {
        let root = try TemporaryDirectory()
        let directory = InputDeviceDirectory(devicePath: root.path, sysfsPath: root.path + "/sys")
        let log = LogLines()
        let staff = StaffKeyboardConfiguration(selector: .path(root.path + "/event4"))
        let source = EvdevScanSource(opened: [], staffKeyboard: staff, directory: directory,
                                     watcher: try InputDirectoryWatcher(directory: root.path), log: log.append)
        try root.write("", to: "event2")
        #expect(try source.next(timeout: .zero) == .timedOut)
        #expect(log.lines.isEmpty)
        // A plain file is no evdev device, so opening it fails, and says so: the attempt is
        // what is shown here (a real keyboard is opened in the VM harness).
        try root.write("", to: "event4")
        #expect(try source.next(timeout: .zero) == .timedOut)
        #expect(log.lines == ["staff keyboard: found \(root.path)/event4 but cannot open it yet: Inappropriate ioctl for device"])
        #expect(source.openStaffKeyboardPaths.isEmpty)

        let withoutKeyboard = EvdevScanSource(opened: [], directory: directory,
                                              watcher: try InputDirectoryWatcher(directory: root.path), log: log.append)
        #expect(chmod(root.path + "/event4", 0o640) == 0)
        #expect(try withoutKeyboard.next(timeout: .zero) == .timedOut)
        #expect(log.lines.count == 1)
    }
}

@Suite("A real staff keyboard (uinput)")
struct UinputStaffKeyboardTests {
    static let hasDevices = FileManager.default.fileExists(atPath: "/dev/uinput") && FileManager.default.fileExists(atPath: "/dev/input")

    @Test("a virtual keyboard is grabbed beside a scanner, its keys come as keys, and it comes back after an unplug",
          .enabled(if: hasDevices, "needs /dev/uinput and /dev/input (absent here; runs in the VM harness or on a kiosk)"))
    func virtualKeyboard() throws {
        let pid = getpid()
        let scannerName = "BookKiosk uinput desk scanner \(pid)"
        let keyboardName = "BookKiosk uinput staff keyboard \(pid)"
        let scanner = try UinputScanner(name: scannerName)
        var keyboard: UinputScanner? = try UinputScanner(name: keyboardName)
        let log = LogLines()
        let source = try EvdevScanSource.open(
            configurations: [ScannerConfiguration(selector: .namePattern(scannerName), name: "desk")],
            keyboard: StaffKeyboardConfiguration(selector: .namePattern(keyboardName), layout: .us), log: log.append)
        #expect(source.openScannerNames == ["desk"])
        #expect(source.openStaffKeyboardPaths == [keyboard!.devnode])
        #expect(throws: Errno.resourceBusy) { try EvdevDevice(path: keyboard!.devnode) }

        keyboard!.perform([.tap(KEY_F12), .type("12"), .tap(KEY_ENTER)])
        var keys: [KeyPress] = []
        while keys.count < 4, case .key(let key) = try source.next(timeout: .seconds(5)) { keys.append(key) }
        #expect(keys == [.function(12), .character("1"), .character("2"), .enter])
        scanner.perform([.type("C0001"), .tap(KEY_ENTER)])
        #expect(try source.next(timeout: .seconds(5)) == .scan(Scan(barcode: "C0001", scanner: "desk")))

        keyboard = nil
        #expect(try source.next(timeout: .milliseconds(500)) == .timedOut, "a lost keyboard is no lost Scanner")
        #expect(source.openStaffKeyboardPaths.isEmpty)
        #expect(log.lines.contains { $0.hasPrefix("staff keyboard: lost (") })

        keyboard = try UinputScanner(name: keyboardName)
        // udev may still be changing the new node; a first attempt can be refused.
        for _ in 0..<10 where source.openStaffKeyboardPaths.isEmpty {
            #expect(try source.next(timeout: .milliseconds(500)) == .timedOut)
        }
        #expect(source.openStaffKeyboardPaths == [keyboard!.devnode])
        keyboard!.perform([.tap(KEY_ESC)])
        #expect(try source.next(timeout: .seconds(5)) == .key(.escape))
    }
}
