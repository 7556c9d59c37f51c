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

    /// The highest a levelled voice's peak goes, as a share of full scale (no clipping).
    static let peakCeiling = 0.95
    /// The most the limiter takes off a peak (6 dB): enough to raise speech some 3 dB, not so
    /// much that it sounds squeezed.
    static let deepestLimiting = 2.0
    /// The limiter sees a peak coming this long before it, so its gain is already down…
    static let limiterLookAheadMilliseconds = 5.0
    /// …and lets the gain back up over about this long after it, a syllable, so the voice
    /// does not pump within a word.
    static let limiterReleaseMilliseconds = 60.0
    /// The most a voice is ever raised (+30 dB): an engine's near-silence stays near-silent.
    static let largestGain = 31.6
    /// What `levelled` adds to a clause's key in the cache: a clause kept before the voice was
    /// levelled this way is made again, not played at another loudness.
    public static let levelling = "levelled to \(Cue.peakAtFullVolume), limited at \(peakCeiling) by at most \(deepestLimiting)"

    /// The cues' speaking level at full volume: a sine whose peak is `Cue.peakAtFullVolume`.
    static var cueLevel: Double { Cue.peakAtFullVolume * Double(Int16.max) / 2.0.squareRoot() }

    /// The audio as loud as the cues at full volume: raised until its speaking level is the
    /// cues' level, its peaks held under `peakCeiling` by a look-ahead limiter (its gain dips
    /// smoothly around a loud syllable instead of clipping the wave), by at most
    /// `deepestLimiting`. Speech's peaks stand 11 to 14 dB above its speaking level, a tone's
    /// 3 dB: scaled to its peaks alone, Open JTalk's voice was about 8 dB quieter than the cues.
    /// Limited, it gains some 3 dB, and the cues (`Cue.peakAtFullVolume`) stand where that puts
    /// it. A silent clip is returned unchanged.
    public func levelled() -> SpeechAudio {
        let level = speakingLevel, peak = self.peak
        guard level > 0, peak > 0 else { return self }
        let target = Self.cueLevel
        let mostGain = Swift.min(Self.largestGain, Self.peakCeiling * Double(Int16.max) / peak * Self.deepestLimiting)
        var gain = Swift.min(target / level, mostGain)
        var result = limited(gain: gain)
        // Limiting takes a little of the level with the peaks: raise it again, a few times.
        for _ in 0..<4 {
            let reached = result.speakingLevel
            guard reached > 0, abs(reached / target - 1) > 0.02, gain < mostGain else { break }
            gain = Swift.min(gain * target / reached, mostGain)
            result = limited(gain: gain)
        }
        return result
    }

    /// The samples times `gain`, through a look-ahead limiter at `peakCeiling`: each sample's
    /// gain is at most what keeps it under the ceiling, falls in time for a peak (the least
    /// needed over the look-ahead, averaged over it) and recovers exponentially after.
    func limited(gain: Double) -> SpeechAudio {
        let ceiling = Self.peakCeiling * Double(Int16.max)
        let count = samples.count
        let lookAhead = Swift.max(1, Int(Self.limiterLookAheadMilliseconds * Double(sampleRate) / 1000))
        let recovery = 1 - exp(-1 / (Self.limiterReleaseMilliseconds * Double(sampleRate) / 1000))
        // What each sample may be multiplied by after `gain` (1: nothing to hold back).
        var allowed = [Double](repeating: 1, count: count)
        samples.withUnsafeBufferPointer { input in
            for index in 0..<count {
                let magnitude = abs(Double(input[index])) * gain
                if magnitude > ceiling { allowed[index] = ceiling / magnitude }
            }
        }
        // The least allowed over the next `lookAhead` samples, let back up slowly after a
        // peak: never above what is allowed.
        let minimum = Self.slidingMinimum(allowed, window: lookAhead)
        var held = [Double](repeating: 1, count: count)
        var last = 1.0
        for index in 0..<count {
            last = Swift.min(minimum[index], last + (1 - last) * recovery)
            held[index] = last
        }
        // Averaged over the look-ahead, so the gain glides down instead of stepping; each
        // average is of values no larger than this sample's allowance (but for the first few
        // samples, which the allowance itself holds).
        var sum = Double(lookAhead)   // the samples before the first count as 1
        let scaled = [Int16](unsafeUninitializedCapacity: count) { output, initialized in
            samples.withUnsafeBufferPointer { input in
                for index in 0..<count {
                    sum += held[index] - (index >= lookAhead ? held[index - lookAhead] : 1)
                    let value = Double(input[index]) * gain * Swift.min(sum / Double(lookAhead), allowed[index])
                    output[index] = Int16(Swift.max(-ceiling, Swift.min(ceiling, value)).rounded())
                }
            }
            initialized = count
        }
        return SpeechAudio(samples: scaled, sampleRate: sampleRate)
    }

    /// For each index, the least of `values[index..<index + window]` (a monotonic queue).
    static func slidingMinimum(_ values: [Double], window: Int) -> [Double] {
        var result = [Double](repeating: 1, count: values.count)
        var queue: [Int] = []   // indices of increasing values, the least at `head`
        var head = 0
        for index in stride(from: values.count - 1, through: 0, by: -1) {
            while queue.count > head, values[queue[queue.count - 1]] >= values[index] { queue.removeLast() }
            queue.append(index)
            while queue[head] >= index + window { head += 1 }
            result[index] = values[queue[head]]
        }
        return result
    }

    /// The audio at `volume` (0…1) of its loudness: a levelled voice at the kiosk's volume
    /// stands where the cues at that volume stand.
    public func scaled(by volume: Double) -> SpeechAudio {
        let volume = Swift.min(Swift.max(volume, 0), 1)
        guard volume < 1 else { return self }
        let scaled = [Int16](unsafeUninitializedCapacity: samples.count) { output, count in
            samples.withUnsafeBufferPointer { input in
                for index in input.indices { output[index] = Int16((Double(input[index]) * volume).rounded()) }
            }
            count = samples.count
        }
        return SpeechAudio(samples: scaled, sampleRate: sampleRate)
    }

    /// The audio as loud as the cues at `volume`: `levelled()`, then `scaled(by:)`.
    public func normalised(volume: Double) -> SpeechAudio {
        levelled().scaled(by: volume)
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
