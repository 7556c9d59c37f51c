#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `CLOCK_MONOTONIC` in nanoseconds: for intervals (how long since a folder was looked at), never
/// for the time of day.
@Sendable public func monotonicNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}
