import Feedback
import Foundation
import Lending
import Synchronization
import Testing

/// A synthesizer that holds each clause until `together` clauses are being made at once, or a
/// deadline passes (then the clause is marked as made alone): proof of clauses made side by
/// side, without a clock in the test.
final class MeetingSynthesizer: SpeechSynthesizer, Sendable {
    let identity = "meeting 1"
    let together: Int
    private let condition = NSCondition()
    private let state = Mutex<(waiting: Int, alone: [String])>((0, []))

    init(together: Int) {
        self.together = together
    }

    var alone: [String] { state.withLock { $0.alone } }

    func synthesize(_ clause: String) throws(SpeechFailure) -> SpeechAudio {
        condition.lock()
        state.withLock { $0.waiting += 1 }
        condition.broadcast()
        let deadline = Date().addingTimeInterval(20)
        var met = true
        while state.withLock({ $0.waiting }) < together {
            if !condition.wait(until: deadline) {
                met = false
                break
            }
        }
        condition.unlock()
        if !met { state.withLock { $0.alone.append(clause) } }
        return ToneSynthesizer().tone(clause)
    }
}

extension ToneSynthesizer {
    /// The tone `synthesize` makes, without counting it.
    func tone(_ clause: String) -> SpeechAudio {
        let count = clause.count * 1600
        let tone = (0..<count).map { Int16(8000 * sin(Double($0) * 2 * Double.pi * 440 / 16000)) }
        return SpeechAudio(samples: Array(repeating: 0, count: 4000) + tone + Array(repeating: 0, count: 4000), sampleRate: 16000)
    }
}

@Suite struct VoiceLevelAndSpeedTests {
    static let yamada = User(card: "C0009", name: "山田 陽翔", reading: "やまだ はると")

    /// A sound as speech is: six syllables of a 200 Hz voice whose every period starts with a
    /// sharp peak, the first syllable stressed (twice as loud): peaks about 12.5 dB above its
    /// level, where a tone's are 3 dB above.
    static let speechLike: SpeechAudio = {
        let rate = 48000
        var samples: [Int16] = []
        for loudness in [1, 0.55, 0.55, 0.55, 0.55, 0.55] {
            let count = rate * 120 / 1000
            for index in 0..<count {
                let phase = Double(index % 240) / 240
                let body = 1500 * sin(2 * Double.pi * phase)
                let pulse = phase < 0.02 ? 3000 * sin(Double.pi * phase / 0.02) : 0
                let envelope = sin(Double.pi * Double(index) / Double(count)).squareRoot()
                samples.append(Int16(((body + pulse) * envelope * loudness).rounded()))
            }
            samples += repeatElement(0, count: rate * 30 / 1000)
        }
        return SpeechAudio(samples: samples, sampleRate: rate)
    }()

    /// The largest magnitude, and whether the wave has a flat top there (three samples in a
    /// row at the same peak value: what clipping leaves).
    static func peak(_ audio: SpeechAudio) -> (peak: Int, flatTops: Int) {
        let magnitudes = audio.samples.map { abs(Int($0)) }
        let peak = magnitudes.max() ?? 0
        var flat = 0
        for index in 2..<max(2, magnitudes.count) where magnitudes[index] == peak
            && magnitudes[index - 1] == peak && magnitudes[index - 2] == peak {
            flat += 1
        }
        return (peak, flat)
    }

    static func decibels(_ audio: SpeechAudio, against cue: Cue, volume: Double) -> Double {
        let cueAudio = SpeechAudio(samples: cue.samples(volume: volume), sampleRate: Cue.sampleRate)
        return 20 * log10(audio.speakingLevel / cueAudio.speakingLevel)
    }

    @Test("a voice with speech's peaks is brought to the cue's level by limiting its peaks, not clipping them")
    func peakyVoiceIsLevelled() {
        let raw = Self.speechLike
        let onlyScaled = 0.95 * 0.8 * 32767 / Double(Self.peak(raw).peak)
        let scaledLevel = SpeechAudio(samples: raw.samples.map { Int16(Double($0) * onlyScaled) }, sampleRate: raw.sampleRate)
        #expect(Self.decibels(scaledLevel, against: .lent, volume: 0.8) < -2, "scaled to its peaks alone, it would be quieter than the cue")

        let levelled = raw.normalised(volume: 0.8)
        let difference = Self.decibels(levelled, against: .lent, volume: 0.8)
        #expect(abs(difference) < 0.5, "as loud as the cue: \(difference) dB")
        let (peak, flatTops) = Self.peak(levelled)
        #expect(peak <= Int(0.95 * 0.8 * 32767) + 1, "peaks stop at the ceiling: \(peak)")
        #expect(flatTops == 0, "no clipped (flat) tops")
        #expect(levelled.samples.count == raw.samples.count)
        #expect(levelled.normalised(volume: 1).speakingLevel > levelled.speakingLevel, "the volume scales it")
    }

    @Test("Open JTalk's voice at the kiosk's volume is as loud as the cues at that volume, within 1 dB",
          .enabled(if: VoiceTests.hasOpenJTalk, "Open JTalk, its dictionary or the voice is missing"))
    func openJTalkIsAsLoudAsTheCue() throws {
        let engine = EngineSynthesizer(voice: try VoiceTests.meiVoice())
        let sentence = Utterance(speaking: MessageCatalog(language: .ja).spokenText(
            for: .outcome(.lent(Fixtures.loan, book: Fixtures.guri, user: Self.yamada))))
        for volume in [0.5, 0.8] {
            let voice = try Speaker(synthesizer: engine, cache: nil, player: nil, volume: volume, log: LogRecorder().sink)
                .audio(for: sentence)
            for cue in [Cue.lent, .greeting, .returned] {
                let difference = Self.decibels(voice, against: cue, volume: volume)
                #expect(abs(difference) < 1, "\(cue) at \(volume): \(difference) dB")
            }
            let (peak, flatTops) = Self.peak(voice)
            #expect(peak <= Int(0.95 * volume * 32767) + 1)
            #expect(flatTops == 0, "the limiter does not clip")
        }
        // What it was before: the engine's own output scaled until its peaks reach the ceiling.
        let raw = try engine.synthesize(sentence.clauses[1]).trimmed()
        let toCeiling = 0.95 * 32767 / Double(Self.peak(raw).peak)
        let peakOnly = SpeechAudio(samples: raw.samples.map { Int16(Double($0) * toCeiling) }, sampleRate: raw.sampleRate)
        #expect(Self.decibels(peakOnly, against: .lent, volume: 1) < -4, "merely scaled, Mei is quieter than the cue")
    }

    @Test("the clauses missing from the cache are made side by side, and come back in order")
    func missingClausesAreMadeTogether() throws {
        let engine = MeetingSynthesizer(together: 3)
        let speaker = Speaker(synthesizer: engine, cache: nil, player: nil, volume: 0.8, log: LogRecorder().sink)
        let audio = try speaker.audio(for: Utterance(speaking: "やまだはるとさん、 ぐりとぐらを かりたよ。 じゅうにがつ みっかまでに かえしてね"))
        #expect(engine.alone.isEmpty, "each waited for the other two: \(engine.alone)")
        let tone = ToneSynthesizer()
        let alone = try Speaker(synthesizer: tone, cache: nil, player: nil, volume: 0.8, log: LogRecorder().sink)
            .audio(for: Utterance(speaking: "やまだはるとさん、 ぐりとぐらを かりたよ。 じゅうにがつ みっかまでに かえしてね"))
        #expect(audio == alone, "the same clauses, in the same order")
    }

    @Test("what is said is put together on the speaker's thread, after `say` has returned")
    func theWordsAreMadeOnTheSpeakersThread() throws {
        let threads = LogRecorder()
        let returned = DispatchSemaphore(value: 0)
        let speaker = Speaker(synthesizer: ToneSynthesizer(), cache: nil, player: nil, volume: 0.8, log: LogRecorder().sink)
        let caller = pthread_self()
        speaker.say(notBefore: Date()) {
            // Put together on the caller's thread, this would wait for itself and time out.
            let waited = returned.wait(timeout: .now() + 20) == .success
            threads.sink(pthread_equal(pthread_self(), caller) != 0 ? "the caller's" : waited ? "another, after say" : "another, before say returned")
            return Utterance(speaking: "ありがとう！")
        }
        returned.signal()
        #expect(speaker.waitUntilIdle(deadline: Date().addingTimeInterval(30)))
        #expect(threads.all == ["another, after say"])
    }

    @Test("while the greeting is heard, the child's name is made as the next sentences say it; a lend then makes only its title and date")
    func theNameIsMadeDuringTheGreeting() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let engine = ToneSynthesizer()
        let reports = Mutex<[Speaker.Report]>([])
        let announcer = Announcer(settings: FeedbackSettings(language: .ja, player: "cat > /dev/null", speech: .on,
                                                             speechCacheDirectory: directory.path, volume: 0.8),
                                  log: LogRecorder().sink, synthesizer: engine,
                                  observeSpeech: { report in reports.withLock { $0.append(report) } })
        #expect(announcer.waitUntilQuiet(deadline: Date().addingTimeInterval(30)))
        announcer.announce(.outcome(.greeted(Self.yamada)), at: Fixtures.morning)
        #expect(announcer.waitUntilQuiet(deadline: Date().addingTimeInterval(30)))
        #expect(engine.clauses.contains("やまだはるとさん、"), "\(engine.clauses)")
        let before = engine.clauses.count
        announcer.announce(.outcome(.lent(Fixtures.loan, book: Fixtures.guri, user: Self.yamada)), at: Fixtures.morning)
        #expect(announcer.waitUntilQuiet(deadline: Date().addingTimeInterval(30)))
        let lend = try #require(reports.withLock { $0.last })
        #expect(lend.text.hasPrefix("やまだはるとさん、"))
        // Its clauses are made side by side, so the engine is asked in any order.
        #expect(Array(engine.clauses[before...]).sorted() == ["ぐりとぐらをかりたよ。", "じゅうにがつみっかもくようびまでにかえしてね"].sorted())
        #expect(lend.synthesisedClauses == 2)
        #expect(Announcer.sessionUtterances(for: Self.yamada, catalog: MessageCatalog(language: .ja)).flatMap(\.clauses)
                .allSatisfy { $0.contains("やまだはると") })
    }
}
