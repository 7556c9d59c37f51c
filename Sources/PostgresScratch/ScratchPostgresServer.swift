#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation
import LendingPostgres
import POSIX

/// A throwaway PostgreSQL server for tests and the bench: `initdb` and `pg_ctl` from Debian's
/// `postgresql` package in a new temporary directory, answering on a Unix socket in that
/// directory (and on 127.0.0.1 when asked), stopped and removed by `stop()` or `deinit`.
///
/// `initdb` refuses to run as root, so as root the server runs as the `postgres` user
/// (`runuser -u postgres`), in a directory given to that user. Nothing here is shipped.
public final class ScratchPostgresServer: @unchecked Sendable {
    /// Where Debian's `postgresql` package puts the server programs.
    public static let programs = "/usr/lib/postgresql/15/bin"
    /// The login the server is made with (trust authentication: no password).
    public static let login = "kiosk"
    /// What to install where the programs are missing.
    public static let missingMessage =
        "PostgreSQL is not installed (\(programs)/initdb is missing): install the Debian package postgresql to run these tests"

    /// Whether `initdb` and `pg_ctl` are installed.
    public static var isInstalled: Bool {
        FileManager.default.isExecutableFile(atPath: programs + "/initdb")
            && FileManager.default.isExecutableFile(atPath: programs + "/pg_ctl")
    }

    /// Why the server could not be made or driven, with the program's own words.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }

    /// The temporary directory: data in `data/`, the socket in the directory itself (its path
    /// is short, because a socket path near 108 bytes fails).
    public let directory: String
    /// The TCP port on 127.0.0.1, when the server listens there.
    public let tcpPort: Int?
    private let settings: [String]
    private let lock = NSLock()
    private var isRunning = false
    private var databaseCount = 0

    /// The server's log (`pg_ctl -l`): its errors, such as `deadlock detected`, and what
    /// `settings` asks it to log.
    public var logPath: String { directory + "/log" }

    /// Makes and starts a server. `durable` keeps `fsync` and `synchronous_commit` on (the
    /// bench); tests run faster without. `tcpPort` also listens on 127.0.0.1 at that port.
    /// `settings` are further server settings, name to value (`["log_lock_waits": "on"]`).
    public init(durable: Bool = false, tcpPort: Int? = nil, settings extra: [String: String] = [:]) throws {
        guard Self.isInstalled else { throw Failure(description: Self.missingMessage) }
        // mkdtemp replaces the template's six trailing X with a unique suffix.
        var template = Array(("/tmp/bkpg-" + String(repeating: "X", count: 6)).utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw Failure(description: "cannot make a temporary directory in /tmp: \(Errno.current)")
        }
        directory = String(cString: made)
        self.tcpPort = tcpPort
        var settings = ["-c", "listen_addresses=\(tcpPort == nil ? "" : "127.0.0.1")", "-k", directory,
                        "-c", "max_connections=200"]
        if let tcpPort { settings += ["-p", String(tcpPort)] }
        settings += durable ? ["-c", "fsync=on", "-c", "synchronous_commit=on"]
                            : ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"]
        for (name, value) in extra.sorted(by: { $0.key < $1.key }) { settings += ["-c", "\(name)=\(value)"] }
        self.settings = settings
        do {
            if getuid() == 0 {
                guard let account = getpwnam("postgres") else {
                    throw Failure(description: "running as root, the scratch server needs the user postgres (made by the postgresql package)")
                }
                guard chown(directory, account.pointee.pw_uid, account.pointee.pw_gid) == 0 else {
                    throw Failure(description: "cannot give \(directory) to postgres: \(Errno.current)")
                }
            }
            try run("initdb", ["-D", directory + "/data", "-U", Self.login, "-A", "trust", "-E", "UTF8",
                               "--locale=C.UTF-8", "--no-sync"])
            try start()
        } catch {
            try? FileManager.default.removeItem(atPath: directory)
            throw error
        }
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Starts the server (again, after `stop`). Waits until it accepts connections.
    public func start() throws {
        lock.lock()
        defer { lock.unlock() }
        guard !isRunning else { return }
        try run("pg_ctl", ["-D", directory + "/data", "-w", "-s", "-l", logPath,
                           "-o", settings.map(Self.quotedForPostgres).joined(separator: " "), "start"])
        isRunning = true
    }

    /// Stops the server now (`pg_ctl stop -m fast`: sessions are ended, as in a server
    /// restart), or, `immediately`, as a crash does (`-m immediate`: every process quits at
    /// once, open connections break off, and the next start recovers from the WAL). Does
    /// nothing when it is not running.
    public func stop(immediately: Bool = false) {
        lock.lock()
        defer { lock.unlock() }
        guard isRunning else { return }
        isRunning = false
        _ = try? run("pg_ctl", ["-D", directory + "/data", "-w", "-s", "-m", immediately ? "immediate" : "fast", "stop"])
    }

    /// The URL of database `name` over the Unix socket.
    public func socketURL(database name: String) -> PostgresURL {
        // With a TCP port, the socket's name carries that port too (.s.PGSQL.PORT).
        PostgresURL("postgresql://\(Self.login)@/\(name)?host=\(directory)" + (tcpPort.map { "&port=\($0)" } ?? ""))!
    }

    /// The URL of database `name` over TCP to 127.0.0.1, when the server listens there.
    public func tcpURL(database name: String) -> PostgresURL? {
        tcpPort.map { PostgresURL("postgresql://\(Self.login)@127.0.0.1:\($0)/\(name)")! }
    }

    /// A new, empty database (`CREATE DATABASE … TEMPLATE template0`), its URL over the socket.
    public func freshDatabase() throws -> PostgresURL {
        let name: String = lock.withLock {
            databaseCount += 1
            return "library_\(databaseCount)"
        }
        let admin = try PGConnection(url: socketURL(database: "postgres"))
        // CREATE DATABASE takes no parameters; the name is this type's own counter.
        try admin.executeScript("CREATE DATABASE \(name) TEMPLATE template0")
        return socketURL(database: name)
    }

    /// Removes a database made by `freshDatabase`, ending any session still on it.
    public func dropDatabase(_ url: PostgresURL) throws {
        let name = Self.databaseName(of: url)
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return }
        let admin = try PGConnection(url: socketURL(database: "postgres"))
        try admin.executeScript("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
    }

    /// The database a URL of `socketURL(database:)`'s form names.
    public static func databaseName(of url: PostgresURL) -> String {
        url.text.components(separatedBy: "@/").last?.components(separatedBy: "?").first ?? ""
    }

    // MARK: One server per test process

    nonisolated(unsafe) private static var sharedServer: ScratchPostgresServer?
    nonisolated(unsafe) private static var sharedFailure: Failure?
    private static let sharedLock = NSLock()

    /// The server of this process, started on first use and stopped when the process exits.
    public static func shared() throws -> ScratchPostgresServer {
        try sharedLock.withLock {
            if let sharedServer { return sharedServer }
            if let sharedFailure { throw sharedFailure }
            do {
                let server = try ScratchPostgresServer()
                sharedServer = server
                atexit { ScratchPostgresServer.stopShared() }
                return server
            } catch let failure as Failure {
                sharedFailure = failure
                throw failure
            }
        }
    }

    private static func stopShared() {
        sharedLock.withLock {
            sharedServer?.stop()
            if let directory = sharedServer?.directory { try? FileManager.default.removeItem(atPath: directory) }
            sharedServer = nil
        }
    }

    // MARK: Running the programs

    /// Runs one of the server's programs, as `postgres` when this process is root, and waits.
    /// Calls `posix_spawn(3)` and `waitpid(2)` rather than Foundation's `Process`, which learns
    /// of an exit through a descriptor the server that `pg_ctl start` leaves running would
    /// inherit and keep open. Output goes to a file in the directory.
    private func run(_ program: String, _ arguments: [String]) throws {
        let path = Self.programs + "/" + program
        let argv = getuid() == 0 ? ["/usr/sbin/runuser", "-u", "postgres", "--", path] + arguments : [path] + arguments
        let outputPath = directory + "/\(program).out"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // Nothing else: a pipe another thread opened for its own child (a test running
        // `bookkiosk`) must not stay open in the server, or that child's reader never sees EOF.
        // (Children that need such a descriptor get it dup2'ed, which clears the flag again.)
        Self.closeOnExecAboveStandardStreams()
        let cArguments: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, argv[0], &actions, nil, cArguments, environ)
        guard spawned == 0 else {
            throw Failure(description: "cannot run \(argv[0]): \(Errno(rawValue: spawned))")
        }
        var status: Int32 = 0
        _ = try? retryOnInterrupt { waitpid(pid, &status, 0) }
        // WIFEXITED and WEXITSTATUS are macros Swift does not import.
        let exited = status & 0x7F == 0
        let exitStatus = (status >> 8) & 0xFF
        guard exited, exitStatus == 0 else {
            let said = FileManager.default.contents(atPath: outputPath).map { String(decoding: $0, as: UTF8.self) } ?? ""
            throw Failure(description: "\(program) failed (status \(status)): \(said)")
        }
    }

    /// Sets `FD_CLOEXEC` on every open descriptor above 2, listed in /proc/self/fd.
    private static func closeOnExecAboveStandardStreams() {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for descriptor in names.compactMap({ Int32($0) }) where descriptor > 2 {
            let flags = fcntl(descriptor, F_GETFD)
            if flags >= 0 { _ = fcntl(descriptor, F_SETFD, flags | FD_CLOEXEC) }
        }
    }

    /// One server option for `pg_ctl -o`, which hands the text to a shell.
    private static func quotedForPostgres(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
