import Foundation

extension Cue {
    /// The sample rate cues are made at.
    public static let sampleRate = 22050
    /// The loudest a cue gets at volume 1, as a share of full scale: gentle, never harsh, and
    /// as loud as the voice that follows it (`SpeechAudio.levelled`: speech's peaks stand far
    /// above its level, so a tone as loud as speech peaks well below it).
    public static let peakAtFullVolume = 0.4
    /// Each note fades in over this long…
    public static let attackMilliseconds = 8.0
    /// …and out over this long, so no note starts or stops with a click.
    public static let releaseMilliseconds = 25.0

    /// The cue as 16-bit mono samples at `sampleRate`, at `volume` (0…1): sine tones, each
    /// note shaped by a raised-cosine attack and release, so every note starts and ends at 0.
    public func samples(volume: Double, sampleRate: Int = Cue.sampleRate) -> [Int16] {
        let volume = min(max(volume, 0), 1)
        var samples: [Int16] = []
        samples.reserveCapacity(notes.reduce(0) { $0 + $1.milliseconds } * sampleRate / 1000)
        for note in notes {
            let count = note.milliseconds * sampleRate / 1000
            guard note.frequency > 0 else {
                samples.append(contentsOf: repeatElement(0, count: count))
                continue
            }
            let amplitude = Cue.peakAtFullVolume * volume * note.level * Double(Int16.max)
            let attack = max(1, Cue.attackMilliseconds * Double(sampleRate) / 1000)
            let release = max(1, Cue.releaseMilliseconds * Double(sampleRate) / 1000)
            let step = 2 * Double.pi * note.frequency / Double(sampleRate)
            for index in 0..<count {
                let fromStart = Double(index)
                let toEnd = Double(count - 1 - index)
                var envelope = 1.0
                if fromStart < attack { envelope = pow(sin(Double.pi / 2 * fromStart / attack), 2) }
                if toEnd < release { envelope = min(envelope, pow(sin(Double.pi / 2 * toEnd / release), 2)) }
                samples.append(Int16((amplitude * envelope * sin(step * fromStart)).rounded()))
            }
        }
        return samples
    }

    /// The cue as a complete WAV file (RIFF, PCM, 16-bit, mono).
    public func wav(volume: Double, sampleRate: Int = Cue.sampleRate) -> [UInt8] {
        WAVFile.encode(samples(volume: volume, sampleRate: sampleRate), sampleRate: sampleRate)
    }
}
