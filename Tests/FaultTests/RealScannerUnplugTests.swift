import CEvdev
import Feedback
import Foundation
import Kiosk
import Lending
import ScannerInput
import Testing
import POSIX

/// A virtual USB scanner made with uinput, for machines that have `/dev/uinput` (the VM
/// harness, a kiosk); destroying it is pulling the cable.
final class VirtualScanner {
    private let uinput: OpaquePointer

    init(name: String) throws {
        let device = libevdev_new()!
        defer { libevdev_free(device) }
        libevdev_set_name(device, name)
        libevdev_set_id_bustype(device, Int32(BUS_USB))
        libevdev_set_id_vendor(device, 0x0c2e)
        libevdev_set_id_product(device, 0x0b61)
        libevdev_enable_event_type(device, UInt32(EV_KEY))
        for code in 1...124 { libevdev_enable_event_code(device, UInt32(EV_KEY), UInt32(code), nil) }
        var created: OpaquePointer?
        let rc = libevdev_uinput_create_from_device(device, LIBEVDEV_UINPUT_OPEN_MANAGED.rawValue, &created)
        guard rc == 0, let created else { throw Errno(libevdevResult: rc) ?? .noSuchDevice }
        uinput = created
    }

    /// Types the events of `typing(_:enter:from:)` (their times are the kernel's own here).
    func type(_ text: String, enter: Bool) {
        for event in typing(text, enter: enter, from: .zero) {
            libevdev_uinput_write_event(uinput, UInt32(event.type), UInt32(event.code), event.value)
        }
    }

    deinit {
        libevdev_uinput_destroy(uinput)
    }
}

/// Passes on an `EvdevScanSource`'s events, doing the test's next step (typing, pulling the
/// cable, plugging it back) once the events before it have been delivered; ends after
/// `total` events. Each wait is bounded.
final class Choreography: ScanSource {
    private let inner: EvdevScanSource
    private var steps: [(after: Int, action: () throws -> Void)]
    private let total: Int
    private var delivered = 0

    init(_ inner: EvdevScanSource, total: Int, steps: [(after: Int, action: () throws -> Void)]) {
        self.inner = inner
        self.total = total
        self.steps = steps
    }

    func next(timeout: Duration?) throws -> SourceEvent {
        while let step = steps.first, step.after == delivered {
            steps.removeFirst()
            try step.action()
        }
        guard delivered < total else { return .ended }
        for _ in 0..<50 {
            let event = try inner.next(timeout: .milliseconds(100))
            if event != .timedOut {
                delivered += 1
                return event
            }
        }
        return .ended // nothing came for 5 s: the expectations say what is missing
    }
}

private let hasUinput = FileManager.default.fileExists(atPath: "/dev/uinput") && FileManager.default.fileExists(atPath: "/dev/input")

@Suite("Scanner unplugged (real evdev device)")
struct RealScannerUnplugTests {
    @Test("a uinput scanner pulled out mid-scan and plugged back, through EvdevScanSource and KioskRuntime.run",
          .enabled(if: hasUinput, "needs /dev/uinput and /dev/input (absent here; runs in the VM harness or on a kiosk)"))
    func unpluggedMidScan() throws {
        let repository = InMemoryLendingRepository()
        try repository.transaction { tx in
            try tx.save(User(card: "C0001", name: "Hana"))
            try tx.save(Book(barcode: "B0042", title: "ぐりとぐら"))
            try tx.save(Book(barcode: "B0043", title: "はらぺこあおむし"))
        }
        let name = "BookKiosk fault scanner \(getpid())"
        var device: VirtualScanner? = try VirtualScanner(name: name)
        let source = try EvdevScanSource.open(
            configurations: [ScannerConfiguration(selector: .namePattern(name), layout: .us, name: "入口")], log: { _ in })
        let choreography = Choreography(source, total: 4, steps: [
            (after: 0, action: { device!.type("C0001", enter: true) }),
            (after: 1, action: { device!.type("B00", enter: false); device = nil }),
            (after: 2, action: { device = try VirtualScanner(name: name) }),
            (after: 3, action: { device!.type("42", enter: true); device!.type("B0043", enter: true) }),
        ])
        var events: [KioskEvent] = []
        let runtime = KioskRuntime(policy: Policy(timeZone: TimeZone(identifier: "UTC")!), repository: repository,
                                   announce: { event, _ in events.append(event) })
        try runtime.run(source: choreography)
        #expect(events.map { EventStream.name(of: $0) } == ["ready", "greeted", "scannerLost", "scannerBack", "lent"])
        #expect(try repository.transaction { try $0.openLoans().map(\.book) } == ["B0043"])
    }
}
