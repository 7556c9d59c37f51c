import Foundation

/// The machine the figures come from: they mean little without it.
struct Machine {
    var processors: Int
    var cpuModel: String
    var kernel: String
    var memoryMegabytes: Int
    var sqliteVersion: String

    static func current(sqliteVersion: String) -> Machine {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpuinfo.split(separator: "\n")
            .first { $0.hasPrefix("model name") }
            .map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" } ?? "unknown"
        var names = utsname()
        uname(&names)
        func field<T>(_ value: T) -> String {
            withUnsafeBytes(of: value) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
        let meminfo = (try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8)) ?? ""
        let totalKilobytes = meminfo.split(separator: "\n").first { $0.hasPrefix("MemTotal:") }
            .flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
        return Machine(processors: ProcessInfo.processInfo.activeProcessorCount, cpuModel: model,
                       kernel: "\(field(names.sysname)) \(field(names.release)) \(field(names.machine))",
                       memoryMegabytes: totalKilobytes / 1024, sqliteVersion: sqliteVersion)
    }

    var json: [String: Any] {
        ["nproc": processors, "cpuModel": cpuModel, "kernel": kernel, "memoryMegabytes": memoryMegabytes,
         "sqlite": sqliteVersion]
    }
}
