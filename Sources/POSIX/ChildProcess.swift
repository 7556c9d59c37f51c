#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A program started with its standard input and output on pipes and its standard error in a
/// file, read line by line with bounded waits in `poll` (no sleeps): how the tests, the bench
/// and the crash drill drive a `bookkiosk` process. Owns both pipes' ends; closing them is its
/// `deinit`'s, ending the process is the caller's (`closeInput`, `signal`, `wait`).
///
///     let kiosk = try ChildProcess(executable: path, arguments: ["simulate"], environment: [:], errorsTo: log)
///     try kiosk.write(Array("00001\n".utf8))
///     let line = kiosk.readLine(timeout: 20)
public final class ChildProcess {
    public let pid: pid_t
    /// When `posix_spawn` was called, on `CLOCK_MONOTONIC`, in nanoseconds.
    public let startedAt: UInt64
    private var input: Int32
    private let output: Int32
    private var buffered: [UInt8] = []
    private var reachedEnd = false
    private var exitStatus: ExitStatus?

    /// How a process ended: its exit status, or the signal that ended it.
    public enum ExitStatus: Equatable, Sendable {
        case exited(Int32)
        case signalled(Int32)

        /// From `waitpid`'s status word (`WIFEXITED` and friends are macros Swift does not import).
        public init(waitStatus status: Int32) {
            let signal = status & 0x7f
            self = signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
        }
    }

    /// Starts `executable arguments…` with exactly `environment`, standard error appended to
    /// (or, with `truncatingErrors`, written afresh into) the file at `errorPath`. From then on
    /// this process ignores `SIGPIPE`, so writing to a child that has died fails with `EPIPE`
    /// instead of killing the caller. Calls `pipe`, `posix_spawn`.
    public init(executable: String, arguments: [String], environment: [String: String],
                errorsTo errorPath: String, truncatingErrors: Bool = false) throws(Errno) {
        var stdinPipe: [Int32] = [-1, -1], stdoutPipe: [Int32] = [-1, -1]
        guard pipe(&stdinPipe) == 0 else { throw Errno.current }
        guard pipe(&stdoutPipe) == 0 else {
            let error = Errno.current
            stdinPipe.forEach { close($0) }
            throw error
        }
        // Only the child's dup2'd copies survive exec.
        for descriptor in stdinPipe + stdoutPipe { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdinPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, stdoutPipe[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | (truncatingErrors ? O_TRUNC : O_APPEND), 0o600)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        #if canImport(Glibc)
        _ = Glibc.signal(SIGPIPE, SIG_IGN)
        #elseif canImport(Musl)
        _ = Musl.signal(SIGPIPE, SIG_IGN)
        #endif
        var child: pid_t = 0
        startedAt = monotonicNanoseconds()
        let spawned = posix_spawn(&child, executable, &actions, nil, argv, envp)
        close(stdinPipe[0])
        close(stdoutPipe[1])
        guard spawned == 0 else {
            close(stdinPipe[1])
            close(stdoutPipe[0])
            throw Errno(rawValue: spawned)
        }
        pid = child
        input = stdinPipe[1]
        output = stdoutPipe[0]
    }

    deinit {
        if input >= 0 { close(input) }
        close(output)
    }

    /// The next line of standard output (without its newline); nil at its end or when none came
    /// within `timeout` seconds.
    public func readLine(timeout: Double) -> String? {
        let deadline = monotonicNanoseconds() + UInt64(max(0, timeout) * 1e9)
        while true {
            if let newline = buffered.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffered[..<newline], as: UTF8.self)
                buffered.removeSubrange(...newline)
                return line
            }
            let now = monotonicNanoseconds()
            guard !reachedEnd, now < deadline else { return nil }
            fill(waitingMilliseconds: Int32(min((deadline - now) / 1_000_000 + 1, 60_000)))
        }
    }

    /// Everything left on standard output until it closes, or what came within `timeout` seconds.
    public func readToEnd(timeout: Double) -> String {
        let deadline = monotonicNanoseconds() + UInt64(max(0, timeout) * 1e9)
        while !reachedEnd {
            let now = monotonicNanoseconds()
            guard now < deadline else { break }
            fill(waitingMilliseconds: Int32(min((deadline - now) / 1_000_000 + 1, 60_000)))
        }
        defer { buffered = [] }
        return String(decoding: buffered, as: UTF8.self)
    }

    /// Waits up to `waitingMilliseconds` for output and reads what came. Calls `poll`, `read`.
    private func fill(waitingMilliseconds: Int32) {
        var descriptor = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
        guard ((try? retryOnInterrupt { poll(&descriptor, 1, waitingMilliseconds) }) ?? -1) > 0 else { return }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = (try? retryOnInterrupt { chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) } }) ?? -1
        if count > 0 { buffered += chunk[..<count] } else { reachedEnd = true }
    }

    /// Writes `bytes` to standard input. Throws `Errno.brokenPipe` when the child no longer
    /// reads (it ended: its exit status says why), and `Errno.badFileDescriptor` after `closeInput`.
    public func write(_ bytes: some Sequence<UInt8>) throws(Errno) {
        guard input >= 0 else { throw Errno.badFileDescriptor }
        try writeAll(bytes, to: input)
    }

    /// Closes standard input: the end of what the child is given.
    public func closeInput() {
        if input >= 0 {
            close(input)
            input = -1
        }
    }

    /// Sends `signal` (`SIGTERM`, `SIGKILL`) to the child.
    public func signal(_ signal: Int32) {
        _ = kill(pid, signal)
    }

    /// Closes standard input and waits for the child to end. Calls `waitpid` once; later calls
    /// answer what it said.
    @discardableResult
    public func wait() -> ExitStatus {
        if let exitStatus { return exitStatus }
        closeInput()
        var status: Int32 = 0
        _ = try? retryOnInterrupt { waitpid(pid, &status, 0) }
        let ended = ExitStatus(waitStatus: status)
        exitStatus = ended
        return ended
    }

    /// Whether `wait` has been answered.
    public var hasEnded: Bool { exitStatus != nil }
}
