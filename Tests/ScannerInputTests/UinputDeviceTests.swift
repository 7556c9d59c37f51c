import CEvdev
import Foundation
import Testing
@testable import ScannerInput
import POSIX

/// A virtual USB scanner made with uinput: what the VM harness (or a developer's machine
/// with `/dev/uinput`) uses to drive the real evdev path.
final class UinputScanner {
    private let uinput: OpaquePointer
    let devnode: String

    init(name: String) throws {
        let device = libevdev_new()!
        defer { libevdev_free(device) }
        libevdev_set_name(device, name)
        libevdev_set_id_bustype(device, Int32(BUS_USB))
        libevdev_set_id_vendor(device, 0x0c2e)
        libevdev_set_id_product(device, 0x0b61)
        libevdev_enable_event_type(device, UInt32(EV_KEY))
        for code in 1...124 { libevdev_enable_event_code(device, UInt32(EV_KEY), UInt32(code), nil) }
        libevdev_enable_event_type(device, UInt32(EV_MSC))
        libevdev_enable_event_code(device, UInt32(EV_MSC), UInt32(MSC_SCAN), nil)
        var created: OpaquePointer?
        if let error = Errno(libevdevResult: libevdev_uinput_create_from_device(device, LIBEVDEV_UINPUT_OPEN_MANAGED.rawValue, &created)) {
            throw error
        }
        uinput = created!
        devnode = String(cString: libevdev_uinput_get_devnode(uinput))
    }

    /// Types the strokes, as fast as the kernel takes them.
    func perform(_ strokes: [Stroke], layout: KeyboardLayout = .us) {
        for event in Typist.events(strokes, layout: layout, seed: 1) where event.type != UInt16(EV_SYN) || event.code == UInt16(SYN_REPORT) {
            libevdev_uinput_write_event(uinput, UInt32(event.type), UInt32(event.code), event.value)
        }
    }

    deinit {
        libevdev_uinput_destroy(uinput)
    }
}

private let hasDevices = FileManager.default.fileExists(atPath: "/dev/uinput") && FileManager.default.fileExists(atPath: "/dev/input")

@Suite("Real evdev devices (uinput)")
struct UinputDeviceTests {
    @Test("a virtual scanner is grabbed, read, lost and reopened",
          .enabled(if: hasDevices, "needs /dev/uinput and /dev/input (absent here; runs in the VM harness or on a kiosk)"))
    func virtualScanner() throws {
        let name = "BookKiosk uinput scanner \(getpid())"
        var uinput: UinputScanner? = try UinputScanner(name: name)
        let configuration = ScannerConfiguration(selector: .namePattern(name), layout: .us, name: "test")
        let log = LogLines()
        let source = try EvdevScanSource.open(configurations: [configuration], log: log.append)
        #expect(source.openScannerNames == ["test"])

        // Grabbed: nobody else can grab it.
        #expect(throws: Errno.resourceBusy) { try EvdevDevice(path: uinput!.devnode) }

        uinput!.perform([.type("B0042"), .tap(KEY_ENTER), .type("ab"), .tap(KEY_ENTER)])
        #expect(try source.next(timeout: .seconds(5)) == .scan(Scan(barcode: "B0042", scanner: "test")))
        #expect(try source.next(timeout: .milliseconds(200)) == .timedOut)
        #expect(log.lines.contains("test: dropped a scan of 2 characters (ab): shorter than 4 characters"))

        uinput = nil
        #expect(try source.next(timeout: .seconds(5)) == .scannerLost("test"))
        #expect(source.lostScannerNames == ["test"])

        uinput = try UinputScanner(name: name)
        var event = try source.next(timeout: .seconds(5))
        // udev may still be changing the new node; a first attempt can be refused.
        for _ in 0..<3 where event == .timedOut { event = try source.next(timeout: .seconds(5)) }
        #expect(event == .scannerBack("test"))
        uinput!.perform([.type("C0001"), .tap(KEY_KPENTER)])
        #expect(try source.next(timeout: .seconds(5)) == .scan(Scan(barcode: "C0001", scanner: "test")))
    }

    @Test("a kernel buffer overflow (SYN_DROPPED) drops the Scan being typed, resyncs and reads on",
          .enabled(if: hasDevices, "needs /dev/uinput and /dev/input (absent here; runs in the VM harness or on a kiosk)"))
    func overflow() throws {
        let name = "BookKiosk uinput overflow \(getpid())"
        let uinput = try UinputScanner(name: name)
        let log = LogLines()
        let source = try EvdevScanSource.open(
            configurations: [ScannerConfiguration(selector: .namePattern(name), name: "flood")], log: log.append)
        uinput.perform([.type("ab")])
        #expect(try source.next(timeout: .milliseconds(100)) == .timedOut) // "ab" is now being typed
        // Far more events than evdev's client buffer holds, of a key that types nothing, and
        // a Scan: libevdev's resync discards what was queued before it synced, so that Scan
        // is lost (a child scans again); the next one comes through.
        uinput.perform(Array(repeating: .tap(KEY_F1), count: 200) + [.type("C0001"), .tap(KEY_ENTER)])
        #expect(try source.next(timeout: .milliseconds(300)) == .timedOut)
        uinput.perform([.type("B0042"), .tap(KEY_ENTER)])
        #expect(try source.next(timeout: .seconds(5)) == .scan(Scan(barcode: "B0042", scanner: "flood")))
        #expect(log.lines.contains("flood: events were lost (SYN_DROPPED); resynchronising"))
        #expect(log.lines.contains("flood: dropped a scan of 2 characters (ab): the system lost key events while it was typed"))
    }

    @Test("two scanners are merged, each Scan naming its own; losing one keeps the other",
          .enabled(if: hasDevices, "needs /dev/uinput and /dev/input (absent here; runs in the VM harness or on a kiosk)"))
    func twoScanners() throws {
        let pid = getpid()
        let left = try UinputScanner(name: "BookKiosk uinput left \(pid)")
        var right: UinputScanner? = try UinputScanner(name: "BookKiosk uinput right \(pid)")
        let source = try EvdevScanSource.open(configurations: [
            ScannerConfiguration(selector: .namePattern("BookKiosk uinput left \(pid)"), name: "左"),
            ScannerConfiguration(selector: .namePattern("BookKiosk uinput right \(pid)"), layout: .jp, name: "右"),
        ], log: { _ in })
        left.perform([.type("C0001"), .tap(KEY_ENTER)])
        right!.perform([.type("B-1@2"), .tap(KEY_ENTER)], layout: .jp)
        var scans: [Scan] = []
        for _ in 0..<2 {
            if case .scan(let scan) = try source.next(timeout: .seconds(5)) { scans.append(scan) }
        }
        #expect(Set(scans.map { "\($0.scanner) \($0.barcode)" }) == ["左 C0001", "右 B-1@2"])
        right = nil
        #expect(try source.next(timeout: .seconds(5)) == .scannerLost("右"))
        left.perform([.type("C0002"), .tap(KEY_ENTER)])
        #expect(try source.next(timeout: .seconds(5)) == .scan(Scan(barcode: "C0002", scanner: "左")))
        #expect(source.openScannerNames == ["左"])
    }

    @Test("bookkiosk devices lists a virtual scanner",
          .enabled(if: hasDevices, "needs /dev/uinput and /dev/input (absent here; runs in the VM harness or on a kiosk)"))
    func listsVirtualScanner() throws {
        let name = "BookKiosk uinput Barcode Scanner \(getpid())"
        let uinput = try UinputScanner(name: name)
        let text = DeviceListing.text()
        #expect(text.contains("\(uinput.devnode)  0c2e:0b61  “\(name)”"))
        let devices = try InputDeviceDirectory.system.devices()
        let info = try #require(devices.first { $0.path == uinput.devnode })
        #expect(info.hasTypingKeys && info.looksLikeScanner)
    }
}
