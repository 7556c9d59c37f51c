import Feedback
import Foundation
import Kiosk
import Lending
import ScannerInput
import Testing

private let hasUinput = FileManager.default.fileExists(atPath: "/dev/uinput") && FileManager.default.fileExists(atPath: "/dev/input")

@Suite("Boot without a scanner")
struct BootWithoutScannerTests {
    @Test("bookkiosk run with its scanner missing keeps running, announces scannerLost with the scanner's name, and ends cleanly on SIGTERM")
    func runWaitsForItsScanner() throws {
        let folder = try TemporaryFolder("boot")
        // A name no device here has: the scanner is "unplugged" on any machine, with or
        // without /dev/input (this one has none, so run waits for /dev/input itself).
        let config = try folder.configuration(#", "player": "none", "scanners": [{"match": "name:BookKiosk Missing Scanner \#(getpid())", "name": "入口"}]"#)
        let kiosk = try RunningProcess(executable: BookKioskBinary.path,
                                       arguments: ["run", "--events", "-", "--db", folder.file("library.sqlite"), "--config", config],
                                       environment: folder.environment)
        var events: [Event] = []
        while let line = kiosk.readLine(timeout: 30), let event = Event(line) {
            events.append(event)
            if event.name == "scannerLost" { break }
        }
        #expect(events.map(\.name) == ["ready", "scannerLost"], "events: \(events.map(\.fields)); log: \(kiosk.errors)")
        #expect(events.last?["scanner"] == "入口")
        #expect(events.last?["message"]?.isEmpty == false)
        // Still running: nothing more to read, and no exit.
        #expect(kiosk.readLine(timeout: 0.5) == nil)
        var status: Int32 = 0
        #expect(waitpid(kiosk.pid, &status, WNOHANG) == 0, "bookkiosk run exited while waiting: \(kiosk.errors)")
        #expect(kiosk.errors.contains("入口: not plugged in; the kiosk waits for it"), "log: \(kiosk.errors)")
        #expect(kiosk.errors.contains("running on no scanner yet; waiting for 入口"), "log: \(kiosk.errors)")

        kill(kiosk.pid, SIGTERM)
        let (exit, signal) = kiosk.wait()
        #expect(signal == nil && exit == 0, "exit \(exit), signal \(String(describing: signal)); log: \(kiosk.errors)")
        report("boot without scanner: ready, scannerLost “入口”, still running, SIGTERM → exit \(exit)")
    }

    @Test("with nothing configured and no scanner, it waits for one called “scanner”")
    func runWithNothingConfigured() throws {
        let folder = try TemporaryFolder("boot")
        // Only where no device here looks like a scanner (true of build machines and the VM).
        let config = try folder.configuration(#", "player": "none""#)
        let kiosk = try RunningProcess(executable: BookKioskBinary.path,
                                       arguments: ["run", "--events", "-", "--db", folder.file("library.sqlite"), "--config", config],
                                       environment: folder.environment)
        _ = kiosk.readLine(timeout: 30) // ready
        let second = kiosk.readLine(timeout: 30).flatMap(Event.init)
        if second?.name == "scannerLost" {
            #expect(second?["scanner"] == "scanner")
        } else {
            #expect(kiosk.errors.contains("running on "), "neither scannerLost nor a scanner: \(kiosk.errors)")
        }
        kill(kiosk.pid, SIGTERM)
        #expect(kiosk.wait().status == 0)
    }

    @Test("a uinput scanner created after the start: scannerLost, then scannerBack, then its scans go through",
          .enabled(if: hasUinput, "needs /dev/uinput and /dev/input (absent here; the VM harness's boot-without-scanner check does this with the real binary)"))
    func scannerArrivesLater() throws {
        let repository = InMemoryLendingRepository()
        try repository.transaction { tx in
            try tx.save(User(card: "C0001", name: "Hana"))
            try tx.save(Book(barcode: "B0042", title: "ぐりとぐら"))
        }
        let name = "BookKiosk late scanner \(getpid())"
        var device: VirtualScanner?
        let source = try EvdevScanSource.open(
            configurations: [ScannerConfiguration(selector: .namePattern(name), layout: .us, name: "入口")], log: { _ in })
        let choreography = Choreography(source, total: 4, steps: [
            (after: 1, action: { device = try VirtualScanner(name: name) }),
            (after: 2, action: { device!.type("C0001", enter: true); device!.type("B0042", enter: true) }),
        ])
        var events: [KioskEvent] = []
        let runtime = KioskRuntime(policy: Policy(timeZone: TimeZone(identifier: "UTC")!), repository: repository,
                                   announce: { event, _ in events.append(event) })
        try runtime.run(source: choreography)
        #expect(events.map { EventStream.name(of: $0) } == ["ready", "scannerLost", "scannerBack", "greeted", "lent"])
        #expect(events.contains(.scannerLost(scanner: "入口")) && events.contains(.scannerBack(scanner: "入口")))
        #expect(try repository.transaction { try $0.openLoans().map(\.book) } == ["B0042"])
        withExtendedLifetime(device) {}
    }
}
