import Feedback
import Foundation
import KioskConfiguration

extension DoctorCommand {
    /// The player command's program is on PATH; with `aplay`, a sound card exists.
    func checkSound(_ configuration: Configuration) -> [Finding] {
        let area = "sound"
        guard configuration.sound || configuration.speech.isOn else {
            return [.ok(area, "off (\"sound\": false): no cues are played")]
        }
        let command = configuration.player.trimmingCharacters(in: .whitespaces)
        if command == CuePlayer.mutedCommand {
            return [.ok(area, "muted (\"player\": \"none\"): no cues\(configuration.speech.isOn ? " and no speech" : "") are played")]
        }
        guard let program = Self.program(ofShellCommand: command) else {
            return [.fail(area, "\"player\": \"\(command)\" names no program — set it to a command such as \"aplay -q\", or \"none\" to mute")]
        }
        guard let found = locate(program) else {
            let package = program == "aplay" ? " (it is in the alsa-utils package)" : ""
            return [.fail(area, "the player “\(program)” (\"player\": \"\(command)\") is not found on PATH — install it\(package), set \"player\" to a command that is installed, or to \"none\" to mute")]
        }
        let role = configuration.sound ? "plays the cues" : "plays the speech (cues are off)"
        var findings: [Finding] = [.ok(area, "the player “\(command)” is \(found) and \(role)")]
        if program.split(separator: "/").last == "aplay" {
            findings.append(soundCardFinding())
        }
        return findings
    }

    private func soundCardFinding() -> Finding {
        let text = try? String(contentsOfFile: soundCardsPath, encoding: .utf8)
        let cards = text.map(Self.soundCards(in:)) ?? []
        guard let first = cards.first else {
            let why = text == nil ? "\(soundCardsPath) does not exist" : "\(soundCardsPath) lists none"
            return .warn("sound", "no sound card found (\(why)) — connect the speaker or a USB sound card; until then nobody hears the cues")
        }
        return .ok("sound", cards.count == 1 ? "sound card: \(first)" : "\(cards.count) sound cards, the first: \(first)")
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
        let area = "speech"
        guard configuration.speech.isOn else {
            return [.ok(area, "off (\"speech\": true has the messages spoken)")]
        }
        let language = Language(rawValue: configuration.language) ?? .default
        let system = SpeechChoice.System.current(environment: places.environment)
        let choice = SpeechChoice.choose(configuration.speech, language: language, system: system)
        guard let voice = choice.voice else {
            return [.fail(area, "\(choice.reason) — " + choice.problems.joined(separator: "; "))]
        }
        var findings = choice.problems.map { Finding.warn(area, $0) }
        switch voice.engine {
        case .openJTalk:
            do throws(SpeechFailure) {
                let audio = try EngineSynthesizer(voice: voice).synthesize(Self.speechTrial)
                findings.append(.ok(area, "\(choice.reason); dictionary \(voice.dictionary ?? "?"); it said “\(Self.speechTrial)” in \(String(format: "%.1f", audio.seconds)) s"))
            } catch {
                findings.append(.fail(area, "Open JTalk cannot speak with the voice \(voice.voice) and the dictionary \(voice.dictionary ?? "?"): \(error) — reinstall open-jtalk and open-jtalk-mecab-naist-jdic, or set \"speech\": {\"voice\"} to a working .htsvoice"))
                return findings
            }
        case .espeakNG:
            let source = configuration.speech.voice.map { _ in "\"voice\"" } ?? "the language's own"
            guard Self.espeakHasVoice(voice.program, voice.voice) else {
                findings.append(.fail(area, "espeak-ng has no voice “\(voice.voice)” (\(source)) — set \"voice\" to one that `espeak-ng --voices` lists, or remove it to use the language's own"))
                return findings
            }
            findings.append(.ok(area, "\(choice.reason), from \(voice.program)"))
        }
        if configuration.player.trimmingCharacters(in: .whitespaces) == CuePlayer.mutedCommand {
            findings.append(.warn(area, "speech is on, but \"player\": \"none\" mutes it — set a player, or \"speech\": false"))
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
