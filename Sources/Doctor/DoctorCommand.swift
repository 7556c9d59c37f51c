import CommandCore
import Foundation
import KioskConfiguration
import Language
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
        /// The part of the kiosk checked.
        var area: Area
        /// What was found and, unless it is ok, what to do: "… — what to do".
        var message: String

        static func ok(_ area: Area, _ message: String) -> Finding { Finding(level: .ok, area: area, message: message) }
        static func warn(_ area: Area, _ message: String) -> Finding { Finding(level: .warn, area: area, message: message) }
        static func fail(_ area: Area, _ message: String) -> Finding { Finding(level: .fail, area: area, message: message) }

        /// The line of the report: the level (the same in every language, so a script can look
        /// for FAIL), the area in `say`'s words, the message.
        func line(_ say: any DoctorWords) -> String { "\(level.label) \(say.area(area)): \(message)" }
    }

    /// The parts of the kiosk doctor checks, each named in every language (`DoctorWords.area`).
    public enum Area: String, Sendable, Hashable, CaseIterable {
        case config, database, privacy, journal, scanners, keyboard, sound, speech, screen, kanji, web, lookup
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
    /// doctor's words: the language of the configuration it checks (Japanese when it cannot be
    /// read).
    var say: any DoctorWords

    /// Its name and usage line; `BookKiosk.commands` lists it with the others.
    public static let configuration = CommandConfiguration(commandName: "doctor", usage: [
        .init("doctor", abstract: "check the config, database, scanners, sound, speech and the teachers' page; say what to fix"),
    ])

    public init(_ words: [String], places: Places, console: Console) throws {
        let arguments = try Arguments(words, for: Self.configuration)
        configurationPath = arguments[CommonOptions.configurationOption]
        databaseOption = arguments[CommonOptions.databaseOption]
        self.places = places
        self.console = console
        let file = FileManager.default.contents(atPath: configurationPath ?? places.defaultConfiguration)
        // Only the language is read here: a mistake in any other key is doctor's to report.
        let object = file.flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
        let language = (object?["language"] as? String).flatMap(Language.init(rawValue:))
        say = doctorWords(language ?? .default)
        guard arguments.words.isEmpty else { throw Arguments.Invalid(description: say.takesNoWords) }
    }

    public func run() -> BookKiosk.Status {
        var findings: [Finding] = []
        func report(_ new: [Finding]) {
            for finding in new { console.print(finding.line(say)) }
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
        report(Self.checkHostNames(configuration.web, say))
        var lookup = configuration.lookup
        if let base = places.lookupOverride {
            lookup?.ndlSearch = base
            lookup?.openBD = base
        }
        report(checkLookup(lookup))
        report(Self.checkLookupSandbox(lookup, PageServiceFiles.read(), addresses: Self.addresses(of:), say))
        console.print(Self.summary(of: findings, say))
        return Self.status(of: findings)
    }

    static func status(of findings: [Finding]) -> BookKiosk.Status {
        findings.contains { $0.level == .fail } ? .failure : .success
    }

    static func summary(of findings: [Finding], _ say: any DoctorWords) -> String {
        say.summary(failed: findings.filter { $0.level == .fail }.count, warned: findings.filter { $0.level == .warn }.count)
    }

    // MARK: Configuration

    /// Reads the configuration the way every command does (`--config`, else the default file,
    /// else the defaults), reporting each problem instead of stopping; with a bad file the
    /// other checks go on with the defaults.
    func checkConfiguration() -> (Configuration, [Finding]) {
        let area = Area.config
        let path = configurationPath ?? places.defaultConfiguration
        guard let data = FileManager.default.contents(atPath: path) else {
            if configurationPath != nil {
                let message = FileManager.default.fileExists(atPath: path) ? say.configUnreadable(path, user: Self.userName) : say.configMissing(path)
                return (Configuration(), [.fail(area, message)])
            }
            var message = say.noConfigFile(path)
            if path != Self.serviceConfiguration, FileManager.default.fileExists(atPath: Self.serviceConfiguration) {
                message += say.serviceReadsAnother(Self.serviceConfiguration)
            }
            return (Configuration(), [.ok(area, message)])
        }
        do {
            let configuration = try Configuration.parse(data, file: path)
            let keys = (try? JSONSerialization.jsonObject(with: data) as? [String: Any])?.count ?? 0
            return (configuration, [.ok(area, say.configValid(path, keys: keys))])
        } catch {
            let findings = error.problems.map { Finding.fail(area, say.configProblem(path, $0)) }
            return (Configuration(), findings)
        }
    }

    // MARK: Database

    /// Whether the database exists and is a BookKiosk database, its schema version, SQLite's
    /// integrity check, the free space on its disk and whether it may be written. The file is
    /// read through a read-only connection and never created or migrated.
    func checkDatabase(at path: String) -> [Finding] {
        let area = Area.database
        let folder = Self.folder(of: path)
        var findings: [Finding] = []
        guard FileManager.default.fileExists(atPath: path) else {
            findings.append(.warn(area, say.databaseMissing(path)))
            let existing = Self.nearestExistingFolder(of: folder)
            if access(existing, W_OK | X_OK) != 0 {
                findings.append(.fail(area, say.folderNotWritable(existing, user: Self.userName, needed: folder)))
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
            findings.append(.warn(area, say.readableByOthers(path, mode: "0" + String(mode & 0o777, radix: 8))))
        }
        return findings
    }

    /// What the file holds, and whether it is (or will become) the kiosk's library, so that
    /// the checks of a library's file are worth running.
    private func checkDatabaseContents(at path: String) -> (findings: [Finding], isLibrary: Bool) {
        let area = Area.database
        let version: Int
        do {
            version = try SQLiteLendingRepository.inspectFile(at: path)
        } catch let error as SQLiteError where error.faultKind == .corrupt {
            return ([.fail(area, say.damaged(path, error.message))], true)
        } catch let error as SQLiteError where error.faultKind == .readOnly {
            // Most likely the folder: the lines that follow say which file or folder it is.
            return ([.fail(area, error.description)], true)
        } catch {
            return ([.fail(area, String(describing: error))], false)
        }
        let latest = SQLiteLendingRepository.latestSchemaVersion
        var findings: [Finding] = []
        if version == 0 {
            return ([.warn(area, say.emptyDatabase(path))], true)
        } else if version < latest {
            findings.append(.warn(area, say.olderSchema(path, version: version, latest: latest)))
        } else {
            findings.append(.ok(area, say.currentSchema(path, version: version)))
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
                findings.append(.ok(area, say.integrityOK))
            } else {
                findings.append(.fail(area, say.integrityProblems(path, count: problems.count, first: problems.first ?? "")))
            }
        } catch let error as SQLiteError where error.faultKind == .corrupt {
            findings.append(.fail(area, say.integrityStopped(path, error.message)))
        } catch {
            findings.append(.fail(area, say.integrityDidNotRun("\(error)")))
        }
        return (findings, true)
    }

    /// Free space for the kiosk's user on the disk holding `folder` (`statvfs`).
    func freeSpaceFinding(folder: String) -> Finding {
        var stats = statvfs()
        guard statvfs(folder, &stats) == 0 else {
            return .warn(.database, say.freeSpaceUnreadable(folder, "\(Errno.current)"))
        }
        return Self.freeSpaceFinding(bytes: UInt64(stats.f_bavail) * UInt64(stats.f_frsize), folder: folder, say)
    }

    static func freeSpaceFinding(bytes: UInt64, folder: String, _ say: any DoctorWords) -> Finding {
        let free = formatBytes(bytes)
        if bytes < criticalFreeSpace {
            return .fail(.database, say.freeSpaceCritical(free, folder: folder))
        }
        if bytes < lowFreeSpace {
            return .warn(.database, say.freeSpaceLow(free, folder: folder, critical: formatBytes(criticalFreeSpace)))
        }
        return .ok(.database, say.freeSpace(free, folder: folder))
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
            return .fail(.database, say.cannotWrite(unwritable, user: user))
        }
        return .ok(.database, say.writable(user: user))
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
