import CommandCore
import Feedback
import Foundation
import KioskConfiguration
import Lending
import LendingPostgres
import LendingSQLite
import ScannerInput
import POSIX

/// `bookkiosk doctor`: checks what the kiosk needs — the configuration, the database, the
/// scanners, the sound player and speech — and prints one line per check, saying what to do
/// about each one that is not right. Changes nothing: a missing database is not created, an
/// old one is not upgraded, a scanner is grabbed and released at once.
///
/// Exits 0 when no check failed (warnings allowed), 1 otherwise.
public struct DoctorCommand {
    /// How one check went: one line of the report.
    struct Finding: Sendable, Equatable {
        enum Level: Sendable, Hashable {
            case ok, warn, fail

            /// Four characters, so the areas line up.
            var label: String {
                switch self {
                case .ok: "ok  "
                case .warn: "warn"
                case .fail: "FAIL"
                }
            }
        }

        var level: Level
        /// The part of the kiosk checked: `config`, `database`, `scanners`, `sound`, `speech`.
        var area: String
        /// What was found and, unless it is ok, what to do: "… — what to do".
        var message: String

        static func ok(_ area: String, _ message: String) -> Finding { Finding(level: .ok, area: area, message: message) }
        static func warn(_ area: String, _ message: String) -> Finding { Finding(level: .warn, area: area, message: message) }
        static func fail(_ area: String, _ message: String) -> Finding { Finding(level: .fail, area: area, message: message) }

        var line: String { "\(level.label) \(area): \(message)" }
    }

    /// Where the kiosk service reads its configuration (`kiosk/bookkiosk.service`).
    static let serviceConfiguration = "/etc/bookkiosk/config.json"
    /// Free space on the database's disk below which doctor warns: the kiosk still works, but
    /// backups and a growing loan history will soon fill it.
    static let lowFreeSpace: UInt64 = 100_000_000
    /// Free space below which doctor fails: a lend may not be written.
    static let criticalFreeSpace: UInt64 = 10_000_000

    var configurationPath: String?
    var databaseOption: String?
    var places: Places
    var console: Console
    /// Where the scanners are looked for.
    var inputDirectory = InputDeviceDirectory.system
    /// ALSA's list of sound cards.
    var soundCardsPath = "/proc/asound/cards"

    /// Its name and usage line; `BookKiosk.commands` lists it with the others.
    public static let configuration = CommandConfiguration(commandName: "doctor", usage: [
        .init("doctor", abstract: "check the config, database, scanners, sound, speech and the teachers' page; say what to fix"),
    ])

    public init(_ words: [String], places: Places, console: Console) throws {
        let arguments = try Arguments(words, for: Self.configuration)
        guard arguments.words.isEmpty else {
            throw Arguments.Invalid(description: "`bookkiosk doctor` takes no words, only --db and --config")
        }
        configurationPath = arguments.options["config"]
        databaseOption = arguments.options["db"]
        self.places = places
        self.console = console
    }

    public func run() -> BookKiosk.Status {
        var findings: [Finding] = []
        func report(_ new: [Finding]) {
            for finding in new { console.print(finding.line) }
            findings += new
        }
        let (configuration, configurationFindings) = checkConfiguration()
        report(configurationFindings)
        let database = databaseOption ?? configuration.database ?? places.defaultDatabase
        report(PostgresURL(database).map(checkPostgres) ?? checkDatabase(at: database))
        if PostgresURL(database) == nil { report(checkDataAtRest(database: database)) }
        // A kiosk on a shared server keeps what the server has not seen yet in its journal.
        if PostgresURL(database) != nil { report(checkJournal(at: places.returnJournal)) }
        report(checkScanners(configuration.scanners))
        report(checkStaffKeyboard(configuration.keyboard))
        report(checkSound(configuration))
        report(checkSpeech(configuration))
        report(checkScreen(configuration.screen))
        report(checkKanjiConversion())
        report(checkWeb(configuration.web))
        report(Self.checkHostNames(configuration.web))
        var lookup = configuration.lookup
        if let base = places.lookupOverride {
            lookup?.ndlSearch = base
            lookup?.openBD = base
        }
        report(checkLookup(lookup))
        console.print(Self.summary(of: findings))
        return Self.status(of: findings)
    }

    static func status(of findings: [Finding]) -> BookKiosk.Status {
        findings.contains { $0.level == .fail } ? .failure : .success
    }

    static func summary(of findings: [Finding]) -> String {
        let failed = findings.filter { $0.level == .fail }.count
        let warned = findings.filter { $0.level == .warn }.count
        let warnings = warned == 1 ? "1 warning" : "\(warned) warnings"
        if failed == 0 {
            return warned == 0 ? "Every check passed." : "Nothing failed; \(warnings) to look at."
        }
        return "\(failed) \(failed == 1 ? "check" : "checks") failed, \(warnings): fix the FAIL lines, then run `bookkiosk doctor` again."
    }

    // MARK: Configuration

    /// Reads the configuration the way every command does (`--config`, else the default file,
    /// else the defaults), reporting each problem instead of stopping; with a bad file the
    /// other checks go on with the defaults.
    func checkConfiguration() -> (Configuration, [Finding]) {
        let area = "config"
        let path = configurationPath ?? places.defaultConfiguration
        guard let data = FileManager.default.contents(atPath: path) else {
            if configurationPath != nil {
                let why = FileManager.default.fileExists(atPath: path) ? "cannot be read by user “\(Self.userName)”" : "does not exist"
                return (Configuration(), [.fail(area, "\(path) \(why) — check the path, or leave out --config to use the defaults")])
            }
            var message = "no file at \(path), so the defaults are used (every key is optional)"
            if path != Self.serviceConfiguration, FileManager.default.fileExists(atPath: Self.serviceConfiguration) {
                message += "; the kiosk service reads \(Self.serviceConfiguration): check that one with --config \(Self.serviceConfiguration)"
            }
            return (Configuration(), [.ok(area, message)])
        }
        do {
            let configuration = try Configuration.parse(data, file: path)
            let keys = (try? JSONSerialization.jsonObject(with: data) as? [String: Any])?.count ?? 0
            return (configuration, [.ok(area, "\(path) is valid (\(keys) \(keys == 1 ? "key" : "keys"))")])
        } catch {
            let findings = error.problems.map { Finding.fail(area, "\(path): \($0) — the kiosk does not start until this is fixed (remove a key to use its default)") }
            return (Configuration(), findings)
        }
    }

    // MARK: Database

    /// Whether the database exists and is a BookKiosk database, its schema version, SQLite's
    /// integrity check, the free space on its disk and whether it may be written. The file is
    /// read through a read-only connection and never created or migrated.
    func checkDatabase(at path: String) -> [Finding] {
        let area = "database"
        let folder = Self.folder(of: path)
        var findings: [Finding] = []
        guard FileManager.default.fileExists(atPath: path) else {
            findings.append(.warn(area, "\(path) does not exist yet; the kiosk creates it when it first starts (or give the right file with --db)"))
            let existing = Self.nearestExistingFolder(of: folder)
            if access(existing, W_OK | X_OK) != 0 {
                findings.append(.fail(area, "\(existing) cannot be written by user “\(Self.userName)”, so the database cannot be created there — create \(folder) for the kiosk's user (the installer does), or choose another place with --db"))
            }
            findings.append(freeSpaceFinding(folder: existing))
            return findings
        }
        let (contents, isLibrary) = checkDatabaseContents(at: path)
        findings += contents
        guard isLibrary else { return findings }
        findings.append(freeSpaceFinding(folder: folder))
        findings.append(writableFinding(path: path, folder: folder))
        if let mode = try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int, mode & 0o077 != 0 {
            findings.append(.warn(area, "\(path) may be read by other users of this computer (mode 0\(String(mode & 0o777, radix: 8))), and it holds the children's names — `chmod 600 \(path)`"))
        }
        return findings
    }

    /// What the file holds, and whether it is (or will become) the kiosk's library, so that
    /// the checks of a library's file are worth running.
    private func checkDatabaseContents(at path: String) -> (findings: [Finding], isLibrary: Bool) {
        let area = "database"
        let version: Int
        do {
            version = try SQLiteLendingRepository.inspectFile(at: path)
        } catch let error as SQLiteError where error.faultKind == .corrupt {
            return ([.fail(area, "\(path) is damaged (\(error.message)) — \(Self.restore)")], true)
        } catch let error as SQLiteError where error.faultKind == .readOnly {
            // Most likely the folder: the lines that follow say which file or folder it is.
            return ([.fail(area, error.description)], true)
        } catch {
            return ([.fail(area, String(describing: error))], false)
        }
        let latest = SQLiteLendingRepository.latestSchemaVersion
        var findings: [Finding] = []
        if version == 0 {
            return ([.warn(area, "\(path) is empty; the kiosk makes it a library when it first starts")], true)
        } else if version < latest {
            findings.append(.warn(area, "\(path) is a BookKiosk database with schema version \(version), older than this BookKiosk's \(latest); it will be upgraded when the kiosk starts"))
        } else {
            findings.append(.ok(area, "\(path) is a BookKiosk database, schema version \(version) (current)"))
        }
        do {
            // Read-write (SQLite falls back to reading only when the file is write-protected) so
            // that, as the last connection, it removes the -wal and -shm files `inspectFile`'s
            // read-only connection left; integrity_check itself writes nothing.
            let connection = try SQLiteConnection(path: path, mode: .readWrite)
            try connection.setBusyTimeout(SQLiteLendingRepository.defaultBusyTimeout)
            // One row per problem, some of several lines, under a heading naming the schema.
            let problems = try connection.rows("PRAGMA integrity_check") { $0.text(0) }
                .flatMap { $0.split(separator: "\n").map(String.init) }
                .filter { !$0.hasPrefix("*** in database") }
            if problems == ["ok"] {
                findings.append(.ok(area, "SQLite's integrity check found no damage"))
            } else {
                let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
                findings.append(.fail(area, "\(path) is damaged: SQLite's integrity check found \(count) (first: \(problems.first ?? "")) — \(Self.restore)"))
            }
        } catch let error as SQLiteError where error.faultKind == .corrupt {
            findings.append(.fail(area, "\(path) is damaged: the integrity check stopped at “\(error.message)” — \(Self.restore)"))
        } catch {
            findings.append(.fail(area, "the integrity check could not run: \(error)"))
        }
        return (findings, true)
    }

    static let restore = "stop the kiosk and restore the database from a backup (an installed kiosk keeps daily ones in /var/lib/bookkiosk/backups)"

    /// Free space for the kiosk's user on the disk holding `folder` (`statvfs`).
    func freeSpaceFinding(folder: String) -> Finding {
        var stats = statvfs()
        guard statvfs(folder, &stats) == 0 else {
            return .warn("database", "the free space on the disk holding \(folder) cannot be read (\(Errno.current))")
        }
        return Self.freeSpaceFinding(bytes: UInt64(stats.f_bavail) * UInt64(stats.f_frsize), folder: folder)
    }

    static func freeSpaceFinding(bytes: UInt64, folder: String) -> Finding {
        let free = "\(formatBytes(bytes)) free on the disk holding \(folder)"
        if bytes < criticalFreeSpace {
            return .fail("database", "only \(free): a lend may not be written — free some space (old backups, logs) or move the database with --db")
        }
        if bytes < lowFreeSpace {
            return .warn("database", "only \(free) — free some space soon (old backups, logs); under \(formatBytes(criticalFreeSpace)) lends may fail")
        }
        return .ok("database", free)
    }

    static func formatBytes(_ bytes: UInt64) -> String {
        if bytes >= 1_000_000_000 { return String(format: "%.1f GB", Double(bytes) / 1e9) }
        return "\(bytes / 1_000_000) MB"
    }

    /// SQLite writes the file, and beside it the `-wal` and `-shm` files: all must be writable.
    private func writableFinding(path: String, folder: String) -> Finding {
        let user = Self.userName
        let files: [String] = [path, path + "-wal", path + "-shm"]
        var unwritable = files.filter { file in access(file, F_OK) == 0 && access(file, R_OK | W_OK) != 0 }
        if access(folder, W_OK | X_OK) != 0 { unwritable.append(folder) }
        guard unwritable.isEmpty else {
            return .fail("database", "user “\(user)” cannot write \(unwritable.joined(separator: ", ")) — give the database and its folder to the kiosk's user, e.g. `sudo chown bookkiosk: \(unwritable.joined(separator: " "))` (run doctor as the kiosk's user to check what it may do)")
        }
        return .ok("database", "the file and its folder may be written by user “\(user)”")
    }

    // MARK: Places

    /// The name of the user running the check (`getpwuid(geteuid())`), else the number.
    static var userName: String {
        let uid = geteuid()
        guard let entry = getpwuid(uid), let name = entry.pointee.pw_name else { return String(uid) }
        return String(cString: name)
    }

    /// The folder of `path`: "." for a bare file name, "/" for a file at the root.
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `folder`, or the nearest folder above it that exists.
    static func nearestExistingFolder(of folder: String) -> String {
        var current = folder
        while !FileManager.default.fileExists(atPath: current), current != "/", current != "." {
            current = Self.folder(of: current)
        }
        return current
    }
}
