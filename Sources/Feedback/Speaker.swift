import Foundation
import POSIX
import Synchronization

/// Speaks Utterances after their Cue, never making the caller wait: `say` hands over how to
/// make the utterance (its words are put together on the speaker's thread, not the one that
/// answers the scan) and returns. That thread, a little nicer than the kiosk's own so it
/// never takes the processor from an answer, takes each clause from the cache or has the
/// engine make the missing ones, side by side (and keeps them, levelled to the cues), joins
/// them at the kiosk's volume, waits until the cue has had its time, then hands the voice to
/// the same player as the cues. Only the latest utterance is said: a new one (or `interrupt`,
/// at every new event) drops the one being made or waiting, and the next cue cuts one being
/// played.
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
            Speaker.becomeNicer()
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
        say(notBefore: notBefore, now: now) { utterance }
    }

    /// Says what `make` puts together (on the speaker's thread) once its audio is ready and not
    /// before `notBefore`. Returns at once; replaces whatever was still waiting.
    public func say(notBefore: Date, now: Date = Date(), _ make: @escaping @Sendable () -> Utterance) {
        state.submit(.say(make, notBefore: notBefore, askedAt: now))
    }

    /// Drops what is being made or waiting to be said (a new scan came).
    public func interrupt() {
        state.submit(nil)
    }

    /// Drops what is being made or waiting to be said without waking the speaker's thread: a
    /// new event does this before its cue (no older voice can start after that cue), and hands
    /// its own sentence over (`say`, `interrupt`) only once the scan is answered, so the thread
    /// never wakes while the answer is given. A voice waiting for its cue to end sees it then.
    public func dropQuietly() {
        state.submit(nil, wakes: false)
    }

    /// Makes and keeps the clauses of `utterances` while nothing else is asked: the fixed
    /// phrases, at start.
    public func prepare(_ utterances: [Utterance]) {
        state.prepare(utterances.flatMap(\.clauses))
    }

    /// Makes and keeps, while nothing else is asked, the clauses of what `make` puts together
    /// on the speaker's thread: a child's name as the session's next sentences will say it,
    /// while the greeting is heard. Ahead of anything prepared before.
    public func prepare(making make: @escaping @Sendable () -> [Utterance]) {
        state.prepareFirst(.making(make))
    }

    /// How much nicer than the kiosk the speaker's thread runs: making a voice and writing it
    /// out waits while a scan is answered or the screen drawn.
    static let niceness: Int32 = 5

    /// Linux's `SCHED_BATCH` (glibc declares it only for `_GNU_SOURCE`, which the Glibc module
    /// is not built with).
    static let batchPolicy: Int32 = 3

    /// Lowers the calling thread's priority by `niceness` (Linux keeps a nice value per
    /// thread, and `setpriority` with 0 sets the calling thread's), and puts it under
    /// `SCHED_BATCH`: a thread under it never takes the processor from a running one when it
    /// wakes, so handing the speaker a sentence cannot interrupt the answer that hands it over.
    /// The threads and processes it starts (the engines, the voice's player) inherit both.
    /// Calls `setpriority` and `sched_setscheduler` (0: the calling thread).
    private static func becomeNicer() {
        errno = 0
        let current = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        if errno == 0 {
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, current + niceness)
        }
        var parameters = sched_param(sched_priority: 0)
        _ = sched_setscheduler(0, batchPolicy, &parameters)
    }

    /// Waits until nothing is being made, waiting or prepared, or until `deadline`. For tests,
    /// the bench and shutdown; `say` never waits.
    @discardableResult
    public func waitUntilIdle(deadline: Date) -> Bool {
        state.waitUntilIdle(deadline: deadline)
    }

    /// The audio of `utterance`, here and now (for `bookkiosk say` and `simulate --speech`):
    /// clauses from the cache or made, joined at the speaker's volume. Throws when no clause
    /// could be made.
    public func audio(for utterance: Utterance) throws(SpeechFailure) -> SpeechAudio {
        var made = 0
        var failures: [SpeechFailure] = []
        let clauses = clauseAudio(utterance.clauses, made: &made, failures: &failures)
        guard let joined = SpeechAudio.joined(clauses) else {
            throw failures.first ?? SpeechFailure("“\(utterance.text)” has nothing an engine can say")
        }
        return joined.scaled(by: volume)
    }

    /// The key a clause is kept under: the synthesizer's identity, how it was levelled, and
    /// the clause.
    func key(_ clause: String) -> String {
        synthesizer.identity + "\n" + SpeechAudio.levelling + "\n" + clause
    }

    /// Whether a clause has anything to say (emoji and symbols alone have not).
    static func isSayable(_ clause: String) -> Bool {
        clause.contains(where: { $0.isLetter || $0.isNumber })
    }

    /// The clauses' audio, trimmed and levelled at full volume, in order: each from the cache,
    /// or made by the engine (the missing ones side by side, one process each) and kept.
    /// Clauses with nothing to say, and those the engine fails on (in `failures`), are left out.
    private func clauseAudio(_ clauses: [String], made: inout Int,
                             failures: inout [SpeechFailure]) -> [(text: String, audio: SpeechAudio)] {
        let sayable = clauses.filter(Speaker.isSayable)
        var audio: [SpeechAudio?] = sayable.map { cache?.audio(forKey: key($0)) }
        let missing = audio.indices.filter { audio[$0] == nil }
        for (index, result) in synthesized(missing.map { (index: $0, clause: sayable[$0]) }) {
            switch result {
            case .success(let raw):
                let levelled = raw.trimmed().levelled()
                audio[index] = levelled
                made += 1
                do throws(SpeechFailure) {
                    try cache?.store(levelled, forKey: key(sayable[index]))
                } catch {
                    logOnce("cache", "speech is not kept (\(error)); it is made again each time — free some space")
                }
            case .failure(let failure):
                failures.append(failure)
            }
        }
        return zip(sayable, audio).compactMap { text, audio in audio.map { (text, $0) } }
    }

    /// The most engine processes run at once for one utterance (a name, a title, a date).
    static let enginesAtOnce = 3

    /// Has the engine make `clauses`, up to `enginesAtOnce` at once, each on a thread of its
    /// own (the engine is a process: its thread only waits), and returns each result by its
    /// index, in order.
    private func synthesized(_ clauses: [(index: Int, clause: String)]) -> [(Int, Result<SpeechAudio, SpeechFailure>)] {
        guard !clauses.isEmpty else { return [] }
        final class Shared: Sendable {
            let results = Mutex<[Int: Result<SpeechAudio, SpeechFailure>]>([:])
            let next = Mutex(0)
        }
        let shared = Shared()
        let done = DispatchGroup()
        let synthesizer = self.synthesizer
        for _ in 0..<min(clauses.count, Speaker.enginesAtOnce) {
            done.enter()
            let worker = Thread {
                defer { done.leave() }
                while true {
                    let order = shared.next.withLock { taken in
                        defer { taken += 1 }
                        return taken
                    }
                    guard order < clauses.count else { return }
                    let (index, clause) = clauses[order]
                    let result: Result<SpeechAudio, SpeechFailure>
                    do throws(SpeechFailure) {
                        result = .success(try synthesizer.synthesize(clause))
                    } catch {
                        result = .failure(error)
                    }
                    shared.results.withLock { $0[index] = result }
                }
            }
            worker.name = "bookkiosk engine"
            worker.start()
        }
        done.wait()
        return shared.results.withLock { $0 }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    private func carryOut(_ work: SpeakerState.Work) {
        switch work {
        case .prepare(.clause(let clause)):
            guard Speaker.isSayable(clause), cache?.contains(key: key(clause)) != true else { return }
            var made = 0
            var failures: [SpeechFailure] = []
            _ = clauseAudio([clause], made: &made, failures: &failures)
            if let failure = failures.first { logOnce("engine", "\(failure)") }
        case .prepare(.making(let make)):
            state.prepareFirst(make().flatMap(\.clauses).map(SpeakerState.Preparation.clause))
        case .say(let make, let notBefore, let askedAt, let generation):
            let utterance = make()
            var report = Report(text: utterance.text, synthesisedClauses: 0, askedAt: askedAt)
            guard state.isCurrent(generation) else {
                observe?(report)
                return
            }
            var failures: [SpeechFailure] = []
            let clauses = clauseAudio(utterance.clauses, made: &report.synthesisedClauses, failures: &failures)
            if let failure = failures.first { logOnce("engine", "\(failure)") }
            guard state.isCurrent(generation), let audio = SpeechAudio.joined(clauses)?.scaled(by: volume) else {
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
    /// Something to make ahead: a clause, or what puts clauses together.
    enum Preparation {
        case clause(String)
        case making(@Sendable () -> [Utterance])
    }

    enum Work {
        case say(@Sendable () -> Utterance, notBefore: Date, askedAt: Date, generation: Int)
        case prepare(Preparation)
    }

    enum Request {
        case say(@Sendable () -> Utterance, notBefore: Date, askedAt: Date)
    }

    private let condition = NSCondition()
    private var pending: Work?
    private var preparing: [Preparation] = []
    private var generation = 0
    private var busy = false
    private var closed = false
    private var logged: Set<String> = []

    private func locked<T>(wakes: Bool = true, _ body: () -> T) -> T {
        condition.lock()
        defer {
            if wakes { condition.broadcast() }
            condition.unlock()
        }
        return body()
    }

    /// A new request replaces what was waiting; nil only drops it. `wakes` false leaves the
    /// speaker's thread asleep (it finds the change when it next wakes).
    func submit(_ request: Request?, wakes: Bool = true) {
        locked(wakes: wakes) {
            generation += 1
            switch request {
            case .say(let make, let notBefore, let askedAt)?:
                pending = .say(make, notBefore: notBefore, askedAt: askedAt, generation: generation)
            case nil:
                pending = nil
            }
        }
    }

    func prepare(_ clauses: [String]) {
        locked { preparing += clauses.map(Preparation.clause) }
    }

    /// Puts `preparations` ahead of what was to be prepared.
    func prepareFirst(_ preparations: [Preparation]) {
        locked { preparing.insert(contentsOf: preparations, at: 0) }
    }

    func prepareFirst(_ preparation: Preparation) {
        prepareFirst([preparation])
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
