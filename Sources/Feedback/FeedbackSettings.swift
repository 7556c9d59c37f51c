import Foundation
import Language

/// How the kiosk speaks to the people in front of it. The configuration file's keys `language`,
/// `sound`, `player`, `speech` (and the older `voice`) and `volume` fill the first fields; the
/// runtime sets the time zone, where spoken clauses are kept, and where the status line and the
/// event stream go.
public struct FeedbackSettings: Sendable, Equatable {
    public static let defaultVolume = 0.8

    /// `language`: `"ja"` (default) or `"en"`.
    public var language: Language
    /// `sound`: whether Cues are played (default true).
    public var sound: Bool
    /// `player`: the shell command that plays a WAV read on its standard input (default
    /// `aplay -q`); `"none"` mutes cues and speech.
    public var player: String
    /// `speech`: whether messages are spoken after the cue, by which engine, how fast, with
    /// which voice (default off).
    public var speech: SpeechSettings
    /// The folder where spoken clauses are kept (`SpeechCache`), or nil to keep none.
    public var speechCacheDirectory: String?
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
        speech: SpeechSettings = .off,
        speechCacheDirectory: String? = nil,
        volume: Double = FeedbackSettings.defaultVolume,
        timeZone: TimeZone = .current,
        statusLineFileDescriptor: Int32? = nil,
        eventStreamFileDescriptor: Int32? = nil
    ) {
        self.language = language
        self.sound = sound
        self.player = player
        self.speech = speech
        self.speechCacheDirectory = speechCacheDirectory
        self.volume = volume
        self.timeZone = timeZone
        self.statusLineFileDescriptor = statusLineFileDescriptor
        self.eventStreamFileDescriptor = eventStreamFileDescriptor
    }

    /// Whether any audio is made at all.
    public var isAudible: Bool {
        (sound || speech.isOn) && player.trimmingCharacters(in: .whitespaces) != CuePlayer.mutedCommand
    }
}
