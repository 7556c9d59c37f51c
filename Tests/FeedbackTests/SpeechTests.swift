import Feedback
import Foundation
import Language
import Testing

@Suite struct SpeechTests {
    /// RMS below this (of 32767) is silence.
    static let silence = 300.0

    /// RMS of the 16-bit samples in a WAV's `data` chunk (0 when there is none).
    static func rms(ofWAV bytes: [UInt8]) -> Double {
        guard bytes.count > 12 else { return 0 }
        var offset = 12
        while offset + 8 <= bytes.count {
            let id = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            var size = Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]) << 16
                | Int(bytes[offset + 7]) << 24
            if id == "data" {
                // espeak-ng writing to a pipe cannot go back to fill in the size.
                if size == 0 || size == 0xFFFF_FFFF || size == 0x7FFF_FFFF || offset + 8 + size > bytes.count {
                    size = bytes.count - offset - 8
                }
                let start = offset + 8
                let count = size / 2
                guard count > 0 else { return 0 }
                var sum = 0.0
                for index in 0..<count {
                    let sample = Int16(bitPattern: UInt16(bytes[start + 2 * index]) | UInt16(bytes[start + 2 * index + 1]) << 8)
                    sum += Double(sample) * Double(sample)
                }
                return (sum / Double(count)).squareRoot()
            }
            offset += 8 + size + (size & 1)
        }
        return 0
    }

    @Test func arguments() {
        let openJTalk = SpeechVoice(engine: .openJTalk, program: "/usr/bin/open_jtalk", dictionary: "/dic", voice: "/v/mei.htsvoice", rate: 0.8)
        #expect(openJTalk.arguments == ["-x", "/dic", "-m", "/v/mei.htsvoice", "-r", "0.80", "-g", "-10.00", "-ow", "/dev/stdout"])
        let english = SpeechVoice(engine: .espeakNG, program: "/usr/bin/espeak-ng", dictionary: nil, voice: "en-us", rate: 0.8)
        #expect(english.arguments == ["-v", "en-us", "-s", "140", "--stdout"])
    }

    @Test(.enabled(if: Fixtures.which(SpeechEngine.espeakNG.program) != nil, "espeak-ng is not installed"),
          arguments: Language.allCases)
    func espeakMakesRealAudio(_ language: Language) throws {
        let espeak = try #require(Fixtures.which(SpeechEngine.espeakNG.program))
        let catalog = MessageCatalog(language: language)
        let event = KioskEvent.outcome(.lent(Fixtures.loan, book: Fixtures.guri, user: Fixtures.haruto))
        let voice = SpeechVoice(engine: .espeakNG, program: espeak, dictionary: nil, voice: language.rawValue, rate: 0.8)
        let audio = try EngineSynthesizer(voice: voice).synthesize(catalog.spokenText(for: event))
        let bytes = audio.wav
        #expect(String(decoding: bytes.prefix(4), as: UTF8.self) == "RIFF")
        let rms = SpeechTests.rms(ofWAV: bytes)
        #expect(rms > SpeechTests.silence, "RMS \(rms)")
        #expect(audio.seconds > 0.5, "more than half a second of speech")
    }

    @Test func silenceMeasuresAsSilence() {
        #expect(SpeechTests.rms(ofWAV: WAVFile.encode(Array(repeating: 0, count: 1000), sampleRate: 22050)) == 0)
        #expect(SpeechTests.rms(ofWAV: Cue.lent.wav(volume: 1)) > SpeechTests.silence)
    }
}
