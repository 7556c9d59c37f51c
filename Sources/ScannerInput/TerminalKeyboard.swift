#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import POSIX
import TextInput

/// The staff keyboard as the terminal the kiosk runs on: raw mode (no line buffering, no
/// echo, so a PIN never shows), keys decoded by `TerminalKeyDecoder`. The terminal's settings
/// are put back by `restore()`, by `deinit`, and by `TerminalKeyboard.restoreAfterSignal()`,
/// which a signal handler may call. Ctrl+C still sends SIGINT.
/// As a `ScanSource` it delivers only `.key` events; `EvdevScanSource` polls it beside the
/// Scanners. Not `Sendable`: use it from one thread.
public final class TerminalKeyboard: ScanSource {
    public let fileDescriptor: Int32
    private var decoder = TerminalKeyDecoder()
    private var pending: [KeyPress] = []
    private var original: termios?
    public private(set) var reachedEnd = false

    /// The settings to restore if the process is stopped by a signal while in raw mode.
    nonisolated(unsafe) private static var savedForSignal: (Int32, termios)?

    /// Puts the terminal on `fileDescriptor` in raw mode. Throws `Errno` when it is not a
    /// terminal or its settings cannot be changed.
    public init(fileDescriptor: Int32 = STDIN_FILENO) throws(Errno) {
        self.fileDescriptor = fileDescriptor
        var settings = termios()
        guard tcgetattr(fileDescriptor, &settings) == 0 else { throw Errno.current }
        original = settings
        var raw = settings
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ECHONL | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR | IGNCR)
        raw.c_cc.16 = 1 // VMIN
        raw.c_cc.5 = 0 // VTIME
        TerminalKeyboard.savedForSignal = (fileDescriptor, settings)
        guard tcsetattr(fileDescriptor, TCSANOW, &raw) == 0 else {
            TerminalKeyboard.savedForSignal = nil
            throw Errno.current
        }
    }

    deinit {
        restore()
    }

    /// Puts the terminal's settings back as they were.
    public func restore() {
        guard var settings = original else { return }
        tcsetattr(fileDescriptor, TCSANOW, &settings)
        original = nil
        TerminalKeyboard.savedForSignal = nil
    }

    /// For a signal handler: restores the terminal of the keyboard in raw mode, if any.
    /// Calls only `tcsetattr`, which is async-signal-safe.
    public static func restoreAfterSignal() {
        guard let (descriptor, saved) = savedForSignal else { return }
        var settings = saved
        tcsetattr(descriptor, TCSANOW, &settings)
    }

    /// Reads what the terminal has (call when `poll` says it is readable) and returns the keys.
    /// At end of input (the terminal hung up), `reachedEnd` becomes true.
    public func readKeys() -> [KeyPress] {
        var buffer = [UInt8](repeating: 0, count: 256)
        let count: Int
        do throws(Errno) {
            count = try retryOnInterrupt { buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) } }
        } catch .resourceTemporarilyUnavailable {
            return []
        } catch {
            reachedEnd = true
            return []
        }
        if count == 0 {
            reachedEnd = true
            return []
        }
        return decoder.decode(Array(buffer[..<count]))
    }

    /// The next key; `.timedOut` when `timeout` passes first; `.ended` when the terminal is gone.
    public func next(timeout: Duration?) throws -> SourceEvent {
        let deadline = timeout.map { ContinuousClock.now + $0 }
        while pending.isEmpty {
            if reachedEnd { return .ended }
            var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
            let ready = try retryOnInterrupt { poll(&descriptor, 1, pollTimeoutMilliseconds(until: deadline)) }
            if ready == 0 { return .timedOut }
            if Int32(descriptor.revents) & Int32(POLLHUP | POLLERR | POLLNVAL) != 0, Int32(descriptor.revents) & Int32(POLLIN) == 0 {
                reachedEnd = true
                continue
            }
            pending += readKeys()
        }
        return .key(pending.removeFirst())
    }
}
