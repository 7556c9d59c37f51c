import Feedback
import Foundation
import Testing

/// Whether Open JTalk, its dictionary and the checkout's voice are all here.
private let canSpeakJapanese: Bool = {
    let folder = BookKioskBinary.url.deletingLastPathComponent().path
    return FileManager.default.isExecutableFile(atPath: "/usr/bin/open_jtalk")
        && FileManager.default.fileExists(atPath: SpeechChoice.debianDictionary + "/sys.dic")
        && SpeechChoice.voicePlaces(executableFolder: folder).contains { FileManager.default.fileExists(atPath: $0) }
}()

/// `bookkiosk say` and `simulate --speech` as a teacher and a test run them, with Open JTalk,
/// its dictionary and the checkout's voice (skipped where one of them is missing).
@Suite("bookkiosk say and simulate --speech",
       .enabled(if: canSpeakJapanese, "Open JTalk, its dictionary or the checkout's voice is missing"))
struct SpeechEndToEndTests {
    static let books = "barcode,title,reading\nB0001,ぐりとぐら,\nB0002,三びきのやぎのがらがらどん,さんびきの やぎの がらがらどん\n"
    static let users = "card,name,reading,class\nC0009,山田 陽翔,やまだ はると,ひよこ組\n"

    /// The WAV at `path`, read as the kiosk reads an engine's.
    static func audio(_ path: String) throws -> SpeechAudio {
        try SpeechAudio(wav: [UInt8](Data(contentsOf: URL(fileURLWithPath: path))))
    }

    /// How many decibels `audio` stands above (or below) the lend's cue at `volume`.
    static func decibels(_ audio: SpeechAudio, volume: Double) -> Double {
        let cue = SpeechAudio(samples: Cue.lent.samples(volume: volume), sampleRate: Cue.sampleRate)
        return 20 * log10(audio.speakingLevel / cue.speakingLevel)
    }

    /// The clauses kept under the folder (the speech cache under its state folder).
    static func keptClauses(in folder: TemporaryFolder) -> [String] {
        let files = FileManager.default.enumerator(atPath: folder.url.path)?.compactMap { $0 as? String } ?? []
        return files.filter { $0.contains("speech/") && $0.hasSuffix(".wav") }
    }

    @Test("say writes one sentence as real speech, as loud as the cues, at the configured rate, and keeps its clauses")
    func sayWritesSpeech() throws {
        let folder = try TemporaryFolder()
        let config = try folder.write("config.json", #"{"language": "ja", "timeZone": "Asia/Tokyo", "volume": 0.8}"#)
        let sentence = "やまだ はるとさん、 ぐりとぐらを かりたよ。"
        let said = try BookKioskBinary.run(["say", sentence, "--out", folder.path("said.wav"), "--config", config], in: folder.url)
        #expect(said.status == 0, "\(said.errors)")
        #expect(said.errors.contains("Open JTalk が話します(日本語の標準で、入っています)"), "\(said.errors)")
        #expect(said.errors.contains("\(folder.path("said.wav")) に書きました"), "\(said.errors)")
        let audio = try Self.audio(folder.path("said.wav"))
        #expect(audio.sampleRate == 48000)
        // 20 morae and a pause: Japanese at the kiosk's rate is about 5 to 9 morae a second.
        #expect(audio.seconds > 2 && audio.seconds < 5.5, "\(audio.seconds) s")
        // Within 1.5 dB: 「ぐりとぐらを かりたよ。」's peaks stand higher than most, and the limiter
        // takes at most 6 dB off them.
        #expect(abs(Self.decibels(audio, volume: 0.8)) < 1.5, "as loud as the cues: \(Self.decibels(audio, volume: 0.8)) dB")
        #expect(Self.keptClauses(in: folder).count == 2, "both clauses kept: \(Self.keptClauses(in: folder))")

        let slowConfig = try folder.write("slow.json", #"{"language": "ja", "speech": {"rate": 0.6}, "volume": 0.8}"#)
        let slow = try BookKioskBinary.run(["say", sentence, "--out", folder.path("slow.wav"), "--config", slowConfig], in: folder.url)
        #expect(slow.status == 0, "\(slow.errors)")
        let slower = try Self.audio(folder.path("slow.wav"))
        #expect(slower.seconds > audio.seconds * 1.2, "speech.rate 0.6 is slower: \(slower.seconds) s against \(audio.seconds) s")
        #expect(Self.keptClauses(in: folder).count == 4, "another rate is another key")

        let nothing = try BookKioskBinary.run(["say", "--out", folder.path("x.wav"), "--config", config], in: folder.url)
        #expect(nothing.status != 0)
        #expect(nothing.errors.contains("何を話すか書いてください"), "\(nothing.errors)")
        let symbols = try BookKioskBinary.run(["say", "😀！", "--out", folder.path("x.wav"), "--config", config], in: folder.url)
        #expect(symbols.status != 0)
        #expect(symbols.errors.contains("「😀！」を話せませんでした"), "\(symbols.errors)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("x.wav")))
    }

    @Test("simulate --speech writes each sentence the kiosk says, numbered, with its text beside it")
    func simulateWritesEachSentence() throws {
        let folder = try TemporaryFolder()
        let db = ["--db", folder.path("library.sqlite")]
        let config = ["--config", try folder.write("config.json", #"{"language": "ja", "timeZone": "Asia/Tokyo", "volume": 0.8}"#)]
        try folder.write("books.csv", Self.books)
        try folder.write("users.csv", Self.users)
        #expect(try BookKioskBinary.run(["import", "books", "books.csv"] + db + config, in: folder.url).status == 0)
        #expect(try BookKioskBinary.run(["import", "users", "users.csv"] + db + config, in: folder.url).status == 0)
        let scans = "C0009\nB0002\n@wait 5s\nB0002\n"
        let run = try BookKioskBinary.run(["simulate", "--write", "--now", "2026-12-01T09:00:00+09:00", "--speech", folder.path("voice")] + db + config,
                                          input: scans, in: folder.url)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.lines.count == 4, "ready, greeted, lent, returned: \(run.output)")
        let texts = try (1...3).map { number in
            try String(contentsOfFile: folder.path(String(format: "voice/%04d.txt", number)), encoding: .utf8)
        }
        #expect(texts == [
            "こんにちは、やまだはるとさん！ほんをスキャンしてね\n",
            "やまだはるとさん、さんびきのやぎのがらがらどんをかりたよ。じゅうにがつようかかようびまでにかえしてね\n",
            "やまだはるとさん、さんびきのやぎのがらがらどんをかえしてくれてありがとう！\n",
        ])
        #expect(!FileManager.default.fileExists(atPath: folder.path("voice/0004.wav")), "the start is not said")
        for (number, text) in texts.enumerated() {
            let audio = try Self.audio(folder.path(String(format: "voice/%04d.wav", number + 1)))
            let kana = Double(text.filter { !"、。！？\n".contains($0) }.count)
            // Each kana a mora, or near it: a length that fits the text, at the default rate.
            #expect(audio.seconds > kana / 10 && audio.seconds < kana / 3.5, "\(text): \(audio.seconds) s for \(kana) kana")
            #expect(abs(Self.decibels(audio, volume: 0.8)) < 1.5, "\(text): \(Self.decibels(audio, volume: 0.8)) dB")
        }
    }
}
