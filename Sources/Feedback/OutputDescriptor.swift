#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import POSIX

/// A file descriptor Feedback writes to and does not own: it is never closed here.
struct OutputDescriptor: Sendable, Equatable {
    let fileDescriptor: Int32

    /// Writes all of `bytes` (`writeAll`). Returns the `Errno` of a failed `write(2)`, or nil
    /// when everything was written.
    @discardableResult
    func write(_ bytes: [UInt8]) -> Errno? {
        do throws(Errno) {
            try writeAll(bytes, to: fileDescriptor)
            return nil
        } catch {
            return error
        }
    }

    /// Whether the descriptor is a terminal. Calls `isatty`.
    var isTerminal: Bool { isatty(fileDescriptor) == 1 }

    /// The terminal's width in columns, or nil when it is not a terminal or does not say.
    /// Calls `ioctl(TIOCGWINSZ)`.
    var terminalWidth: Int? {
        var size = winsize()
        guard ioctl(fileDescriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
