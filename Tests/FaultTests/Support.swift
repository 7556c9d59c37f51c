import Foundation
import Lending
import LendingSQLite
import POSIX
import Testing

/// The built `bookkiosk` executable beside the test bundle (`.build/<config>/bookkiosk`),
/// found as `EndToEndTests` finds it.
enum BookKioskBinary {
    static let path: String = {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL.deletingLastPathComponent(),
            Bundle.main.bundleURL,
        ]
        for folder in candidates {
            let binary = folder.appendingPathComponent("bookkiosk")
            if FileManager.default.isExecutableFile(atPath: binary.path) { return binary.path }
        }
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        return packageRoot.appendingPathComponent(".build/debug/bookkiosk").path
    }()

    /// What a finished command left behind.
    struct Result {
        var status: Int32
        /// Set when a signal ended the process (a crash: SIGSEGV, SIGILL from a Swift trap, …).
        var signal: Int32?
        var output: String
        var errors: String
    }

    /// Runs `bookkiosk arguments…` to its end with `input` on standard input, in `folder`.
    static func run(_ arguments: [String], input: Data = Data(), in folder: TemporaryFolder,
                    environment extra: [String: String] = [:]) throws -> Result {
        let kiosk = try RunningProcess(executable: path, arguments: arguments, environment: folder.environment.merging(extra) { $1 })
        try kiosk.write(input)
        kiosk.closeInput()
        let output = kiosk.readToEnd(timeout: 60)
        let (status, signal) = kiosk.wait()
        return Result(status: status, signal: signal, output: output,
                      errors: (try? String(contentsOfFile: kiosk.errorPath, encoding: .utf8)) ?? "")
    }
}

/// A folder of the test's own, removed when the test ends.
final class TemporaryFolder {
    let path: String

    init(_ name: String = "fault") throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("bookkiosk-\(name)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// HOME is the folder, so nothing outside it is read or written.
    var environment: [String: String] {
        ["HOME": path, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "TZ": "UTC", "LANG": "C.UTF-8"]
    }

    @discardableResult
    func write(_ name: String, _ data: Data) throws -> String {
        let file = path + "/" + name
        try data.write(to: URL(fileURLWithPath: file))
        return file
    }

    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        try write(name, Data(text.utf8))
    }

    func file(_ name: String) -> String { path + "/" + name }

    /// A configuration for tests: UTC, English, no sound.
    func configuration(_ extra: String = "") throws -> String {
        try write("config.json", #"{"timeZone": "UTC", "language": "en", "sound": false\#(extra)}"#)
    }
}

/// A `bookkiosk` (or any) process with standard input and output on pipes and standard error
/// in a file of its own (`errors`), read with bounded waits on `poll`: no sleeps. Killed if the
/// test did not wait for it.
final class RunningProcess {
    private let process: ChildProcess
    let errorPath: String
    var pid: pid_t { process.pid }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    init(executable: String, arguments: [String], environment: [String: String]) throws {
        errorPath = FileManager.default.temporaryDirectory.appendingPathComponent("bookkiosk-stderr-\(UUID().uuidString)").path
        do throws(Errno) {
            process = try ChildProcess(executable: executable, arguments: arguments, environment: environment,
                                       errorsTo: errorPath, truncatingErrors: true)
        } catch {
            throw Failure(description: "cannot start \(executable): \(error)")
        }
    }

    deinit {
        if !process.hasEnded {
            process.signal(SIGKILL)
            process.wait()
        }
        unlink(errorPath)
    }

    var errors: String { (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "" }

    /// The next line of standard output; nil at its end or when none came within `timeout` seconds.
    func readLine(timeout: Double = 20) -> String? { process.readLine(timeout: timeout) }

    /// Everything left on standard output until it closes (or `timeout` passes).
    func readToEnd(timeout: Double = 20) -> String { process.readToEnd(timeout: timeout) }

    /// Writes to standard input; a child that stopped reading is not an error here (its exit
    /// status says why).
    func write(_ data: Data) throws {
        do throws(Errno) {
            try process.write(data)
        } catch where error == .brokenPipe {
            return
        } catch {
            throw Failure(description: "write failed: \(error)")
        }
    }

    func write(_ text: String) throws { try write(Data(text.utf8)) }

    func closeInput() { process.closeInput() }

    /// Waits for the process to end: its exit status, and the signal that ended it, if one did.
    @discardableResult
    func wait() -> (status: Int32, signal: Int32?) {
        switch process.wait() {
        case .exited(let status): (status, nil)
        case .signalled(let signal): (-1, signal)
        }
    }
}

/// One event line of the stream, parsed.
struct Event {
    var fields: [String: Any]
    var name: String { fields["event"] as? String ?? "" }
    subscript(_ key: String) -> String? { fields[key] as? String }

    init?(_ line: String) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
        fields = object
    }
}

/// A small, seeded generator (SplitMix64), so every run of a test makes the same choices.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A library with `books` Books (B0001…) and `users` Users (C0001…), written through the repository.
func makeLibrary(at path: String, books: Int, users: Int) throws {
    let repository = try SQLiteLendingRepository(path: path)
    try repository.transaction { tx in
        for index in 1...books { try tx.save(Book(barcode: String(format: "B%04d", index), title: "Book \(index)")) }
        for index in 1...users { try tx.save(User(card: String(format: "C%04d", index), name: "User \(index)")) }
    }
}

/// Prints a count line for the test log ("fault: power cut: 50 kills, …").
func report(_ text: String) {
    print("fault: \(text)")
}
