import Feedback
import Foundation
import KioskConfiguration
import Language

extension DoctorCommand {
    /// The player command's program is on PATH; with `aplay`, a sound card exists.
    func checkSound(_ configuration: Configuration) -> [Finding] {
        let area = Area.sound
        guard configuration.sound || configuration.speech.isOn else {
            return [.ok(area, say.soundOff)]
        }
        let command = configuration.player.trimmingCharacters(in: .whitespaces)
        if command == CuePlayer.mutedCommand {
            return [.ok(area, say.muted(speech: configuration.speech.isOn))]
        }
        guard let program = Self.program(ofShellCommand: command) else {
            return [.fail(area, say.playerNamesNothing(command))]
        }
        guard let found = locate(program) else {
            return [.fail(area, say.playerNotFound(program, command: command))]
        }
        var findings: [Finding] = [.ok(area, say.player(command, at: found, cues: configuration.sound))]
        if program.split(separator: "/").last == "aplay" {
            findings.append(soundCardFinding())
        }
        return findings
    }

    private func soundCardFinding() -> Finding {
        let text = try? String(contentsOfFile: soundCardsPath, encoding: .utf8)
        let cards = text.map(Self.soundCards(in:)) ?? []
        guard let first = cards.first else {
            return .warn(.sound, say.noSoundCard(soundCardsPath, exists: text != nil))
        }
        return .ok(.sound, say.soundCards(first, count: cards.count))
    }

    /// The cards of `/proc/asound/cards`: " 0 [PCH            ]: HDA-Intel - HDA Intel PCH",
    /// each followed by an indented detail line, or " --- no soundcards ---".
    public static func soundCards(in text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.first?.isNumber == true, let colon = trimmed.range(of: "]: ") else { return nil }
            return String(trimmed[colon.upperBound...])
        }
    }

    /// Which engine speaks and why; its program, dictionary and voice are there and work
    /// (Open JTalk says a word; espeak-ng loads the voice). A missing Open JTalk with espeak-ng
    /// standing in is a warning; no engine at all, or one that fails, is a failure.
    func checkSpeech(_ configuration: Configuration) -> [Finding] {
        let area = Area.speech
        guard configuration.speech.isOn else {
            return [.ok(area, say.speechOff)]
        }
        let language = Language(rawValue: configuration.language) ?? .default
        let system = SpeechChoice.System.current(environment: places.environment)
        let choice = SpeechChoice.choose(configuration.speech, language: language, system: system)
        guard let voice = choice.voice else {
            return [.fail(area, say.noSpeech(choice.why.words(say.language), problems: choice.missing.map { $0.words(say.language) }))]
        }
        var findings = choice.missing.map { Finding.warn(area, $0.words(say.language)) }
        switch voice.engine {
        case .openJTalk:
            do throws(SpeechFailure) {
                let audio = try EngineSynthesizer(voice: voice).synthesize(Self.speechTrial)
                findings.append(.ok(area, say.openJTalkSpeaks(choice.why.words(say.language), dictionary: voice.dictionary ?? "?", trial: Self.speechTrial, seconds: audio.seconds)))
            } catch {
                findings.append(.fail(area, say.openJTalkFails(voice: voice.voice, dictionary: voice.dictionary ?? "?", "\(error)")))
                return findings
            }
        case .espeakNG:
            guard Self.espeakHasVoice(voice.program, voice.voice) else {
                findings.append(.fail(area, say.espeakLacksVoice(voice.voice, fromVoiceKey: configuration.speech.voice != nil)))
                return findings
            }
            findings.append(.ok(area, say.espeakSpeaks(choice.why.words(say.language), program: voice.program)))
        }
        if configuration.player.trimmingCharacters(in: .whitespaces) == CuePlayer.mutedCommand {
            findings.append(.warn(area, say.speechMuted))
        }
        return findings
    }

    /// What `doctor` has Open JTalk say, to see that it works.
    static let speechTrial = "テスト"

    /// Whether espeak-ng loads `voice`: it exits 1 for a voice it does not have. `-q` speaks
    /// nothing, so this works without a sound card, and it accepts what the kiosk passes to
    /// `-v` (a language, a voice name, a variant such as `en+f3`).
    static func espeakHasVoice(_ espeak: String, _ voice: String) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: espeak)
        process.arguments = ["-q", "-v", voice, ""]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return false
        }
        process.waitUntilExit()
        return process.terminationReason == .exit && process.terminationStatus == 0
    }

    /// The program a shell command runs: its first word after any `NAME=value` settings.
    static func program(ofShellCommand command: String) -> String? {
        command.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            .first { word in
                guard let equals = word.firstIndex(of: "="), equals != word.startIndex else { return true }
                return !word[..<equals].allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
            }
    }

    /// The full path of `program`: itself when it names a path, else the first executable
    /// of that name in the PATH of this process's environment.
    func locate(_ program: String) -> String? {
        if program.contains("/") {
            return FileManager.default.isExecutableFile(atPath: program) ? program : nil
        }
        let searchPath = places.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in searchPath.split(separator: ":") where !folder.isEmpty {
            let candidate = "\(folder)/\(program)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
