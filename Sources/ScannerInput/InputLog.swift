#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Where the input sources write their log lines (dropped Scans, resyncs, reopen attempts).
public typealias InputLog = (String) -> Void

/// Writes `line` to standard error, the default log of the input sources.
public func logToStandardError(_ line: String) {
    var text = line
    text.append("\n")
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
        let written = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        if written < 0 && errno == EINTR { continue }
        if written <= 0 { return }
        bytes = bytes.dropFirst(written)
    }
}
