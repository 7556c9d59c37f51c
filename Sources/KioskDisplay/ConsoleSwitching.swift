import CLinuxVT
import Foundation

/// Process-controlled console switching (`VT_SETMODE` with `VT_PROCESS`): when someone presses
/// Ctrl+Alt+F2 the kernel asks the kiosk to let the console go (SIGUSR1) and waits for it,
/// and tells it when the console comes back (SIGUSR2). The signal handler only writes a byte
/// to a pipe; the kiosk polls `fileDescriptor` beside its scanners and, when it is readable,
/// takes the requests with `takeRequests()` and answers each (`allowRelease()` after giving
/// the display up, `acknowledgeAcquire()` before taking it back).
///
/// The console's mode is put back by `restore()`, by `deinit`, and by
/// `ConsoleSwitching.restoreAfterSignal()`. Not `Sendable`: use it from one thread.
public final class ConsoleSwitching {
    public enum Request: Sendable, Hashable {
        /// Let the console switch away: give the display up, then `allowRelease()`.
        case release
        /// The console is back: `acknowledgeAcquire()`, take the display, redraw it whole.
        case acquire
    }

    /// The pipe's end to poll: readable when a request came.
    public let fileDescriptor: Int32
    private let signalPipe: Int32
    /// The virtual terminal's descriptor.
    private let console: Int32
    private let ownsConsole: Bool
    private var original: vt_mode?

    nonisolated(unsafe) private static var pipeForSignal: Int32 = -1
    nonisolated(unsafe) private static var consoleForSignal: (Int32, vt_mode)?

    static let releaseSignal = SIGUSR1
    static let acquireSignal = SIGUSR2
    private static let releaseByte: UInt8 = 0x52 // "R"
    private static let acquireByte: UInt8 = 0x41 // "A"

    /// Takes over switching of the console the kiosk runs on: standard input when it is a
    /// virtual terminal (the service's tty1), else the foreground console (`/dev/tty0`, which
    /// needs root). Calls `ioctl(VT_GETMODE)`, `pipe`, `sigaction` and `ioctl(VT_SETMODE)`.
    public init() throws(SystemCallError) {
        var mode = vt_mode()
        var console = STDIN_FILENO
        var ownsConsole = false
        if ioctl(console, UInt(VT_GETMODE), &mode) != 0 {
            console = open("/dev/tty0", O_RDWR | O_CLOEXEC | O_NOCTTY)
            guard console >= 0 else { throw .current("open /dev/tty0") }
            ownsConsole = true
            guard ioctl(console, UInt(VT_GETMODE), &mode) == 0 else {
                let error = SystemCallError.current("ioctl VT_GETMODE")
                close(console)
                throw error
            }
        }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            let error = SystemCallError.current("pipe")
            if ownsConsole { close(console) }
            throw error
        }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        self.fileDescriptor = ends[0]
        self.signalPipe = ends[1]
        self.console = console
        self.ownsConsole = ownsConsole
        Self.pipeForSignal = ends[1]
        Self.installHandler()

        var process = vt_mode()
        process.mode = CChar(VT_PROCESS)
        process.relsig = Int16(Self.releaseSignal)
        process.acqsig = Int16(Self.acquireSignal)
        guard ioctl(console, UInt(VT_SETMODE), &process) == 0 else {
            let error = SystemCallError.current("ioctl VT_SETMODE")
            close(ends[0])
            close(ends[1])
            if ownsConsole { close(console) }
            Self.pipeForSignal = -1
            throw error
        }
        original = mode
        Self.consoleForSignal = (console, mode)
    }

    deinit {
        restore()
        close(fileDescriptor)
        close(signalPipe)
        if ownsConsole { close(console) }
    }

    /// The handler writes one byte a signal into the pipe (and keeps `errno` as it was).
    private static func installHandler() {
        let handler: @convention(c) (Int32) -> Void = { signalNumber in
            let saved = errno
            var byte = signalNumber == ConsoleSwitching.releaseSignal ? ConsoleSwitching.releaseByte : ConsoleSwitching.acquireByte
            _ = write(ConsoleSwitching.pipeForSignal, &byte, 1)
            errno = saved
        }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(releaseSignal, &action, nil)
        sigaction(acquireSignal, &action, nil)
    }

    /// The requests that came since the last call, in order. Calls `read`.
    public func takeRequests() -> [Request] {
        var requests: [Request] = []
        var bytes = [UInt8](repeating: 0, count: 64)
        while true {
            let count = bytes.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            requests += bytes[..<count].map { $0 == Self.releaseByte ? .release : .acquire }
        }
        return requests
    }

    /// Lets the console switch away (`VT_RELDISP` 1); call after giving the display up.
    public func allowRelease() {
        _ = ioctl(console, UInt(VT_RELDISP), 1)
    }

    /// Acknowledges the console's return (`VT_RELDISP` `VT_ACKACQ`).
    public func acknowledgeAcquire() {
        _ = ioctl(console, UInt(VT_RELDISP), Int32(VT_ACKACQ))
    }

    /// Gives console switching back to the kernel (the mode it had at start).
    public func restore() {
        guard var mode = original else { return }
        _ = ioctl(console, UInt(VT_SETMODE), &mode)
        original = nil
        Self.consoleForSignal = nil
    }

    /// For a signal handler: gives console switching back to the kernel. Calls only `ioctl`.
    public static func restoreAfterSignal() {
        guard let (console, saved) = consoleForSignal else { return }
        var mode = saved
        _ = ioctl(console, UInt(VT_SETMODE), &mode)
    }
}

extension DRMDisplay {
    /// Answers the console's requests: on `release` gives the display up and lets the console
    /// go; on `acquire` takes it back and calls `redraw`, which must present a whole frame.
    /// A display that cannot be taken back is logged; the kiosk goes on without a picture.
    public func follow(_ requests: [ConsoleSwitching.Request], of switching: ConsoleSwitching,
                       redraw: () -> Void, log: (String) -> Void) {
        for request in requests {
            switch request {
            case .release:
                release()
                switching.allowRelease()
                log("display: the console switched away; the display is given up until it comes back")
            case .acquire:
                switching.acknowledgeAcquire()
                do {
                    try acquire()
                    redraw()
                    log("display: the console is back; the screen is drawn whole again")
                } catch {
                    log("display: the console is back, but \(error)")
                }
            }
        }
    }
}
