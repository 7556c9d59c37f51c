import Foundation
import POSIX

/// What the bench leaves behind if it is not cleaned up: its temporary folder (hundreds of
/// megabytes of generated libraries), the control groups it made and the processes it started.
/// Cleaned up on every way out: the end of the run, a failure (which is said first, with the
/// step it happened in), and SIGINT or SIGTERM (taken by a thread of its own).
final class BenchCleanup: @unchecked Sendable {
    static let shared = BenchCleanup()

    private let lock = NSLock()
    private var folder: String?
    private var keepsFolder = false
    private var groups: [String] = []
    private var processes: Set<pid_t> = []

    func removeAtExit(folder: String, keep: Bool) {
        lock.lock()
        self.folder = folder
        keepsFolder = keep
        lock.unlock()
    }

    func started(_ pid: pid_t) {
        lock.lock()
        processes.insert(pid)
        lock.unlock()
    }

    func ended(_ pid: pid_t) {
        lock.lock()
        processes.remove(pid)
        lock.unlock()
    }

    func made(group path: String) {
        lock.lock()
        groups.append(path)
        lock.unlock()
    }

    func removed(group path: String) {
        lock.lock()
        groups.removeAll { $0 == path }
        lock.unlock()
    }

    /// Stops the processes still running, removes the groups (innermost first) and the folder.
    func cleanUp() {
        lock.lock()
        let (pids, paths, folder, keep) = (processes, groups, self.folder, keepsFolder)
        processes = []
        groups = []
        lock.unlock()
        for pid in pids {
            kill(pid, SIGTERM)
            var status: Int32 = 0
            _ = try? retryOnInterrupt { waitpid(pid, &status, 0) }
        }
        for path in paths.sorted(by: { $0.count > $1.count }) {
            let tasks = (try? String(contentsOfFile: path + "/cgroup.procs", encoding: .utf8)) ?? ""
            for task in tasks.split(separator: "\n") {
                try? Data((task + "\n").utf8).write(to: URL(fileURLWithPath: CPUGroup.root + "/cgroup.procs"))
            }
            rmdir(path)
        }
        if let folder, !keep { try? FileManager.default.removeItem(atPath: folder) }
    }

    /// Says why the bench failed (on standard error, with the step it was in), cleans up, and exits 1.
    func fail(_ error: any Error, during step: String) -> Never {
        let detail = String(describing: error)
        let message = "bench: failed while \(step): \(detail.isEmpty ? "\(type(of: error)) (no description)" : detail)\n"
        FileHandle.standardError.write(Data(message.utf8))
        cleanUp()
        exit(1)
    }

    /// Takes SIGINT and SIGTERM on a thread of its own: cleans up and exits with 128 + the
    /// signal. Blocks them in the calling thread first (call before any other thread starts,
    /// so every thread inherits the mask). SIGPIPE is ignored: a closed socket is an error
    /// the clients report, not a silent end.
    func takeStopSignals() {
        signal(SIGPIPE, SIG_IGN)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &set, nil)
        let stopSignals = set
        Thread { [self] in
            var waited = stopSignals
            var received: Int32 = 0
            sigwait(&waited, &received)
            FileHandle.standardError.write(Data("bench: stopped by signal \(received); cleaning up\n".utf8))
            cleanUp()
            exit(128 + received)
        }.start()
    }
}
