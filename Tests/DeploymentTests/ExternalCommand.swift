import Foundation

/// What a finished external command left behind.
struct CommandOutcome: Sendable {
    var status: Int32
    /// Standard output and standard error, interleaved as the command wrote them.
    var output: String

    var succeeded: Bool { status == 0 }
    var lines: [String] { output.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) }
}

/// Runs external programs (udevadm, systemd-analyze, bash) for the deployment tests.
enum ExternalCommand {
    /// The directories searched for programs: the caller's PATH, then the system directories,
    /// where `useradd` and `udevadm` live but which a non-root PATH may lack.
    static var searchPath: [String] {
        let inherited = ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":").map(String.init) ?? []
        return inherited + ["/usr/local/sbin", "/usr/local/bin", "/usr/sbin", "/usr/bin", "/sbin", "/bin"]
    }

    /// The full path of the program `name`, or nil when it is not installed.
    static func locate(_ name: String) -> String? {
        searchPath
            .map { "\($0)/\(name)" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Whether the program `name` is installed and accepts `arguments` (exits with 0).
    static func accepts(_ name: String, _ arguments: [String]) -> Bool {
        guard let program = locate(name) else { return false }
        return (try? run(program, arguments))?.succeeded ?? false
    }

    static var isRoot: Bool { getuid() == 0 }

    /// Runs `program` with `arguments`, feeds it `input` on standard input (or nothing), and
    /// waits for it to end.
    static func run(
        _ program: String,
        _ arguments: [String],
        input: String? = nil,
        environment extra: [String: String] = [:],
        in directory: URL? = nil
    ) throws -> CommandOutcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = searchPath.joined(separator: ":")
        environment["LC_ALL"] = "C.UTF-8"
        environment.merge(extra) { _, new in new }
        process.environment = environment
        if let directory { process.currentDirectoryURL = directory }

        let outputPipe = Pipe()
        process.standardOutput = outputPipe
        process.standardError = outputPipe
        let inputPipe = Pipe()
        process.standardInput = inputPipe

        try process.run()
        if let input { inputPipe.fileHandleForWriting.write(Data(input.utf8)) }
        try inputPipe.fileHandleForWriting.close()
        let data = outputPipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandOutcome(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }
}
