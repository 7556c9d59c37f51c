#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import POSIX

/// A `ScanSource` that reads one barcode per line from a file descriptor (standard input
/// for `demo` and `simulate`). Waits with `poll`, so an idle source uses no CPU.
/// Empty and blank lines are skipped; a `\r` before the `\n` is removed; a last line without `\n`
/// still counts. It does not close the descriptor.
public final class TextLineScanSource: ScanSource {
    public let fileDescriptor: Int32
    /// The Scanner name every Scan carries.
    public let scannerName: String
    private var buffer: [UInt8] = []
    private var reachedEnd = false

    public init(fileDescriptor: Int32 = STDIN_FILENO, scannerName: String = "keyboard") {
        self.fileDescriptor = fileDescriptor
        self.scannerName = scannerName
    }

    /// The next non-empty line as a Scan; `.timedOut` when `timeout` passes first; `.ended`
    /// at end of file. Throws `Errno` when reading fails.
    public func next(timeout: Duration?) throws -> SourceEvent {
        let deadline = timeout.map { ContinuousClock.now + $0 }
        while true {
            if let line = takeLine() {
                if line.allSatisfy(\.isWhitespace) { continue }
                return .scan(Scan(barcode: line, scanner: scannerName))
            }
            if reachedEnd { return .ended }
            guard try waitForInput(until: deadline) else { return .timedOut }
            try readAvailable()
        }
    }

    /// Removes and returns the next whole line from the buffer (or the rest, at the end).
    private func takeLine() -> String? {
        if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
            var line = buffer[..<newline]
            buffer.removeSubrange(...newline)
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            return String(decoding: line, as: UTF8.self)
        }
        if reachedEnd && !buffer.isEmpty {
            defer { buffer.removeAll() }
            var line = buffer[...]
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            return String(decoding: line, as: UTF8.self)
        }
        return nil
    }

    /// Polls until the descriptor is readable (true) or the deadline passes (false).
    private func waitForInput(until deadline: ContinuousClock.Instant?) throws(Errno) -> Bool {
        while true {
            var pollDescriptor = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
            let result = try retryOnInterrupt { poll(&pollDescriptor, 1, pollTimeoutMilliseconds(until: deadline)) }
            if result > 0 { return true }
            if let deadline, ContinuousClock.now < deadline { continue }
            return false
        }
    }

    private func readAvailable() throws(Errno) {
        var chunk = [UInt8](repeating: 0, count: 4096)
        let count: Int
        do throws(Errno) {
            count = try retryOnInterrupt { chunk.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) } }
        } catch .resourceTemporarilyUnavailable {
            return
        }
        if count > 0 {
            buffer += chunk[0..<count]
        } else {
            reachedEnd = true
        }
    }
}

/// `poll`'s timeout for `deadline`: -1 (wait) without one, else the milliseconds left,
/// rounded up so `poll` does not wake just before the deadline and spin.
func pollTimeoutMilliseconds(until deadline: ContinuousClock.Instant?, now: ContinuousClock.Instant = .now) -> Int32 {
    guard let deadline else { return -1 }
    let left = deadline - now
    if left <= .zero { return 0 }
    let (seconds, attoseconds) = left.components
    let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
    return Int32(clamping: milliseconds)
}
