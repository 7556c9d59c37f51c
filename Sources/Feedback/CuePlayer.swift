import Foundation
#if canImport(Glibc)
import Glibc
#endif
import POSIX

/// Hands Cues (and a Speaker's voice) to a player command, never making the caller wait.
///
/// The command (default `aplay -q`) is run by `/bin/sh -c` in a process group of its own and
/// reads the WAV on its standard input. `play` returns as soon as the process is spawned; a new
/// cue cuts the one still playing short (SIGTERM to its group). A thread per child waits for it
/// and reaps it, so no zombie is left. A player that is missing (the shell's exit 126/127) is
/// logged once and not run again; a player that fails (any other exit, e.g. `aplay` without a
/// sound card) is logged once and then tried again on each cue, silently, until it works.
public final class CuePlayer: Sendable {
    public static let defaultCommand = "aplay -q"
    /// The player command that mutes every cue.
    public static let mutedCommand = "none"

    /// The shell command, or nil when muted.
    public let command: String?
    private let directory: URL
    private let state = PlayerState()
    private let log: @Sendable (String) -> Void

    /// Writes every cue's WAV at `volume` to a private temporary directory, so playing one
    /// only spawns the player. Throws when the directory cannot be written.
    public init(command: String = CuePlayer.defaultCommand, volume: Double,
                log: @escaping @Sendable (String) -> Void) throws {
        let trimmed = command.trimmingCharacters(in: .whitespaces)
        self.command = trimmed.isEmpty || trimmed == CuePlayer.mutedCommand ? nil : trimmed
        self.log = log
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("bookkiosk-cues-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        for cue in Cue.allCases {
            try Data(cue.wav(volume: volume)).write(to: wavURL(cue))
        }
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Whether a missing player has turned the cues off.
    public var isDisabled: Bool { state.withLock { $0.isDisabled } }

    /// Plays `cue`, cutting short whatever is still playing. Returns at once with the
    /// player's process id, or nil when nothing was started (muted, disabled, or the spawn
    /// failed).
    @discardableResult
    public func play(_ cue: Cue) -> pid_t? {
        play(wav: wavURL(cue))
    }

    /// Plays the WAV file `file` (a Speaker's voice), cutting short whatever is still playing.
    /// Returns at once, as `play(_:)`.
    @discardableResult
    public func play(wav file: URL) -> pid_t? {
        guard let command else { return nil }
        let arguments = ["/bin/sh", "-c", CuePlayer.script(player: command), "bookkiosk-player", file.path]
        var complaint: String?
        defer { if let complaint { log(complaint) } }
        return state.withLock { state -> pid_t? in
            guard !state.isDisabled else { return nil }
            state.cutCurrent()
            state.spawnCount += 1
            let errorPath = directory.appendingPathComponent("player-\(state.spawnCount).err").path
            let pid: pid_t
            switch CuePlayer.spawn(arguments, standardErrorPath: errorPath) {
            case .failure(let error):
                if !state.failureLogged {
                    state.failureLogged = true
                    complaint = "player: could not start /bin/sh for “\(command)”: \(error)"
                }
                return nil
            case .success(let spawned):
                pid = spawned
            }
            state.current = pid
            state.unreaped.insert(pid)
            state.running.insert(pid)
            let reaper = Thread { [state = self.state, log, command] in
                CuePlayer.reap(pid, errorPath: errorPath, command: command, state: state, log: log)
            }
            reaper.name = "bookkiosk cue reaper"
            reaper.start()
            return pid
        }
    }

    /// Cuts short whatever is playing.
    public func stop() {
        state.withLock { $0.cutCurrent() }
    }

    /// Waits until every player process has ended and been reaped, or until `deadline`.
    /// Returns whether they all ended. For tests and an orderly shutdown; `play` never waits.
    @discardableResult
    public func waitUntilQuiet(deadline: Date) -> Bool {
        state.waitUntilQuiet(deadline: deadline)
    }

    func wavURL(_ cue: Cue) -> URL {
        directory.appendingPathComponent("\(cue.rawValue).wav")
    }

    /// The shell script that plays the WAV file `$1`. The player's text stands in a group of
    /// its own (`{ …\n}`) so that a command such as `cat > FILE` or `a; b` works as written.
    static func script(player: String) -> String {
        "{ \(player)\n} < \"$1\""
    }

    /// Spawns `arguments` in a new process group, standard input and output on /dev/null,
    /// standard error to `standardErrorPath`, no other descriptor inherited, default signal
    /// handling. Calls `posix_spawn`.
    static func spawn(_ arguments: [String], standardErrorPath: String) -> Result<pid_t, Errno> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, standardErrorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        if let closeFrom = CuePlayer.addCloseFrom { _ = closeFrom(&actions, 3) }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF
                                                    | POSIX_SPAWN_SETSIGMASK))
        posix_spawnattr_setpgroup(&attributes, 0)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGCHLD, SIGALRM, SIGUSR1, SIGUSR2] {
            sigaddset(&defaults, signal)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var noMask = sigset_t()
        sigemptyset(&noMask)
        posix_spawnattr_setsigmask(&attributes, &noMask)

        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, environ)
        return result == 0 ? .success(pid) : .failure(Errno(rawValue: result))
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), looked up at run time
    /// because the Glibc module is not built with `_GNU_SOURCE`. Without it, the player inherits
    /// only descriptors opened without `O_CLOEXEC`.
    private static let addCloseFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?,
                                                      Int32) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0),
                                 "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?,
                                                          Int32) -> Int32).self)
    }()

    /// Waits for `pid` to end without reaping it (so its group cannot be reused while `cutCurrent`
    /// may still signal it), then reaps it under the lock and logs a failure once.
    private static func reap(_ pid: pid_t, errorPath: String, command: String, state: PlayerState,
                             log: @Sendable (String) -> Void) {
        var info = siginfo_t()
        _ = try? retryOnInterrupt { waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) }
        var message: String?
        state.withLock { state in
            var status: Int32 = 0
            let reaped = (try? retryOnInterrupt { waitpid(pid, &status, 0) }) ?? -1
            state.unreaped.remove(pid)
            if state.current == pid { state.current = nil }
            let wasCut = state.cut.remove(pid) != nil
            let signal = status & 0x7F
            let exitCode = (status >> 8) & 0xFF
            if reaped != pid || wasCut { return }
            if signal == 0, exitCode == 0 {
                if state.failureLogged {
                    state.failureLogged = false
                    message = "player: “\(command)” works again"
                }
                return
            }
            let said = (try? String(contentsOfFile: errorPath, encoding: .utf8)).map(CuePlayer.oneLine) ?? ""
            let how = signal == 0 ? "exit \(exitCode)" : "signal \(signal)"
            if signal == 0, exitCode == 126 || exitCode == 127 {
                state.isDisabled = true
                message = "player: “\(command)” was not found (\(how)\(said)); cues are off until restart"
            } else if !state.failureLogged {
                state.failureLogged = true
                message = "player: “\(command)” failed (\(how)\(said)); "
                    + "further failures are not logged until it works again"
            }
        }
        unlink(errorPath)
        if let message { log(message) }
        // Only now is the child done with: `waitUntilQuiet` also waits for its log line.
        state.withLock { _ = $0.running.remove(pid) }
    }
}

extension CuePlayer {
    /// The longest part of a player's standard error that goes into the log.
    static let longestComplaint = 300

    /// What a player wrote on standard error as one log-friendly line: its lines joined with
    /// ` | `, the end kept when it is long (the last line usually says what went wrong), and
    /// `": "` in front; empty when it wrote nothing.
    static func oneLine(_ text: String) -> String {
        let lines = text.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        guard !lines.isEmpty else { return "" }
        let joined = lines.joined(separator: " | ")
        return ": " + (joined.count > longestComplaint ? "…" + String(joined.suffix(longestComplaint)) : joined)
    }
}

/// The player's children, shared with the reaper threads and guarded by a condition lock.
private final class PlayerState: @unchecked Sendable {
    struct Fields {
        /// The group playing the latest cue, until it ends or is cut.
        var current: pid_t?
        /// Spawned and not yet reaped: their process group ids are still ours to signal.
        var unreaped: Set<pid_t> = []
        /// Spawned and not yet done with (reaped, and the failure logged).
        var running: Set<pid_t> = []
        /// Signalled by us: their ending is not a failure.
        var cut: Set<pid_t> = []
        var spawnCount = 0
        var failureLogged = false
        var isDisabled = false

        /// Sends SIGTERM to the current player's process group. Only called under the lock,
        /// and only for a child not yet reaped, so the group id is still ours.
        mutating func cutCurrent() {
            guard let current, unreaped.contains(current) else { return }
            cut.insert(current)
            kill(-current, SIGTERM)
            self.current = nil
        }
    }

    private let condition = NSCondition()
    private var fields = Fields()

    func withLock<T>(_ body: (inout Fields) -> T) -> T {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        return body(&fields)
    }

    func waitUntilQuiet(deadline: Date) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !fields.running.isEmpty {
            if !condition.wait(until: deadline) { return fields.running.isEmpty }
        }
        return true
    }
}
