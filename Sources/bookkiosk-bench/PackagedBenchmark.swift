import Foundation

/// The program from the Debian package (release, the Swift runtime linked in, stripped)
/// against the development build beside this bench: startup to `ready`, and resident memory
/// after a run of lends and returns, each on the same small library.
struct PackagedBenchmark {
    struct Figures {
        var startupMillis: (packaged: Latencies, development: Latencies)
        /// VmHWM in MB after the same lends and returns.
        var peakMegabytes: (packaged: Double, development: Double)

        var startupRatio: Double { startupMillis.packaged.p50 / startupMillis.development.p50 }
        var rssRatio: Double { peakMegabytes.packaged / peakMegabytes.development }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let package: String
    let development: String
    let folder: String
    let configPath: String

    /// Unpacks `package` (dpkg-deb -x) into the bench's folder and returns its program's path.
    func unpack() throws -> String {
        let target = folder + "/packaged"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/dpkg-deb")
        process.arguments = ["-x", package, target]
        try process.run()
        process.waitUntilExit()
        let program = target + "/usr/bin/bookkiosk"
        guard process.terminationStatus == 0, FileManager.default.isExecutableFile(atPath: program) else {
            throw Failure(description: "dpkg-deb -x \(package) gave no usr/bin/bookkiosk: is it a BookKiosk package (scripts/package)?")
        }
        return program
    }

    func run(database: String, users: Int, books: Int, runs: Int, rounds: Int, progress: (String) -> Void) throws -> Figures {
        let packaged = try unpack()
        func measure(_ executable: String) throws -> (Latencies, Double) {
            let process = ProcessBenchmarks(executable: executable, folder: folder, configPath: configPath)
            let startup = try process.startup(database: database, runs: runs)
            // The median of three runs of the same lends and returns.
            var peaks: [Double] = []
            for _ in 0..<3 {
                peaks.append(try process.peakMemory(database: database, users: users, books: books, rounds: rounds).hwm)
            }
            return (startup, peaks.sorted()[1])
        }
        progress("the packaged program: \(packaged)")
        let (packagedStartup, packagedPeak) = try measure(packaged)
        progress("the development build: \(development)")
        let (developmentStartup, developmentPeak) = try measure(development)
        return Figures(startupMillis: (packagedStartup, developmentStartup), peakMegabytes: (packagedPeak, developmentPeak))
    }
}
