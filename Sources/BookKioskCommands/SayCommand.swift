import CommandCore
import Feedback
import Foundation
import KioskConfiguration
import Language

/// `bookkiosk say TEXT [--out F.wav]`: one sentence spoken with the configured engine (even
/// where `speech` is off), for a teacher trying the voice and for tests. With `--out` the WAV
/// is written, else it is played with the configured player. Which engine spoke, and why,
/// goes to standard error.
struct SayCommand {
    let common: CommonOptions
    let console: Console
    let text: String
    let output: String?
    let language: Language?
    let places: Places

    init(_ words: [String], places: Places, console: Console) throws {
        let arguments = try Arguments(words, for: Self.configuration)
        common = try CommonOptions(arguments, places: places)
        let say = commandWords(common.language)
        guard !arguments.words.isEmpty else { throw Arguments.Invalid(description: say.sayUsage) }
        text = arguments.words.joined(separator: " ")
        output = arguments[Options.wavOut]
        language = try arguments.value(of: Options.language, invalid: say.languageUsage)
        self.console = console
        self.places = places
    }

    func run() throws -> BookKiosk.Status {
        let say = commandWords(common.language)
        let config = common.configuration
        let (speaker, choice) = try config.speaker(language: language, places: places, console: console, say: say)
        console.error("bookkiosk: " + choice.why.words(say.language))
        let audio: SpeechAudio
        do {
            audio = try speaker.audio(for: Utterance(speaking: text))
        } catch {
            throw CommandFailure(say.notSpoken(text, "\(error)"))
        }
        if let output {
            do {
                try Data(audio.wav).write(to: URL(fileURLWithPath: output))
            } catch {
                throw CommandFailure(say.wavNotWritten(output, Configuration.describe(error)))
            }
            console.error(say.wroteWAV(output, seconds: audio.seconds))
            return .success
        }
        let player = try CuePlayer(command: config.player, volume: config.volume, log: { [console] in console.error("bookkiosk: " + $0) })
        guard player.command != nil else { throw CommandFailure(say.playerIsNone) }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bookkiosk-say-\(getpid()).wav")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(audio.wav).write(to: file)
        player.play(wav: file)
        player.waitUntilQuiet(deadline: Date().addingTimeInterval(audio.seconds + 10))
        return .success
    }
}

extension Configuration {
    /// A speaker with the configured engine (speech on, whatever `speech` says), keeping
    /// clauses where the kiosk keeps them, that plays nothing itself, and the choice it made.
    /// Throws, saying what to install, when no engine can speak.
    func speaker(language: Language?, places: Places, console: Console, say: any CommandWords, cache: Bool = true) throws -> (Speaker, SpeechChoice) {
        var settings = speech
        settings.isOn = true
        let language = language ?? Language(rawValue: self.language) ?? .default
        let choice = SpeechChoice.choose(settings, language: language, system: .current(environment: places.environment))
        let problems = choice.missing.map { $0.words(say.language) }
        for problem in problems { console.error("bookkiosk: speech: " + problem) }
        guard let voice = choice.voice else {
            throw CommandFailure(say.noSpeechEngine(problems))
        }
        let speaker = Speaker(synthesizer: EngineSynthesizer(voice: voice),
                              cache: cache ? SpeechCache(directory: URL(fileURLWithPath: places.speechCache)) : nil,
                              player: nil, volume: volume, log: { [console] in console.error("bookkiosk: " + $0) })
        return (speaker, choice)
    }
}
