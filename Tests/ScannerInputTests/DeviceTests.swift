import CEvdev
import Foundation
import Testing
@testable import ScannerInput
import POSIX

let scanner = InputDeviceInfo(
    path: "/dev/input/event3", name: "Honeywell Imaging & Mobility 1900", busType: 3, vendor: 0x0c2e, product: 0x0b61,
    links: ["/dev/input/bookkiosk-scanner-1", "/dev/input/by-id/usb-Honeywell_Imaging___Mobility_1900-event-kbd"],
    keys: InputDeviceInfo.letterKeys.union(InputDeviceInfo.digitKeys))
let keyboard = InputDeviceInfo(
    path: "/dev/input/event0", name: "Logitech USB Keyboard", busType: 3, vendor: 0x046d, product: 0xc31c,
    links: ["/dev/input/by-id/usb-Logitech_USB_Keyboard-event-kbd"], keys: InputDeviceInfo.letterKeys)
let cheapScanner = InputDeviceInfo(
    path: "/dev/input/event5", name: "USB Barcode Reader Keyboard", busType: 3, vendor: 0x1a86, product: 0xe026,
    keys: InputDeviceInfo.digitKeys)
let powerButton = InputDeviceInfo(path: "/dev/input/event12", name: "Power Button", busType: 0x19, vendor: 0, product: 1, keys: [UInt16(KEY_POWER)])

@Suite("ScannerSelector")
struct ScannerSelectorTests {
    @Test("parses each form of match", arguments: [
        ("/dev/input/event3", ScannerSelector.path("/dev/input/event3")),
        ("/dev/input/bookkiosk-scanner-1", .path("/dev/input/bookkiosk-scanner-1")),
        ("/dev/input/by-id/usb-X-event-kbd", .byID("usb-X-event-kbd")),
        ("by-id:usb-X-event-kbd", .byID("usb-X-event-kbd")),
        ("0c2e:0b61", .vendorProduct(vendor: 0x0c2e, product: 0x0b61)),
        ("0C2E:B61", .vendorProduct(vendor: 0x0c2e, product: 0x0b61)),
        ("name:*Honeywell*", .namePattern("*Honeywell*")),
        ("  Honeywell  ", .namePattern("Honeywell")),
        ("Barcode Reader", .namePattern("Barcode Reader")),
        ("name:a:b", .namePattern("a:b")),
    ])
    func parses(text: String, expected: ScannerSelector) throws {
        #expect(try ScannerSelector(parsing: text) == expected)
    }

    @Test("describes itself in the form it parses", arguments: [
        ScannerSelector.path("/dev/input/event3"), .byID("usb-X"), .vendorProduct(vendor: 0x0c2e, product: 0x0b61), .namePattern("Honey*"),
    ])
    func roundTrip(selector: ScannerSelector) throws {
        #expect(try ScannerSelector(parsing: selector.description) == selector)
    }

    @Test("rejects what it cannot use, with the key named", arguments: [
        ("", ScannerConfigurationError.emptyMatch), ("   ", .emptyMatch), ("by-id:", .emptyValue("by-id:")),
        ("name:", .emptyValue("name:")), ("/dev/input/by-id/", .emptyValue("/dev/input/by-id/")),
        ("0c2e:0bzz", .badVendorProduct("0c2e:0bzz")), ("xyz:12", .badVendorProduct("xyz:12")),
    ])
    func rejects(text: String, expected: ScannerConfigurationError) {
        #expect(throws: expected) { try ScannerSelector(parsing: text) }
        #expect(expected.description.hasPrefix("scanners[].match"))
    }

    @Test("matches devices", arguments: [
        (ScannerSelector.path("/dev/input/event3"), ["/dev/input/event3"]),
        (.path("/dev/input/bookkiosk-scanner-1"), ["/dev/input/event3"]),
        (.byID("usb-Logitech_USB_Keyboard-event-kbd"), ["/dev/input/event0"]),
        (.vendorProduct(vendor: 0x0c2e, product: 0x0b61), ["/dev/input/event3"]),
        (.namePattern("honeywell"), ["/dev/input/event3"]),
        (.namePattern("*keyboard"), ["/dev/input/event5", "/dev/input/event0"]),
        (.namePattern("USB*"), ["/dev/input/event5"]),
        (.namePattern("u?b barcode*"), ["/dev/input/event5"]),
        (.namePattern("button"), ["/dev/input/event12"]),
        (.namePattern("zebra"), []),
    ])
    func matches(selector: ScannerSelector, expected: [String]) {
        let devices = [scanner, cheapScanner, keyboard, powerButton]
        #expect(devices.filter(selector.matches).map(\.path) == expected)
    }

    @Test("a configuration parses its three keys")
    func configuration() throws {
        let configuration = try ScannerConfiguration(match: "0c2e:0b61", layout: "jp", name: "入口")
        #expect(configuration == ScannerConfiguration(selector: .vendorProduct(vendor: 0x0c2e, product: 0x0b61), layout: .jp, name: "入口"))
        #expect(try ScannerConfiguration(match: "/dev/input/event3").layout == .us)
        #expect(throws: ScannerConfigurationError.badLayout("qwertz")) { try ScannerConfiguration(match: "x", layout: "qwertz") }
        #expect(throws: ScannerConfigurationError.emptyName) { try ScannerConfiguration(match: "x", name: " ") }
    }
}

@Suite("InputDeviceInfo")
struct InputDeviceInfoTests {
    @Test("parses sysfs capability bitmaps, most significant word first")
    func bitmap() throws {
        let keys = try #require(InputDeviceInfo.parseCapabilityBitmap("10000000000000 0"))
        #expect(keys == [UInt16(KEY_POWER)])
        let keyboard = try #require(InputDeviceInfo.parseCapabilityBitmap("1 fffffffffffffffe"))
        #expect(keyboard.contains(UInt16(KEY_ESC)) && keyboard.contains(UInt16(KEY_A)) && keyboard.contains(63) && keyboard.contains(64))
        #expect(!keyboard.contains(0) && !keyboard.contains(65))
        #expect(try #require(InputDeviceInfo.parseCapabilityBitmap("1 0", wordBits: 32)) == [32])
        #expect(InputDeviceInfo.parseCapabilityBitmap("12 zz") == nil)
        #expect(InputDeviceInfo.parseCapabilityBitmap("0") == [])
    }

    @Test("has keys, looks like a scanner", arguments: [
        (scanner, true, true), (cheapScanner, true, true), (keyboard, true, false), (powerButton, false, false),
    ])
    func facts(device: InputDeviceInfo, hasKeys: Bool, scannerLike: Bool) {
        #expect(device.hasTypingKeys == hasKeys)
        #expect(device.looksLikeScanner == scannerLike)
    }

    @Test("by-id names and vendor:product")
    func names() {
        #expect(scanner.byIDNames == ["usb-Honeywell_Imaging___Mobility_1900-event-kbd"])
        #expect(scanner.vendorProduct == "0c2e:0b61")
        #expect(InputDeviceInfo(path: "/x", name: "").vendorProduct == nil)
    }
}

@Suite("Input device directory")
struct InputDeviceDirectoryTests {
    @Test("lists event devices in number order with sysfs facts and links")
    func lists() throws {
        let (root, paths) = try makeInputTree()
        let devices = try paths.inputDirectory.devices()
        #expect(devices.map(\.path) == ["event0", "event3", "event12"].map { "\(paths.dev)/\($0)" })
        let event3 = devices[1]
        #expect(event3.name == "Honeywell Imaging & Mobility 1900")
        #expect(event3.vendorProduct == "0c2e:0b61")
        #expect(event3.busType == 3)
        #expect(event3.links == [
            "\(paths.dev)/bookkiosk-scanner-1",
            "\(paths.dev)/by-id/usb-Honeywell_Imaging___Mobility_1900-event-kbd",
            "\(paths.dev)/by-path/pci-0000:00:14.0-usb-0:2:1.0-event-kbd",
        ])
        #expect(event3.hasTypingKeys && event3.looksLikeScanner)
        #expect(devices[0].byIDNames == ["usb-Logitech_USB_Keyboard-event-kbd"])
        #expect(!devices[0].looksLikeScanner)
        #expect(!devices[2].hasTypingKeys)
        withExtendedLifetime(root) {}
    }

    @Test("a device without a sysfs entry is listed by path")
    func withoutSysfs() throws {
        let root = try TemporaryDirectory()
        try root.write("", to: "dev/event7")
        let devices = try InputDeviceDirectory(devicePath: root.path + "/dev", sysfsPath: root.path + "/nosys").devices()
        #expect(devices == [InputDeviceInfo(path: root.path + "/dev/event7", name: "")])
    }

    @Test("bookkiosk devices: one line when there is no input directory")
    func noDirectory() {
        let directory = InputDeviceDirectory(devicePath: "/nonexistent/input", sysfsPath: "/nonexistent/sys")
        #expect(DeviceListing.text(directory: directory) == "No input devices: /nonexistent/input does not exist on this machine.")
    }

    @Test("bookkiosk devices lists every device and what matches the configuration")
    func listing() throws {
        let (root, paths) = try makeInputTree()
        let configurations = [
            try ScannerConfiguration(match: "by-id:usb-Honeywell_Imaging___Mobility_1900-event-kbd", layout: "jp", name: "入口"),
            try ScannerConfiguration(match: "zebra"),
        ]
        let text = DeviceListing.text(directory: paths.inputDirectory, configurations: configurations)
        let d = paths.dev
        #expect(text == """
        \(d)/event0  046d:c31c  “Logitech USB Keyboard”
            by-id: \(d)/by-id/usb-Logitech_USB_Keyboard-event-kbd
            has keys
        \(d)/event3  0c2e:0b61  “Honeywell Imaging & Mobility 1900”
            by-id: \(d)/by-id/usb-Honeywell_Imaging___Mobility_1900-event-kbd
            has keys; looks like a scanner; matches configured scanner (match: by-id:usb-Honeywell_Imaging___Mobility_1900-event-kbd) as “入口”, layout jp
        \(d)/event12  0000:0001  “Power Button”
            no keys
        Configured scanner (match: name:zebra) matches no device.
        """)
        let unconfigured = DeviceListing.text(directory: paths.inputDirectory)
        #expect(unconfigured.contains("looks like a scanner; would be used (no scanners configured) as “Honeywell Imaging & Mobility 1900”, layout us"))
        withExtendedLifetime(root) {}
    }
}

@Suite("Scanner assignment")
struct ScannerAssignmentTests {
    @Test("each configuration gets the devices it matches, named, first come first served")
    func assigns() throws {
        let twin = InputDeviceInfo(path: "/dev/input/event9", name: scanner.name, vendor: 0x0c2e, product: 0x0b61, keys: scanner.keys)
        let configurations = [
            ScannerConfiguration(selector: .vendorProduct(vendor: 0x0c2e, product: 0x0b61), layout: .jp, name: "受付"),
            ScannerConfiguration(selector: .namePattern("honeywell")),
            ScannerConfiguration(selector: .namePattern("barcode")),
        ]
        let (assignments, unmatched) = ScannerAssignment.assign(configurations, to: [keyboard, scanner, twin, cheapScanner])
        #expect(assignments.map(\.name) == ["受付", "受付 2", "USB Barcode Reader Keyboard"])
        #expect(assignments.map(\.device.path) == ["/dev/input/event3", "/dev/input/event9", "/dev/input/event5"])
        #expect(assignments.map(\.configuration.layout) == [.jp, .jp, .us])
        #expect(unmatched == [configurations[1]])
    }

    @Test("with nothing configured, devices that look like scanners are used, found again by by-id or vendor:product")
    func automatic() {
        let (assignments, unmatched) = ScannerAssignment.assign([], to: [keyboard, scanner, cheapScanner, powerButton])
        #expect(assignments.map(\.device.path) == ["/dev/input/event3", "/dev/input/event5"])
        #expect(assignments.map(\.configuration.selector) == [
            .byID("usb-Honeywell_Imaging___Mobility_1900-event-kbd"), .vendorProduct(vendor: 0x1a86, product: 0xe026),
        ])
        #expect(unmatched.isEmpty)
    }

    @Test("a Scanner missing since the start is found by its configuration, or as anything scanner-like when none is configured")
    func awaited() throws {
        let configured = AwaitedScanner(configuration: try ScannerConfiguration(match: "0c2e:0b61", name: "入口"))
        let unnamed = AwaitedScanner(configuration: try ScannerConfiguration(match: "name:zebra*"))
        #expect(configured.name == "入口" && unnamed.name == "name:zebra*")
        let found = AwaitedScanner.found([configured, unnamed], devices: [keyboard, scanner, cheapScanner], openPaths: [])
        #expect(found.map(\.assignment.name) == ["入口"])
        #expect(found.first?.assignment.device == scanner)
        #expect(AwaitedScanner.found([configured], devices: [scanner], openPaths: [scanner.path]).isEmpty)

        let any = AwaitedScanner(configuration: nil, name: AwaitedScanner.unconfiguredName)
        let anyFound = AwaitedScanner.found([any], devices: [keyboard, powerButton, cheapScanner], openPaths: [])
        #expect(anyFound.map(\.assignment.name) == ["scanner"])
        #expect(anyFound.first?.assignment.device == cheapScanner)
        // Found again after an unplug by what it is, not by its node number.
        #expect(anyFound.first?.assignment.configuration.selector == .vendorProduct(vendor: 0x1a86, product: 0xe026))
        #expect(AwaitedScanner.found([any], devices: [keyboard, powerButton], openPaths: []).isEmpty)
    }

    @Test("a lost Scanner is reopened on a matching device that is not already open")
    func reopen() {
        let lost = [
            ScannerAssignment(configuration: ScannerConfiguration(selector: .vendorProduct(vendor: 0x0c2e, product: 0x0b61)), device: scanner, name: "A"),
            ScannerAssignment(configuration: ScannerConfiguration(selector: .vendorProduct(vendor: 0x0c2e, product: 0x0b61)), device: scanner, name: "A 2"),
            ScannerAssignment(configuration: ScannerConfiguration(selector: .namePattern("zebra")), device: scanner, name: "Z"),
        ]
        let back = InputDeviceInfo(path: "/dev/input/event14", name: scanner.name, vendor: 0x0c2e, product: 0x0b61)
        let other = InputDeviceInfo(path: "/dev/input/event15", name: scanner.name, vendor: 0x0c2e, product: 0x0b61)
        let open = InputDeviceInfo(path: "/dev/input/event9", name: scanner.name, vendor: 0x0c2e, product: 0x0b61)
        let pairs = ScannerAssignment.reopenable(lost: lost, devices: [keyboard, open, back, other], openPaths: ["/dev/input/event9"])
        #expect(pairs.map(\.lost.name) == ["A", "A 2"])
        #expect(pairs.map(\.device.path) == ["/dev/input/event14", "/dev/input/event15"])
        #expect(ScannerAssignment.reopenable(lost: lost, devices: [keyboard, open], openPaths: ["/dev/input/event9"]).isEmpty)
    }
}

@Suite("Opening scanners")
struct OpeningScannersTests {
    @Test("no input directory: starts anyway, says so, and announces the Scanner as lost")
    func noDirectory() throws {
        let root = try TemporaryDirectory()
        let directory = InputDeviceDirectory(devicePath: root.path + "/input", sysfsPath: root.path + "/sys")
        let log = LogLines()
        let source = try EvdevScanSource.open(configurations: [], directory: directory, log: log.append)
        #expect(try source.next(timeout: .zero) == .scannerLost("scanner"))
        #expect(try source.next(timeout: .zero) == .timedOut)
        #expect(source.lostScannerNames == ["scanner"] && source.openScannerNames.isEmpty)
        #expect(log.lines.first == "No input devices: \(root.path)/input does not exist on this machine, so no scanner can be opened. The kiosk waits for it to appear.")
        #expect(log.lines.last == "scanner: none plugged in; the kiosk waits for a device that looks like a scanner")
    }

    @Test("a configured scanner that matches nothing: starts anyway, the log lists what exists, scannerLost names it")
    func missing() throws {
        let (root, paths) = try makeInputTree()
        let configuration = try ScannerConfiguration(match: "05e0:1200", name: "返却口")
        let unnamed = try ScannerConfiguration(match: "05e0:1300")
        let log = LogLines()
        let source = try EvdevScanSource.open(configurations: [configuration, unnamed], directory: paths.inputDirectory, log: log.append)
        #expect(try source.next(timeout: .zero) == .scannerLost("返却口"))
        #expect(try source.next(timeout: .zero) == .scannerLost("05e0:1300"))
        #expect(log.lines.first == """
        No input device matches scanner “返却口” (match: 05e0:1200).
        Input devices here:
          \(paths.dev)/event0  046d:c31c  “Logitech USB Keyboard”
          \(paths.dev)/event3  0c2e:0b61  “Honeywell Imaging & Mobility 1900”
          \(paths.dev)/event12  0000:0001  “Power Button”
        """)
        #expect(log.lines.contains("返却口: not plugged in; the kiosk waits for it"))
        withExtendedLifetime(root) {}
    }

    @Test("a node that cannot be opened yet: logged with the errno named, announced lost, tried again when it changes")
    func notADevice() throws {
        let (root, paths) = try makeInputTree()
        let log = LogLines()
        let source = try EvdevScanSource.open(configurations: [try ScannerConfiguration(match: "0c2e:0b61")],
                                              directory: paths.inputDirectory, log: log.append)
        #expect(try source.next(timeout: .zero) == .scannerLost("Honeywell Imaging & Mobility 1900"))
        #expect(log.lines.first?.hasPrefix("Cannot open scanner “Honeywell Imaging & Mobility 1900” (\(paths.dev)/event3): Inappropriate ioctl") == true)
        // udev giving the kiosk the node (IN_ATTRIB) brings another try.
        #expect(chmod(paths.dev + "/event3", 0o640) == 0)
        #expect(try source.next(timeout: .zero) == .timedOut)
        #expect(log.lines.last == "Honeywell Imaging & Mobility 1900: found \(paths.dev)/event3 but cannot open it yet: Inappropriate ioctl for device")
        withExtendedLifetime(root) {}
    }

    @Test("the input directory appears after the start: it is watched, and a matching node there is tried")
    func directoryAppearsLater() throws {
        let root = try TemporaryDirectory()
        let directory = InputDeviceDirectory(devicePath: root.path + "/input", sysfsPath: root.path + "/sys")
        let log = LogLines()
        let source = try EvdevScanSource.open(configurations: [try ScannerConfiguration(match: root.path + "/input/event4", name: "front")],
                                              directory: directory, log: log.append)
        #expect(try source.next(timeout: .zero) == .scannerLost("front"))
        #expect(!log.lines.contains { $0.contains("cannot open") })
        try FileManager.default.createDirectory(atPath: root.path + "/input", withIntermediateDirectories: false)
        #expect(try source.next(timeout: .zero) == .timedOut)
        // A plain file is no evdev device, so opening fails: the attempt is what shows that
        // the new directory is watched (a real scanner is opened in the VM harness).
        try root.write("", to: "input/event4")
        #expect(try source.next(timeout: .zero) == .timedOut)
        #expect(log.lines.last == "front: found \(root.path)/input/event4 but cannot open it yet: Inappropriate ioctl for device")
        #expect(source.lostScannerNames == ["front"])
    }

    @Test("permission denied names the group and the udev rule")
    func permission() {
        let assignment = ScannerAssignment(configuration: ScannerConfiguration(selector: .path("/dev/input/event3")), device: scanner, name: "入口")
        let error = EvdevScanSource.openError(.permissionDenied, assignment: assignment, available: [scanner])
        #expect(error.problem == .permissionDenied(path: "/dev/input/event3", scanner: "入口"))
        let text = error.description
        #expect(text.hasPrefix("Permission denied opening scanner “入口” (/dev/input/event3)."))
        #expect(text.contains("“bookkiosk” group"))
        #expect(text.contains("udev/70-bookkiosk.rules"))
        #expect(EvdevScanSource.openError(.resourceBusy, assignment: assignment, available: []).description.contains("Another program has grabbed it"))
    }

    @Test("nothing configured and nothing scanner-like: says how to configure")
    func nothingFound() {
        let error = ScannerOpenError(problem: .noScannerFound, available: [keyboard])
        #expect(error.description == """
        No scanner is configured and no input device looks like a scanner. Add "scanners" to the config (see `bookkiosk devices`).
        Input devices here:
          /dev/input/event0  046d:c31c  “Logitech USB Keyboard”
        """)
    }
}

@Suite("EvdevDevice and Errno")
struct EvdevDeviceTests {
    @Test("libevdev's -errno maps to Errno once, with strerror's text")
    func errnoMapping() {
        #expect(Errno(libevdevResult: -ENODEV) == .noSuchDevice)
        #expect(Errno(libevdevResult: 0) == nil)
        #expect(Errno(libevdevResult: 1) == nil)
        #expect(Errno.noSuchDevice.description == "No such device")
        #expect(Errno.permissionDenied.description == "Permission denied")
    }

    @Test("opening a missing node throws ENOENT")
    func missing() {
        #expect(throws: Errno.noSuchFileOrDirectory) { try EvdevDevice(path: "/nonexistent/event0") }
    }

    @Test("opening a file that is not an evdev node throws ENOTTY from libevdev")
    func notEvdev() throws {
        let root = try TemporaryDirectory()
        try root.write("not a device", to: "event0")
        #expect(throws: Errno.inappropriateIOControlOperation) { try EvdevDevice(path: root.path + "/event0") }
    }
}

@Suite("InputDirectoryWatcher and EvdevScanSource without devices")
struct WatcherTests {
    /// Whether `fd` is readable now.
    func readable(_ fd: Int32) -> Bool {
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) == 1
    }

    @Test("reports nodes created and changed in the directory and in by-id")
    func watches() throws {
        let root = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: root.path + "/by-id", withIntermediateDirectories: true)
        let watcher = try InputDirectoryWatcher(directory: root.path)
        #expect(!readable(watcher.fileDescriptor))
        #expect(watcher.takeChanges().isEmpty)
        try root.write("", to: "event7")
        #expect(readable(watcher.fileDescriptor))
        #expect(watcher.takeChanges().contains("event7"))
        #expect(chmod(root.path + "/event7", 0o660) == 0)
        try root.link("by-id/usb-Scanner-event-kbd", to: "../event7")
        #expect(Set(watcher.takeChanges()) == ["event7", "usb-Scanner-event-kbd"])
        #expect(!readable(watcher.fileDescriptor))
    }

    @Test("an idle source blocks in poll for the whole timeout, using no CPU")
    func idleBlocks() throws {
        let root = try TemporaryDirectory()
        let source = EvdevScanSource(
            opened: [], directory: InputDeviceDirectory(devicePath: root.path, sysfsPath: root.path),
            watcher: try InputDirectoryWatcher(directory: root.path), log: { _ in })
        func threadCPUTime() -> Duration {
            var time = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
            return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
        }
        let clock = ContinuousClock()
        let cpuBefore = threadCPUTime()
        let start = clock.now
        #expect(try source.next(timeout: .milliseconds(200)) == .timedOut)
        let elapsed = clock.now - start
        let cpu = threadCPUTime() - cpuBefore
        #expect(elapsed >= .milliseconds(200))
        #expect(cpu < .milliseconds(20), "a busy loop would use the CPU for the whole wait")
    }

    @Test("a directory whose parent is missing too cannot be watched: ENOENT")
    func missingDirectory() {
        #expect(throws: Errno.noSuchFileOrDirectory) { try InputDirectoryWatcher(directory: "/nonexistent/input") }
    }

    @Test("a missing directory is waited for in its parent, then watched itself, and by-id once it appears")
    func directoryCreatedLater() throws {
        let root = try TemporaryDirectory()
        let watcher = try InputDirectoryWatcher(directory: root.path + "/input")
        #expect(!watcher.watchesDirectory)
        try root.write("", to: "unrelated")
        #expect(watcher.takeChanges() == ["unrelated"])
        try FileManager.default.createDirectory(atPath: root.path + "/input", withIntermediateDirectories: false)
        #expect(watcher.takeChanges().last == "input")
        #expect(watcher.watchesDirectory)
        // The parent is no longer watched: its changes do not wake the kiosk.
        try root.write("", to: "other")
        #expect(!watcher.takeChanges().contains("other"))
        try root.write("", to: "input/event2")
        #expect(watcher.takeChanges() == ["event2"])
        try FileManager.default.createDirectory(atPath: root.path + "/input/by-id", withIntermediateDirectories: false)
        #expect(watcher.takeChanges() == ["by-id"])
        try root.link("input/by-id/usb-Scanner-event-kbd", to: "../event2")
        #expect(watcher.takeChanges() == ["usb-Scanner-event-kbd"])
    }

    @Test("with no scanner open: waits (timedOut) while watching, ends when it cannot watch")
    func noScanners() throws {
        let root = try TemporaryDirectory()
        let directory = InputDeviceDirectory(devicePath: root.path, sysfsPath: root.path + "/sys")
        let watching = EvdevScanSource(opened: [], directory: directory, watcher: try InputDirectoryWatcher(directory: root.path), log: { _ in })
        #expect(try watching.next(timeout: .zero) == .timedOut)
        // A new node that is not a lost Scanner's changes nothing.
        try root.write("", to: "event1")
        #expect(try watching.next(timeout: .zero) == .timedOut)
        let blind = EvdevScanSource(opened: [], directory: directory, watcher: nil, log: { _ in })
        #expect(try blind.next(timeout: nil) == .ended)
    }
}
