import Foundation
import POSIX

/// A `bookkiosk` process started by the benchmark, with its standard input and output on
/// pipes (standard error goes to a file), so it can be timed and watched through /proc.
final class KioskProcess {
    let pid: pid_t
    private var input: Int32
    private let output: Int32
    private var buffered: [UInt8] = []
    /// When `posix_spawn` was called (monotonic nanoseconds).
    let startedAt: UInt64

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Starts `executable arguments…` with `environment`. Calls `pipe` and `posix_spawn`.
    init(executable: String, arguments: [String], environment: [String: String], errorsTo errorPath: String) throws {
        var stdinPipe: [Int32] = [0, 0], stdoutPipe: [Int32] = [0, 0]
        guard pipe(&stdinPipe) == 0, pipe(&stdoutPipe) == 0 else {
            throw Failure(description: "pipe failed: \(Errno.current)")
        }
        // Only the child's dup2'd copies survive exec.
        for descriptor in stdinPipe + stdoutPipe { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdinPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, stdoutPipe[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        startedAt = monotonicNanoseconds()
        let rc = posix_spawn(&child, executable, &actions, nil, argv, envp)
        close(stdinPipe[0])
        close(stdoutPipe[1])
        guard rc == 0 else {
            close(stdinPipe[1])
            close(stdoutPipe[0])
            throw Failure(description: "cannot start \(executable): \(Errno(rawValue: rc))")
        }
        pid = child
        BenchCleanup.shared.started(child)
        input = stdinPipe[1]
        output = stdoutPipe[0]
    }

    deinit {
        if input >= 0 { close(input) }
        close(output)
    }

    /// The next line of standard output, or nil at its end or after `timeout` seconds.
    func readLine(timeout: Double) -> String? {
        let deadline = monotonicNanoseconds() + UInt64(timeout * 1e9)
        while true {
            if let newline = buffered.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffered[..<newline], as: UTF8.self)
                buffered.removeSubrange(...newline)
                return line
            }
            let now = monotonicNanoseconds()
            guard now < deadline else { return nil }
            var descriptor = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            let ready = (try? retryOnInterrupt { poll(&descriptor, 1, Int32(min((deadline - now) / 1_000_000 + 1, 60_000))) }) ?? -1
            guard ready > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = (try? retryOnInterrupt { chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) } }) ?? -1
            guard count > 0 else { return nil }
            buffered += chunk[..<count]
        }
    }

    /// Writes `text` to standard input.
    func write(_ text: String) throws {
        do throws(Errno) {
            try writeAll(text.utf8, to: input)
        } catch {
            throw Failure(description: "writing to bookkiosk failed: \(error)")
        }
    }

    /// Closes standard input (the end of the scans) and waits for the exit status.
    @discardableResult
    func finish() -> Int32 {
        if input >= 0 {
            close(input)
            input = -1
        }
        var status: Int32 = 0
        _ = try? retryOnInterrupt { waitpid(pid, &status, 0) }
        BenchCleanup.shared.ended(pid)
        return status
    }

    /// Sends SIGTERM (a server's way to stop) and waits for the exit status.
    @discardableResult
    func terminate() -> Int32 {
        kill(pid, SIGTERM)
        return finish()
    }

    // MARK: /proc

    /// CPU time used so far, from `/proc/PID/stat` (utime + stime, in clock ticks, so to
    /// 1/CLK_TCK s) and from the sum of `/proc/PID/task/*/schedstat` (nanoseconds).
    func cpuTime() -> (statMilliseconds: Double, schedstatMilliseconds: Double) {
        var statMilliseconds = Double.nan
        if let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
           let close = stat.lastIndex(of: ")") {
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            // After the name: state is field 3, utime 14, stime 15.
            if fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) {
                statMilliseconds = (user + system) * 1000 / Double(sysconf(Int32(_SC_CLK_TCK)))
            }
        }
        var nanoseconds = 0.0
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        for task in tasks {
            if let text = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/schedstat", encoding: .utf8),
               let first = text.split(separator: " ").first, let value = Double(first) {
                nanoseconds += value
            }
        }
        return (statMilliseconds, nanoseconds / 1e6)
    }

    /// A `kB` field of `/proc/PID/status` (VmHWM, VmRSS), in megabytes (MiB).
    func statusMegabytes(_ field: String) -> Double {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }),
              let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
        else { return .nan }
        return kilobytes / 1024
    }
}
