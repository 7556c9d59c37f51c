/// The engine that turns the kiosk's sentences into speech.
public enum SpeechEngine: String, Sendable, Hashable, CaseIterable {
    /// Open JTalk: Japanese, with its dictionary (it reads kanji, with natural accent) and an
    /// HTS voice (`mei_normal.htsvoice`).
    case openJTalk = "openjtalk"
    /// espeak-ng: English, and Japanese in kana only (robotic); the fallback.
    case espeakNG = "espeak-ng"

    /// The program the engine is run as.
    public var program: String {
        switch self {
        case .openJTalk: "open_jtalk"
        case .espeakNG: "espeak-ng"
        }
    }

    /// The Debian package that holds the program.
    public var package: String {
        switch self {
        case .openJTalk: "open-jtalk"
        case .espeakNG: "espeak-ng"
        }
    }
}

/// The configuration's `"speech"`: `false` (off, the default), `true` (on, with the default
/// engine), or `{"engine": "openjtalk" | "espeak-ng", "rate": 0.8, "voice": …}`.
public struct SpeechSettings: Sendable, Equatable {
    /// A small child follows a voice a little slower than an adult's.
    public static let defaultRate = 0.8
    /// The slowest and fastest `rate` the configuration accepts.
    public static let rates = 0.5...2.0

    /// Whether the kiosk speaks at all.
    public var isOn: Bool
    /// The engine asked for; nil for the default (Open JTalk for Japanese where it is
    /// installed, else espeak-ng).
    public var engine: SpeechEngine?
    /// The speed as a share of the engine's own normal speed (1.0): Open JTalk's `-r`,
    /// espeak-ng's words a minute are 175 × rate.
    public var rate: Double
    /// Open JTalk: the path of an HTS voice file; espeak-ng: a voice name (`ja`, `en-us`,
    /// `en+f3`). Nil for the engine's own (Mei as installed; the language's own).
    public var voice: String?

    public init(isOn: Bool = false, engine: SpeechEngine? = nil, rate: Double = SpeechSettings.defaultRate,
                voice: String? = nil) {
        self.isOn = isOn
        self.engine = engine
        self.rate = rate
        self.voice = voice
    }

    public static let off = SpeechSettings()
    public static let on = SpeechSettings(isOn: true)
}
