import Foundation

/// Speech as 16-bit mono samples: what an engine made, trimmed of its silent edges, joined
/// from clauses with the pauses a speaker makes, and brought to the cues' loudness.
public struct SpeechAudio: Sendable, Equatable {
    public var samples: [Int16]
    public var sampleRate: Int

    public init(samples: [Int16], sampleRate: Int) {
        self.samples = samples
        self.sampleRate = sampleRate
    }

    /// How long it lasts.
    public var seconds: Double { Double(samples.count) / Double(sampleRate) }

    /// A sample quieter than this (of 32767) is silence at the edges: about -40 dB.
    static let edgeThreshold: Int16 = 330
    /// What is kept of the silence before the first sound and after the last.
    static let edgeMarginMilliseconds = 30

    /// The audio without its silent start and end (engines begin with a quarter of a second
    /// of silence), keeping a few milliseconds so no word starts with a click. Empty when
    /// there is no sound at all.
    public func trimmed() -> SpeechAudio {
        guard let first = samples.firstIndex(where: { abs(Int32($0)) > Int32(Self.edgeThreshold) }),
              let last = samples.lastIndex(where: { abs(Int32($0)) > Int32(Self.edgeThreshold) }) else {
            return SpeechAudio(samples: [], sampleRate: sampleRate)
        }
        let margin = Self.edgeMarginMilliseconds * sampleRate / 1000
        let start = max(0, first - margin)
        let end = min(samples.count, last + 1 + margin)
        return SpeechAudio(samples: Array(samples[start..<end]), sampleRate: sampleRate)
    }

    /// The root mean square of the samples louder than the edge threshold (the speech, not
    /// its pauses), of 32767; 0 when silent.
    public var speakingLevel: Double {
        let threshold = Int32(Self.edgeThreshold)
        return samples.withUnsafeBufferPointer { buffer in
            var sum = 0.0
            var count = 0
            for sample in buffer {
                let value = Int32(sample)
                if value > threshold || value < -threshold {
                    sum += Double(value * value)
                    count += 1
                }
            }
            return count == 0 ? 0 : (sum / Double(count)).squareRoot()
        }
    }

    /// The largest magnitude of a sample.
    var peak: Double {
        samples.withUnsafeBufferPointer { buffer in
            var peak: Int32 = 0
            for sample in buffer { peak = Swift.max(peak, abs(Int32(sample))) }
            return Double(peak)
        }
    }

    /// The highest a normalised voice's peak goes, as a share of full scale (no clipping).
    static let peakCeiling = 0.95

    /// The audio as loud as the cues at `volume`: its speaking level made the cues' level (a
    /// sine at `Cue.peakAtFullVolume` × volume), unless that would push its peaks past
    /// `peakCeiling` × volume, where the peaks are the limit. Speech is spikier than a tone, so
    /// in practice its peaks reach the ceiling and it sounds about as loud as the cue.
    public func normalised(volume: Double) -> SpeechAudio {
        let volume = min(max(volume, 0), 1)
        let peak = self.peak
        let level = speakingLevel
        guard peak > 0, level > 0 else { return self }
        let cueLevel = Cue.peakAtFullVolume * volume * Double(Int16.max) / 2.0.squareRoot()
        let gain = min(cueLevel / level, Self.peakCeiling * volume * Double(Int16.max) / peak)
        let scaled = [Int16](unsafeUninitializedCapacity: samples.count) { output, count in
            samples.withUnsafeBufferPointer { input in
                for index in input.indices {
                    output[index] = Int16(Swift.max(-32767, Swift.min(32767, (Double(input[index]) * gain).rounded())))
                }
            }
            count = samples.count
        }
        return SpeechAudio(samples: scaled, sampleRate: sampleRate)
    }

    /// The pause after a clause that ends with `、` or `,`…
    static let commaPauseMilliseconds = 120
    /// …and after one that ends a sentence (`。`, `！`, `？`, `.`).
    static let sentencePauseMilliseconds = 280

    /// `clauses` one after another, each followed by the pause its last character calls for
    /// (none after the last). Clauses made at another sample rate are skipped: one voice
    /// makes them all.
    public static func joined(_ clauses: [(text: String, audio: SpeechAudio)]) -> SpeechAudio? {
        guard let sampleRate = clauses.first(where: { !$0.audio.samples.isEmpty })?.audio.sampleRate else { return nil }
        var samples: [Int16] = []
        for (index, clause) in clauses.enumerated() where clause.audio.sampleRate == sampleRate && !clause.audio.samples.isEmpty {
            samples += clause.audio.samples
            guard index < clauses.count - 1 else { break }
            let last = clause.text.trimmingCharacters(in: .whitespaces).last
            let pause = [",", "、", "，"].contains(last) ? commaPauseMilliseconds : sentencePauseMilliseconds
            samples += repeatElement(0, count: pause * sampleRate / 1000)
        }
        return SpeechAudio(samples: samples, sampleRate: sampleRate)
    }

    /// A complete WAV file.
    public var wav: [UInt8] { WAVFile.encode(samples, sampleRate: sampleRate) }

    /// Reads a 16-bit PCM WAV (mono, or the first channel of more). A `data` chunk whose size
    /// is unknown (written to a pipe: 0 or 0xFFFFFFFF) runs to the end of the file.
    public init(wav bytes: [UInt8]) throws(SpeechFailure) {
        func word(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func long(_ at: Int) -> Int { word(at) | word(at + 2) << 16 }
        guard bytes.count >= 12, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WAVE".utf8) else {
            throw SpeechFailure("the engine's output is not a WAV file (\(bytes.count) bytes)")
        }
        var offset = 12
        var format: (channels: Int, rate: Int, bits: Int)?
        while offset + 8 <= bytes.count {
            let id = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            var size = long(offset + 4)
            let body = offset + 8
            if id == "fmt ", size >= 16, body + 16 <= bytes.count {
                guard word(body) == 1 else { throw SpeechFailure("the engine's WAV is not PCM (format \(word(body)))") }
                format = (word(body + 2), long(body + 4), word(body + 14))
            } else if id == "data" {
                guard let format, format.bits == 16, format.channels >= 1 else {
                    throw SpeechFailure("the engine's WAV is not 16-bit PCM")
                }
                if size == 0 || size == 0xFFFF_FFFF || size == 0x7FFF_FFFF || body + size > bytes.count { size = bytes.count - body }
                let frame = 2 * format.channels
                let count = Swift.max(0, Swift.min(size, bytes.count - body)) / frame
                let samples = bytes.withUnsafeBytes { raw in
                    [Int16](unsafeUninitializedCapacity: count) { output, initialized in
                        for index in 0..<count {
                            let at = body + index * frame
                            output[index] = Int16(bitPattern: UInt16(raw[at]) | UInt16(raw[at + 1]) << 8)
                        }
                        initialized = count
                    }
                }
                self.init(samples: samples, sampleRate: format.rate)
                return
            }
            offset = body + size + (size & 1)
        }
        throw SpeechFailure("the engine's WAV has no sound in it")
    }
}

/// Speech could not be made: what went wrong, in words for the log.
public struct SpeechFailure: Error, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
