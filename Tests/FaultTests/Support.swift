import Foundation
import Lending
import LendingSQLite
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
/// in a file, read with bounded waits on `poll`: no sleeps.
final class RunningProcess {
    let pid: pid_t
    let errorPath: String
    private var input: Int32
    private let output: Int32
    private var buffered: [UInt8] = []
    private var reachedEnd = false
    private var exitStatus: (Int32, Int32?)?

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    init(executable: String, arguments: [String], environment: [String: String]) throws {
        var stdinPipe: [Int32] = [0, 0], stdoutPipe: [Int32] = [0, 0]
        guard pipe(&stdinPipe) == 0, pipe(&stdoutPipe) == 0 else { throw Failure(description: "pipe failed") }
        for descriptor in stdinPipe + stdoutPipe { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        errorPath = FileManager.default.temporaryDirectory.appendingPathComponent("bookkiosk-stderr-\(UUID().uuidString)").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdinPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, stdoutPipe[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        let rc = posix_spawn(&child, executable, &actions, nil, argv, envp)
        close(stdinPipe[0])
        close(stdoutPipe[1])
        guard rc == 0 else {
            close(stdinPipe[1])
            close(stdoutPipe[0])
            throw Failure(description: "cannot start \(executable): \(String(cString: strerror(rc)))")
        }
        pid = child
        input = stdinPipe[1]
        output = stdoutPipe[0]
        // A child gone before reading all its input must not kill the test with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
    }

    deinit {
        if exitStatus == nil {
            kill(pid, SIGKILL)
            _ = wait()
        }
        if input >= 0 { close(input) }
        close(output)
        unlink(errorPath)
    }

    var errors: String { (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "" }

    /// The next line of standard output; nil at its end or when none came within `timeout`
    /// seconds (a bounded wait in `poll`, not a sleep).
    func readLine(timeout: Double = 20) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let newline = buffered.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffered[..<newline], as: UTF8.self)
                buffered.removeSubrange(...newline)
                return line
            }
            if reachedEnd { return nil }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return nil }
            fill(waitingMilliseconds: Int32(min(left * 1000 + 1, 60_000)))
        }
    }

    /// Everything left on standard output until it closes (or `timeout` passes).
    func readToEnd(timeout: Double = 20) -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while !reachedEnd, deadline.timeIntervalSinceNow > 0 {
            fill(waitingMilliseconds: Int32(min(deadline.timeIntervalSinceNow * 1000 + 1, 60_000)))
        }
        defer { buffered = [] }
        return String(decoding: buffered, as: UTF8.self)
    }

    private func fill(waitingMilliseconds: Int32) {
        var descriptor = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, waitingMilliseconds) > 0 else { return }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
        if count > 0 { buffered += chunk[..<count] } else if count == 0 { reachedEnd = true }
    }

    func write(_ data: Data) throws {
        var bytes = [UInt8](data)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(input, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                if errno == EPIPE { return } // it stopped reading; its exit status says why
                throw Failure(description: "write failed: \(String(cString: strerror(errno)))")
            }
            bytes = bytes.dropFirst(written)
        }
    }

    func write(_ text: String) throws { try write(Data(text.utf8)) }

    func closeInput() {
        if input >= 0 {
            close(input)
            input = -1
        }
    }

    /// Waits for the process to end: its exit status, and the signal that ended it, if one did.
    @discardableResult
    func wait() -> (status: Int32, signal: Int32?) {
        if let exitStatus { return exitStatus }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7f
        let result: (Int32, Int32?) = signal == 0 ? ((status >> 8) & 0xff, nil) : (-1, signal)
        exitStatus = result
        return result
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
