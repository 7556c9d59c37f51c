import Foundation
import HTTPServer
import POSIX

/// How the page's process is started, as its unit starts it: `Nice=`, `CPUWeight=`,
/// `CPUSchedulingPolicy=idle`, its own `CPUQuota=` over `CPUQuotaPeriodSec=`.
struct PagePlacement: Sendable, CustomStringConvertible {
    var nice: Int32 = 10
    var weight = 20
    var idleScheduling = false
    /// The page's own quota, as a fraction of one core; nil for none.
    var quotaCores: Double?
    /// The period that quota is given over (systemd's default, and the kernel's, is 100 ms).
    var quotaPeriodMicroseconds = 100_000

    var description: String {
        ["Nice=\(nice)", "CPUWeight=\(weight)", idleScheduling ? "CPUSchedulingPolicy=idle" : nil,
         quotaCores.map { "CPUQuota=\(Int(($0 * 100).rounded()))%" },
         quotaCores != nil && quotaPeriodMicroseconds != 100_000 ? "CPUQuotaPeriodSec=\(quotaPeriodMicroseconds / 1000)ms" : nil]
            .compactMap { $0 }.joined(separator: " ")
    }

    /// What the page's unit says (`kiosk/bookkiosk-web.service`, found from the working
    /// folder or beside the bench's build folder, or `path`); Nice=10 and CPUWeight=20, as it
    /// ships, where no unit is found.
    static func fromUnit(_ path: String?) -> PagePlacement {
        let own = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let packageRoot = URL(fileURLWithPath: own).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        let candidates = [path, "kiosk/bookkiosk-web.service", packageRoot + "/kiosk/bookkiosk-web.service"].compactMap { $0 }
        var placement = PagePlacement()
        guard let text = candidates.lazy.compactMap({ try? String(contentsOfFile: $0, encoding: .utf8) }).first else { return placement }
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2 else { continue }
            switch parts[0] {
            case "Nice": placement.nice = Int32(parts[1]) ?? placement.nice
            case "CPUWeight": placement.weight = Int(parts[1]) ?? placement.weight
            case "CPUSchedulingPolicy": placement.idleScheduling = parts[1] == "idle"
            case "CPUQuota":
                if parts[1].hasSuffix("%"), let percent = Double(parts[1].dropLast()) { placement.quotaCores = percent / 100 }
            case "CPUQuotaPeriodSec":
                if let microseconds = microseconds(parts[1]) { placement.quotaPeriodMicroseconds = microseconds }
            default: break
            }
        }
        return placement
    }

    /// A systemd time span as `CPUQuotaPeriodSec=` takes it (`10ms`, `0.1s`, `5000us`, `1`
    /// for seconds), in microseconds; nil for anything else.
    static func microseconds(_ span: String) -> Int? {
        let units: [(String, Double)] = [("us", 1), ("ms", 1_000), ("s", 1_000_000), ("", 1_000_000)]
        for (unit, scale) in units where span.hasSuffix(unit) {
            guard let value = Double(span.dropLast(unit.count).trimmingCharacters(in: .whitespaces)), value > 0 else { continue }
            return Int((value * scale).rounded())
        }
        return nil
    }

    var json: [String: Any] {
        var json: [String: Any] = ["nice": nice, "cpuWeight": weight, "idleScheduling": idleScheduling]
        if let quotaCores {
            json["cpuQuotaCores"] = quotaCores
            json["cpuQuotaPeriodMicroseconds"] = quotaPeriodMicroseconds
        }
        return json
    }
}

/// What one run of the kiosk and the page as separate processes measured.
struct ShippedRunFigures {
    /// Scan written to the kiosk's standard input → its event line read (milliseconds), the
    /// page idle; then while the clients load it. With the screen on, the event line is
    /// written after its frame is presented, so these are scan → frame.
    var quiet = Latencies()
    var loaded = Latencies()
    /// The kiosk's own CPU time from a scan written to its event line read (milliseconds, all
    /// its threads, from /proc/PID/task/*/schedstat): what a frame costs, whatever the load.
    var kioskCPU = Latencies()
    /// The page's list pages, round trip (milliseconds), while the kiosk scanned.
    var pageLists = Latencies()
    var pageRequests = 0
    /// The group's quota periods and how many of them held it back (Pi budget).
    var throttledPeriods = 0
    var periods = 0
}

/// The kiosk and the page as they ship: `bookkiosk simulate` (the kiosk's assembly, its scans
/// on standard input, its events on standard output) and `bookkiosk serve` (the page, started
/// as its unit starts it) as separate processes on one SQLite library, each in a control group
/// of its own under one for both; the page's clients are threads of this, a third process,
/// at the lowest priority (on a real network they are other devices).
struct ShippedPageBenchmark {
    let executable: String
    let folder: String
    let configPath: String
    let databasePath: String
    let start: Date
    let progress: (String) -> Void

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    var errorLog: String { folder + "/shipped-stderr.log" }

    var environment: [String: String] {
        ["HOME": folder, "TZ": "UTC", "LANG": "C.UTF-8", "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
    }

    /// One run: quiet scans, then scans while `clients` load the page.
    /// - Parameters:
    ///   - groupCores: the quota of the group holding the kiosk and the page (the Pi budget), nil for none.
    ///   - groupPeriodMicroseconds: the period that quota is given over (`cpu.cfs_period_us`).
    ///   - screens: whether the kiosk paints its screen (1280x800 frames, into memory as into
    ///     the display's buffer: `--screens-in-memory`, no PNG written).
    ///   - oneCPU: whether the kiosk and the page run on one processor (the first), as on a
    ///     single slow core, where the page's priority decides who runs; otherwise each may run
    ///     on either of this machine's, drawing on the group's quota at once.
    ///   - stolen: the share of each millisecond of that processor a `ProcessorThief` takes
    ///     (with `oneCPU`; the bench's own threads then run on the other processor): a slow
    ///     core made without a quota.
    func run(name: String, placement: PagePlacement, clients: Int, scans: Int, groupCores: Double?,
             groupPeriodMicroseconds: Int = 100_000, oneCPU: Bool = false, stolen: Double? = nil, screens: Bool,
             pages: [PageRequest]) throws -> ShippedRunFigures {
        var thief: ProcessorThief?
        if let stolen {
            pinThisThread(to: 1)
            thief = try ProcessorThief(processor: 0, share: stolen)
        }
        defer {
            thief?.stop()
            if stolen != nil { pinThisThread(to: nil) }
        }
        let group = try CPUGroup("bookkiosk-bench-\(getpid())-\(name)")
        defer { group.remove() }
        if let groupCores { try group.setQuota(cores: groupCores, periodMicroseconds: groupPeriodMicroseconds) }
        let kioskGroup = try CPUGroup("kiosk", under: group)
        try kioskGroup.setWeight(100)
        let pageGroup = try CPUGroup("page", under: group)
        try pageGroup.setWeight(placement.weight)
        if let cores = placement.quotaCores { try pageGroup.setQuota(cores: cores, periodMicroseconds: placement.quotaPeriodMicroseconds) }

        let pinning = oneCPU ? "taskset -c 0 " : ""
        let page = try startPage(in: pageGroup, placement: placement, pinning: pinning)
        defer { page.terminate() }
        guard let announced = page.readLine(timeout: 30), let port = Self.port(in: announced, skipping: page) else {
            throw Failure(description: "bookkiosk serve did not say where it listens within 30 s; see \(errorLog)")
        }
        let kiosk = try KioskProcess(
            executable: "/bin/sh",
            arguments: ["-c", kioskGroup.enterCommand + " && exec \(pinning)\"$0\" \"$@\"", executable, "simulate", "--write", "--db", databasePath,
                        "--config", configPath, "--now", "2026-12-01T09:00:00Z"] + (screens ? ["--screens-in-memory"] : []),
            environment: environment, errorsTo: errorLog)
        defer { kiosk.finish() }
        guard kiosk.readLine(timeout: 30)?.contains("\"event\":\"ready\"") == true else {
            throw Failure(description: "bookkiosk simulate did not say ready within 30 s; see \(errorLog)")
        }
        let session = try PageBenchmark.signIn(port: port)

        var figures = ShippedRunFigures()
        var round = 0
        figures.quiet = try scan(kiosk, rounds: scans / 3, from: &round, cpu: &figures.kioskCPU, settle: screens ? 100_000 : 20_000)
        let stop = StopFlag()
        let served = SharedLatencies()
        let failures = SharedFailures()
        let hammering = PageLoad.hammer(port: port, cookie: session.cookie, pages: pages, clients: clients, stop: stop,
                                        served: served, failures: failures)
        defer {
            stop.set()
            hammering.wait()
        }
        // The clients get going before the scans are timed.
        var warming = Latencies()
        _ = try scan(kiosk, rounds: 3, from: &round, cpu: &warming, settle: screens ? 100_000 : 20_000)
        _ = served.take()
        let throttledBefore = group.throttling()
        figures.loaded = try scan(kiosk, rounds: scans / 3, from: &round, cpu: &figures.kioskCPU, settle: screens ? 100_000 : 20_000)
        let throttledAfter = group.throttling()
        stop.set()
        hammering.wait()
        if let failure = failures.first { throw Failure(description: "a page client failed while the kiosk scanned: \(failure)") }
        for (_, latencies) in served.take() {
            for sample in latencies.samples { figures.pageLists.add(sample / 1000) }
        }
        figures.pageRequests = figures.pageLists.count
        figures.periods = throttledAfter.periods - throttledBefore.periods
        figures.throttledPeriods = throttledAfter.throttled - throttledBefore.throttled
        return figures
    }

    /// `bookkiosk serve` in `group`, as its unit starts it.
    private func startPage(in group: CPUGroup, placement: PagePlacement, pinning: String) throws -> KioskProcess {
        let scheduling = placement.idleScheduling ? "chrt --idle 0 " : ""
        return try KioskProcess(
            executable: "/bin/sh",
            arguments: ["-c", group.enterCommand + " && exec \(pinning)\(scheduling)nice -n \(placement.nice) \"$0\" \"$@\"", executable, "serve",
                        "--listen", "127.0.0.1:0", "--db", databasePath, "--config", configPath],
            environment: environment, errorsTo: errorLog)
    }

    /// The port in serve's line `Serving the teachers' page on 127.0.0.1:PORT (…`, reading on past its address lines.
    static func port(in first: String, skipping process: KioskProcess) -> UInt16? {
        var line: String? = first
        while let text = line {
            if let range = text.range(of: "Serving the teachers' page on 127.0.0.1:") {
                return UInt16(text[range.upperBound...].prefix { $0.isNumber })
            }
            line = process.readLine(timeout: 30)
        }
        return nil
    }

    /// `rounds` of a User's Card, a Book (lent) and the same Book (returned): each scan timed
    /// from its line written to its event line read, in milliseconds, and the kiosk's CPU time
    /// over the same span added to `cpu`. Before each scan the kiosk's clock moves on (past the
    /// debounce, inside the Session) and the bench waits `settle` microseconds, so the frames
    /// that moving brings (the countdown bar) are painted before the scan is timed, as on a
    /// kiosk where they come at their own times; with the screen on, that is one quota period.
    private func scan(_ kiosk: KioskProcess, rounds: Int, from round: inout Int, cpu: inout Latencies,
                      settle: UInt32) throws -> Latencies {
        var latencies = Latencies()
        for _ in 0..<rounds {
            let user = DataSet.userCard(round % DataSet.pageScanning.users)
            var bookIndex = (round * 29) % DataSet.pageScanning.books
            if bookIndex % 100 == 99 { bookIndex -= 1 }  // withdrawn
            let book = DataSet.bookBarcode(bookIndex)
            round += 1
            for barcode in [user, book, book] {
                // The clock only moves with @wait.
                try kiosk.write("@wait 3s\n")
                usleep(settle)
                let cpuBefore = kiosk.cpuTime().schedstatMilliseconds
                let before = monotonicNanoseconds()
                try kiosk.write(barcode + "\n")
                guard let line = kiosk.readLine(timeout: 60) else {
                    throw Failure(description: "the kiosk did not answer the scan \(barcode) within 60 s; see \(errorLog)")
                }
                latencies.add(microseconds(from: before, to: monotonicNanoseconds()) / 1000)
                cpu.add(kiosk.cpuTime().schedstatMilliseconds - cpuBefore)
                guard line.hasPrefix("{") else { throw Failure(description: "the kiosk answered \(barcode) with: \(line)") }
            }
        }
        return latencies
    }
}
