import CommandCore
import KioskConfiguration
import Foundation
import Feedback
import Kiosk
import KioskAssembly
import KioskDisplay
import KioskPresenter
import Language
import Lending
import LendingSQLite
import Scene
import ScannerInput
import POSIX

extension Configuration {
    /// What Feedback needs from the configuration, with where the status line and events go,
    /// and spoken clauses are kept under the state directory (`Places.speechCache`).
    func feedbackSettings(statusLine: Int32?, events: Int32?,
                          environment: [String: String] = ProcessInfo.processInfo.environment) -> FeedbackSettings {
        FeedbackSettings(language: Language(rawValue: language) ?? .default, sound: sound, player: player,
                         speech: speech, speechCacheDirectory: Places(environment: environment).speechCache,
                         volume: volume, timeZone: policy.timeZone,
                         statusLineFileDescriptor: statusLine, eventStreamFileDescriptor: events)
    }
}

/// Opens `--events F` for appending (created 0600), or standard output for `-`.
func openEventStream(_ path: String?) throws -> Int32? {
    guard let path else { return nil }
    if path == "-" { return STDOUT_FILENO }
    let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
        throw CommandFailure("The event stream file \(path) cannot be opened (\(Errno.current)). Check the folder exists and may be written.")
    }
    return descriptor
}

/// On SIGINT, SIGTERM or SIGHUP: the terminal gets its settings back, the console its picture
/// and its switching (when the kiosk showed its screen through DRM), and the kiosk stops.
/// Every Loan is already safe: each one was committed before its answer was given.
enum StopOnSignal {
    static func install() {
        let handler: @convention(c) (Int32) -> Void = { _ in
            TerminalKeyboard.restoreAfterSignal()
            DRMDisplay.restoreAfterSignal()
            ConsoleSwitching.restoreAfterSignal()
            let newline: [UInt8] = [0x0D, 0x0A]
            _ = newline.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            _exit(0)
        }
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] { signal(signalNumber, handler) }
        // A parent may have started the kiosk with these blocked (the mask is inherited):
        // SIGTERM must stop it all the same.
        var stopSignals = sigset_t()
        sigemptyset(&stopSignals)
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&stopSignals, signalNumber) }
        sigprocmask(SIG_UNBLOCK, &stopSignals, nil)
        // A player or a closed event-stream pipe must not stop the kiosk.
        signal(SIGPIPE, SIG_IGN)
    }
}

/// The kiosk of `run` and `demo`, assembled: the status line on standard output (unless the
/// events go there), cues and speech as configured, the event stream to `events` (a file, `-`,
/// or none), and, with `screen`, every event and prompt on the screen too.
func assembleKiosk(_ config: Configuration, repository: any LendingRepository, events: String?,
                   screen: (any FrameOutput)? = nil, journal: String? = nil) throws -> KioskAssembly {
    let eventStream = try openEventStream(events)
    let statusLine: Int32? = events == "-" ? nil : STDOUT_FILENO
    do {
        return try KioskAssembly(settings: config.kioskSettings(statusLine: statusLine, events: eventStream, journal: journal),
                                 repository: repository, screen: screen, now: Date(), log: kioskLog)
    } catch {
        throw CommandFailure("The kiosk could not be started: \(error)")
    }
}

/// Grown-ups' log lines: to standard error, unless that is the terminal the status line is on.
@Sendable func kioskLog(_ line: String) {
    Announcer.standardErrorLog(line)
}

/// `bookkiosk run`: the kiosk itself, on the configured Scanners, with staff keys from the
/// configured evdev keyboard or, when there is none, from the terminal it runs on.
struct RunCommand {
    let arguments: Arguments
    let common: CommonOptions
    let console: Console
    let journalPath: String

    init(_ words: [String], places: Places, console: Console) throws {
        journalPath = places.returnJournal
        arguments = try Arguments(words, for: Self.configuration)
        guard arguments.words.isEmpty else {
            throw Arguments.Invalid(description: "`bookkiosk run` takes no words; the scanners come from the configuration's \"scanners\"")
        }
        common = try CommonOptions(arguments, places: places)
        self.console = console
    }

    func run() throws -> BookKiosk.Status {
        let config = common.configuration
        // A shared server that is away now is waited for: returns go to the journal meanwhile.
        let repository = try common.openRepository(connectLater: true)
        let source: EvdevScanSource
        do {
            source = try EvdevScanSource.open(configurations: config.scanners, keyboard: config.keyboard, log: kioskLog)
        } catch {
            throw CommandFailure(error.description)
        }
        if let keyboard = config.keyboard {
            kioskLog("staff keys: from the keyboard \(keyboard.selector) (layout \(keyboard.layout.rawValue)), not from this terminal")
        } else if isatty(STDIN_FILENO) == 1 {
            do {
                source.keyboard = try TerminalKeyboard()
                kioskLog("staff keys: from this terminal")
            } catch {
                kioskLog("staff keys: the terminal cannot be put in raw mode (\(error)); staff mode is not available")
            }
        } else {
            kioskLog("staff keys: standard input is not a terminal, so staff mode is not available here")
        }
        let screen = RunScreen.open(config)
        defer { screen?.restore() }
        // The shared server may be away; returns scanned meanwhile wait in the journal.
        let kiosk = try assembleKiosk(config, repository: repository, events: arguments[Options.events], screen: screen?.display,
                                      journal: common.postgresURL == nil ? nil : journalPath)
        if let screen, let presenter = kiosk.presenter { screen.followConsoleSwitching(in: source, presenter: presenter) }
        StopOnSignal.install()
        let waiting = source.lostScannerNames.isEmpty ? "" : "; waiting for \(source.lostScannerNames.joined(separator: ", "))"
        let scanners = source.openScannerNames.isEmpty ? "no scanner yet" : source.openScannerNames.joined(separator: ", ")
        kioskLog("running on \(scanners)\(waiting) with the database \(common.databaseForPeople)")
        try kiosk.run(source: kiosk.presenter.map { ScreenTickingSource(source, presenter: $0) } ?? source)
        source.keyboard?.restore()
        throw CommandFailure("No scanner is left and \(source.directory.devicePath) cannot be watched for one to come back; the kiosk stopped.")
    }
}
