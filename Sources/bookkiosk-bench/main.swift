// bookkiosk-bench: how fast the kiosk answers and how little it costs, measured on this
// machine. Build and run it in release mode, with the kiosk beside it:
//
//     swift build -c release --scratch-path .build-bench
//     .build-bench/release/bookkiosk-bench [--json] [--json-file F] [--skip-large] [--rounds N] [--long-rounds N] [--idle-seconds S] [--page-rounds N] [--page-only] [--page-nice N] [--page-threads N]
//                                          [--kiosk-scans N] [--kiosks-only] [--speech-rounds N] [--speech-only]
//                                          [--shipped-only] [--shipped-runs N] [--shipped-scans N] [--unit F]
//                                          [--page-weight W] [--page-idle] [--page-quota CORES] [--page-quota-period-us N] [--pi-clients N]
//                                          [--packaged dist/bookkiosk_VERSION_ARCH.deb] [--isbn-rounds N] [--isbn-only]
//
// The kiosk and the page as separate processes (`--shipped-only` for those alone) need root:
// each goes in a cgroup v1 `cpu` group of its own, the page at its unit's priority (read from
// kiosk/bookkiosk-web.service, or `--unit F`; `--page-*` change it).
//
// (`swift run -c release bookkiosk-bench` works too once `bookkiosk` is built in the same
// place; the process figures need that binary.)
// Everything happens in a temporary folder, removed at the end (`--keep` keeps it).
import CSQLite
import Feedback
import Foundation
import HTTPServer
import LendingSQLite
import PostgresScratch

let options = Options(Array(CommandLine.arguments.dropFirst()))
let cleanup = BenchCleanup.shared
cleanup.takeStopSignals()
/// The step the bench is in, for the message when one fails.
nonisolated(unsafe) var currentStep = "starting"
func progress(_ text: String) {
    currentStep = text
    FileHandle.standardError.write(Data("bench: \(text)\n".utf8))
}

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bookkiosk-bench-\(getpid())").path
cleanup.removeAtExit(folder: folder, keep: options.keep)
let configPath = folder + "/config.json"
do {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try Data(#"{"timeZone": "UTC", "language": "en", "sound": false}"#.utf8).write(to: URL(fileURLWithPath: configPath))
} catch {
    cleanup.fail(error, during: "making the temporary folder \(folder)")
}

let machine = Machine.current(sqliteVersion: String(cString: sqlite3_libversion()))
let start = Date(timeIntervalSince1970: 1_796_115_600) // 2026-12-01T09:00:00Z, a Tuesday
var report: [String: Any] = ["machine": machine.json, "folder": folder]
var table: [(String, String, String)] = []  // figure, value, target

@MainActor func row(_ name: String, _ value: String, _ target: String = "") { table.append((name, value, target)) }
func verdict(_ met: Bool) -> String { met ? "met" : "MISSED" }

extension ShippedRunFigures {
    /// A Pi-class run as the report's JSON keeps it.
    func piRecord(periodMicroseconds: Int) -> [String: Any] {
        func millis(_ latencies: Latencies) -> [String: Double] {
            ["p50": rounded(latencies.p50, places: 2), "p99": rounded(latencies.p99, places: 2), "max": rounded(latencies.max, places: 2)]
        }
        return ["periodMillis": periodMicroseconds / 1000,
                "scanToFrameMillisQuiet": millis(quiet), "scanToFrameMillisLoaded": millis(loaded),
                "pageMillis": millis(pageLists), "pageRequests": pageRequests, "kioskCPUMillisPerScan": millis(kioskCPU),
                "throttledPeriods": throttledPeriods, "periods": periods]
    }

    /// A Pi-class run's line: scan → frame p99 quiet / loaded; the list pages' p99; and why.
    var piSummary: String {
        "\(rounded(quiet.p99, places: 2)) / \(rounded(loaded.p99, places: 2)); \(rounded(pageLists.p99, places: 1)) (\(pageRequests) requests; "
            + "throttled \(throttledPeriods) of \(periods) periods; kiosk CPU ms a scan p50 / p99 \(rounded(kioskCPU.p50, places: 2)) / \(rounded(kioskCPU.p99, places: 2)))"
    }
}

/// Prints the report, cleans up and exits 0 (or says why the report could not be written).
@MainActor func finish() -> Never {
    do {
        try printReport()
    } catch {
        cleanup.fail(error, during: "writing the report")
    }
    cleanup.cleanUp()
    exit(0)
}

/// Books by their ISBN (ISBNBenchmark.swift): まとめて登録 with the answer cached, on 5,000
/// Books, and the lookup's own cost over the replay server's answers.
@MainActor func measureISBN() throws {
    let figures = try ISBNBenchmark.run(folder: folder, start: start, registrations: options.isbnRounds, lookups: options.isbnRounds,
                                        progress: progress)
    func millis(_ latencies: Latencies) -> [String: Double] {
        ["p50": rounded(latencies.p50 / 1000, places: 2), "p99": rounded(latencies.p99 / 1000, places: 2)]
    }
    func pair(_ latencies: Latencies) -> String {
        "\(rounded(latencies.p50 / 1000, places: 2)) / \(rounded(latencies.p99 / 1000, places: 2))"
    }
    let registerP99 = figures.register.p99 / 1000
    let overhead = figures.overhead.p50 / 1000
    report["isbnRegisterP99Ms"] = rounded(registerP99, places: 2)
    report["lookupOverheadMs"] = rounded(overhead, places: 2)
    report["isbn"] = ["books": figures.books, "registrations": figures.register.count, "lookups": figures.lookup.count,
                      "registerServerMillis": millis(figures.register), "registerRoundTripMillis": millis(figures.registerRoundTrip),
                      "lookupMillis": millis(figures.lookup), "overheadMillis": millis(figures.overhead),
                      "method": "POST /books/scan (まとめて登録) through the real page and daemon on 127.0.0.1, the ISBN's record already in the library's lookup cache, a new copy each time with the next free number; lookupOverheadMs: the median of one lookup's wall time (NDL then openBD, libcurl to LookupReplay on 127.0.0.1, no cache, no polite pause) less the replay server's own time answering it"]
    row("isbnRegisterP99Ms (まとめて登録, cached, \(figures.books) Books): server ms p50 / p99", "\(pair(figures.register)) (\(figures.register.count) copies; round trip \(pair(figures.registerRoundTrip)))",
        "p99 < 50 ms: \(verdict(registerP99 < 50))")
    row("lookupOverheadMs (one lookup less the replay server's answer time): ms p50 / p99", "\(pair(figures.overhead)) (lookup \(pair(figures.lookup)), \(figures.lookup.count) lookups)")
}

if options.isbnOnly {
    do {
        try measureISBN()
    } catch {
        cleanup.fail(error, during: currentStep)
    }
    finish()
}

if options.pageOnly {
    do {
        try measurePageAttack()
        try measurePage()
    try measureISBN()
    } catch {
        cleanup.fail(error, during: currentStep)
    }
    finish()
}

if options.shippedOnly {
    do {
        try measureShipped()
    } catch {
        cleanup.fail(error, during: currentStep)
    }
    finish()
}

/// The Debian package's program against the development build (PackagedBenchmark.swift).
@MainActor func measurePackaged(_ package: String) throws {
    guard let development = ProcessBenchmarks.locateKiosk() else {
        throw PackagedBenchmark.Failure(description: "no bookkiosk beside this bench to compare with: build both (swift build -c release --scratch-path .build-bench)")
    }
    let dataSet = DataSet.small
    let path = folder + "/packaged.sqlite"
    progress("generating the \(dataSet.name) data set for the packaged program")
    try dataSet.generate(at: path, now: start, seed: 8)
    let figures = try PackagedBenchmark(package: package, development: development, folder: folder, configPath: configPath)
        .run(database: path, users: dataSet.users, books: dataSet.books, runs: 20, rounds: 200, progress: progress)
    report["packagedStartupRatio"] = rounded(figures.startupRatio, places: 2)
    report["packagedRSSRatio"] = rounded(figures.rssRatio, places: 2)
    report["packaged"] = ["package": package,
                          "startupMillisP50": ["packaged": rounded(figures.startupMillis.packaged.p50, places: 1),
                                               "development": rounded(figures.startupMillis.development.p50, places: 1)],
                          "peakMegabytes": ["packaged": rounded(figures.peakMegabytes.packaged, places: 1),
                                            "development": rounded(figures.peakMegabytes.development, places: 1)]]
    row("packaged: startup ms p50, package / development", "\(rounded(figures.startupMillis.packaged.p50, places: 1)) / \(rounded(figures.startupMillis.development.p50, places: 1)) (× \(rounded(figures.startupRatio, places: 2)))",
        "≤ 1.1×: \(verdict(figures.startupRatio <= 1.1))")
    row("packaged: peak RSS MB, package / development", "\(rounded(figures.peakMegabytes.packaged, places: 1)) / \(rounded(figures.peakMegabytes.development, places: 1)) (× \(rounded(figures.rssRatio, places: 2)))",
        "≤ 1.1×: \(verdict(figures.rssRatio <= 1.1))")
}

if let package = options.packaged {
    do {
        try measurePackaged(package)
    } catch {
        cleanup.fail(error, during: "measuring the packaged program")
    }
    finish()
}

/// The voice after a lend (SpeechBenchmark.swift): cue start, voice ready and voice start,
/// cold and warm, and the scan's answer with speech on ÷ off.
@MainActor func measureSpeech() {
    let figures: SpeechFigures
    do {
        figures = try SpeechBenchmark.run(folder: folder, rounds: options.speechRounds, start: start, progress: progress)
    } catch {
        report["speech"] = "skipped: \(error)"
        row("speech", "skipped: \(error)")
        return
    }
    func millis(_ latencies: Latencies) -> [String: Double] {
        ["p50": rounded(latencies.p50, places: 1), "p99": rounded(latencies.p99, places: 1)]
    }
    func pair(_ latencies: Latencies) -> String { "\(rounded(latencies.p50, places: 1)) / \(rounded(latencies.p99, places: 1))" }
    let ratio = figures.answerOn.p50 / figures.answerOff.p50
    let processorRatio = figures.answerCPUOn.p50 / figures.answerCPUOff.p50
    let cueMillis = Cue.lent.duration * 1000
    report["speech"] = ["engine": figures.engine, "rounds": options.speechRounds, "cueMillis": cueMillis,
                        "cueStartMicros": ["p50": rounded(figures.cueStart.p50), "p99": rounded(figures.cueStart.p99)],
                        "voiceReadyColdMillis": millis(figures.coldReady), "voiceStartColdMillis": millis(figures.coldStart),
                        "voiceReadyWarmMillis": millis(figures.warmReady), "voiceStartWarmMillis": millis(figures.warmStart),
                        "answerMicrosOn": ["p50": rounded(figures.answerOn.p50), "p99": rounded(figures.answerOn.p99)],
                        "answerMicrosOff": ["p50": rounded(figures.answerOff.p50), "p99": rounded(figures.answerOff.p99)],
                        "answerProcessorMicrosOn": ["p50": rounded(figures.answerCPUOn.p50), "p99": rounded(figures.answerCPUOn.p99)],
                        "answerProcessorMicrosOff": ["p50": rounded(figures.answerCPUOff.p50), "p99": rounded(figures.answerCPUOff.p99)],
                        "processorRatio": rounded(processorRatio, places: 3),
                        "method": "in-process kiosk (KioskAssembly) on an in-memory library, Announcer with player `cat > /dev/null`; a voice is handed to the player no sooner than the lend cue's \(Int(cueMillis)) ms after the scan; the answer is the whole of the lend's `feed`, speech on and off in one kiosk, round by round (alternating which goes first); ratio of answer p50s"]
    report["voiceStartWarmP99Ms"] = rounded(figures.warmStart.p99, places: 1)
    report["voiceStartColdP99Ms"] = rounded(figures.coldStart.p99, places: 1)
    report["speechOnOffRatio"] = rounded(ratio, places: 3)
    row("speech: \(figures.engine)", "")
    row("speech: scan → cue start µs p50 / p99", "\(rounded(figures.cueStart.p50)) / \(rounded(figures.cueStart.p99))")
    row("speech: scan → voice ready ms p50 / p99, warm; cold", "\(pair(figures.warmReady)); \(pair(figures.coldReady))")
    row("speech: scan → voice start ms p50 / p99, warm (after the \(Int(cueMillis)) ms cue)", pair(figures.warmStart),
        "p99 ≤ 300: \(verdict(figures.warmStart.p99 <= 300))")
    row("speech: scan → voice start ms p50 / p99, cold (a new name and title)", pair(figures.coldStart),
        "p99 ≤ 1000: \(verdict(figures.coldStart.p99 <= 1000))")
    row("speech: answer µs p50 on / off; ratio", "\(rounded(figures.answerOn.p50)) / \(rounded(figures.answerOff.p50)); \(rounded(ratio, places: 3))",
        "≤ 1.05: \(verdict(ratio <= 1.05))")
    row("speech: answer's processor µs p50 on / off; ratio",
        "\(rounded(figures.answerCPUOn.p50)) / \(rounded(figures.answerCPUOff.p50)); \(rounded(processorRatio, places: 3))")
}

if options.speechOnly {
    measureSpeech()
    finish()
}

/// Several kiosks at once on one PostgreSQL library (ManyKioskBenchmark.swift).
@MainActor func measureManyKiosks() throws {
    guard ScratchPostgresServer.isInstalled else {
        row("postgres kiosks", "skipped: \(ScratchPostgresServer.missingMessage)")
        return
    }
    var runs: [[String: Any]] = []
    for figures in try ManyKioskBenchmark(scansPerKiosk: options.kioskScans, now: start).run(progress: progress) {
        let scans = figures.scans
        runs.append(["kiosks": figures.kiosks, "scans": scans.count, "scansPerSecond": rounded(figures.scansPerSecond),
                     "millis": ["p50": rounded(scans.p50, places: 2), "p99": rounded(scans.p99, places: 2), "max": rounded(scans.max, places: 2)],
                     "deadlocks": figures.deadlocks, "lockWaitsOverOneSecond": figures.longLockWaits,
                     "faults": figures.faults.count, "outcomes": figures.outcomes])
        let target = figures.kiosks == 8
            ? "max ≤ 100 ms, 0 deadlocks: \(verdict(scans.max <= 100 && figures.deadlocks == 0 && figures.faults.isEmpty))" : ""
        row("postgres \(figures.kiosks) kiosk\(figures.kiosks == 1 ? "" : "s"): scans/s, ms p50 / p99 / max, deadlocks",
            "\(Int(figures.scansPerSecond)), \(rounded(scans.p50, places: 2)) / \(rounded(scans.p99, places: 2)) / \(rounded(scans.max, places: 1)), \(figures.deadlocks) (\(scans.count) scans, \(figures.faults.count) faults)",
            target)
        for fault in Set(figures.faults).sorted() { progress("\(figures.kiosks) kiosks: fault: \(fault)") }
        for statement in figures.deadlockedStatements.sorted() { progress("\(figures.kiosks) kiosks: a deadlock between: \(statement)") }
    }
    report["postgresKiosks"] = runs
    try measureCrash()
}

/// Four `bookkiosk simulate` processes on one PostgreSQL server that crashes for ten seconds
/// (`pg_ctl stop -m immediate`) and starts again, one kiosk killed mid-scan while it is away and
/// another after (KioskCrashDrill). Needs the `bookkiosk` binary beside the bench.
@MainActor func measureCrash() throws {
    guard let kiosk = ProcessBenchmarks.locateKiosk() else {
        row("postgres crash round", "skipped: no bookkiosk binary beside the bench")
        return
    }
    progress("PostgreSQL crash round: 4 kiosk processes, the server away for 10 s, kills mid-scan")
    let server = try ScratchPostgresServer(durable: true)
    defer { server.stop() }
    let drillFolder = folder + "/crash"
    try FileManager.default.createDirectory(atPath: drillFolder, withIntermediateDirectories: true)
    let drill = KioskCrashDrill(executable: kiosk, folder: drillFolder,
                                plan: .init(warmUp: 3, outage: 10, afterRestart: 5, afterKill: 3, scanInterval: 0.04))
    let figures = try drill.run(on: server)
    report["crashSlowestAnswerMs"] = rounded(figures.slowestOutageAnswerMs, places: 1)
    report["crashRecoveryMaxS"] = figures.recoveryMaxSeconds.isFinite ? rounded(figures.recoveryMaxSeconds, places: 2) : -1
    report["crashRecoveryS"] = figures.recoverySeconds.map { $0.isFinite ? rounded($0, places: 2) : -1 }
    report["crashReturnsAppliedRatio"] = rounded(figures.appliedRatio, places: 3)
    report["crashRound"] = ["scans": figures.scans, "outageScans": figures.outageScans, "killedScans": figures.killedScans,
                            "slowestAnswerMs": rounded(figures.slowestAnswerMs, places: 1),
                            "owedReturns": figures.owedReturns, "appliedReturns": figures.appliedReturns,
                            "returnedElsewhere": figures.returnedElsewhere, "lentEvents": figures.lentEvents,
                            "returnedEvents": figures.returnedEvents, "problems": figures.problems.count]
    row("crash: slowest answer while the server was away, ms", "\(rounded(figures.slowestOutageAnswerMs, places: 1)) (\(figures.outageScans) scans; slowest of all \(rounded(figures.slowestAnswerMs, places: 1)))",
        "≤ 1000 ms: \(verdict(figures.slowestOutageAnswerMs <= 1000))")
    row("crash: server restart to each kiosk's first normal answer, s",
        figures.recoverySeconds.map { "\(rounded($0, places: 2))" }.joined(separator: ", "),
        "≤ 2 s: \(verdict(figures.recoveryMaxSeconds <= 2))")
    row("crash: journalled returns applied / owed", "\(figures.appliedReturns) / \(figures.owedReturns) (\(figures.returnedElsewhere) taken back elsewhere first)",
        "1.0: \(verdict(figures.appliedRatio == 1))")
    row("crash: answers that disagree with the database", "\(figures.problems.count) (\(figures.scans) scans, \(figures.killedScans) killed mid-scan)",
        "0: \(verdict(figures.problems.isEmpty))")
    progress("crash round: crashed at \(rounded(figures.crashedAt, places: 2)) s, restarted at \(rounded(figures.restartedAt, places: 2)) s; the slowest answer: \(figures.slowestScan)")
    for problem in figures.problems.prefix(20) { progress("crash round: \(problem)") }
}

do {
    if options.kiosksOnly {
        try measureManyKiosks()
        finish()
    }
    // The scan path on both data sets.
    var lendP50: [String: Double] = [:]
    var floorP50: [String: Double] = [:]
    var largePath: String?
    for dataSet in options.skipLarge ? [DataSet.small] : [.small, .large] {
        let path = folder + "/\(dataSet.name).sqlite"
        progress("generating the \(dataSet.name) data set (\(dataSet.books) Books, \(dataSet.users) Users, \(dataSet.pastLoans) past Loans)")
        let (_, buildSeconds) = try timed { try dataSet.generate(at: path, now: start, seed: 8) }
        let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        // The daily housekeeping `run` and `simulate` do at start and before the first event of
        // each day (forgetting who borrowed Loans returned over privacyDays ago): the first time,
        // on a library that never had it, then as every later day finds it.
        let repository = try SQLiteLendingRepository(path: path)
        let cutoff = start.addingTimeInterval(-30 * 86_400)
        let (firstForgotten, firstSeconds) = try timed { try repository.anonymizeReturnedLoans(olderThan: cutoff) }
        var daily = Latencies()
        for day in 1...5 {
            let (_, seconds) = try timed { _ = try repository.anonymizeReturnedLoans(olderThan: cutoff.addingTimeInterval(Double(day) * 86_400)) }
            daily.add(seconds * 1000)
        }
        let planner = try SQLiteConnection(path: path, mode: .readOnly)
        let plan = try planner.rows("EXPLAIN QUERY PLAN UPDATE loans SET user = NULL WHERE returned_at < ? AND user IS NOT NULL",
                                    [.real(0)]) { $0.text(3) }.joined(separator: "; ")
        report["housekeepingPlan"] = plan
        progress("scan path on the \(dataSet.name) data set (\(options.rounds) rounds)")
        let figures = try ScanPathBenchmark.run(databasePath: path, dataSet: dataSet, iterations: options.rounds,
                                                warmUp: 20, start: start, seed: 88)
        lendP50[dataSet.name] = figures.lend.p50
        floorP50[dataSet.name] = figures.floor.p50
        if dataSet.name == "small" {
            report["floorCommitMicros"] = ["p50": rounded(figures.floor.p50), "p99": rounded(figures.floor.p99),
                                           "samples": figures.floor.count]
        }
        var entry: [String: Any] = ["generateSeconds": rounded(buildSeconds, places: 2),
                                    "housekeeping": ["firstForgotten": firstForgotten, "firstSeconds": rounded(firstSeconds, places: 2),
                                                     "dailyMillis": ["p50": rounded(daily.p50), "max": rounded(daily.max)]],
                                    "databaseMegabytes": rounded(Double(bytes) / 1_048_576),
                                    "books": dataSet.books, "users": dataSet.users, "pastLoans": dataSet.pastLoans,
                                    "rounds": figures.lend.count]
        for (name, latencies) in [("floorCommitMicros", figures.floor), ("cardMicros", figures.card), ("lendMicros", figures.lend), ("returnMicros", figures.return)] {
            entry[name] = ["p50": rounded(latencies.p50), "p99": rounded(latencies.p99), "max": rounded(latencies.max)]
        }
        report[dataSet.name] = entry
        row("\(dataSet.name): generated in", "\(rounded(buildSeconds, places: 2)) s, \(rounded(Double(bytes) / 1_048_576)) MB")
        row("\(dataSet.name): daily housekeeping p50 / max ms", "\(rounded(daily.p50)) / \(rounded(daily.max)) (first time \(rounded(firstSeconds, places: 2)) s for \(firstForgotten) Loans; \(plan))")
        row("\(dataSet.name): floorCommitMicros p50 / p99", "\(rounded(figures.floor.p50)) / \(rounded(figures.floor.p99))")
        row("\(dataSet.name): cardMicros p50 / p99", "\(rounded(figures.card.p50)) / \(rounded(figures.card.p99))")
        row("\(dataSet.name): lendMicros p50 / p99", "\(rounded(figures.lend.p50)) / \(rounded(figures.lend.p99))",
            "p99 < 1000 µs: \(verdict(figures.lend.p99 < 1000))")
        row("\(dataSet.name): returnMicros p50 / p99", "\(rounded(figures.return.p50)) / \(rounded(figures.return.p99))")
        if dataSet.name == "large" { largePath = path }
    }
    let lendVsFloor = lendP50["small"]! / floorP50["small"]!
    report["lendVsFloor"] = rounded(lendVsFloor, places: 2)
    row("lendVsFloor (small lend p50 / floor p50)", "\(rounded(lendVsFloor, places: 2))", "≤ 1.5: \(verdict(lendVsFloor <= 1.5))")
    if let large = lendP50["large"] {
        let largeVsSmall = large / lendP50["small"]!
        report["largeVsSmall"] = rounded(largeVsSmall, places: 2)
        row("largeVsSmall (lend p50)", "\(rounded(largeVsSmall, places: 2))", "≤ 1.3: \(verdict(largeVsSmall <= 1.3))")
    }

    // The screen: each frame at three sizes, and a scan until its frame is painted.
    progress("screen frames (\(options.rounds / 2) each)")
    var screenReport: [String: Any] = [:]
    for (kind, size, latencies) in try ScreenBenchmark.frames(rounds: options.rounds / 2, start: start) {
        screenReport["\(kind) \(size)"] = ["p50": rounded(latencies.p50, places: 2), "p99": rounded(latencies.p99, places: 2)]
        let target = size.width == 1280 && size.height == 800 ? "p99 ≤ 5 ms: \(verdict(latencies.p99 <= 5))" : ""
        row("screen \(kind) \(size) ms p50 / p99", "\(rounded(latencies.p50, places: 2)) / \(rounded(latencies.p99, places: 2))", target)
    }
    progress("scan to frame at 1280x800")
    let scanToFrame = try ScreenBenchmark.scanToFrame(databasePath: folder + "/small.sqlite", dataSet: .small, rounds: options.rounds / 2, start: start)
    screenReport["scanToFrameMillis"] = ["p50": rounded(scanToFrame.p50, places: 2), "p99": rounded(scanToFrame.p99, places: 2), "samples": scanToFrame.count]
    report["screen"] = screenReport
    row("scan → frame 1280x800 ms p50 / p99", "\(rounded(scanToFrame.p50, places: 2)) / \(rounded(scanToFrame.p99, places: 2))",
        "p99 ≤ 6 ms: \(verdict(scanToFrame.p99 <= 6))")

    // Checkpointing: lend latency over a long run before and after, and where a lend's time goes.
    let checkpointing = try CheckpointBenchmark.measure(folder: folder, start: start, rounds: options.longRounds,
                                                        anatomyRounds: options.rounds, progress: progress)
    report["checkpointing"] = checkpointing.json
    table += checkpointing.rows

    // The decoder.
    progress("decoder")
    let scans = 20_000
    let events = DecodeBenchmark.stream(scans: scans)
    let decode = DecodeBenchmark.run(events: events, passes: 5, expectedBarcodes: scans)
    report["decodeEventsPerSecond"] = Int(decode.eventsPerSecond)
    report["decodeStream"] = ["events": events.count, "scans": scans, "passes": 5]
    row("decodeEventsPerSecond", "\(Int(decode.eventsPerSecond)) (\(events.count) events × 5)")

    // Printing: 440 Book labels, 10 sheets of 44, as a PDF.
    progress("printing 440 labels")
    let printing = try PrintBenchmark.run(folder: folder)
    report["print440LabelsSeconds"] = ["best": rounded(printing.best, places: 3), "median": rounded(printing.median, places: 3),
                                       "pages": printing.pages, "pdfKilobytes": printing.bytes / 1024]
    row("print440LabelsSeconds best / median (layout + PDF)", "\(rounded(printing.best, places: 3)) / \(rounded(printing.median, places: 3)) (\(printing.pages) pages, \(printing.bytes / 1024) KB)",
        "< 1 s: \(verdict(printing.median < 1))")

    // The kiosk as a process.
    if let kiosk = ProcessBenchmarks.locateKiosk() {
        let processes = ProcessBenchmarks(executable: kiosk, folder: folder, configPath: configPath)
        progress("import of 100,000 Books with \(kiosk)")
        let imported = try processes.importBooks(rows: 100_000)
        report["importRowsPerSecond"] = Int(imported.rowsPerSecond)
        report["importMethod"] = "bookkiosk import books (the release binary, process start to exit, new database)"
        row("importRowsPerSecond (bookkiosk import books)", "\(Int(imported.rowsPerSecond)) (\(rounded(imported.seconds, places: 2)) s)")

        progress("startup: spawn to ready, 10 runs")
        let startup = try processes.startup(database: folder + "/small.sqlite", runs: 10)
        report["startupMillis"] = ["p50": rounded(startup.p50), "max": rounded(startup.max), "runs": startup.count]
        row("startupMillis p50 / max (spawn to ready)", "\(rounded(startup.p50)) / \(rounded(startup.max))",
            "< 100 ms: \(verdict(startup.p50 < 100))")

        progress("idle CPU over \(options.idleSeconds) s")
        let idle = try processes.idleCPU(database: folder + "/small.sqlite", seconds: options.idleSeconds)
        report["idleCpuMillisPerMinute"] = rounded(idle.schedstatMillisPerMinute, places: 3)
        report["idleCpuMethod"] = "bookkiosk simulate waiting on stdin; /proc/PID/task/*/schedstat (ns) over \(options.idleSeconds) s, scaled to 60 s; /proc/PID/stat ticks gave \(rounded(idle.statMillisPerMinute, places: 1)) ms/min"
        row("idleCpuMillisPerMinute (simulate, \(Int(options.idleSeconds)) s ×\(rounded(60 / options.idleSeconds, places: 1)))",
            "\(rounded(idle.schedstatMillisPerMinute, places: 3)) (stat: \(rounded(idle.statMillisPerMinute)))",
            "< 10: \(verdict(idle.schedstatMillisPerMinute < 10))")

        if let largePath {
            progress("startup on the large data set: spawn to ready, 5 runs")
            let largeStartup = try processes.startup(database: largePath, runs: 5)
            report["startupMillisLarge"] = ["p50": rounded(largeStartup.p50), "max": rounded(largeStartup.max), "runs": largeStartup.count]
            row("startupMillis on large p50 / max", "\(rounded(largeStartup.p50)) / \(rounded(largeStartup.max))",
                "< 100 ms: \(verdict(largeStartup.p50 < 100))")

            progress("peak memory of simulate on the large data set")
            let memory = try processes.peakMemory(database: largePath, users: DataSet.large.users, books: DataSet.large.books, rounds: 300)
            report["peakRSSMegabytes"] = rounded(memory.hwm)
            report["peakRSSMethod"] = "VmHWM of bookkiosk simulate after 300 rounds of Card, lend, return on the large database"
            report["rssAfterMegabytes"] = ["VmRSS": rounded(memory.rss), "RssAnon": rounded(memory.anonymous), "RssFile": rounded(memory.files)]
            row("peakRSSMegabytes (VmHWM, large)", "\(rounded(memory.hwm)) (RssAnon \(rounded(memory.anonymous)), RssFile \(rounded(memory.files)))",
                "< 30: \(verdict(memory.hwm < 30))")
        }
        progress("memory of simulate --screens (a frame painted and written for every event)")
        let screens = folder + "/frames"
        let screenMemory = try processes.peakMemory(database: folder + "/small.sqlite", users: DataSet.small.users, books: DataSet.small.books,
                                                    rounds: 60, extraArguments: ["--screens", screens])
        try? FileManager.default.removeItem(atPath: screens)
        report["screenRSSMegabytes"] = ["VmHWM": rounded(screenMemory.hwm), "RssAnon": rounded(screenMemory.anonymous), "RssFile": rounded(screenMemory.files)]
        row("screen on: RSS (simulate --screens 1280x800, small)", "VmHWM \(rounded(screenMemory.hwm)), RssAnon \(rounded(screenMemory.anonymous)), RssFile \(rounded(screenMemory.files))",
            "RssAnon < 20: \(verdict(screenMemory.anonymous < 20))")
    } else {
        report["processFigures"] = "skipped: no bookkiosk beside this benchmark; build it with `swift build -c release --scratch-path .build-bench`"
        row("process figures", "skipped: build bookkiosk beside the benchmark")
    }
    measureSpeech()
    try measurePage()
    // PostgreSQL (PostgresBenchmark.swift): lend over the socket and over TCP.
    if ScratchPostgresServer.isInstalled {
        progress("PostgreSQL: lend and return on a scratch server, fsync and synchronous_commit on")
        for figures in try PostgresBenchmark(rounds: options.rounds).run() {
            let target = figures.transport == "socket"
                ? "p50 ≤ 1000, p99 ≤ 2000: \(verdict(figures.lend.p50 <= 1000 && figures.lend.p99 <= 2000))" : ""
            report["postgres \(figures.transport)"] = ["lendMicros": ["p50": rounded(figures.lend.p50), "p99": rounded(figures.lend.p99)],
                                                        "returnMicros": ["p50": rounded(figures.return.p50), "p99": rounded(figures.return.p99)]]
            row("postgres \(figures.transport): lendMicros p50 / p99", "\(rounded(figures.lend.p50)) / \(rounded(figures.lend.p99))", target)
            row("postgres \(figures.transport): returnMicros p50 / p99", "\(rounded(figures.return.p50)) / \(rounded(figures.return.p99))")
        }
    } else {
        row("postgres", "skipped: \(ScratchPostgresServer.missingMessage)")
    }
    try measureManyKiosks()
    try measureShipped()
} catch {
    cleanup.fail(error, during: currentStep)
}

/// The JSON object (to --json-file, or standard output with --json) or the table.
@MainActor func printReport() throws {
    let json = String(decoding: try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys]), as: UTF8.self)
    if let jsonFile = options.jsonFile {
        try Data((json + "\n").utf8).write(to: URL(fileURLWithPath: jsonFile))
    }
    if options.json {
        print(json)
    } else {
        print("BookKiosk benchmark — \(machine.processors) × \(machine.cpuModel), \(machine.kernel), \(machine.memoryMegabytes) MB, SQLite \(machine.sqliteVersion)")
        print("databases in \(folder) (WAL, synchronous=FULL); \(options.rounds) rounds after 20 warm-up\n")
        let width = table.map(\.0.count).max() ?? 0
        let valueWidth = table.map(\.1.count).max() ?? 0
        for (name, value, target) in table {
            print(name.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                  + value.padding(toLength: valueWidth, withPad: " ", startingAt: 0) + "  " + target)
        }
    }
}

// Last, so no declaration follows a call that never returns.
finish()
