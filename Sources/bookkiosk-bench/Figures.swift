import Foundation
import POSIX

/// Latencies of one kind, in microseconds, with the percentiles the report quotes.
struct Latencies {
    private(set) var samples: [Double] = []

    mutating func add(_ microseconds: Double) {
        samples.append(microseconds)
    }

    /// The `fraction` percentile by nearest rank (0.5 is the median, 0.99 the 99th).
    func percentile(_ fraction: Double) -> Double {
        guard !samples.isEmpty else { return .nan }
        let sorted = samples.sorted()
        let rank = Int((fraction * Double(sorted.count)).rounded(.up))
        return sorted[Swift.min(Swift.max(rank, 1), sorted.count) - 1]
    }

    var p50: Double { percentile(0.5) }
    var p99: Double { percentile(0.99) }
    var p999: Double { percentile(0.999) }
    var max: Double { samples.max() ?? .nan }
    var count: Int { samples.count }
}

/// The processor time the calling thread has used, in nanoseconds. Calls
/// `clock_gettime(CLOCK_THREAD_CPUTIME_ID)`.
func threadProcessorNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// Microseconds between two `monotonicNanoseconds()` readings.
func microseconds(from start: UInt64, to end: UInt64) -> Double {
    Double(end - start) / 1000
}

/// Runs `body` and returns its result with the seconds it took.
func timed<T>(_ body: () throws -> T) rethrows -> (T, seconds: Double) {
    let start = monotonicNanoseconds()
    let result = try body()
    return (result, Double(monotonicNanoseconds() - start) / 1e9)
}

/// Rounds for the report: three significant decimals are plenty for these figures.
func rounded(_ value: Double, places: Int = 1) -> Double {
    guard value.isFinite else { return value }
    let scale = pow(10, Double(places))
    return (value * scale).rounded() / scale
}
