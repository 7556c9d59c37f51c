import Feedback
import Foundation
import Lending
import Testing

@Suite struct CueTests {
    static let rate = Cue.sampleRate

    /// Where each note's samples start and end.
    static func segments(of cue: Cue) -> [(note: Cue.Note, range: Range<Int>)] {
        var start = 0
        return cue.notes.map { note in
            let count = note.milliseconds * rate / 1000
            defer { start += count }
            return (note, start..<start + count)
        }
    }

    /// Frequency from zero crossings in the steady part of a note (envelope edges left out).
    static func zeroCrossingFrequency(_ samples: ArraySlice<Int16>) -> Double {
        var crossings = 0
        var previous = samples.first!
        for sample in samples.dropFirst() {
            if (previous < 0) != (sample < 0) { crossings += 1 }
            previous = sample
        }
        return Double(crossings) / 2 / (Double(samples.count) / Double(rate))
    }

    /// Goertzel power of `frequency` in `samples`.
    static func power(_ samples: ArraySlice<Int16>, at frequency: Double) -> Double {
        let coefficient = 2 * cos(2 * Double.pi * frequency / Double(rate))
        var (s1, s2) = (0.0, 0.0)
        for sample in samples {
            let s0 = Double(sample) + coefficient * s1 - s2
            s2 = s1
            s1 = s0
        }
        return s1 * s1 + s2 * s2 - coefficient * s1 * s2
    }

    @Test(arguments: Cue.allCases)
    func lengthIsTheSumOfItsNotes(_ cue: Cue) {
        let samples = cue.samples(volume: 1)
        let milliseconds = cue.notes.reduce(0) { $0 + $1.milliseconds }
        #expect(samples.count == cue.notes.reduce(0) { $0 + $1.milliseconds * CueTests.rate / 1000 })
        #expect(abs(Double(samples.count) / Double(CueTests.rate) * 1000 - Double(milliseconds)) < 1)
        #expect((60...600).contains(milliseconds), "a cue is short: \(milliseconds) ms")
    }

    @Test(arguments: Cue.allCases)
    func eachNoteSoundsAtItsPitch(_ cue: Cue) {
        let samples = cue.samples(volume: 0.8)
        let attack = Int(Cue.attackMilliseconds) * CueTests.rate / 1000
        let release = Int(Cue.releaseMilliseconds) * CueTests.rate / 1000
        let pitches = Set(cue.notes.map(\.frequency).filter { $0 > 0 })
        for (note, range) in CueTests.segments(of: cue) {
            let part = samples[range]
            if note.frequency == 0 {
                #expect(part.allSatisfy { $0 == 0 }, "\(cue): a rest is silent")
                continue
            }
            let steady = samples[(range.lowerBound + attack)..<(range.upperBound - release)]
            let measured = CueTests.zeroCrossingFrequency(steady)
            #expect(abs(measured - note.frequency) / note.frequency < 0.03,
                    "\(cue): measured \(measured) Hz for a \(note.frequency) Hz note")
            // Goertzel: the note's own pitch outweighs every other pitch of the cue tenfold.
            let own = CueTests.power(steady, at: note.frequency)
            for other in pitches where other != note.frequency {
                #expect(own > 10 * CueTests.power(steady, at: other), "\(cue): \(note.frequency) vs \(other)")
            }
        }
    }

    @Test(arguments: Cue.allCases)
    func noClicks(_ cue: Cue) {
        let samples = cue.samples(volume: 1)
        let nearZero = Int16(Double(Int16.max) * 0.01)
        #expect(abs(Int(samples.first!)) <= Int(nearZero))
        #expect(abs(Int(samples.last!)) <= Int(nearZero))
        for (note, range) in CueTests.segments(of: cue) where note.frequency > 0 {
            // Each note fades in from and out to silence…
            #expect(abs(Int(samples[range.lowerBound])) <= Int(nearZero))
            #expect(abs(Int(samples[range.upperBound - 1])) <= Int(nearZero))
            // …and no step between two samples is larger than the sine itself can make.
            let amplitude = Cue.peakAtFullVolume * note.level * Double(Int16.max)
            let steepest = 2 * Double.pi * note.frequency / Double(CueTests.rate) * amplitude * 1.05 + 2
            let part = samples[range]
            let jumps = zip(part, part.dropFirst()).map { abs(Int($1) - Int($0)) }
            #expect(Double(jumps.max() ?? 0) <= steepest, "\(cue): a step of \(jumps.max() ?? 0)")
        }
    }

    @Test func patternsArePairwiseDifferent() {
        for (index, first) in Cue.allCases.enumerated() {
            for second in Cue.allCases.dropFirst(index + 1) {
                #expect(first.notes != second.notes, "\(first) and \(second)")
                #expect(first.samples(volume: 1) != second.samples(volume: 1))
            }
        }
    }

    @Test func contoursAsDesigned() {
        let lent = Cue.lent.notes.map(\.frequency)
        #expect(lent.count == 2 && lent[0] < lent[1], "lent rises")
        let refused = Cue.refused.notes.map(\.frequency)
        #expect(refused.count == 2 && refused[0] > refused[1], "refused falls")
        #expect(refused.max()! < Cue.lent.notes.map(\.frequency).min()!, "refused is lower than lent")
    }

    @Test(arguments: [0.0, 0.25, 0.5, 1.0])
    func volumeScalesThePeak(_ volume: Double) {
        let peak = Cue.lent.samples(volume: volume).map { abs(Int($0)) }.max()!
        let expected = Cue.peakAtFullVolume * volume * Double(Int16.max)
        #expect(abs(Double(peak) - expected) <= expected * 0.01 + 1)
    }

    @Test func wavHeader() {
        let samples = Cue.greeting.samples(volume: 0.5)
        let wav = Cue.greeting.wav(volume: 0.5)
        func text(_ offset: Int) -> String { String(decoding: wav[offset..<offset + 4], as: UTF8.self) }
        func u32(_ offset: Int) -> UInt32 { wav[offset..<offset + 4].reversed().reduce(0) { $0 << 8 | UInt32($1) } }
        func u16(_ offset: Int) -> UInt16 { UInt16(wav[offset]) | UInt16(wav[offset + 1]) << 8 }
        #expect(wav.count == 44 + samples.count * 2)
        #expect(text(0) == "RIFF")
        #expect(u32(4) == UInt32(wav.count - 8))
        #expect(text(8) == "WAVE")
        #expect(text(12) == "fmt ")
        #expect(u32(16) == 16)
        #expect(u16(20) == 1, "PCM")
        #expect(u16(22) == 1, "mono")
        #expect(u32(24) == 22050)
        #expect(u32(28) == 44100, "bytes per second")
        #expect(u16(32) == 2, "block align")
        #expect(u16(34) == 16, "bits per sample")
        #expect(text(36) == "data")
        #expect(u32(40) == UInt32(samples.count * 2))
        let decoded = stride(from: 44, to: wav.count, by: 2).map { Int16(bitPattern: u16($0)) }
        #expect(decoded == samples)
    }

    /// sox, reading the file on its own, agrees on the format and the length.
    @Test(.enabled(if: Fixtures.which("sox") != nil, "sox is not installed"), arguments: [Cue.lent, .error])
    func soxReadsTheWAV(_ cue: Cue) throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("\(cue.rawValue).wav")
        try Data(cue.wav(volume: 0.8)).write(to: file)
        func soxi(_ option: String) throws -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: try #require(Fixtures.which("sox")))
            process.arguments = ["--i", option, file.path]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(try soxi("-r") == "22050")
        #expect(try soxi("-c") == "1")
        #expect(try soxi("-b") == "16")
        #expect(try soxi("-e") == "Signed Integer PCM")
        #expect(try soxi("-s") == String(cue.samples(volume: 0.8).count))
    }

    @Test func eventsMapToCues() {
        let refused = { (refusal: Refusal) in KioskEvent.outcome(.refused(refusal, barcode: "X", user: nil, book: nil)) }
        #expect(Cue(for: .outcome(.greeted(Fixtures.haruto))) == .greeting)
        #expect(Cue(for: .outcome(.lent(Fixtures.loan, book: Fixtures.guri, user: Fixtures.haruto))) == .lent)
        #expect(Cue(for: .outcome(.returned(Fixtures.loan, book: Fixtures.guri, user: nil, overdueDays: 1))) == .returned)
        #expect(Cue(for: refused(.unknownBarcode)) == .unknownBarcode)
        #expect(Cue(for: refused(.limitReached)) == .refused)
        #expect(Cue(for: .pinRefused(.pinWrong, retryAfterSeconds: nil)) == .refused)
        #expect(Cue(for: .duplicate(barcode: "X")) == .duplicate)
        #expect(Cue(for: .staff(StaffEvent(action: .entered, staff: nil))) == .staff)
        #expect(Cue(for: .scannerLost(scanner: "s")) == .scannerLost)
        #expect(Cue(for: .scannerBack(scanner: "s")) == .scannerBack)
        #expect(Cue(for: .error(KioskFault(kind: .input, detail: ""))) == .error)
        #expect(Cue(for: .ready) == nil)
        #expect(Cue(for: .sessionEnded(Fixtures.haruto)) == nil)
    }
}
