import Foundation
import Language

/// Which engine speaks, with what, and why: the configuration's `speech` settled against what
/// is installed. Open JTalk needs its program, its dictionary and a voice file; where one of
/// them is missing, espeak-ng speaks instead, and where that is missing too, the kiosk is
/// silent (the cues still sound). `doctor` and `say` word `why` and `missing` in their
/// language (`words(_:)`); the log keeps them in English (`reason`, `problems`).
public struct SpeechChoice: Sendable, Equatable {
    /// The engine in use, set up to run, or nil for silence.
    public var voice: SpeechVoice?
    /// Why this engine (or silence).
    public var why: Why
    /// What is missing or wrong; empty when all is well.
    public var missing: [Problem]

    /// Why this engine (or silence): one sentence, in English, for the log.
    public var reason: String { why.words(.en) }
    /// What is missing or wrong, each with what to do, in English, for the log.
    public var problems: [String] { missing.map { $0.words(.en) } }

    /// Why an engine speaks, or none does.
    public enum Why: Sendable, Equatable {
        /// `"speech"` is off.
        case off
        /// Open JTalk, with this voice file; `asked`: the configuration named it (else it is
        /// the default for Japanese).
        case openJTalk(asked: Bool, voice: String)
        /// espeak-ng, with this voice name, for `because`.
        case espeakNG(because: EspeakBecause, voice: String)
        /// No engine can speak.
        case silent

        public enum EspeakBecause: Sendable, Equatable {
            case asked, english, insteadOfOpenJTalk
        }

        /// The sentence in `language`.
        public func words(_ language: Language) -> String { language.speechWords.why(self) }
    }

    /// What keeps an engine from speaking, with what to do.
    public enum Problem: Sendable, Equatable {
        /// Open JTalk was asked for, and the language is English.
        case openJTalkSpeaksJapaneseOnly
        case espeakNGNotFound
        case openJTalkNotFound
        case dictionaryMissing(String)
        /// The configured voice file does not exist.
        case voiceFileMissing(String)
        /// Mei's file is in none of `places`.
        case voiceNotFound(places: [String])

        /// The problem and what to do, in `language`.
        public func words(_ language: Language) -> String { language.speechWords.problem(self) }
    }

    /// Debian's `open-jtalk-mecab-naist-jdic` puts the dictionary here.
    public static let debianDictionary = "/var/lib/mecab/dic/open-jtalk/naist-jdic"
    /// The voice's file name, as kept in the repository and installed.
    public static let voiceFileName = "mei_normal.htsvoice"
    /// Where the Debian package installs the voice.
    public static let installedVoice = "/usr/share/bookkiosk/voice/" + voiceFileName

    /// What the machine has: programs on PATH, files and folders.
    public struct System: Sendable {
        public var locate: @Sendable (String) -> String?
        public var fileExists: @Sendable (String) -> Bool
        /// The folder of the running program, where a checkout's voice is looked for.
        public var executableFolder: String?

        public init(locate: @escaping @Sendable (String) -> String?, fileExists: @escaping @Sendable (String) -> Bool,
                    executableFolder: String?) {
            self.locate = locate
            self.fileExists = fileExists
            self.executableFolder = executableFolder
        }

        /// This machine: PATH from `environment`, the files as they are, `/proc/self/exe`.
        public static func current(environment: [String: String] = ProcessInfo.processInfo.environment) -> System {
            let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
            let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
                ?? CommandLine.arguments.first
            return System(
                locate: { program in
                    if program.contains("/") { return FileManager.default.isExecutableFile(atPath: program) ? program : nil }
                    for folder in path.split(separator: ":") where !folder.isEmpty {
                        let candidate = "\(folder)/\(program)"
                        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
                    }
                    return nil
                },
                fileExists: { FileManager.default.fileExists(atPath: $0) },
                executableFolder: executable.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path })
        }
    }

    /// The places the voice is looked for, in order, when the configuration names none: where
    /// the package installs it; `../share/bookkiosk/voice/` beside the program (an install
    /// under /usr/local); and `kiosk/voice/` in any folder above the program (a checkout's
    /// `.build/debug/bookkiosk` or `.build/release/bookkiosk`, and the tests).
    public static func voicePlaces(executableFolder: String?) -> [String] {
        var places = [installedVoice]
        guard let executableFolder else { return places }
        var folder = URL(fileURLWithPath: executableFolder).standardizedFileURL
        places.append(folder.deletingLastPathComponent().appendingPathComponent("share/bookkiosk/voice/" + voiceFileName).path)
        for _ in 0..<6 {
            places.append(folder.appendingPathComponent("kiosk/voice/" + voiceFileName).path)
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { break }
            folder = parent
        }
        return places
    }

    /// Settles `settings` for `language` on `system`.
    public static func choose(_ settings: SpeechSettings, language: Language, system: System) -> SpeechChoice {
        guard settings.isOn else { return SpeechChoice(voice: nil, why: .off, missing: []) }
        let asked = settings.engine
        var problems: [Problem] = []
        if asked != .espeakNG {
            if language == .ja {
                switch openJTalk(settings, system: system) {
                case .success(let voice):
                    return SpeechChoice(voice: voice, why: .openJTalk(asked: asked != nil, voice: voice.voice), missing: [])
                case .failure(let missing):
                    problems += missing.problems
                }
            } else if asked == .openJTalk {
                problems.append(.openJTalkSpeaksJapaneseOnly)
            }
        }
        guard let program = system.locate(SpeechEngine.espeakNG.program) else {
            problems.append(.espeakNGNotFound)
            return SpeechChoice(voice: nil, why: .silent, missing: problems)
        }
        let name = settings.voice.flatMap { isVoiceFile($0) ? nil : $0 } ?? language.rawValue
        let voice = SpeechVoice(engine: .espeakNG, program: program, dictionary: nil, voice: name, rate: settings.rate)
        let because: Why.EspeakBecause = asked == .espeakNG ? .asked : language == .en ? .english : .insteadOfOpenJTalk
        return SpeechChoice(voice: voice, why: .espeakNG(because: because, voice: name), missing: problems)
    }

    /// Whether a configured `voice` names a file (Open JTalk's) rather than an espeak-ng voice.
    static func isVoiceFile(_ voice: String) -> Bool {
        voice.contains("/") || voice.hasSuffix(".htsvoice")
    }

    struct Missing: Error { var problems: [Problem] }

    private static func openJTalk(_ settings: SpeechSettings, system: System) -> Result<SpeechVoice, Missing> {
        var problems: [Problem] = []
        let program = system.locate(SpeechEngine.openJTalk.program)
        if program == nil {
            problems.append(.openJTalkNotFound)
        }
        let dictionary = debianDictionary
        if !system.fileExists(dictionary + "/sys.dic") {
            problems.append(.dictionaryMissing(dictionary))
        }
        var voice: String?
        if let configured = settings.voice, isVoiceFile(configured) {
            if system.fileExists(configured) { voice = configured } else {
                problems.append(.voiceFileMissing(configured))
            }
        } else {
            let places = voicePlaces(executableFolder: system.executableFolder)
            voice = places.first(where: system.fileExists)
            if voice == nil {
                problems.append(.voiceNotFound(places: places))
            }
        }
        guard let program, let voice, problems.isEmpty else { return .failure(Missing(problems: problems)) }
        return .success(SpeechVoice(engine: .openJTalk, program: program, dictionary: dictionary, voice: voice, rate: settings.rate))
    }
}

/// An engine set up to speak: its program, dictionary, voice and speed.
public struct SpeechVoice: Sendable, Hashable {
    public var engine: SpeechEngine
    /// The program's full path.
    public var program: String
    /// Open JTalk's dictionary folder; nil for espeak-ng.
    public var dictionary: String?
    /// Open JTalk: the HTS voice file; espeak-ng: the voice name.
    public var voice: String
    /// A share of the engine's normal speed.
    public var rate: Double

    public init(engine: SpeechEngine, program: String, dictionary: String?, voice: String, rate: Double) {
        self.engine = engine
        self.program = program
        self.dictionary = dictionary
        self.voice = voice
        self.rate = rate
    }

    /// espeak-ng's normal speed in words a minute (its `-s` default).
    public static let espeakNormalWordsPerMinute = 175.0

    /// Open JTalk's volume in dB (`-g`): at its own 0 dB, Mei clips an exclamation
    /// (「ありがとう！」) by up to 9 dB, flattening the wave's tops. Made 10 dB quieter it never
    /// clips, and `SpeechAudio.levelled` brings it to the cues' loudness.
    public static let openJTalkGain = -10.0

    /// The engine's arguments (without the program's name) that write `text`'s speech as a
    /// WAV to standard output; Open JTalk reads the text on standard input.
    public var arguments: [String] {
        switch engine {
        case .openJTalk:
            return ["-x", dictionary ?? SpeechChoice.debianDictionary, "-m", voice, "-r", Self.decimal(rate),
                    "-g", Self.decimal(Self.openJTalkGain), "-ow", "/dev/stdout"]
        case .espeakNG:
            return ["-v", voice, "-s", String(Int((SpeechVoice.espeakNormalWordsPerMinute * rate).rounded())), "--stdout"]
        }
    }

    /// `rate` as the engine takes it: `0.8`, `1.25`.
    static func decimal(_ value: Double) -> String {
        String(format: "%.2f", value)
    }
}
