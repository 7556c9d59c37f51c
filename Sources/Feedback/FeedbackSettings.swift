import Foundation

/// How the kiosk speaks to the people in front of it. The configuration file's keys `language`,
/// `sound`, `player`, `speech`, `voice` and `volume` fill the first fields; the runtime sets the
/// time zone and where the status line and the event stream go.
public struct FeedbackSettings: Sendable, Equatable {
    public static let defaultVolume = Speech.defaultVolume

    /// `language`: `"ja"` (default) or `"en"`.
    public var language: Language
    /// `sound`: whether Cues are played (default true).
    public var sound: Bool
    /// `player`: the shell command that plays a WAV read on its standard input (default
    /// `aplay -q`); `"none"` mutes cues and speech.
    public var player: String
    /// `speech`: whether messages are spoken with espeak-ng after the cue (default false).
    public var speech: Bool
    /// `voice`: an espeak-ng voice (`"ja"`, `"en-us"`, `"en+f3"`, …); nil for the language's own.
    public var voice: String?
    /// Speech speed in words a minute.
    public var speechRate: Int
    /// `volume`: 0.0…1.0 for cues and speech (default 0.8).
    public var volume: Double
    /// The library's time zone, for the event stream's `time`.
    public var timeZone: TimeZone
    /// Where the status line is drawn (not closed by Feedback), or nil for none.
    public var statusLineFileDescriptor: Int32?
    /// Where the JSON Lines event stream is appended (not closed by Feedback), or nil for none.
    public var eventStreamFileDescriptor: Int32?

    public init(
        language: Language = .default,
        sound: Bool = true,
        player: String = CuePlayer.defaultCommand,
        speech: Bool = false,
        voice: String? = nil,
        speechRate: Int = Speech.defaultRate,
        volume: Double = FeedbackSettings.defaultVolume,
        timeZone: TimeZone = .current,
        statusLineFileDescriptor: Int32? = nil,
        eventStreamFileDescriptor: Int32? = nil
    ) {
        self.language = language
        self.sound = sound
        self.player = player
        self.speech = speech
        self.voice = voice
        self.speechRate = speechRate
        self.volume = volume
        self.timeZone = timeZone
        self.statusLineFileDescriptor = statusLineFileDescriptor
        self.eventStreamFileDescriptor = eventStreamFileDescriptor
    }

    /// Whether any audio is made at all.
    public var isAudible: Bool {
        (sound || speech) && player.trimmingCharacters(in: .whitespaces) != CuePlayer.mutedCommand
    }
}
