#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation
import LendingPostgres
import POSIX

/// One scan a drill kiosk was given and the answer it gave.
struct ScanRecord {
    var barcode: String
    /// Seconds on the drill's clock when the scan was written.
    var sentAt: Double
    /// The kiosk's time for the scan (seconds since 1970, to the millisecond).
    var virtualTime: Double
    var answeredAt: Double?
    var answer: [String: Any]?
}

/// One kiosk of the drill: a `bookkiosk simulate` process (started again after a kill, on the
/// same journal), the scans it was given and every event it wrote.
final class KioskDriver: @unchecked Sendable {
    let index: Int
    private let drill: KioskCrashDrill
    private let url: PostgresURL
    private let config: String
    private let clock: DrillClock
    private let shared: DrillShared
    private var process: ChildProcess?
    /// The kiosk's clock, in milliseconds since the drill's epoch.
    private var kioskMilliseconds = 0
    private var random: SplitMix
    private let lock = NSLock()
    private var killRequested = false
    private let stopped = DispatchSemaphore(value: 0)
    private var settleCount = 0
    private var queue: [String] = []

    private(set) var records: [ScanRecord] = []
    private(set) var events: [[String: Any]] = []
    private(set) var killedScans = 0

    /// Kiosks 2 and 3 are return boxes: Books with no Session. Kiosks 0 and 1 serve children.
    var isReturnBox: Bool { index >= 2 }

    static let answers: Set<String> = ["greeted", "lent", "returned", "refused", "duplicate", "error"]

    init(index: Int, drill: KioskCrashDrill, url: PostgresURL, config: String, clock: DrillClock, shared: DrillShared) {
        self.index = index
        self.drill = drill
        self.url = url
        self.config = config
        self.clock = clock
        self.shared = shared
        random = SplitMix(state: drill.plan.seed &+ UInt64(index) &* 7919)
    }

    private var home: String { drill.folder + "/kiosk\(index)" }

    /// Starts the process at the drill's time and waits for its `ready`.
    func start() throws {
        try FileManager.default.createDirectory(atPath: home + "/state", withIntermediateDirectories: true)
        let startMilliseconds = Int(clock.seconds) * 1000
        let now = clock.epoch.addingTimeInterval(Double(startMilliseconds) / 1000)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        do throws(Errno) {
            process = try ChildProcess(
                executable: drill.executable,
                arguments: ["simulate", "--write", "--db", url.text, "--config", config, "--now", formatter.string(from: now)],
                environment: ["HOME": home, "STATE_DIRECTORY": home + "/state", "TZ": "UTC", "LANG": "C.UTF-8",
                              "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"],
                errorsTo: home + "/stderr.log")
        } catch {
            throw ScratchPostgresServer.Failure(description: "cannot start \(drill.executable): \(error)")
        }
        kioskMilliseconds = startMilliseconds
        let deadline = clock.seconds + drill.plan.answerDeadline
        while clock.seconds < deadline, let line = process?.readLine(until: deadline, clock: clock) {
            if store(line)?["event"] as? String == "ready" { return }
        }
        throw ScratchPostgresServer.Failure(description: "kiosk \(index) did not say ready within \(drill.plan.answerDeadline) s (see \(home)/stderr.log)")
    }

    func requestKill() { lock.withLock { killRequested = true } }

    /// Scans until the drill stops, one scan every `scanInterval` (or as soon as the last was
    /// answered, when it took longer).
    func scanUntilStopped() {
        defer { stopped.signal() }
        var next = clock.seconds
        while !shared.isStopped {
            drain(until: next)
            let barcode = nextBarcode()
            let kill = lock.withLock { () -> Bool in
                defer { killRequested = false }
                return killRequested
            }
            if kill {
                scanAndKill(barcode)
            } else {
                scan(barcode)
            }
            next = max(next + drill.plan.scanInterval, records.last?.answeredAt ?? clock.seconds)
        }
    }

    func waitUntilStopped() { stopped.wait() }

    /// Scans an unknown barcode until the kiosk answers it without an error: it has found the
    /// server and applied its journal.
    func settle() {
        let deadline = clock.seconds + drill.plan.answerDeadline
        while clock.seconds < deadline {
            settleCount += 1
            scan("Z\(index)-\(settleCount)")
            if let answer = records.last?.answer, answer["event"] as? String != "error" { return }
            drain(until: clock.seconds + drill.plan.scanInterval)
        }
    }

    /// Ends the kiosk's input and reads what it still writes.
    func finish() {
        guard let process else { return }
        process.closeInput()
        let deadline = clock.seconds + drill.plan.answerDeadline
        while let line = process.readLine(until: deadline, clock: clock) { store(line) }
        process.wait()
        self.process = nil
    }

    // MARK: Scanning

    private func nextBarcode() -> String {
        if isReturnBox {
            // Books brought back now and then; while the server is away, most of what comes.
            if random.below(100) < (shared.isAway ? 85 : 20), let book = shared.take(&random) { return book }
            return KioskCrashDrill.book(random.below(KioskCrashDrill.books))
        }
        if queue.isEmpty {
            // A child's visit: the Card, a Book or two (lent, or taken back when out), sometimes
            // another child's Card and a Book.
            queue.append(KioskCrashDrill.card(random.below(KioskCrashDrill.children)))
            queue.append(KioskCrashDrill.book(random.below(KioskCrashDrill.books)))
            if random.below(2) == 0 { queue.append(KioskCrashDrill.book(random.below(KioskCrashDrill.books))) }
            if random.below(3) == 0 {
                queue.append(KioskCrashDrill.card(random.below(KioskCrashDrill.children)))
                queue.append(KioskCrashDrill.book(random.below(KioskCrashDrill.books)))
            }
        }
        return queue.removeFirst()
    }

    /// Writes one scan at the drill's time now.
    private func send(_ barcode: String) -> Int {
        let milliseconds = max(kioskMilliseconds, Int(clock.seconds * 1000))
        let wait = milliseconds - kioskMilliseconds
        kioskMilliseconds = milliseconds
        records.append(ScanRecord(barcode: barcode, sentAt: clock.seconds,
                                  virtualTime: clock.epoch.timeIntervalSince1970 + Double(milliseconds) / 1000))
        process?.writeIfRunning("@wait \(wait)ms\n\(barcode)\n")
        return records.count - 1
    }

    private func scan(_ barcode: String) {
        let record = send(barcode)
        let deadline = records[record].sentAt + drill.plan.answerDeadline
        while records[record].answer == nil, let line = process?.readLine(until: deadline, clock: clock) {
            guard let event = store(line), let name = event["event"] as? String, Self.answers.contains(name),
                  event["deferred"] as? Bool != true else { continue }
            records[record].answer = event
            records[record].answeredAt = clock.seconds
        }
    }

    /// Writes a scan and kills the kiosk while it is carrying it out (a few milliseconds in),
    /// keeps whatever it wrote before dying, and starts it again on the same journal.
    private func scanAndKill(_ barcode: String) {
        let record = send(barcode)
        clock.wait(seconds: Double(random.below(3)) / 1000)
        guard let process else { return }
        process.signal(SIGKILL)
        while let line = process.readLine(until: clock.seconds + drill.plan.answerDeadline, clock: clock) {
            guard let event = store(line), let name = event["event"] as? String, Self.answers.contains(name),
                  event["deferred"] as? Bool != true, records[record].answer == nil else { continue }
            records[record].answer = event
            records[record].answeredAt = clock.seconds
        }
        process.wait()
        if records[record].answer == nil {
            records.remove(at: record)
            killedScans += 1
        }
        self.process = nil
        do {
            try start()
        } catch {
            records.append(ScanRecord(barcode: "(restart)", sentAt: clock.seconds, virtualTime: 0))
        }
    }

    /// Reads and keeps the kiosk's events until `time` on the drill's clock.
    private func drain(until time: Double) {
        while clock.seconds < time, let line = process?.readLine(until: time, clock: clock) { store(line) }
    }

    /// Keeps one line of the event stream; its object, when it is one.
    @discardableResult
    private func store(_ line: String) -> [String: Any]? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
        events.append(object)
        if object["event"] as? String == "lent", let book = object["book"] as? String { shared.put(book) }
        return object
    }
}

extension ChildProcess {
    /// The next line of standard output, or nil at its end or at `deadline` on `clock`.
    func readLine(until deadline: Double, clock: DrillClock) -> String? {
        readLine(timeout: deadline - clock.seconds)
    }

    /// Writes `text` to standard input; a kiosk that has died is not written to (its exit
    /// status and its lines say what happened).
    func writeIfRunning(_ text: String) {
        try? write(text.utf8)
    }
}
