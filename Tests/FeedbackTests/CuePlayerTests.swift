@testable import Feedback
import Foundation
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Collects log lines from any thread.
final class LogRecorder: Sendable {
    private let lines = Mutex<[String]>([])
    var all: [String] { lines.withLock { $0 } }
    var sink: @Sendable (String) -> Void { { line in self.lines.withLock { $0.append(line) } } }
}

/// Quotes `text` for /bin/sh.
func shellQuoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
}

/// Whether `pid` has been reaped: `waitid` knows no such child any more. Asked with `WNOWAIT`,
/// so the question itself never reaps it.
func isReaped(_ pid: pid_t) -> Bool {
    var info = siginfo_t()
    return waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == -1 && errno == ECHILD
}

/// Whether process `pid` is gone or a zombie, from /proc (for processes that are not our children).
func isGone(_ pid: pid_t) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
    guard let close = stat.lastIndex(of: ")") else { return true }
    return stat[stat.index(close, offsetBy: 2)] == "Z"
}

/// Spins until `condition` holds or `seconds` pass; returns whether it held. Not a sleep: it
/// returns the moment the condition is true.
func eventually(within seconds: Double = 10, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        sched_yield()
    }
    return condition()
}

@Suite struct CuePlayerTests {
    static let soon: TimeInterval = 10

    @Test func theWAVArrivesOnThePlayersStandardInput() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("played.wav")
        let log = LogRecorder()
        let player = try CuePlayer(command: "cat > \(shellQuoted(output.path))", volume: 0.6, log: log.sink)

        let pid = try #require(player.play(.lent))
        #expect(player.waitUntilQuiet(deadline: Date().addingTimeInterval(CuePlayerTests.soon)))
        #expect(try Data(contentsOf: output) == Data(Cue.lent.wav(volume: 0.6)))
        #expect(isReaped(pid), "no zombie is left")
        #expect(log.all.isEmpty)
    }

    @Test func noneMutes() throws {
        let log = LogRecorder()
        let player = try CuePlayer(command: "none", volume: 1, log: log.sink)
        #expect(player.command == nil)
        #expect(player.play(.lent) == nil)
        #expect(log.all.isEmpty)
    }

    @Test func aMissingPlayerIsLoggedOnceAndThenSkipped() throws {
        let log = LogRecorder()
        let player = try CuePlayer(command: "bookkiosk-no-such-player -q", volume: 1, log: log.sink)
        let first = try #require(player.play(.greeting))
        #expect(player.waitUntilQuiet(deadline: Date().addingTimeInterval(CuePlayerTests.soon)))
        #expect(isReaped(first))
        #expect(player.isDisabled)
        #expect(!log.all.joined().contains("\n"), "one line each")
        #expect(player.play(.lent) == nil, "skipped from now on")
        #expect(player.play(.refused) == nil)
        #expect(log.all.count == 1)
        #expect(log.all.first?.contains("was not found (exit 127") == true, "\(log.all)")
        #expect(log.all.first?.contains("bookkiosk-no-such-player") == true)
    }

    @Test func aFailingPlayerIsLoggedOnceUntilItWorksAgain() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let works = directory.appendingPathComponent("sound-card-plugged-in")
        let log = LogRecorder()
        // Fails like `aplay` without a sound card, until the flag file exists.
        let command = "test -e \(shellQuoted(works.path)) || { echo 'audio open error' >&2; exit 1; }; cat > /dev/null"
        let player = try CuePlayer(command: command, volume: 1, log: log.sink)
        for cue in [Cue.greeting, .lent, .returned] {
            #expect(player.play(cue) != nil, "a failing player is still tried")
            #expect(player.waitUntilQuiet(deadline: Date().addingTimeInterval(CuePlayerTests.soon)))
        }
        #expect(log.all.count == 1, "\(log.all)")
        #expect(log.all.first?.contains("failed (exit 1: audio open error)") == true, "\(log.all)")

        #expect(FileManager.default.createFile(atPath: works.path, contents: nil))
        player.play(.lent)
        #expect(player.waitUntilQuiet(deadline: Date().addingTimeInterval(CuePlayerTests.soon)))
        #expect(log.all.count == 2)
        #expect(log.all.last?.contains("works again") == true)
    }

    @Test func aSlowPlayerDoesNotDelayPlayAndIsCutByTheNextCue() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = LogRecorder()
        let player = try CuePlayer(command: "sleep 5", volume: 1, log: log.sink)

        let started = ContinuousClock.now
        let first = try #require(player.play(.greeting))
        let returnedAfter = ContinuousClock.now - started
        // `play` came back while the 5-second player is still running.
        #expect(!isReaped(first) && !isGone(first))

        let second = try #require(player.play(.lent))
        #expect(first != second)
        // The first is ended by the second, long before its 5 seconds.
        #expect(eventually(within: 3) { isReaped(first) }, "the first player was cut short")
        #expect(!isReaped(second), "the second still plays")

        player.stop()
        #expect(player.waitUntilQuiet(deadline: Date().addingTimeInterval(3)))
        #expect(isReaped(second))
        #expect(log.all.isEmpty, "cutting a player short is not a failure: \(log.all)")
        print("play() returned after \(returnedAfter) with a 5-second player")
    }

    @Test func cuttingEndsThePlayersWholeProcessGroup() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let pidFile = directory.appendingPathComponent("sleep.pid")
        let player = try CuePlayer(command: "sleep 5 & echo $! > \(shellQuoted(pidFile.path)); wait",
                                   volume: 1, log: LogRecorder().sink)
        player.play(.staff)
        var grandchild: pid_t?
        #expect(eventually {
            grandchild = (try? String(contentsOf: pidFile, encoding: .utf8))
                .flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            return grandchild != nil
        })
        let sleeper = try #require(grandchild)
        #expect(!isGone(sleeper))
        player.stop()
        #expect(player.waitUntilQuiet(deadline: Date().addingTimeInterval(3)))
        #expect(eventually(within: 3) { isGone(sleeper) }, "the player's own child is ended too")
    }

    @Test func theChildDoesNotInheritOurDescriptorsOrStandardInput() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let listing = directory.appendingPathComponent("fds.txt")
        // A descriptor without close-on-exec, as a careless open elsewhere in the kiosk would leave,
        // numbered high: `ls` opens /proc/self/fd as the lowest free number (often 3), which would
        // read as the leaked descriptor when the test process happens to have 3 free.
        let opened = open(directory.appendingPathComponent("secret").path, O_CREAT | O_WRONLY, 0o600)
        #expect(opened >= 3)
        let leaked = fcntl(opened, F_DUPFD, 100)
        close(opened)
        #expect(leaked >= 100)
        defer { close(leaked) }
        let player = try CuePlayer(command: "cat > /dev/null; ls /proc/self/fd > \(shellQuoted(listing.path))",
                                   volume: 1, log: LogRecorder().sink)
        player.play(.duplicate)
        #expect(player.waitUntilQuiet(deadline: Date().addingTimeInterval(CuePlayerTests.soon)))
        let descriptors = try String(contentsOf: listing, encoding: .utf8).split(separator: "\n").compactMap { Int($0) }
        #expect(!descriptors.contains(Int(leaked)), "\(descriptors)")
    }

    @Test(.enabled(if: Fixtures.which(SpeechEngine.espeakNG.program) != nil, "espeak-ng is not installed"))
    func speechFollowsTheCueThroughTheSamePlayer() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("played.raw")
        let announcer = Announcer(settings: FeedbackSettings(language: .en, player: "cat >> \(shellQuoted(output.path))",
                                                             speech: .on, volume: 1),
                                  log: LogRecorder().sink)
        try #require(announcer.speaker != nil)
        announcer.waitUntilQuiet(deadline: Date().addingTimeInterval(60))
        announcer.announce(.outcome(.returned(Fixtures.caterpillarLoan, book: Fixtures.caterpillar, user: Fixtures.emma, overdueDays: 0)),
                           at: Fixtures.morning)
        #expect(announcer.waitUntilQuiet(deadline: Date().addingTimeInterval(CuePlayerTests.soon)))
        let bytes = try [UInt8](Data(contentsOf: output))
        let cue = Cue.returned.wav(volume: 1)
        #expect(Array(bytes.prefix(cue.count)) == cue, "the cue comes first")
        let spoken = Array(bytes.dropFirst(cue.count))
        #expect(String(decoding: spoken.prefix(4), as: UTF8.self) == "RIFF", "then the voice's WAV")
        #expect(SpeechTests.rms(ofWAV: spoken) > SpeechTests.silence)
    }

    @Test func complaintsBecomeOneLine() {
        #expect(CuePlayer.oneLine("") == "")
        #expect(CuePlayer.oneLine("\n  \n") == "")
        #expect(CuePlayer.oneLine("ALSA lib x: cannot find card '0'\naplay: audio open error\n")
                == ": ALSA lib x: cannot find card '0' | aplay: audio open error")
        let long = String(repeating: "x", count: 400) + "\nthe reason"
        #expect(CuePlayer.oneLine(long).hasSuffix("x | the reason"))
        #expect(CuePlayer.oneLine(long).count == 2 + 1 + CuePlayer.longestComplaint)
    }

    @Test func scriptQuotesNothingOfThePlayerAway() {
        #expect(CuePlayer.script(player: "aplay -q") == "{ aplay -q\n} < \"$1\"")
    }
}
