import Feedback
import Foundation
import KioskAssembly
import Lending
import POSIX
import Synchronization

/// The voice after a lend: from a Scan entering the runtime to the cue's player being started
/// (`announce` returns), to the voice being ready (made or taken from the cache), and to the
/// voice being handed to the player (after the cue has sounded its length). Cold: every round
/// a new child and a new title. The child's card comes first, as at the kiosk, and the speaker
/// makes the name's clauses while the greeting is heard (the bench lets it finish, as a child
/// takes longer to bring a book than the engine a name), so the lend's engine makes the title
/// (and, the first time, the date); warm: the same child and title again, all from the cache.
/// The player is `cat > /dev/null` (no sound card is needed; the voice still waits the cue's
/// length).
///
/// Also the scan's answer time with speech on ÷ off: in one kiosk, whose events go to an
/// announcer with speech on or to one with speech off, round by round (which goes first
/// alternates), so both meet the same machine, load and library. The answer is the whole of
/// `feed` (the lend, the cue spawned, the lines written: the runtime ready for the next scan),
/// in wall time and in the kiosk thread's processor time (what the load changes least). Every
/// lend, on or off, comes after everything before it has gone quiet and the same short pause.
struct SpeechFigures {
    var engine: String
    var cueStart = Latencies()
    var coldReady = Latencies()
    var coldStart = Latencies()
    var warmReady = Latencies()
    var warmStart = Latencies()
    var answerOn = Latencies()
    var answerOff = Latencies()
    var answerCPUOn = Latencies()
    var answerCPUOff = Latencies()
}

enum SpeechBenchmark {
    struct Unavailable: Error, CustomStringConvertible {
        var description: String
    }

    /// The pause before every scan, on or off, after everything before it has gone quiet.
    static let settle = 0.02

    static let syllables = Array("あかさたなはまやらわいきしちにひみりえけせてねへめれおこそとのほもよろ").map(String.init)

    /// A reading no earlier round had: three syllables and こ (はなこ, …).
    static func reading(_ index: Int) -> String {
        let count = syllables.count
        return syllables[index % count] + syllables[(index / count) % count] + syllables[(index / count / count) % count] + "こ"
    }

    static func run(folder: String, rounds: Int, start: Date, progress: @escaping @Sendable (String) -> Void) throws -> SpeechFigures {
        let system = SpeechChoice.System.current()
        let choice = SpeechChoice.choose(.on, language: .ja, system: system)
        guard choice.voice != nil else { throw Unavailable(description: choice.reason + ": " + choice.problems.joined(separator: "; ")) }
        let policy = Policy(loanLimit: 3, timeZone: TimeZone(identifier: "UTC")!)
        let repository = InMemoryLendingRepository()
        try repository.transaction { transaction in
            for index in 0...(2 * rounds + 1) {
                try transaction.save(User(card: String(format: "C%05d", index), name: "ベンチ \(index)", reading: reading(index)))
                try transaction.save(Book(barcode: String(format: "B%05d", index), title: "\(reading(index + 7))の ぼうけん"))
            }
        }
        let reports = Mutex<[Speaker.Report]>([])
        let cache = folder + "/speech-cache"
        func announcer(speech: Bool) -> Announcer {
            Announcer(settings: FeedbackSettings(language: .ja, player: "cat > /dev/null", speech: speech ? .on : .off,
                                                 speechCacheDirectory: cache, timeZone: policy.timeZone),
                      log: { line in if line.hasPrefix("speech") || line.hasPrefix("player") { progress(line) } },
                      debugLog: { _ in }, system: system,
                      observeSpeech: { report in reports.withLock { $0.append(report) } })
        }
        var figures = SpeechFigures(engine: choice.reason)
        let spoken = announcer(speech: true), silent = announcer(speech: false)
        spoken.waitUntilQuiet(deadline: Date().addingTimeInterval(120))   // the fixed phrases, made ahead
        var speaking = true
        let kiosk = try benchKiosk(policy: policy, repository: repository, now: start) { event, time in
            (speaking ? spoken : silent).announce(event, at: time)
        }
        var clock = start
        kiosk.runtime.feed(.started(at: clock))
        // One scan: its answer's wall and processor time, and the speech report it led to.
        func scan(_ barcode: String) -> (answer: Double, processor: Double, report: Speaker.Report?, at: Date) {
            clock = clock.addingTimeInterval(5)
            Thread.sleep(forTimeInterval: settle)
            let at = Date()
            let processor = threadProcessorNanoseconds()
            let before = monotonicNanoseconds()
            kiosk.runtime.feed(.scanned(barcode, at: clock))
            let after = monotonicNanoseconds()
            let answer = microseconds(from: before, to: after)
            let used = Double(threadProcessorNanoseconds() - processor) / 1000
            spoken.waitUntilQuiet(deadline: Date().addingTimeInterval(30))
            silent.waitUntilQuiet(deadline: Date().addingTimeInterval(30))
            return (answer, used, reports.withLock { $0.last }, at)
        }
        progress("speech on and off, interleaved: \(rounds) cold rounds, \(rounds) warm rounds")
        for round in 0..<(2 * rounds) {
            let cold = round < rounds
            for speech in round % 2 == 0 ? [true, false] : [false, true] {
                speaking = speech
                let index = cold ? round + (speech ? 0 : rounds) : 2 * rounds
                let user = String(format: "C%05d", index), book = String(format: "B%05d", index)
                _ = scan(user)
                let lend = scan(book)
                _ = scan(book)   // returned: the next round starts afresh
                if speech {
                    figures.answerOn.add(lend.answer)
                    figures.answerCPUOn.add(lend.processor)
                    figures.cueStart.add(lend.answer)
                    guard let report = lend.report, let ready = report.readyAt, let started = report.startedAt else {
                        throw Unavailable(description: "the lend of round \(round) was not spoken")
                    }
                    let readyMillis = ready.timeIntervalSince(lend.at) * 1000, startMillis = started.timeIntervalSince(lend.at) * 1000
                    if cold {
                        figures.coldReady.add(readyMillis)
                        figures.coldStart.add(startMillis)
                    } else if round > rounds {   // the first warm round makes the shared child's clauses
                        figures.warmReady.add(readyMillis)
                        figures.warmStart.add(startMillis)
                    }
                } else {
                    figures.answerOff.add(lend.answer)
                    figures.answerCPUOff.add(lend.processor)
                }
            }
        }
        return figures
    }
}
