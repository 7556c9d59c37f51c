#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import POSIX

/// Where the input sources write their log lines (dropped Scans, resyncs, reopen attempts).
public typealias InputLog = (String) -> Void

/// Writes `line` to standard error, the default log of the input sources.
public func logToStandardError(_ line: String) {
    try? writeAll((line + "\n").utf8, to: STDERR_FILENO)
}
