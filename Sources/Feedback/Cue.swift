import Lending

/// One audible signal: a short, gentle tone pattern per kind of Outcome. Children who cannot
/// read yet rely on these, so each kind has its own melody.
public enum Cue: String, Sendable, Hashable, CaseIterable {
    /// A Card opened a Session: a friendly rising arpeggio.
    case greeting
    /// A Book was lent: two notes rising.
    case lent
    /// A Book came back: two bright notes falling.
    case returned
    /// Not done: two low notes falling, soft.
    case refused
    /// A barcode the kiosk does not know: the same low note twice, a question.
    case unknownBarcode
    /// Read twice; nothing done: one short quiet tick.
    case duplicate
    /// Something happened in staff mode: three even beeps.
    case staff
    /// A Scanner went away: three notes stepping down.
    case scannerLost
    /// A Scanner came back: three notes stepping up, low.
    case scannerBack
    /// A fault the kiosk survived: one long low calm note.
    case error

    /// One note of a pattern; a frequency of 0 is a rest.
    public struct Note: Sendable, Equatable {
        /// Hertz; 0 for a rest.
        public var frequency: Double
        public var milliseconds: Int
        /// Loudness relative to the cue's volume, 0…1.
        public var level: Double

        public init(_ frequency: Double, _ milliseconds: Int, level: Double = 1) {
            self.frequency = frequency
            self.milliseconds = milliseconds
            self.level = level
        }

        public static func rest(_ milliseconds: Int) -> Note { Note(0, milliseconds) }
    }

    /// The notes, in order.
    public var notes: [Note] {
        switch self {
        case .greeting: [Note(Pitch.c5, 100), Note(Pitch.e5, 100), Note(Pitch.g5, 180)]
        // A lend and a return are followed by the voice: short, so it is heard within 300 ms.
        case .lent: [Note(Pitch.g5, 90), Note(Pitch.c6, 160)]
        case .returned: [Note(Pitch.c6, 90), Note(Pitch.g5, 160)]
        case .refused: [Note(Pitch.a4, 180), Note(Pitch.f4, 320)]
        case .unknownBarcode: [Note(Pitch.a4, 150), .rest(80), Note(Pitch.a4, 150)]
        case .duplicate: [Note(Pitch.e6, 70, level: 0.5)]
        case .staff: [Note(Pitch.f5, 80), .rest(50), Note(Pitch.f5, 80), .rest(50), Note(Pitch.f5, 80)]
        case .scannerLost: [Note(Pitch.g4, 150), Note(Pitch.e4, 150), Note(Pitch.c4, 300)]
        case .scannerBack: [Note(Pitch.c4, 120), Note(Pitch.g4, 120), Note(Pitch.c5, 240)]
        case .error: [Note(Pitch.c4, 500, level: 0.8)]
        }
    }

    /// The Cue for `event`, or nil when the event has none (the idle prompt, a Session's end).
    public init?(for event: KioskEvent) {
        switch event {
        // A deferred Outcome: the child who scanned has long gone.
        case .ready, .sessionEnded, .sessionClosed, .deferred: return nil
        case .outcome(.greeted): self = .greeting
        case .outcome(.lent): self = .lent
        case .outcome(.returned): self = .returned
        case .outcome(.refused(.unknownBarcode, _, _, _)): self = .unknownBarcode
        case .outcome(.refused), .pinRefused: self = .refused
        case .duplicate: self = .duplicate
        case .staff: self = .staff
        case .scannerLost: self = .scannerLost
        case .scannerBack: self = .scannerBack
        case .error: self = .error
        }
    }

    /// Equal-tempered pitches, A4 = 440 Hz.
    enum Pitch {
        static let c4 = 261.63, e4 = 329.63, f4 = 349.23, g4 = 392.00, a4 = 440.00
        static let c5 = 523.25, e5 = 659.26, f5 = 698.46, g5 = 783.99
        static let c6 = 1046.50, e6 = 1318.51
    }
}

extension Cue {
    /// How long the cue sounds: a voice after it waits this long.
    public var duration: Double {
        Double(notes.reduce(0) { $0 + $1.milliseconds }) / 1000
    }
}
