import Feedback
import Foundation
import Kiosk
import KioskAssembly
import Lending
import LendingPostgres
import PostgresScratch
import ScannerInput
import Testing

/// The project's PostgreSQL outage scenario (FaultTests' `PostgresOutageTests`), run twice: fed
/// to `bookkiosk simulate` line by line, and through the assembly `run` uses, on a scripted
/// source and clock. Both give the same events: the return scanned while the server is away
/// is journalled, applied as `returned` with `"deferred": true` once the server is back, and
/// `ready` follows.
@Suite("The outage scenario: simulate and run give the same events",
       .enabled(if: ScratchPostgresServer.isInstalled, Comment(rawValue: ScratchPostgresServer.missingMessage)))
struct OutageScenarioTests {
    static let t0 = Date(timeIntervalSince1970: 1_796_115_600) // 2026-12-01T09:00:00Z

    /// One step of the scenario: lines for `simulate`, or the server stopping or starting.
    enum Step {
        case lines([String])
        case stopServer
        case startServer
    }

    /// Lend two Books; the Session ends; the server stops; a Book is returned (journalled) and
    /// a Card scanned (refused kindly); the server starts; 10 s later the kiosk has tried it
    /// again; the Card and a Book lend as ever.
    static let steps: [Step] = [
        .lines(["C0001", "B0001", "B0002", "@wait 120s"]),
        .stopServer,
        .lines(["@wait 180s", "B0001", "@wait 10s", "C0001"]),
        .startServer,
        .lines(["@wait 10s", "C0001", "B0001"]),
    ]

    func library(on server: ScratchPostgresServer) throws -> PostgresURL {
        let url = try server.freshDatabase()
        try PostgresLendingRepository(url: url).transaction { tx in
            try tx.save(User(card: "C0001", name: "はると"))
            try tx.save(Book(barcode: "B0001", title: "ぐりとぐら"))
            try tx.save(Book(barcode: "B0002", title: "ももたろう"))
        }
        return url
    }

    @Test("simulate and the assembled run loop: the deferred return and ready, in the same places")
    func simulateAndRunAgree() throws {
        let server = try ScratchPostgresServer()
        let folder = try TemporaryFolder()

        // simulate, as a person would run it, fed one step at a time.
        let simulated = try simulate(url: try library(on: server), server: server, folder: folder)

        // The assembly `run` uses, on a source that plays the same scans at the same times.
        let url = try library(on: server)
        let settings = KioskSettings(policy: Policy(timeZone: TimeZone(identifier: "UTC")!),
                                     feedback: FeedbackSettings(language: .ja, sound: false, timeZone: TimeZone(identifier: "UTC")!),
                                     announces: false, returnJournal: folder.path("run/return-journal.sqlite"), convertsKana: false)
        let source = ScriptedRun(steps: Self.steps, start: Self.t0, server: server)
        let kiosk = try KioskAssembly(settings: settings, repository: try PostgresLendingRepository(url: url, connectLater: true),
                                      now: Self.t0, log: { _ in })
        var ran: [String] = []
        kiosk.onEvent { event, time in ran.append(kiosk.eventLine(for: event, at: time)) }
        try kiosk.run(source: source, clock: { source.clock })

        let names = try simulated.map { try Self.withoutDetail($0) }
        #expect(names == (try ran.map { try Self.withoutDetail($0) }))
        let events = try simulated.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(events.map { $0["event"] as? String } == [
            "ready", "greeted", "lent", "lent", "sessionEnded", "error", "error", "returned", "ready", "greeted", "lent",
        ])
        #expect(events[5]["fault"] as? String == "databaseUnreachable")
        #expect(events[7]["deferred"] as? Bool == true)
        #expect(events[7]["book"] as? String == "B0001")
        #expect(events[7]["time"] as? String == "2026-12-01T09:05:15Z")
    }

    /// The event line without its `detail` (which names the database, different for each run).
    static func withoutDetail(_ line: String) throws -> String {
        var object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        object["detail"] = nil
        return String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    /// Runs `bookkiosk simulate` on `url`, writing each step's lines and waiting for their
    /// events before the server is stopped or started.
    func simulate(url: PostgresURL, server: ScratchPostgresServer, folder: TemporaryFolder) throws -> [String] {
        let config = try folder.write("config.json", #"{"timeZone": "UTC"}"#)
        let process = Process()
        process.executableURL = BookKioskBinary.url
        process.arguments = ["simulate", "--write", "--db", url.text, "--config", config, "--now", "2026-12-01T09:00:00Z"]
        process.environment = ["HOME": folder.url.path, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
                               "TZ": "UTC", "LANG": "C.UTF-8"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let lines = LineReader(output.fileHandleForReading)
        try process.run()
        // Events each step's lines give (the first step's include `ready` at the start).
        let expected = [5, 2, 4]
        var step = 0
        for part in Self.steps {
            switch part {
            case .stopServer: server.stop()
            case .startServer: try server.start()
            case .lines(let text):
                try input.fileHandleForWriting.write(contentsOf: Data((text.joined(separator: "\n") + "\n").utf8))
                let wanted = expected[0...step].reduce(0, +)
                step += 1
                try #require(lines.wait(for: wanted, seconds: 60), "simulate gave \(lines.lines)")
            }
        }
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return lines.lines
    }
}

/// Reads lines from a pipe on a thread of its own; `wait(for:seconds:)` returns once that many
/// have come (or the pipe ends, or the time is up).
final class LineReader: @unchecked Sendable {
    private let condition = NSCondition()
    private var stored: [String] = []
    private var ended = false

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            var pending = Data()
            while true {
                let chunk = handle.availableData
                condition.lock()
                if chunk.isEmpty {
                    ended = true
                } else {
                    pending.append(chunk)
                    while let newline = pending.firstIndex(of: 0x0A) {
                        stored.append(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                        pending = Data(pending[(newline + 1)...])
                    }
                }
                condition.broadcast()
                condition.unlock()
                if chunk.isEmpty { return }
            }
        }
    }

    var lines: [String] { condition.withLock { stored } }

    func wait(for count: Int, seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        condition.lock()
        defer { condition.unlock() }
        while stored.count < count, !ended {
            if !condition.wait(until: deadline) { break }
        }
        return stored.count >= count
    }
}

/// The scenario as `run`'s source: scans at the times simulate's clock gives them, time that
/// passes while the kiosk waits (up to its timeout, as a real wait would), and the server
/// stopped or started between two scans.
final class ScriptedRun: ScanSource {
    private var pending: [Item] = []
    private(set) var clock: Date
    private let server: ScratchPostgresServer

    enum Item {
        case scan(String)
        case until(Date)
        case stopServer
        case startServer
    }

    init(steps: [OutageScenarioTests.Step], start: Date, server: ScratchPostgresServer) {
        clock = start
        self.server = server
        var time = start
        for step in steps {
            switch step {
            case .stopServer: pending.append(.stopServer)
            case .startServer: pending.append(.startServer)
            case .lines(let lines):
                for line in lines {
                    if line.hasPrefix("@wait ") {
                        time = time.addingTimeInterval(Double(line.dropFirst(6).dropLast())!)
                        pending.append(.until(time))
                    } else {
                        pending.append(.scan(line))
                    }
                }
            }
        }
    }

    func next(timeout: Duration?) throws -> SourceEvent {
        while let item = pending.first {
            switch item {
            case .stopServer:
                server.stop()
                pending.removeFirst()
            case .startServer:
                try server.start()
                pending.removeFirst()
            case .scan(let barcode):
                pending.removeFirst()
                return .scan(Scan(barcode: barcode, scanner: "front"))
            case .until(let time):
                if let timeout {
                    let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
                    let deadline = clock.addingTimeInterval(seconds)
                    if deadline < time {
                        clock = deadline
                        return .timedOut
                    }
                }
                clock = time
                pending.removeFirst()
            }
        }
        return .ended
    }
}
