/// Speech with espeak-ng: the child's message, spoken in the kiosk's language after the Cue.
public struct Speech: Sendable, Equatable {
    /// espeak-ng's default speed is 175 words a minute; children follow a slower voice.
    public static let defaultRate = 140
    public static let defaultVolume = 0.8
    /// The program that speaks.
    public static let program = "espeak-ng"

    public var language: Language
    /// An espeak-ng voice (`ja`, `en-us`, `en+f3`, …); nil for the language's own.
    public var voice: String?
    /// Words a minute.
    public var rate: Int
    /// 0…1, as the cues' volume.
    public var volume: Double

    public init(language: Language = .default, voice: String? = nil, rate: Int = Speech.defaultRate,
                volume: Double = Speech.defaultVolume) {
        self.language = language
        self.voice = voice
        self.rate = rate
        self.volume = volume
    }

    /// Where espeak-ng puts the audio.
    public enum Output: Sendable, Equatable {
        /// A WAV stream on standard output, for the player.
        case standardOutput
        /// A WAV file.
        case file(String)
    }

    /// The arguments for espeak-ng (without the program's name) that speak `text`.
    public func arguments(speaking text: String, to output: Output) -> [String] {
        // espeak-ng's default amplitude is 100 of 200; volume 1 is that default.
        let amplitude = Int((min(max(volume, 0), 1) * 100).rounded())
        var arguments = ["-v", voice ?? language.rawValue, "-s", String(rate), "-a", String(amplitude)]
        switch output {
        case .standardOutput: arguments.append("--stdout")
        case .file(let path): arguments += ["-w", path]
        }
        // A leading space keeps text such as "-1 book" from being read as an option.
        arguments.append(text.hasPrefix("-") ? " " + text : text)
        return arguments
    }
}
