import Foundation
import POSIX

/// A `bookkiosk` process started by the benchmark, with its standard input and output on
/// pipes (standard error goes to a file), so it can be timed and watched through /proc.
final class KioskProcess {
    private let process: ChildProcess
    var pid: pid_t { process.pid }
    /// When `posix_spawn` was called (monotonic nanoseconds).
    var startedAt: UInt64 { process.startedAt }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Starts `executable arguments…` with `environment`.
    init(executable: String, arguments: [String], environment: [String: String], errorsTo errorPath: String) throws {
        do throws(Errno) {
            process = try ChildProcess(executable: executable, arguments: arguments, environment: environment, errorsTo: errorPath)
        } catch {
            throw Failure(description: "cannot start \(executable): \(error)")
        }
        BenchCleanup.shared.started(process.pid)
    }

    /// The next line of standard output, or nil at its end or after `timeout` seconds.
    func readLine(timeout: Double) -> String? { process.readLine(timeout: timeout) }

    /// Writes `text` to standard input.
    func write(_ text: String) throws {
        do throws(Errno) {
            try process.write(text.utf8)
        } catch {
            throw Failure(description: "writing to bookkiosk failed: \(error)")
        }
    }

    /// Closes standard input (the end of the scans) and waits for the process to end.
    @discardableResult
    func finish() -> ChildProcess.ExitStatus {
        let ended = process.wait()
        BenchCleanup.shared.ended(pid)
        return ended
    }

    /// Sends SIGTERM (a server's way to stop) and waits for the process to end.
    @discardableResult
    func terminate() -> ChildProcess.ExitStatus {
        process.signal(SIGTERM)
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
