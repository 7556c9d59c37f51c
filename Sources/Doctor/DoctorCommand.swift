import CommandCore
import Feedback
import Foundation
import KioskConfiguration
import Lending
import LendingPostgres
import LendingSQLite
import ScannerInput

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

    public init(_ words: [String], places: Places, console: Console) throws {
        let arguments = try Arguments(words, valued: CommonOptions.valued, flags: [])
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
        report(checkScanners(configuration.scanners))
        report(checkStaffKeyboard(configuration.keyboard))
        report(checkSound(configuration))
        report(checkSpeech(configuration))
        report(checkScreen(configuration.screen))
        report(checkKanjiConversion())
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

    // MARK: Scanners

    /// Whether the input devices can be seen, each configured Scanner matches a device (with
    /// none configured: some device looks like a scanner), and each can be opened and grabbed.
    func checkScanners(_ configurations: [ScannerConfiguration]) -> [Finding] {
        let area = "scanners"
        let path = inputDirectory.devicePath
        guard inputDirectory.exists else {
            return [.fail(area, "\(path) does not exist, so this computer has no input devices and no scanner can be found — plug in the scanner (a virtual machine or container must be given the input devices); see `bookkiosk devices`")]
        }
        let devices: [InputDeviceInfo]
        do {
            devices = try inputDirectory.devices()
        } catch {
            return [.fail(area, "\(path) cannot be read by user “\(Self.userName)” (\(error)) — run doctor as the kiosk's user, a member of the “\(ScannerOpenError.group)” group")]
        }
        let (assignments, unmatched) = ScannerAssignment.assign(configurations, to: devices)
        var findings = unmatched.map { configuration in
            let named = configuration.name.map { "“\($0)” " } ?? ""
            return Finding.fail(area, "no input device matches scanner \(named)(match: \(configuration.selector)) — plug it in, or correct its \"match\"; `bookkiosk devices` lists the devices here")
        }
        if configurations.isEmpty && assignments.isEmpty {
            let count = devices.count == 1 ? "the 1 input device" : "the \(devices.count) input devices"
            findings.append(.fail(area, "no scanner is configured and none of \(count) looks like one — plug in the scanner; if it is plugged in, name it in \"scanners\" (`bookkiosk devices` lists the devices)"))
        }
        for assignment in assignments {
            findings.append(tryGrabbing(assignment, configured: !configurations.isEmpty))
        }
        return findings
    }

    /// Opens and grabs the Scanner's device, releasing it at once (`EvdevDevice`'s `deinit`).
    private func tryGrabbing(_ assignment: ScannerAssignment, configured: Bool) -> Finding {
        let area = "scanners"
        let scanner = "“\(assignment.name)” (\(assignment.device.path))"
        do {
            _ = try EvdevDevice(path: assignment.device.path, grab: true)
            let how = configured ? "" : " (not configured; used because it looks like a scanner)"
            return .ok(area, "\(scanner) opens and can be grabbed\(how)")
        } catch {
            switch error {
            case .permissionDenied, .operationNotPermitted:
                return .fail(area, "user “\(Self.userName)” may not open \(scanner) — install the udev rule \(ScannerOpenError.udevRule) and put the kiosk's user in the “\(ScannerOpenError.group)” group (kiosk/install.sh does both), then plug the scanner in again")
            case .resourceBusy:
                return .warn(area, "\(scanner) is grabbed by another program — if that is the kiosk itself (`systemctl status bookkiosk`), all is well; otherwise stop that program")
            default:
                return .fail(area, "\(scanner) cannot be opened as an input device (\(error)) — unplug it and plug it in again; `bookkiosk devices` lists the devices")
            }
        }
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
