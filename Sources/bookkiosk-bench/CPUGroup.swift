import Foundation

/// A control group of the cgroup v1 `cpu` controller (`/sys/fs/cgroup/cpu/…`), made by the
/// bench for the processes it starts: `cpu.shares` stands for systemd's `CPUWeight=` (weight
/// × 1024 / 100: the default weight 100 is 1024 shares), `cpu.cfs_quota_us` over
/// `cpu.cfs_period_us` for `CPUQuota=`. Removed (its processes moved back to the parent
/// first) by `remove`, which the bench calls whatever happens.
final class CPUGroup {
    static let root = "/sys/fs/cgroup/cpu"
    let path: String
    private var children: [CPUGroup] = []

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Whether this machine has the v1 `cpu` controller and the bench may make groups in it.
    static var isAvailable: Bool {
        FileManager.default.fileExists(atPath: root + "/cpu.shares") && access(root, W_OK) == 0
    }

    static var unavailableReason: String {
        if !FileManager.default.fileExists(atPath: root + "/cpu.shares") {
            return "no cgroup v1 cpu controller at \(root) (a cgroup v2 machine needs its own way here)"
        }
        return "\(root) may not be written (run the bench as root to put the kiosk and the page in groups of their own)"
    }

    /// A new group `name` under `parent` (the root of the controller when nil).
    init(_ name: String, under parent: CPUGroup? = nil) throws {
        path = (parent?.path ?? Self.root) + "/" + name
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        } catch {
            throw Failure(description: "cannot make the control group \(path): \(error.localizedDescription)")
        }
        parent?.children.append(self)
        BenchCleanup.shared.made(group: path)
    }

    /// `CPUWeight=weight` as cgroup v1 shares.
    func setWeight(_ weight: Int) throws {
        try write("cpu.shares", "\(max(2, weight * 1024 / 100))")
    }

    /// `CPUQuota=` as a fraction of one core, over `periodMicroseconds`.
    func setQuota(cores: Double, periodMicroseconds: Int = 100_000) throws {
        try write("cpu.cfs_period_us", "\(periodMicroseconds)")
        try write("cpu.cfs_quota_us", "\(Int(cores * Double(periodMicroseconds)))")
    }

    /// How often and for how long the group was held back by its quota (`cpu.stat`).
    func throttling() -> (periods: Int, throttled: Int, throttledMilliseconds: Double) {
        let text = (try? String(contentsOfFile: path + "/cpu.stat", encoding: .utf8)) ?? ""
        var values: [String: Double] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ")
            if parts.count == 2, let value = Double(parts[1]) { values[String(parts[0])] = value }
        }
        return (Int(values["nr_periods"] ?? 0), Int(values["nr_throttled"] ?? 0), (values["throttled_time"] ?? 0) / 1e6)
    }

    /// The shell words that put the shell in this group, then run the command: the process is
    /// in its group before it starts, as systemd starts a unit.
    var enterCommand: String { "echo $$ > '\(path)/cgroup.procs'" }

    /// Moves every process left in the group (and its children) to the root group and removes them.
    func remove() {
        for child in children { child.remove() }
        children = []
        let tasks = (try? String(contentsOfFile: path + "/cgroup.procs", encoding: .utf8)) ?? ""
        for pid in tasks.split(separator: "\n") {
            try? Data((pid + "\n").utf8).write(to: URL(fileURLWithPath: Self.root + "/cgroup.procs"))
        }
        rmdir(path)
        BenchCleanup.shared.removed(group: path)
    }

    private func write(_ file: String, _ value: String) throws {
        do {
            try Data(value.utf8).write(to: URL(fileURLWithPath: path + "/" + file))
        } catch {
            throw Failure(description: "cannot set \(file) = \(value) in \(path): \(error.localizedDescription)")
        }
    }
}
