/// A kanji conversion on show: the segments, the candidate chosen in each, and the segment
/// that Space cycles and ←/→ move between.
public struct Conversion: Sendable, Equatable {
    /// The kana converted.
    public var reading: String
    public var segments: [ConversionSegment]
    /// The candidate shown for each segment (an index into its `candidates`).
    public var chosen: [Int]
    /// The segment Space cycles.
    public var current: Int

    public init(reading: String, segments: [ConversionSegment]) {
        self.reading = reading
        self.segments = segments
        chosen = Array(repeating: 0, count: segments.count)
        current = 0
    }

    /// The text each segment shows now.
    public var shown: [String] {
        zip(segments, chosen).map { $0.candidates[$1] }
    }

    /// The text the conversion commits.
    public var text: String { shown.joined() }
}
