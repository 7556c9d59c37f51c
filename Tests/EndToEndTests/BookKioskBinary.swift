import Foundation
import Testing

/// Runs the built `bookkiosk` executable, as a person or a script would.
struct BookKioskBinary {
    struct Result {
        var status: Int32
        var output: String
        var errors: String

        /// Standard output's lines.
        var lines: [String] { output.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) }

        /// Standard output's lines parsed as JSON objects.
        func events() throws -> [[String: Any]] {
            try lines.map { line in
                let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
                return try #require(object as? [String: Any], "not a JSON object: \(line)")
            }
        }
    }

    /// The executable beside the test bundle (`.build/<config>/bookkiosk`).
    static let url: URL = {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL.deletingLastPathComponent(),
            Bundle.main.bundleURL,
        ]
        for folder in candidates {
            let binary = folder.appendingPathComponent("bookkiosk")
            if FileManager.default.isExecutableFile(atPath: binary.path) { return binary }
        }
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        return packageRoot.appendingPathComponent(".build/debug/bookkiosk")
    }()

    /// Runs `bookkiosk arguments…` with `input` on standard input, in `directory` with HOME set
    /// to it, so nothing outside the test's own folder is read or written.
    ///
    /// Book lookups go to `lookupURL` (a local replay server), by default to a local port where
    /// nothing listens: no test ever asks the real NDL or openBD.
    static func run(_ arguments: [String], input: String = "", in directory: URL,
                    lookupURL: String = "http://127.0.0.1:9") throws -> Result {
        try run(url, arguments, input: input, in: directory, environment: [
            "HOME": directory.path, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "TZ": "UTC", "LANG": "C.UTF-8", "BOOKKIOSK_LOOKUP_URL": lookupURL,
        ])
    }

    /// Runs `executable` with `arguments` and `input` on standard input, in `directory`, with
    /// exactly `environment`, and gives its exit status and both outputs.
    static func run(_ executable: URL, _ arguments: [String], input: String, in directory: URL,
                    environment: [String: String]) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = environment
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // Read both pipes on their own threads so a full pipe never stalls the child.
        nonisolated(unsafe) var output = Data(), errors = Data()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { output = stdout.fileHandleForReading.readDataToEndOfFile() }
        DispatchQueue.global().async(group: group) { errors = stderr.fileHandleForReading.readDataToEndOfFile() }
        try stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        process.waitUntilExit()
        group.wait()
        return Result(status: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
                      errors: String(decoding: errors, as: UTF8.self))
    }
}

/// A folder of the test's own, removed when the test ends.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("bookkiosk-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file.path
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}
