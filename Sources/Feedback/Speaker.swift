import Foundation
import POSIX

/// Speaks Utterances after their Cue, never making the caller wait: `say` hands the utterance
/// to the speaker's own thread and returns. That thread takes each clause from the cache, or
/// has the engine make it (and keeps it), joins and normalises them, waits until the cue has
/// had its time, then hands the voice to the same player as the cues. Only the latest
/// utterance is said: a new one (or `interrupt`, at every new event) drops the one being made
/// or waiting, and the next cue cuts one being played.
public final class Speaker: Sendable {
    /// What became of one utterance: for the bench, tests and `simulate`.
    public struct Report: Sendable, Equatable {
        public var text: String
        /// How many of its clauses the engine had to make (0: all from the cache).
        public var synthesisedClauses: Int
        /// When `say` was called.
        public var askedAt: Date
        /// When its audio was ready.
        public var readyAt: Date?
        /// When it was handed to the player; nil when a newer one came first, or it made no sound.
        public var startedAt: Date?
    }

    public let synthesizer: any SpeechSynthesizer
    public let cache: SpeechCache?
    public let volume: Double
    private let player: CuePlayer?
    private let log: @Sendable (String) -> Void
    private let observe: (@Sendable (Report) -> Void)?
    private let state = SpeakerState()
    private let scratch: URL

    /// Starts the speaker's thread. `player` nil: utterances are made and reported, not played
    /// (the bench; `audio(for:)` alone). `observe` gets a report per utterance.
    public init(synthesizer: any SpeechSynthesizer, cache: SpeechCache?, player: CuePlayer?, volume: Double,
                log: @escaping @Sendable (String) -> Void, observe: (@Sendable (Report) -> Void)? = nil) {
        self.synthesizer = synthesizer
        self.cache = cache
        self.player = player
        self.volume = volume
        self.log = log
        self.observe = observe
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("bookkiosk-voice-\(getpid())-\(UUID().uuidString)")
        let thread = Thread { [weak self, state] in
            while let work = state.nextWork() {
                guard let self else { return }
                self.carryOut(work)
            }
        }
        thread.name = "bookkiosk speaker"
        thread.start()
    }

    deinit {
        state.close()
        try? FileManager.default.removeItem(at: scratch)
    }

    /// Says `utterance` once its audio is ready and not before `notBefore` (when the cue ends).
    /// Returns at once; replaces whatever was still waiting.
    public func say(_ utterance: Utterance, notBefore: Date, now: Date = Date()) {
        state.submit(.say(utterance, notBefore: notBefore, askedAt: now))
    }

    /// Drops what is being made or waiting to be said (a new scan came).
    public func interrupt() {
        state.submit(nil)
    }

    /// Makes and keeps the clauses of `utterances` while nothing else is asked: the fixed
    /// phrases, at start.
    public func prepare(_ utterances: [Utterance]) {
        state.prepare(utterances.flatMap(\.clauses))
    }

    /// Waits until nothing is being made, waiting or prepared, or until `deadline`. For tests,
    /// the bench and shutdown; `say` never waits.
    @discardableResult
    public func waitUntilIdle(deadline: Date) -> Bool {
        state.waitUntilIdle(deadline: deadline)
    }

    /// The audio of `utterance`, here and now (for `bookkiosk say` and `simulate --speech`):
    /// clauses from the cache or made, joined and normalised. Throws when no clause could be made.
    public func audio(for utterance: Utterance) throws(SpeechFailure) -> SpeechAudio {
        var made = 0
        var failures: [SpeechFailure] = []
        let clauses = utterance.clauses.compactMap { clause -> (text: String, audio: SpeechAudio)? in
            do throws(SpeechFailure) {
                return try clauseAudio(clause, made: &made).map { (clause, $0) }
            } catch {
                failures.append(error)
                return nil
            }
        }
        guard let joined = SpeechAudio.joined(clauses) else {
            throw failures.first ?? SpeechFailure("“\(utterance.text)” has nothing an engine can say")
        }
        return joined.normalised(volume: volume)
    }

    /// The key a clause is kept under: the synthesizer's identity and the clause.
    func key(_ clause: String) -> String {
        synthesizer.identity + "\n" + clause
    }

    /// A clause's trimmed audio, from the cache or made (and kept); nil for a clause with
    /// nothing to say (emoji, symbols).
    private func clauseAudio(_ clause: String, made: inout Int) throws(SpeechFailure) -> SpeechAudio? {
        guard clause.contains(where: { $0.isLetter || $0.isNumber }) else { return nil }
        if let kept = cache?.audio(forKey: key(clause)) { return kept }
        let audio = try synthesizer.synthesize(clause).trimmed()
        made += 1
        do throws(SpeechFailure) {
            try cache?.store(audio, forKey: key(clause))
        } catch {
            logOnce("cache", "speech is not kept (\(error)); it is made again each time — free some space")
        }
        return audio
    }

    private func carryOut(_ work: SpeakerState.Work) {
        switch work {
        case .prepare(let clause):
            var made = 0
            do throws(SpeechFailure) {
                _ = try clauseAudio(clause, made: &made)
            } catch {
                logOnce("engine", "\(error)")
            }
        case .say(let utterance, let notBefore, let askedAt, let generation):
            var report = Report(text: utterance.text, synthesisedClauses: 0, askedAt: askedAt)
            var clauses: [(text: String, audio: SpeechAudio)] = []
            for clause in utterance.clauses {
                guard state.isCurrent(generation) else {
                    observe?(report)
                    return
                }
                do throws(SpeechFailure) {
                    if let audio = try clauseAudio(clause, made: &report.synthesisedClauses) { clauses.append((clause, audio)) }
                } catch {
                    logOnce("engine", "\(error)")
                }
            }
            guard let audio = SpeechAudio.joined(clauses)?.normalised(volume: volume) else {
                observe?(report)
                return
            }
            report.readyAt = Date()
            let file = writeScratch(audio, generation: generation)
            report.startedAt = state.whenCurrent(generation, notBefore: notBefore) {
                guard let player else { return Date() }
                guard let file, player.play(wav: file) != nil else { return nil }
                return Date()
            }
            observe?(report)
        }
    }

    /// Writes the voice where the player reads it; nil (logged once) when it cannot be.
    private func writeScratch(_ audio: SpeechAudio, generation: Int) -> URL? {
        guard player != nil else { return nil }
        let file = scratch.appendingPathComponent("voice-\(generation % 4).wav")
        let aside = scratch.appendingPathComponent(".voice-\(generation).part")
        do {
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            try Data(audio.wav).write(to: aside)
            guard rename(aside.path, file.path) == 0 else { throw SpeechFailure(Errno.current.description) }
            return file
        } catch {
            try? FileManager.default.removeItem(at: aside)
            logOnce("scratch", "speech cannot be played: \(scratch.path) cannot be written (\(error)); the cues still sound")
            return nil
        }
    }

    private func logOnce(_ kind: String, _ message: String) {
        if state.firstTime(kind) { log("speech: " + message) }
    }
}

/// The speaker's queue, shared with its thread under a condition lock.
private final class SpeakerState: @unchecked Sendable {
    enum Work {
        case say(Utterance, notBefore: Date, askedAt: Date, generation: Int)
        case prepare(String)
    }

    enum Request {
        case say(Utterance, notBefore: Date, askedAt: Date)
    }

    private let condition = NSCondition()
    private var pending: Work?
    private var preparing: [String] = []
    private var generation = 0
    private var busy = false
    private var closed = false
    private var logged: Set<String> = []

    private func locked<T>(_ body: () -> T) -> T {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        return body()
    }

    /// A new request replaces what was waiting; nil only drops it.
    func submit(_ request: Request?) {
        locked {
            generation += 1
            switch request {
            case .say(let utterance, let notBefore, let askedAt)?:
                pending = .say(utterance, notBefore: notBefore, askedAt: askedAt, generation: generation)
            case nil:
                pending = nil
            }
        }
    }

    func prepare(_ clauses: [String]) {
        locked { preparing += clauses }
    }

    /// The next work for the thread (a say before preparing), waiting for one; nil once closed.
    func nextWork() -> Work? {
        condition.lock()
        defer { condition.unlock() }
        busy = false
        condition.broadcast()
        while !closed && pending == nil && preparing.isEmpty { condition.wait() }
        if closed { return nil }
        busy = true
        if let work = pending {
            pending = nil
            return work
        }
        return .prepare(preparing.removeFirst())
    }

    func isCurrent(_ asked: Int) -> Bool {
        locked { asked == generation && !closed }
    }

    /// Waits until `notBefore` unless something newer comes; then, still current, runs `start`
    /// under the lock (so no new request can slip between the check and the player).
    func whenCurrent(_ asked: Int, notBefore: Date, start: () -> Date?) -> Date? {
        condition.lock()
        defer { condition.unlock() }
        while asked == generation, !closed, Date() < notBefore {
            _ = condition.wait(until: notBefore)
        }
        guard asked == generation, !closed else { return nil }
        return start()
    }

    func waitUntilIdle(deadline: Date) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while busy || pending != nil || !preparing.isEmpty {
            if !condition.wait(until: deadline) { return !(busy || pending != nil || !preparing.isEmpty) }
        }
        return true
    }

    func firstTime(_ kind: String) -> Bool {
        locked { logged.insert(kind).inserted }
    }

    func close() {
        locked { closed = true }
    }
}
