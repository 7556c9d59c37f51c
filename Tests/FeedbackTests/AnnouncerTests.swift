import Feedback
import Foundation
import Lending
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite struct AnnouncerTests {
    /// Opens `url` for appending, as the runtime would for `--events FILE`.
    static func openForAppending(_ url: URL) throws -> Int32 {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        try #require(descriptor >= 0)
        return descriptor
    }

    @Test func announceDoesAllFourTogether() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let played = directory.appendingPathComponent("played.wav")
        let statusFile = directory.appendingPathComponent("status.txt")
        let eventsFile = directory.appendingPathComponent("events.jsonl")
        let status = try AnnouncerTests.openForAppending(statusFile)
        let events = try AnnouncerTests.openForAppending(eventsFile)
        defer { close(status); close(events) }
        let log = LogRecorder()
        let settings = FeedbackSettings(language: .ja, player: "cat >> \(shellQuoted(played.path))", volume: 0.5,
                                        timeZone: Fixtures.tokyo, statusLineFileDescriptor: status,
                                        eventStreamFileDescriptor: events)
        let announcer = Announcer(settings: settings, log: log.sink)

        let lent = KioskEvent.outcome(.lent(Fixtures.loan, book: Fixtures.guri, user: Fixtures.haruto))
        let message = announcer.announce(lent, at: Fixtures.morning)
        #expect(message == "はるとさん、 「ぐりとぐら」を かりたよ。 12月3日(木)までに かえしてね")
        #expect(announcer.waitUntilQuiet(deadline: Date().addingTimeInterval(10)))

        #expect(try Data(contentsOf: played) == Data(Cue.lent.wav(volume: 0.5)))
        #expect(try String(contentsOf: statusFile, encoding: .utf8) == "✓ \(message)\n")
        #expect(try String(contentsOf: eventsFile, encoding: .utf8)
                == #"{"event":"lent","user":"C0001","book":"B0042","title":"ぐりとぐら","due":"2026-12-03","#
                + #""time":"2026-12-01T09:00:00+09:00","message":"\#(message)"}"# + "\n")
        #expect(announcer.eventLine(for: lent, at: Fixtures.morning) + "\n"
                == (try String(contentsOf: eventsFile, encoding: .utf8)))
        #expect(log.all == ["lent B0042 “ぐりとぐら” to C0001 (はると), due 2026-12-03"])
    }

    @Test func soundOffPlaysNothingButStillWrites() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let played = directory.appendingPathComponent("played.wav")
        let eventsFile = directory.appendingPathComponent("events.jsonl")
        let events = try AnnouncerTests.openForAppending(eventsFile)
        defer { close(events) }
        for settings in [
            FeedbackSettings(language: .en, sound: false, player: "cat >> \(shellQuoted(played.path))",
                             timeZone: Fixtures.utc, eventStreamFileDescriptor: events),
            FeedbackSettings(language: .en, sound: true, player: "none", speech: .on,
                             timeZone: Fixtures.utc, eventStreamFileDescriptor: events),
        ] {
            let announcer = Announcer(settings: settings, log: LogRecorder().sink)
            announcer.announce(.duplicate(barcode: "B0042"), at: Fixtures.morning)
            #expect(announcer.waitUntilQuiet(deadline: Date().addingTimeInterval(10)))
        }
        #expect(!FileManager.default.fileExists(atPath: played.path))
        let line = #"{"event":"duplicate","barcode":"B0042","time":"2026-12-01T00:00:00Z","message":"Already scanned"}"#
        #expect(try String(contentsOf: eventsFile, encoding: .utf8) == line + "\n" + line + "\n")
    }

    @Test func aBrokenEventStreamIsLoggedOnceAndTheKioskGoesOn() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        close(ends[0])   // nobody reads: every write fails with EPIPE
        defer { close(ends[1]) }
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        let log = LogRecorder()
        let announcer = Announcer(settings: FeedbackSettings(player: "none", eventStreamFileDescriptor: ends[1]),
                                  log: log.sink)
        for _ in 0..<3 { announcer.announce(.ready, at: Fixtures.morning) }
        let troubles = log.all.filter { $0.hasPrefix("event stream:") }
        #expect(troubles == ["event stream: write failed: Broken pipe"])
        #expect(log.all.count == 4, "one trouble and three log lines: \(log.all)")
    }

    @Test func announcementsFromManyThreadsStayWholeLines() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let eventsFile = directory.appendingPathComponent("events.jsonl")
        let statusFile = directory.appendingPathComponent("status.txt")
        let events = try AnnouncerTests.openForAppending(eventsFile)
        let status = try AnnouncerTests.openForAppending(statusFile)
        defer { close(events); close(status) }
        let announcer = Announcer(settings: FeedbackSettings(player: "none", timeZone: Fixtures.tokyo,
                                                             statusLineFileDescriptor: status,
                                                             eventStreamFileDescriptor: events),
                                  log: LogRecorder().sink)
        let threads = 8, each = 25
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for index in 0..<each {
                announcer.announce(.duplicate(barcode: "B\(thread)-\(index)"), at: Fixtures.morning)
            }
        }
        let lines = try String(contentsOf: eventsFile, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == threads * each)
        let barcodes = try lines.map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return try #require(object["barcode"] as? String)
        }
        #expect(Set(barcodes).count == threads * each)
        let statusLines = try String(contentsOf: statusFile, encoding: .utf8).split(separator: "\n")
        #expect(statusLines.count == threads * each)
        #expect(statusLines.allSatisfy { $0 == "↻ もう スキャンしたよ" })
    }

    /// Prints how long `announce` takes and how soon the player has the cue. A figure, not a
    /// limit: the test asserts only that every cue arrived whole.
    @Test func latencyFromAnnounceToThePlayer() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let statusFile = directory.appendingPathComponent("status.txt")
        let status = try AnnouncerTests.openForAppending(statusFile)
        defer { close(status) }
        var announceTimes: [Duration] = []
        var arrivalTimes: [Duration] = []
        let rounds = 20
        for round in 0..<rounds {
            let played = directory.appendingPathComponent("played-\(round).wav")
            let announcer = Announcer(settings: FeedbackSettings(player: "cat > \(shellQuoted(played.path))",
                                                                 statusLineFileDescriptor: status),
                                      log: LogRecorder().sink)
            let event = KioskEvent.outcome(.greeted(Fixtures.haruto))
            let expected = Cue.greeting.wav(volume: FeedbackSettings.defaultVolume).count
            let start = ContinuousClock.now
            announcer.announce(event, at: Fixtures.morning)
            announceTimes.append(ContinuousClock.now - start)
            // The player has the cue when its first bytes land in the file.
            #expect(eventually {
                ((try? FileManager.default.attributesOfItem(atPath: played.path)[.size] as? Int) ?? 0) > 0
            })
            arrivalTimes.append(ContinuousClock.now - start)
            #expect(announcer.waitUntilQuiet(deadline: Date().addingTimeInterval(10)))
            #expect((try? Data(contentsOf: played).count) == expected)
        }
        func summary(_ times: [Duration]) -> String {
            let sorted = times.sorted()
            func ms(_ d: Duration) -> String {
                String(format: "%.2f ms", Double(d.components.attoseconds) / 1e15 + Double(d.components.seconds) * 1000)
            }
            return "median \(ms(sorted[sorted.count / 2])), max \(ms(sorted.last!))"
        }
        print("announce() returned after: \(summary(announceTimes)) (\(rounds) rounds)")
        print("cue's first bytes at the player after: \(summary(arrivalTimes)) (\(rounds) rounds)")
    }
}

@Suite struct DefaultPlayerTests {
    /// With the default `aplay -q`: where there is no sound card (as on a build machine) it
    /// fails, and that is logged once however many cues follow; where it plays, nothing is logged.
    @Test(.enabled(if: Fixtures.which("aplay") != nil, "aplay is not installed"))
    func theDefaultPlayerNeverRepeatsItsComplaint() throws {
        let log = LogRecorder()
        let announcer = Announcer(settings: FeedbackSettings(volume: 0.1), log: log.sink)
        for event in [KioskEvent.duplicate(barcode: "B1"), .duplicate(barcode: "B2"), .duplicate(barcode: "B3")] {
            announcer.announce(event, at: Fixtures.morning)
            #expect(announcer.waitUntilQuiet(deadline: Date().addingTimeInterval(10)))
        }
        let complaints = log.all.filter { $0.hasPrefix("player:") }
        #expect(complaints.count <= 1, "\(complaints)")
        #expect(complaints.allSatisfy { !$0.contains("\n") })
        print("aplay -q here: \(complaints.first ?? "played without complaint")")
    }
}
