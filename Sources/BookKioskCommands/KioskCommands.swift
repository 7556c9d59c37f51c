import CommandCore
import KioskConfiguration
import Foundation
import Feedback
import Kiosk
import KioskDisplay
import KioskPresenter
import Lending
import LendingSQLite
import ScannerInput

extension Configuration {
    /// What Feedback needs from the configuration, with where the status line and events go.
    func feedbackSettings(statusLine: Int32?, events: Int32?) -> FeedbackSettings {
        FeedbackSettings(language: Language(rawValue: language) ?? .default, sound: sound, player: player,
                         speech: speech, voice: voice, volume: volume, timeZone: policy.timeZone,
                         statusLineFileDescriptor: statusLine, eventStreamFileDescriptor: events)
    }
}

/// Opens `--events F` for appending (created 0600), or standard output for `-`.
func openEventStream(_ path: String?) throws -> Int32? {
    guard let path else { return nil }
    if path == "-" { return STDOUT_FILENO }
    let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
        throw CommandFailure("The event stream file \(path) cannot be opened (\(String(cString: strerror(errno)))). Check the folder exists and may be written.")
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

/// The runtime of `run` and `demo`: the status line on standard output (unless the events go
/// there), cues and speech as configured, the event stream to `events` (a file, `-`, or none),
/// and, with `screen`, every event and prompt on the screen too.
func kioskRuntime(_ config: Configuration, repository: any LendingRepository,
                  events: String?, screen: ScreenPresenter? = nil) throws -> (KioskRuntime, Announcer) {
    let eventStream = try openEventStream(events)
    let statusLine: Int32? = events == "-" ? nil : STDOUT_FILENO
    let announcer = Announcer(settings: config.feedbackSettings(statusLine: statusLine, events: eventStream), log: kioskLog)
    let runtime = KioskRuntime(policy: config.policy, repository: repository,
                               // The screen first: a frame is shown (its flip done) before its
                               // event is written, so an event in the stream is on the screen.
                               announce: { event, time in
                                   screen?.show(event, at: time)
                                   announcer.announce(event, at: time)
                               },
                               prompt: { prompt, notice in
                                   screen?.show(prompt, notice: notice, at: Date())
                                   announcer.showPrompt(prompt, notice: notice)
                               },
                               log: kioskLog)
    runtime.useKanjiConversion(log: kioskLog)
    runtime.bookNumbering = config.bookNumbering
    if let screen {
        runtime.showTyping = { typed in
            announcer.showTyping(typed)
            screen.showTyping(typed, at: Date())
        }
    } else {
        runtime.showTyping = { announcer.showTyping($0) }
    }
    return (runtime, announcer)
}

/// Grown-ups' log lines: to standard error, unless that is the terminal the status line is on.
func kioskLog(_ line: String) {
    Announcer.standardErrorLog(line)
}

/// Returned Loans older than `privacyDays` lose their User: the library keeps how often a
/// Book was read, not who read it. Audit entries of that age lose theirs too.
func forgetOldBorrowers(in repository: any LendingRepository, privacyDays: Int, at now: Date) {
    do {
        let forgotten = try repository.anonymizeReturnedLoans(olderThan: now.addingTimeInterval(-Double(privacyDays) * 86_400))
        if forgotten > 0 { kioskLog("privacy: \(forgotten) Loans returned over \(privacyDays) days ago no longer name their User") }
    } catch {
        kioskLog("privacy: could not forget old borrowers (will try again tomorrow): \(error)")
    }
    forgetOldAuditedUsers(in: repository, privacyDays: privacyDays, at: now)
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
        arguments = try Arguments(words, valued: CommonOptions.valued.union(["events"]), flags: [])
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
        let screen = RunScreen.open(config, source: source, now: Date())
        defer { screen?.restore() }
        let (runtime, _) = try kioskRuntime(config, repository: repository, events: arguments.options["events"], screen: screen?.presenter)
        if common.postgresURL != nil {
            // The shared server may be away; returns scanned meanwhile wait in this file.
            runtime.journal = try SQLiteReturnJournal(path: journalPath)
            kioskLog("returns scanned while the database server is away are kept in \(journalPath)")
        }
        let privacyDays = config.privacyDays
        runtime.daily = { now in
            forgetOldBorrowers(in: repository, privacyDays: privacyDays, at: now)
        }
        if let sqlite = repository as? SQLiteLendingRepository {
            // A local file is checkpointed while the kiosk is quiet; a shared server looks after its own WAL.
            runtime.checkpointWhenQuiet(sqlite)
        }
        StopOnSignal.install()
        let waiting = source.lostScannerNames.isEmpty ? "" : "; waiting for \(source.lostScannerNames.joined(separator: ", "))"
        let scanners = source.openScannerNames.isEmpty ? "no scanner yet" : source.openScannerNames.joined(separator: ", ")
        kioskLog("running on \(scanners)\(waiting) with the database \(common.databaseForPeople)")
        try runtime.run(source: screen.map { ScreenTickingSource(source, presenter: $0.presenter) } ?? source)
        source.keyboard?.restore()
        throw CommandFailure("No scanner is left and \(source.directory.devicePath) cannot be watched for one to come back; the kiosk stopped.")
    }
}
