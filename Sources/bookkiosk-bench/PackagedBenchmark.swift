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

    /// The two programs take turns, one start (or one run of lends and returns) each, so that
    /// what else the machine is doing weighs on both alike.
    func run(database: String, users: Int, books: Int, runs: Int, rounds: Int, progress: (String) -> Void) throws -> Figures {
        let packaged = try unpack()
        progress("the packaged program: \(packaged)")
        progress("the development build: \(development)")
        let programs = [packaged, development].map { ProcessBenchmarks(executable: $0, folder: folder, configPath: configPath) }
        var startups = [Latencies(), Latencies()]
        progress("\(runs) starts of each, in turn")
        for _ in 0..<runs {
            for (index, program) in programs.enumerated() {
                // One start not counted, then one counted (startup's own warm-up).
                startups[index].add(try program.startup(database: database, runs: 1).p50)
            }
        }
        // The median of three runs of the same lends and returns.
        var peaks: [[Double]] = [[], []]
        progress("3 runs of \(rounds) lends and returns each, in turn")
        for _ in 0..<3 {
            for (index, program) in programs.enumerated() {
                peaks[index].append(try program.peakMemory(database: database, users: users, books: books, rounds: rounds).hwm)
            }
        }
        return Figures(startupMillis: (startups[0], startups[1]),
                       peakMegabytes: (peaks[0].sorted()[1], peaks[1].sorted()[1]))
    }
}
