import Covers
import Foundation
import Feedback
import Kiosk
import KioskPresenter
import KioskScreen
import Lending
import LendingSQLite
import Scene
import ScenePainter
import ScannerInput
import TextInput

/// The one place a kiosk is put together (STYLE.md, "One composition root"): from settings and
/// an opened repository, the runtime with its machine, the announcer, the screen's presenter,
/// the return journal, the daily privacy pass, the quiet checkpoint, the library's rules from
/// the database, and the retry of a server that is away. `run`, `demo`, `simulate` and
/// `bookkiosk-bench` all assemble their kiosk here; they differ only in where scans come from
/// (`run(source:clock:)` or `feed`), where frames go (the `FrameOutput` given) and which clock
/// drives them.
public final class KioskAssembly {
    public let settings: KioskSettings
    public let repository: any LendingRepository
    public let runtime: KioskRuntime
    /// Cues, the status line and the event stream; nil when `settings.announces` is off.
    public let announcer: Announcer?
    /// The screen, when an output was given.
    public let presenter: ScreenPresenter?
    /// The words of the kiosk's language, for callers that write events themselves.
    public let catalog: MessageCatalog
    private let outputs: KioskOutputs

    /// Assembles a kiosk.
    /// - Parameters:
    ///   - screen: where frames go (the monitor, the demo's window, PNG files); nil for none.
    ///   - now: the time the kiosk starts at, on the caller's clock.
    ///   - log: the grown-ups' log (faults, the server away and back, what to do).
    public init(settings: KioskSettings, repository: any LendingRepository, screen: (any FrameOutput)? = nil,
                now: Date, log: @escaping @Sendable (String) -> Void) throws {
        self.settings = settings
        self.repository = repository
        catalog = MessageCatalog(language: settings.feedback.language)
        let logsEachScan = settings.logsEachScan
        let debug: @Sendable (String) -> Void = { line in if logsEachScan { log(line) } }

        var policy = settings.policy
        let rules = Self.seedRules(settings, in: repository, log: log)
        if let rules { policy = rules.applied(to: policy) }

        announcer = settings.announces ? Announcer(settings: settings.feedback, log: log, debugLog: debug) : nil
        presenter = try screen.map { output in
            let stored = try StoredCovers(repository: repository, folder: settings.screen.storedCovers ?? StoredCovers.temporaryFolder())
            let covers = BookCovers(folderPath: settings.screen.covers, stored: stored)
            let name = settings.screen.libraryName ?? rules?.libraryName ?? settings.libraryName
            let layout = ScreenLayout(language: settings.feedback.language, libraryName: name.isEmpty ? nil : name,
                                      cover: covers.file(barcode:isbn:now:))
            return ScreenPresenter(output: output, layout: layout, policy: policy, painter: ScenePainter(family: settings.screen.font),
                                   now: now, log: log)
        }

        let outputs = KioskOutputs(presenter: presenter, announcer: announcer)
        self.outputs = outputs
        runtime = KioskRuntime(policy: policy, repository: repository, staffKey: settings.staffKey,
                               serverRetrySeconds: settings.serverRetrySeconds,
                               barcodeRules: BarcodeRules(cards: settings.cardNumbering, books: settings.bookNumbering),
                               announceWithSessionEnd: { event, time, sessionEnds in
                                   outputs.announce(event, at: time, sessionEnds: sessionEnds)
                               },
                               prompt: { prompt, notice, time in outputs.show(prompt, notice: notice, at: time) },
                               log: log)
        runtime.debugLog = debug
        runtime.bookNumbering = settings.bookNumbering
        if settings.convertsKana { runtime.useKanjiConversion(log: log) }
        let presenter = presenter, announcer = announcer
        runtime.showTyping = { typed in
            announcer?.showTyping(typed)
            presenter?.showTyping(typed, at: Date())
        }

        if let path = settings.returnJournal {
            // Its folder is the kiosk's own (systemd's StateDirectory, or beside the default database).
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            runtime.journal = try SQLiteReturnJournal(path: path)
            log("returns scanned while the database server is away are kept in \(path)")
        }
        let privacy = PrivacyPass(days: settings.privacyDays)
        let privacyWords = privacyPassWords(settings.feedback.language)
        runtime.daily = { now in privacyWords.lines(privacy.run(in: repository, at: now)).forEach(log) }
        if let sqlite = repository as? SQLiteLendingRepository {
            // A local file is checkpointed while the kiosk is quiet; a shared server looks after its own WAL.
            runtime.checkpointWhenQuiet(sqlite, log: log)
        }
        // The database's rules are read again before each scan with no Session open, so a
        // change on the teachers' page applies from the next Card on.
        runtime.libraryRules = { try repository.transaction { try $0.libraryRules() } }
        let screenName = settings.screen.libraryName
        runtime.rulesChanged = { [unowned runtime] rules in
            presenter?.follow(runtime.machine.policy, libraryName: screenName ?? rules.libraryName)
        }
    }

    /// Calls `observer` with every event, after the screen and the announcer have it.
    public func onEvent(_ observer: @escaping (KioskEvent, Date) -> Void) {
        outputs.eventObservers.append(observer)
    }

    /// Calls `observer` with every staff-mode prompt, after the screen and the status line.
    public func onPrompt(_ observer: @escaping (StaffPrompt, StaffNotice?, Date) -> Void) {
        outputs.promptObservers.append(observer)
    }

    /// The event stream's line for `event` (without a line break), in the kiosk's language.
    public func eventLine(for event: KioskEvent, at time: Date) -> String {
        EventStream.line(for: event, message: catalog.message(for: event), at: time, timeZone: settings.policy.timeZone)
    }

    /// Starts the kiosk at `now` on a clock the caller moves (`simulate`, the bench): the day's
    /// housekeeping, then `ready`. `run(source:clock:)` does this itself.
    public func start(at now: Date) {
        runtime.runDailyIfNewDay(at: now)
        runtime.feed(.started(at: now))
        runtime.replayJournal(at: now)
    }

    /// Moves the caller's clock to `now`: timers that fell due fire at their own times (the
    /// Session's end, a retry of a server that is away), the screen follows, and a new day's
    /// housekeeping runs.
    public func advance(to now: Date) {
        runtime.advance(to: now)
        presenter?.advance(to: now)
        runtime.runDailyIfNewDay(at: now)
    }

    /// Runs the kiosk on `source` until it ends (`run`, the demo), reading the time from `clock`.
    public func run(source: any ScanSource, clock: @escaping () -> Date = Date.init) throws {
        try runtime.run(source: source, clock: clock)
    }

    /// The library's rules: the database's, or, where it has none yet, the configured ones
    /// saved there first (once, by the first kiosk to start). Nil where the store cannot keep
    /// rules or cannot be reached now: the configured Policy is used as it is.
    static func seedRules(_ settings: KioskSettings, in repository: any LendingRepository,
                          log: (String) -> Void) -> LibraryRules? {
        do {
            return try LibraryRules.seeded(LibraryRules(settings.policy, libraryName: settings.libraryName), in: repository)
        } catch {
            log("library rules: the configured ones are used (\(KioskLogLine.oneLine(String(describing: error))))")
            return nil
        }
    }
}

/// Where the runtime's events and prompts go, in order: the screen first (a frame is shown,
/// its flip done, before its event is written, so an event in the stream is on the screen),
/// then cues, the status line and the event stream, then the caller's observers.
final class KioskOutputs {
    let presenter: ScreenPresenter?
    let announcer: Announcer?
    var eventObservers: [(KioskEvent, Date) -> Void] = []
    var promptObservers: [(StaffPrompt, StaffNotice?, Date) -> Void] = []

    init(presenter: ScreenPresenter?, announcer: Announcer?) {
        self.presenter = presenter
        self.announcer = announcer
    }

    func announce(_ event: KioskEvent, at time: Date, sessionEnds: Date?) {
        presenter?.show(event, at: time, sessionEnds: sessionEnds)
        announcer?.announce(event, at: time)
        for observer in eventObservers { observer(event, time) }
    }

    func show(_ prompt: StaffPrompt, notice: StaffNotice?, at time: Date) {
        presenter?.show(prompt, notice: notice, at: time)
        announcer?.showPrompt(prompt, notice: notice)
        for observer in promptObservers { observer(prompt, notice, time) }
    }
}
