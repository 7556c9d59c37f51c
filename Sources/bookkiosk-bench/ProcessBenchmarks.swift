import Foundation
import POSIX

/// Figures taken from a running `bookkiosk` process: startup, idle CPU, peak memory, import.
struct ProcessBenchmarks {
    let executable: String
    let folder: String
    let configPath: String

    var environment: [String: String] {
        ["HOME": folder, "TZ": "UTC", "LANG": "C.UTF-8", "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
    }

    var errorLog: String { folder + "/bookkiosk-stderr.log" }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The `bookkiosk` built beside this benchmark (`.build-bench/release/bookkiosk`).
    static func locateKiosk() -> String? {
        let own = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let candidate = URL(fileURLWithPath: own).deletingLastPathComponent().appendingPathComponent("bookkiosk").path
        return FileManager.default.isExecutableFile(atPath: candidate) ? candidate : nil
    }

    func simulate(database: String, extraArguments: [String] = []) throws -> KioskProcess {
        try KioskProcess(executable: executable,
                         arguments: ["simulate", "--write", "--db", database, "--config", configPath, "--now", "2026-12-01T09:00:00Z"] + extraArguments,
                         environment: environment, errorsTo: errorLog)
    }

    /// Milliseconds from `posix_spawn` to the `ready` line of `bookkiosk simulate` on `database`,
    /// over `runs` starts (after one not counted, so the binary is in the page cache).
    func startup(database: String, runs: Int) throws -> Latencies {
        var figures = Latencies()
        for run in 0...runs {
            let kiosk = try simulate(database: database)
            guard let line = kiosk.readLine(timeout: 10) else { throw Failure(description: "bookkiosk simulate printed nothing within 10 s; see \(errorLog)") }
            let elapsed = microseconds(from: kiosk.startedAt, to: monotonicNanoseconds()) / 1000
            guard line.contains("\"event\":\"ready\"") else { throw Failure(description: "the first line was not ready: \(line)") }
            kiosk.finish()
            if run > 0 { figures.add(elapsed) }
        }
        return figures
    }

    /// CPU time a `bookkiosk simulate` uses while waiting for input with nothing happening,
    /// measured over `seconds` (from 1 s after `ready`) and scaled to one minute.
    func idleCPU(database: String, seconds: Double) throws -> (statMillisPerMinute: Double, schedstatMillisPerMinute: Double) {
        let kiosk = try simulate(database: database)
        defer { kiosk.finish() }
        guard kiosk.readLine(timeout: 10)?.contains("\"event\":\"ready\"") == true else {
            throw Failure(description: "bookkiosk simulate did not print ready; see \(errorLog)")
        }
        usleep(1_000_000)
        let before = kiosk.cpuTime()
        let start = monotonicNanoseconds()
        usleep(UInt32(seconds * 1_000_000))
        let after = kiosk.cpuTime()
        let measured = Double(monotonicNanoseconds() - start) / 1e9
        let scale = 60 / measured
        return ((after.statMilliseconds - before.statMilliseconds) * scale,
                (after.schedstatMilliseconds - before.schedstatMilliseconds) * scale)
    }

    /// VmHWM (and VmRSS) of a `bookkiosk simulate` after `rounds` of Card, lend, return on
    /// the large data set's database, read before it exits.
    func peakMemory(database: String, users: Int, books: Int, rounds: Int,
                    extraArguments: [String] = []) throws -> (hwm: Double, rss: Double, anonymous: Double, files: Double) {
        let kiosk = try simulate(database: database, extraArguments: extraArguments)
        defer { kiosk.finish() }
        var script = ""
        for round in 0..<rounds {
            let user = DataSet.userCard(round * 97 % users)
            let book = DataSet.bookBarcode((round * 7919 % books) / 100 * 100)
            script += "\(user)\n@wait 3s\n\(book)\n@wait 3s\n\(book)\n@wait 3s\n"
        }
        try kiosk.write(script)
        var counts: [String: Int] = [:]
        for _ in 0..<(1 + 3 * rounds) {
            guard let line = kiosk.readLine(timeout: 60) else { throw Failure(description: "bookkiosk simulate stopped answering; see \(errorLog)") }
            let name = line.split(separator: "\"").dropFirst(3).first.map(String.init) ?? "?"
            counts[name, default: 0] += 1
        }
        guard counts["lent"] == rounds, counts["returned"] == rounds else {
            throw Failure(description: "expected \(rounds) lent and returned, got \(counts)")
        }
        return (kiosk.statusMegabytes("VmHWM"), kiosk.statusMegabytes("VmRSS"), kiosk.statusMegabytes("RssAnon"),
                kiosk.statusMegabytes("RssFile"))
    }

    /// `bookkiosk import books` of a generated CSV of `rows` Books into a new database:
    /// rows per second of the whole command (process start to exit).
    func importBooks(rows: Int) throws -> (rowsPerSecond: Double, seconds: Double) {
        var csv = "barcode,title,author,isbn,status\n"
        csv.reserveCapacity(rows * 60)
        for index in 0..<rows {
            let isbn = index % 3 == 0 ? DataSet.isbn13(index) : ""
            csv += "N\(String(format: "%07d", index)),\"えほん, \(index)\",さくしゃ \(index % 500),\(isbn),\(index % 50 == 0 ? "withdrawn" : "")\n"
        }
        let file = folder + "/import-books.csv"
        try Data(csv.utf8).write(to: URL(fileURLWithPath: file))
        let database = folder + "/import.sqlite"
        let kiosk = try KioskProcess(executable: executable, arguments: ["import", "books", file, "--db", database, "--config", configPath],
                                     environment: environment, errorsTo: errorLog)
        let output = kiosk.readLine(timeout: 300) ?? ""
        let status = kiosk.finish()
        let seconds = Double(monotonicNanoseconds() - kiosk.startedAt) / 1e9
        guard status == .exited(0), output.contains("\(rows) books added") else {
            throw Failure(description: "import failed (status \(status)): \(output); see \(errorLog)")
        }
        return (Double(rows) / seconds, seconds)
    }
}
