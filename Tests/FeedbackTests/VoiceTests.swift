import Feedback
import Foundation
import Lending
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A synthesizer that says a clause as a tone a tenth of a second per character and counts
/// what it was asked; `gate` holds it until opened (a slow engine, without a clock).
final class ToneSynthesizer: SpeechSynthesizer, Sendable {
    let identity: String
    private let asked = Mutex<[String]>([])
    private let gate: DispatchSemaphore?

    init(identity: String = "tone 1", gated: Bool = false) {
        self.identity = identity
        gate = gated ? DispatchSemaphore(value: 0) : nil
    }

    var clauses: [String] { asked.withLock { $0 } }

    func open() { gate?.signal() }

    func synthesize(_ clause: String) throws(SpeechFailure) -> SpeechAudio {
        asked.withLock { $0.append(clause) }
        gate?.wait()
        let count = clause.count * 1600
        // Silence at both ends, as an engine's, for the trimming to take off.
        let tone = (0..<count).map { Int16(8000 * sin(Double($0) * 2 * Double.pi * 440 / 16000)) }
        return SpeechAudio(samples: Array(repeating: 0, count: 4000) + tone + Array(repeating: 0, count: 4000), sampleRate: 16000)
    }
}

/// A synthesizer that calls `witness` with each clause before making it as a tone.
final class WitnessSynthesizer: SpeechSynthesizer, Sendable {
    let identity = "witness 1"
    private let tone = ToneSynthesizer()
    private let witness: @Sendable (String) -> Void

    init(witness: @escaping @Sendable (String) -> Void) {
        self.witness = witness
    }

    func synthesize(_ clause: String) throws(SpeechFailure) -> SpeechAudio {
        witness(clause)
        return try tone.synthesize(clause)
    }
}

@Suite struct VoiceTests {
    static let openJTalk = "/usr/bin/open_jtalk"
    static var hasOpenJTalk: Bool {
        FileManager.default.isExecutableFile(atPath: openJTalk)
            && FileManager.default.fileExists(atPath: SpeechChoice.debianDictionary + "/sys.dic")
            && SpeechChoice.System.current().executableFolder.map { folder in
                SpeechChoice.voicePlaces(executableFolder: folder).contains { FileManager.default.fileExists(atPath: $0) }
            } == true
    }

    /// Open JTalk with the checkout's Mei, at `rate`.
    static func meiVoice(rate: Double = SpeechSettings.defaultRate) throws -> SpeechVoice {
        let choice = SpeechChoice.choose(SpeechSettings(isOn: true, rate: rate), language: .ja, system: .current())
        let voice = try #require(choice.voice)
        try #require(voice.engine == .openJTalk, "\(choice.problems)")
        return voice
    }

    static func system(programs: Set<String>, files: Set<String>) -> SpeechChoice.System {
        SpeechChoice.System(locate: { programs.contains($0) ? "/usr/bin/\($0)" : nil }, fileExists: { files.contains($0) },
                            executableFolder: "/src/kiosk-checkout/.build/debug")
    }

    static let dictionary = SpeechChoice.debianDictionary + "/sys.dic"

    // MARK: Which engine

    @Test("Japanese speaks with Open JTalk where it is installed, else espeak-ng, with what is missing said")
    func theEngineIsChosenAndMissingPartsAreNamed() {
        let all = VoiceTests.system(programs: ["open_jtalk", "espeak-ng"], files: [VoiceTests.dictionary, SpeechChoice.installedVoice])
        let japanese = SpeechChoice.choose(.on, language: .ja, system: all)
        #expect(japanese.voice?.engine == .openJTalk)
        #expect(japanese.voice?.voice == SpeechChoice.installedVoice)
        #expect(japanese.problems.isEmpty)
        #expect(japanese.reason.hasPrefix("Open JTalk speaks (the default for Japanese, and installed)"))

        let english = SpeechChoice.choose(.on, language: .en, system: all)
        #expect(english.voice == SpeechVoice(engine: .espeakNG, program: "/usr/bin/espeak-ng", dictionary: nil, voice: "en",
                                             rate: SpeechSettings.defaultRate))
        #expect(english.reason == "espeak-ng speaks (the engine for English), with the voice “en”")

        let noDictionary = SpeechChoice.choose(.on, language: .ja,
                                               system: VoiceTests.system(programs: ["open_jtalk", "espeak-ng"], files: [SpeechChoice.installedVoice]))
        #expect(noDictionary.voice?.engine == .espeakNG)
        #expect(noDictionary.reason.hasPrefix("espeak-ng speaks (instead of Open JTalk, which cannot speak here)"))
        #expect(noDictionary.problems == ["Open JTalk's dictionary is missing (\(VoiceTests.dictionary)) — install it (`sudo apt install open-jtalk-mecab-naist-jdic`)"])

        let noVoice = SpeechChoice.choose(.on, language: .ja,
                                          system: VoiceTests.system(programs: ["open_jtalk", "espeak-ng"], files: [VoiceTests.dictionary]))
        #expect(noVoice.voice?.engine == .espeakNG)
        #expect(noVoice.problems.first?.hasPrefix("the voice mei_normal.htsvoice is not found (looked in /usr/share/bookkiosk/voice/mei_normal.htsvoice, ") == true)

        let nothing = SpeechChoice.choose(.on, language: .ja, system: VoiceTests.system(programs: [], files: []))
        #expect(nothing.voice == nil)
        #expect(nothing.reason == "silent: no speech engine can speak (the cues still sound)")
        #expect(nothing.problems.count == 4, "program, dictionary, voice, espeak-ng: \(nothing.problems)")

        let asked = SpeechChoice.choose(SpeechSettings(isOn: true, engine: .espeakNG, voice: "ja+f3"), language: .ja, system: all)
        #expect(asked.voice?.engine == .espeakNG)
        #expect(asked.voice?.voice == "ja+f3")
        #expect(SpeechChoice.choose(.off, language: .ja, system: all).voice == nil)
    }

    /// `doctor` and `say` in Japanese say why an engine speaks and what keeps one from speaking
    /// in Japanese, with the same command to run; the log keeps the English.
    @Test("why an engine speaks, and what is missing, in Japanese for every case")
    func theChoiceIsWordedInJapanese() {
        let whys: [SpeechChoice.Why] = [.off, .openJTalk(asked: false, voice: "/v.htsvoice"), .openJTalk(asked: true, voice: "/v.htsvoice"),
                                        .espeakNG(because: .asked, voice: "ja"), .espeakNG(because: .english, voice: "en"),
                                        .espeakNG(because: .insteadOfOpenJTalk, voice: "ja"), .silent]
        let problems: [SpeechChoice.Problem] = [.openJTalkSpeaksJapaneseOnly, .espeakNGNotFound, .openJTalkNotFound, .dictionaryMissing("/d"),
                                                .voiceFileMissing("/x.htsvoice"), .voiceNotFound(places: ["/a", "/b"])]
        let kana = /[\p{Hiragana}\p{Katakana}]/
        let sentences = whys.map { ($0.words(.ja), $0.words(.en)) } + problems.map { ($0.words(.ja), $0.words(.en)) }
        for (japanese, english) in sentences {
            #expect(japanese.contains(kana), "\(japanese)")
            #expect(japanese != english)
            #expect(japanese.filter { $0 == "(" }.count == japanese.filter { $0 == ")" }.count, "\(japanese)")
            for command in ["`sudo apt install espeak-ng`", "`sudo apt install open-jtalk open-jtalk-mecab-naist-jdic`",
                            "`sudo apt install open-jtalk-mecab-naist-jdic`"] where english.contains(command) {
                #expect(japanese.contains(command), "\(japanese) lacks \(command)")
            }
        }
        let silent = SpeechChoice.choose(.on, language: .ja, system: VoiceTests.system(programs: [], files: []))
        #expect(silent.reason == silent.why.words(.en) && silent.problems == silent.missing.map { $0.words(.en) })
        #expect(silent.missing.count == 4)
    }

    @Test("the voice is looked for where the package installs it, then beside the program, then in a checkout above it")
    func theVoiceIsLookedForInOrder() {
        #expect(SpeechChoice.voicePlaces(executableFolder: "/src/kiosk/.build/x86_64-unknown-linux-gnu/release") == [
            "/usr/share/bookkiosk/voice/mei_normal.htsvoice",
            "/src/kiosk/.build/x86_64-unknown-linux-gnu/share/bookkiosk/voice/mei_normal.htsvoice",
            "/src/kiosk/.build/x86_64-unknown-linux-gnu/release/kiosk/voice/mei_normal.htsvoice",
            "/src/kiosk/.build/x86_64-unknown-linux-gnu/kiosk/voice/mei_normal.htsvoice",
            "/src/kiosk/.build/kiosk/voice/mei_normal.htsvoice",
            "/src/kiosk/kiosk/voice/mei_normal.htsvoice",
            "/src/kiosk/voice/mei_normal.htsvoice",
            "/kiosk/voice/mei_normal.htsvoice",
        ])
    }

    // MARK: What is said

    @Test("an utterance drops the screen's spaces between Japanese phrases and its brackets, and is cut into clauses")
    func utterancesAreClauses() {
        let japanese = Utterance(speaking: "はるとさん、 「ぐりとぐら」を かりたよ。 じゅうにがつ みっか もくようびまでに かえしてね")
        #expect(japanese.clauses == ["はるとさん、", "ぐりとぐらを かりたよ。".replacingOccurrences(of: " ", with: ""),
                                     "じゅうにがつみっかもくようびまでにかえしてね"])
        let english = Utterance(speaking: "Emma, you borrowed “The Very Hungry Caterpillar”. Please bring it back by Thursday 3 December")
        #expect(english.clauses == ["Emma,", "you borrowed The Very Hungry Caterpillar.", "Please bring it back by Thursday 3 December"])
        #expect(english.text == "Emma, you borrowed The Very Hungry Caterpillar. Please bring it back by Thursday 3 December")
        let long = Utterance(speaking: String(repeating: "ながい", count: 40) + "。")
        #expect(long.clauses.map(\.count) == [Utterance.longestClause + 1], "a very long title is cut, its 。 kept")
        #expect(Utterance(speaking: "3.5 books!").clauses == ["3.5 books!"])
    }

    @Test("a due date is said as a child hears it, in the lent sentence too")
    func datesAreSpoken() {
        let words = JapanesePhrasebook()
        #expect(words.spokenDate(LocalDate(year: 2026, month: 12, day: 3)) == "じゅうにがつ みっか もくようび")
        #expect(words.spokenDate(LocalDate(year: 2027, month: 1, day: 1)) == "いちがつ ついたち きんようび")
        #expect(words.spokenDate(LocalDate(year: 2026, month: 4, day: 20)) == "しがつ はつか げつようび")
        #expect(words.spokenDate(LocalDate(year: 2026, month: 9, day: 14)) == "くがつ じゅうよっか げつようび")
        #expect(words.spokenDate(LocalDate(year: 2026, month: 7, day: 11)) == "しちがつ じゅういちにち どようび")
        #expect(words.spokenDate(LocalDate(year: 2026, month: 8, day: 31)) == "はちがつ さんじゅういちにち げつようび")
        for day in 1...31 {
            let spoken = words.spokenDate(LocalDate(year: 2026, month: 12, day: day))
            #expect(!spoken.contains { $0.isNumber }, "no digits: \(spoken)")
        }
        let lent = KioskEvent.outcome(.lent(Fixtures.loan, book: Fixtures.guri, user: Fixtures.haruto))
        let spoken = Utterance(speaking: MessageCatalog(language: .ja).spokenText(for: lent)).text
        #expect(spoken.contains("じゅうにがつみっかもくようび"), "\(spoken)")
        #expect(!spoken.contains("12"), "no digits: \(spoken)")
    }

    @Test("speech says the reading of a kanji name, and the fixed phrases hold no name, title or date")
    func theReadingIsSaid() {
        let kanji = User(card: "C0009", name: "山田 陽翔", reading: "やまだ はると")
        let greeting = MessageCatalog(language: .ja).spokenText(for: .outcome(.greeted(kanji)))
        #expect(greeting.contains("やまだ はると"))
        #expect(!greeting.contains("山田"))
        let fixed = Announcer.fixedUtterances(MessageCatalog(language: .ja)).flatMap(\.clauses)
        #expect(!fixed.isEmpty)
        #expect(!fixed.contains { $0.contains("〇") })
        #expect(fixed.contains("こんにちは、"))
    }

    // MARK: Loudness

    @Test("a quiet voice is brought to the cues' loudness, its peaks never past the ceiling")
    func theVoiceIsAsLoudAsTheCue() {
        let quiet = SpeechAudio(samples: (0..<16000).map { Int16(1000 * sin(Double($0) * 0.2)) }, sampleRate: 16000)
        let loud = quiet.normalised(volume: 0.8)
        let cue = SpeechAudio(samples: Cue.lent.samples(volume: 0.8), sampleRate: Cue.sampleRate)
        let ratio = loud.speakingLevel / cue.speakingLevel
        #expect(ratio > 0.9 && ratio < 1.1, "a tone, as loud as the cue: \(ratio)")
        let spiky = SpeechAudio(samples: (0..<16000).map { $0 % 100 == 0 ? 4000 : Int16(200 * sin(Double($0) * 0.2)) + 400 }, sampleRate: 16000)
        let peak = spiky.normalised(volume: 0.8).samples.map { abs(Int($0)) }.max() ?? 0
        #expect(peak <= Int(0.95 * 0.8 * 32767) + 1, "peaks stop at the ceiling: \(peak)")
        #expect(peak > Int(0.9 * 0.8 * 32767))
        #expect(SpeechAudio(samples: [0, 0, 0], sampleRate: 16000).trimmed().samples.isEmpty)
    }

    // MARK: The cache

    @Test("the cache answers a second time without the engine, across speakers, and not for another voice")
    func theCacheAnswersTheSecondTime() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = SpeechCache(directory: directory)
        let engine = ToneSynthesizer()
        let speaker = Speaker(synthesizer: engine, cache: cache, player: nil, volume: 0.8, log: LogRecorder().sink)
        let utterance = Utterance(speaking: "ありがとう！ はるとさん、 かえしてくれて ありがとう！")
        let first = try speaker.audio(for: utterance)
        // Up to three engines run at once, so the engine is asked in any order.
        #expect(engine.clauses.sorted() == ["ありがとう！", "はるとさん、", "かえしてくれてありがとう！"].sorted())
        let second = try speaker.audio(for: utterance)
        #expect(engine.clauses.count == 3, "nothing made again")
        #expect(first == second)
        let later = Speaker(synthesizer: engine, cache: SpeechCache(directory: directory), player: nil, volume: 0.8, log: LogRecorder().sink)
        _ = try later.audio(for: Utterance(speaking: "はるとさん、"))
        #expect(engine.clauses.count == 3, "kept on disk for the next start")
        let other = ToneSynthesizer(identity: "tone 2")
        _ = try Speaker(synthesizer: other, cache: cache, player: nil, volume: 0.8, log: LogRecorder().sink)
            .audio(for: Utterance(speaking: "はるとさん、"))
        #expect(other.clauses == ["はるとさん、"], "another voice or engine version is another key")
        #expect(first.seconds > 3 * 0.6, "three clauses of tone and two pauses: \(first.seconds)")
    }

    @Test("the cache keeps within its size, dropping what was said longest ago")
    func theCacheIsBounded() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let clip = SpeechAudio(samples: Array(repeating: 1000, count: 10_000), sampleRate: 16000)
        let cache = SpeechCache(directory: directory, capacityBytes: 3 * clip.wav.count)
        for index in 0..<3 { try cache.store(clip, forKey: "clause \(index)") }
        // "clause 0" is used again, so "clause 1" is the oldest when a fourth comes.
        let old = Date(timeIntervalSinceNow: -60)
        for index in 0..<3 {
            try FileManager.default.setAttributes([.modificationDate: old.addingTimeInterval(Double(index))],
                                                  ofItemAtPath: directory.appendingPathComponent(SpeechCache.fileName(forKey: "clause \(index)")).path)
        }
        #expect(cache.audio(forKey: "clause 0") != nil)
        try cache.store(clip, forKey: "clause 3")
        #expect(cache.totalBytes <= cache.capacityBytes)
        #expect(cache.audio(forKey: "clause 1") == nil)
        #expect(cache.audio(forKey: "clause 0") != nil)
        #expect(cache.audio(forKey: "clause 3") != nil)
    }

    @Test("a cache that cannot be written (a full disk) is logged once; the voice is still made")
    func aFullDiskIsSurvived() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // A file where the cache's folder should be: every write fails, as on a full disk.
        let blocked = directory.appendingPathComponent("speech")
        try Data("not a folder".utf8).write(to: blocked)
        let log = LogRecorder()
        let engine = ToneSynthesizer()
        let speaker = Speaker(synthesizer: engine, cache: SpeechCache(directory: blocked), player: nil, volume: 0.8, log: log.sink)
        let audio = try speaker.audio(for: Utterance(speaking: "はるとさん、 ありがとう！"))
        #expect(audio.seconds > 1)
        #expect(log.all.count == 1, "\(log.all)")
        #expect(log.all.first?.hasPrefix("speech: speech is not kept (speech cache \(blocked.path): ") == true)
    }

    // MARK: Never in the way

    @Test("a new scan drops the speech still being made; the last outcome is the one said")
    func aNewScanCutsSpeechOff() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let played = directory.appendingPathComponent("played.raw")
        let engine = ToneSynthesizer(gated: true)
        let reports = Mutex<[Speaker.Report]>([])
        let announcer = Announcer(settings: FeedbackSettings(language: .ja, sound: false, player: "cat >> \(shellQuoted(played.path))",
                                                             speech: .on, volume: 0.8),
                                  log: LogRecorder().sink, synthesizer: engine,
                                  observeSpeech: { report in reports.withLock { $0.append(report) } })
        // The fixed phrases are prepared first, each held at the gate.
        let speaker = try #require(announcer.speaker)
        while !speaker.waitUntilIdle(deadline: Date()) { engine.open() }
        let made = engine.clauses.count
        let returned = KioskEvent.outcome(.returned(Fixtures.loan, book: Fixtures.guri, user: Fixtures.haruto, overdueDays: 0))
        let lent = KioskEvent.outcome(.lent(Fixtures.loan, book: Fixtures.guri, user: Fixtures.haruto))
        let started = Date()
        announcer.announce(returned, at: Fixtures.morning)
        announcer.announce(lent, at: Fixtures.morning)
        #expect(Date().timeIntervalSince(started) < 1, "announce never waits for the engine")
        for _ in 0..<10 { engine.open() }
        #expect(announcer.waitUntilQuiet(deadline: Date().addingTimeInterval(30)))
        let said = reports.withLock { $0 }.filter { $0.startedAt != nil }.map(\.text)
        #expect(said == [Utterance(speaking: MessageCatalog(language: .ja).spokenText(for: lent)).text], "\(said) after \(made) prepared")
        let bytes = try [UInt8](Data(contentsOf: played))
        #expect(String(decoding: bytes.prefix(4), as: UTF8.self) == "RIFF", "one voice was played")
    }

    @Test("the speaker is told of a lend only once its answer is out: the cue spawned, the event's line written")
    func theSpeakerHearsAfterTheAnswer() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let eventsFile = directory.appendingPathComponent("events.jsonl")
        let events = try AnnouncerTests.openForAppending(eventsFile)
        defer { close(events) }
        // What the event stream held when the engine was first asked for the title's clause.
        let seen = Mutex<[String]>([])
        let engine = WitnessSynthesizer { clause in
            guard clause.contains("ぐりとぐら") else { return }
            let written = (try? String(contentsOf: eventsFile, encoding: .utf8)) ?? ""
            seen.withLock { $0.append(written) }
        }
        let announcer = Announcer(settings: FeedbackSettings(language: .ja, player: "cat > /dev/null", speech: .on, volume: 0.8,
                                                             timeZone: Fixtures.utc, eventStreamFileDescriptor: events),
                                  log: LogRecorder().sink, synthesizer: engine)
        #expect(announcer.waitUntilQuiet(deadline: Date().addingTimeInterval(30)), "the fixed phrases are made first")
        let lent = KioskEvent.outcome(.lent(Fixtures.loan, book: Fixtures.guri, user: Fixtures.haruto))
        announcer.announce(lent, at: Fixtures.morning)
        #expect(announcer.waitUntilQuiet(deadline: Date().addingTimeInterval(30)))
        let first = try #require(seen.withLock { $0 }.first, "the title was made")
        #expect(first == announcer.eventLine(for: lent, at: Fixtures.morning) + "\n")
    }

    @Test("a voice dropped quietly before a cue is never said; the sentence handed over after it wakes the speaker at once")
    func aQuietDropStillDropsAndTheNextSayWakes() throws {
        let reports = Mutex<[Speaker.Report]>([])
        let speaker = Speaker(synthesizer: ToneSynthesizer(), cache: nil, player: nil, volume: 0.8, log: { _ in },
                              observe: { report in reports.withLock { $0.append(report) } })
        let now = Date()
        // Waits for a cue an hour long: only a newer request can end its wait early.
        speaker.say(Utterance(clauses: ["まえの こえ"]), notBefore: now.addingTimeInterval(3600), now: now)
        speaker.dropQuietly()
        speaker.say(Utterance(clauses: ["つぎの こえ"]), notBefore: now, now: now)
        #expect(speaker.waitUntilIdle(deadline: now.addingTimeInterval(60)), "not held until the hour is up")
        let said = reports.withLock { $0 }.filter { $0.startedAt != nil }.map(\.text)
        #expect(said == [Utterance(clauses: ["つぎの こえ"]).text])
    }

    @Test("the speaker's thread and the engines it starts run under SCHED_BATCH: waking them never interrupts the answer")
    func theSpeakerNeverInterruptsOnWaking() throws {
        // The scheduling policy of the thread making a clause, and (field 41 of
        // /proc/PID/stat) of a process it starts, as the engine is started.
        let seen = Mutex<[(thread: Int32, process: String)]>([])
        let engine = WitnessSynthesizer { _ in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "cut -d' ' -f41 /proc/self/stat"]
            let output = Pipe()
            process.standardOutput = output
            try? process.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            seen.withLock { $0.append((sched_getscheduler(0), text.trimmingCharacters(in: .whitespacesAndNewlines))) }
        }
        let speaker = Speaker(synthesizer: engine, cache: nil, player: nil, volume: 0.8, log: { _ in })
        speaker.say(Utterance(clauses: ["はい"]), notBefore: Date())
        #expect(speaker.waitUntilIdle(deadline: Date().addingTimeInterval(30)))
        let made = seen.withLock { $0 }
        #expect(!made.isEmpty)
        #expect(made.allSatisfy { $0.thread == 3 && $0.process == "3" }, "SCHED_BATCH is 3: \(made)")
    }

    @Test("the voice waits for the cue to have sounded")
    func theVoiceFollowsTheCue() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let reports = Mutex<[Speaker.Report]>([])
        let announcer = Announcer(settings: FeedbackSettings(language: .en, player: "cat > /dev/null", speech: .on, volume: 0.8),
                                  log: LogRecorder().sink, synthesizer: ToneSynthesizer(),
                                  observeSpeech: { report in reports.withLock { $0.append(report) } })
        announcer.waitUntilQuiet(deadline: Date().addingTimeInterval(30))
        let before = Date()
        announcer.announce(.duplicate(barcode: "B0042"), at: Fixtures.morning)
        #expect(announcer.waitUntilQuiet(deadline: Date().addingTimeInterval(30)))
        let report = try #require(reports.withLock { $0 }.last)
        let start = try #require(report.startedAt)
        #expect(start.timeIntervalSince(before) >= Cue.duplicate.duration)
    }

    // MARK: Open JTalk itself

    @Test("Open JTalk makes real speech: a length that fits the text, not silent, slower at a lower rate",
          .enabled(if: VoiceTests.hasOpenJTalk, "Open JTalk, its dictionary or the voice is missing"))
    func openJTalkMakesRealSpeech() throws {
        let sentence = "はるとさん、ぐりとぐらを かりたよ。"
        let normal = try EngineSynthesizer(voice: VoiceTests.meiVoice(rate: 1.0)).synthesize(sentence).trimmed()
        let slow = try EngineSynthesizer(voice: VoiceTests.meiVoice(rate: 0.7)).synthesize(sentence).trimmed()
        #expect(normal.sampleRate == 48000)
        // 15 morae: Japanese is spoken at about 6 to 9 morae a second.
        #expect(normal.seconds > 1.2 && normal.seconds < 3.5, "\(normal.seconds) s")
        #expect(normal.speakingLevel > 1000, "not silent: \(normal.speakingLevel)")
        #expect(slow.seconds > normal.seconds * 1.25, "rate 0.7 is slower: \(slow.seconds) s against \(normal.seconds) s")
        let short = try EngineSynthesizer(voice: VoiceTests.meiVoice(rate: 1.0)).synthesize("はい。").trimmed()
        #expect(short.seconds < normal.seconds / 3, "a short word is short: \(short.seconds) s")
    }

    @Test("Open JTalk's own analysis says a name's reading, and reads the kanji name the same way",
          .enabled(if: VoiceTests.hasOpenJTalk, "Open JTalk, its dictionary or the voice is missing"))
    func openJTalkSaysTheReading() throws {
        let engine = try EngineSynthesizer(voice: VoiceTests.meiVoice())
        let reading = try #require(try engine.pronunciation(of: "やまだ はるとさん")).joined()
        #expect(reading == "ヤマダハルトサン")
        #expect(try engine.pronunciation(of: "ぐりとぐらを かりたよ。")?.joined() == "グリトグラヲカリタヨ")
        #expect(try engine.pronunciation(of: "じゅうにがつ みっか もくようびまでに かえしてね")?.joined()
                == "ジューニガツミッカモクヨービマデニカエシテネ")
        // Characters the dictionary does not know are passed over, not fatal.
        let odd = try EngineSynthesizer(voice: VoiceTests.meiVoice()).synthesize("😀 ABC ～ テスト")
        #expect(odd.trimmed().seconds > 0.5)
    }

    @Test("only symbols: nothing to say, and the rest of the sentence is still said",
          .enabled(if: VoiceTests.hasOpenJTalk, "Open JTalk, its dictionary or the voice is missing"))
    func symbolsAloneSayNothing() throws {
        let speaker = Speaker(synthesizer: EngineSynthesizer(voice: try VoiceTests.meiVoice()), cache: nil, player: nil,
                              volume: 0.8, log: LogRecorder().sink)
        let audio = try speaker.audio(for: Utterance(speaking: "😀、 ありがとう！"))
        #expect(audio.seconds > 0.4)
        #expect(throws: SpeechFailure.self) { try speaker.audio(for: Utterance(speaking: "😀！")) }
    }
}
