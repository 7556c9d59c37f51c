import Foundation
import Lending
import LendingPostgres
import LendingSQLite

/// The `bookkiosk` command line. `main` only splits arguments and hands them here; every
/// command answers with an exit status and a message a person can act on, never a stack trace.
public enum BookKiosk {
    /// Exit statuses.
    public enum Status: Int32 {
        case success = 0
        /// The command ran and failed: the message says why and what to do.
        case failure = 1
        /// The command line itself was wrong.
        case usage = 2
    }

    static let usage = """
    BookKiosk: a self-service lending kiosk for a small library.

    Usage: bookkiosk COMMAND [options]

      demo [--language ja|en]       try the kiosk: a fresh sample library, barcodes typed on the keyboard
      run [--events F]              the kiosk itself, on the configured scanners
      simulate [--now T]            scans and directives from standard input, the event stream on standard output
      decode --evemu F [--layout us|jp]
                                    the barcodes an evemu recording decodes to, one a line
      devices                       list input devices and which look like scanners
      import books|users F.csv      add or update Books or Users from a CSV file (all or nothing)
      export loans                  every Loan as CSV on standard output
      report overdue [--now T]      the overdue Loans, as text
      report audit                  every staff action and wrong PIN
      staff add|pin|remove NAME     Staff accounts: add one, change a PIN, remove one
      staff list                    who may enter staff mode (F12 at the kiosk)
      staff password NAME           a Staff member's password for the teachers' page (8 characters or more)
      print cards|labels --out F.pdf
                                    library Cards or Book labels as a PDF (--users/--books all|new|CODE,…,
                                    --sheet NAME, --start-at N, --symbology nw7|code128); print sheets lists the sheets
      backup DEST                   a consistent copy of the database, safe while the kiosk runs
      copy --from F.sqlite --to URL copy a one-box library into a shared PostgreSQL database (all or nothing)
      doctor                        check the config, database, scanners, sound and speech; say what to fix
      help                          this text

    Every command takes --db PATH (the database) and --config PATH (the JSON configuration).
    --db and the configuration's "database" also take a postgresql:// URL: several kiosks, one library.
    """

    /// Runs the command line `arguments` (without the program name) and returns the exit status.
    public static func main(_ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment) -> Int32 {
        let console = Console()
        let places = Places(environment: environment)
        guard let command = arguments.first else {
            console.error(usage)
            return Status.usage.rawValue
        }
        let rest = Array(arguments.dropFirst())
        do {
            let status: Status
            switch command {
            case "help", "--help", "-h":
                console.print(usage)
                status = .success
            case "demo":
                status = try DemoCommand(rest, places: places, console: console).run()
            case "run":
                status = try RunCommand(rest, places: places, console: console).run()
            case "decode":
                status = try DecodeCommand(rest, console: console).run()
            case "devices":
                status = try DevicesCommand(rest, places: places, console: console).run()
            case "simulate":
                status = try Simulate(rest, places: places, console: console).run()
            case "import":
                status = try ImportCommand(rest, places: places, console: console).run()
            case "export":
                status = try ExportCommand(rest, places: places, console: console).run()
            case "report":
                status = try ReportCommand(rest, places: places, console: console).run()
            case "staff":
                status = try StaffCommand(rest, places: places, console: console).run()
            case "print":
                status = try PrintCommand(rest, places: places, console: console).run()
            case "backup":
                status = try BackupCommand(rest, places: places, console: console).run()
            case "doctor":
                status = try DoctorCommand(rest, places: places, console: console).run()
            case "copy":
                status = try CopyCommand(rest, console: console).run()
            default:
                console.error("\"\(command)\" is not a bookkiosk command. Run `bookkiosk help` to see the commands.")
                status = .usage
            }
            return status.rawValue
        } catch let error as Arguments.Invalid {
            console.error("\(command): \(error.description). Run `bookkiosk help` for the usage.")
            return Status.usage.rawValue
        } catch {
            console.error(String(describing: error))
            return Status.failure.rawValue
        }
    }
}

/// What every command shares: `--db` and `--config`, read and checked once.
struct CommonOptions {
    static let valued: Set<String> = ["db", "config"]

    var configuration: Configuration
    var databasePath: String
    /// How long a write waits for another program's lock. `BOOKKIOSK_BUSY_TIMEOUT_MS` sets it
    /// for tests that hold a lock on purpose; a kiosk keeps the repository's default.
    var busyTimeout = SQLiteLendingRepository.defaultBusyTimeout

    /// Reads the configuration (`--config`, else the default file if it exists, else defaults)
    /// and settles the database path (`--db`, else the configuration's, else the default).
    init(_ arguments: Arguments, places: Places) throws {
        if let path = arguments.options["config"] {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw CommandFailure("The configuration file \(path) cannot be read. Check the path, or leave out --config to use the defaults.")
            }
            configuration = try Configuration.parse(data, file: path)
        } else if let data = FileManager.default.contents(atPath: places.defaultConfiguration) {
            configuration = try Configuration.parse(data, file: places.defaultConfiguration)
        } else {
            configuration = Configuration()
        }
        databasePath = arguments.options["db"] ?? configuration.database ?? places.defaultDatabase
        if let text = places.environment["BOOKKIOSK_BUSY_TIMEOUT_MS"], let milliseconds = Int(text), milliseconds >= 0 {
            busyTimeout = .milliseconds(milliseconds)
        }
    }

    /// The shared database's URL when `databasePath` is a `postgresql://` URL, else nil.
    var postgresURL: PostgresURL? { PostgresURL(databasePath) }

    /// The database as people may see it: the path, or the URL without its password.
    var databaseForPeople: String { postgresURL?.redacted ?? databasePath }

    /// Opens the database: the PostgreSQL one at a `postgresql://` URL, else the SQLite file,
    /// creating it (and its folder) when it does not exist yet. With `connectLater`, a
    /// PostgreSQL server that cannot be reached now is not an error (the kiosk starts and
    /// connects when it can).
    func openRepository(connectLater: Bool = false) throws -> any LendingRepository {
        if let postgresURL {
            return try PostgresLendingRepository(url: postgresURL, connectLater: connectLater)
        }
        return try openSQLiteRepository()
    }

    /// Opens the SQLite file, creating it (and its folder) when it does not exist yet.
    func openSQLiteRepository() throws -> SQLiteLendingRepository {
        let folder = (databasePath as NSString).deletingLastPathComponent
        if !folder.isEmpty, !FileManager.default.fileExists(atPath: folder) {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                        attributes: [.posixPermissions: 0o700])
            } catch {
                throw CommandFailure("The folder \(folder) for the database cannot be created (\(Configuration.describe(error))). Choose another place with --db.")
            }
        }
        return try SQLiteLendingRepository(path: databasePath, busyTimeout: busyTimeout)
    }
}

/// A command's failure, already worded for the person who ran it.
struct CommandFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Parses `--now`, or takes the real time.
func currentTime(_ arguments: Arguments, timeZone: TimeZone) throws -> Date {
    guard let text = arguments.options["now"] else { return Date() }
    guard let date = SimulationLine.parseTime(text, timeZone: timeZone) else {
        throw Arguments.Invalid(description: "--now needs a time like 2026-12-01T09:00:00 or 2026-12-01T09:00:00+09:00")
    }
    return date
}
