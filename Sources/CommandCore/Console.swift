import Foundation
import POSIX

/// Where a command writes: its data to standard output, its messages to standard error.
/// Writes go straight to the file descriptor, so nothing waits in a buffer when the process
/// is killed.
public struct Console: Sendable {
    public var output: Int32 = STDOUT_FILENO
    public var errors: Int32 = STDERR_FILENO

    public init(output: Int32 = STDOUT_FILENO, errors: Int32 = STDERR_FILENO) {
        self.output = output
        self.errors = errors
    }

    public func print(_ line: String) {
        write(line + "\n", to: output)
    }

    public func error(_ line: String) {
        write(line + "\n", to: errors)
    }

    /// Writes `text` to standard error with no line end (a progress line redrawn with `\r`).
    public func write(error text: String) {
        write(text, to: errors)
    }

    /// Writes `bytes` as they are to standard output (a PDF for `--out -`).
    public func write(bytes: [UInt8]) {
        write(bytes[...], to: output)
    }

    private func write(_ text: String, to descriptor: Int32) {
        write(Array(text.utf8)[...], to: descriptor)
    }

    /// Writes what it can: a closed standard output (`| head`) is not the command's fault.
    private func write(_ data: ArraySlice<UInt8>, to descriptor: Int32) {
        try? writeAll(data, to: descriptor)
    }
}
