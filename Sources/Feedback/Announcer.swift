import Foundation
import Lending
import Synchronization
#if canImport(Glibc)
import Glibc
#endif
import POSIX

/// The one entry point the kiosk runtime calls: for each event, together and without waiting,
/// the Cue (and speech) is handed to the player, the status line is redrawn, one line is
/// appended to the event stream and the grown-ups' line goes to the log.
public final class Announcer: Sendable {
    public let settings: FeedbackSettings
    public let catalog: MessageCatalog
    /// Which engine speaks and why (silence when `speech` is off or nothing can speak).
    public let speechChoice: SpeechChoice
    /// Speaks after each cue; nil when speech is off, muted or nothing can speak.
    public let speaker: Speaker?
    private let player: CuePlayer?
    private let statusLine: StatusLineWriter?
    private let eventStream: OutputDescriptor?
    private let log: @Sendable (String) -> Void
    private let debugLog: @Sendable (String) -> Void
    /// Keeps announcements from two threads whole and in one order (cue, status line, event
    /// line), and holds whether a write to the event stream has failed, so that is logged once.
    private let inOrder = Mutex(false)

    /// `log` receives the grown-ups' line of every event and Feedback's own troubles (a failing
    /// player, an event stream that cannot be written), each trouble once. The default writes
    /// to standard error unless that is a terminal, where it would break the status line.
    /// `debugLog` receives instead the lines of events about one scan (`isAboutOneScan`), so
    /// the log a grown-up reads holds what they act on; by default the same as `log`.
    ///
    /// With speech on, the engine is chosen on `system` (its choice and any problem logged
    /// once), or `synthesizer` speaks when given (tests); `observeSpeech` gets a report per
    /// utterance (the bench). The fixed phrases are made in the background at once.
    public init(settings: FeedbackSettings, log: @escaping @Sendable (String) -> Void = Announcer.standardErrorLog,
                debugLog: (@Sendable (String) -> Void)? = nil, system: SpeechChoice.System = .current(),
                synthesizer: (any SpeechSynthesizer)? = nil, observeSpeech: (@Sendable (Speaker.Report) -> Void)? = nil) {
        self.settings = settings
        self.log = log
        self.debugLog = debugLog ?? log
        catalog = MessageCatalog(language: settings.language)
        if settings.isAudible {
            do {
                player = try CuePlayer(command: settings.player, volume: settings.volume, log: log)
            } catch {
                log("player: cues are off, their sounds could not be written: \(error)")
                player = nil
            }
        } else {
            player = nil
        }
        speechChoice = SpeechChoice.choose(settings.speech, language: settings.language, system: system)
        if settings.speech.isOn {
            log("speech: " + speechChoice.reason)
            for problem in speechChoice.problems { log("speech: " + problem) }
        }
        if let player, settings.speech.isOn, let engine = synthesizer ?? speechChoice.voice.map(EngineSynthesizer.init) {
            let speaker = Speaker(synthesizer: engine, cache: settings.speechCacheDirectory.map { SpeechCache(directory: URL(fileURLWithPath: $0)) },
                                  player: player, volume: settings.volume, log: log, observe: observeSpeech)
            speaker.prepare(Announcer.fixedUtterances(catalog))
            self.speaker = speaker
        } else {
            speaker = nil
        }
        statusLine = settings.statusLineFileDescriptor.map(StatusLineWriter.init(fileDescriptor:))
        eventStream = settings.eventStreamFileDescriptor.map(OutputDescriptor.init(fileDescriptor:))
    }

    /// Announces `event`, which happened at `time`, and returns the message shown. Returns as
    /// soon as the player is spawned and the two lines are written; nothing waits for sound.
    ///
    /// The speaker is told last: an older voice is dropped before the cue starts (so it cannot
    /// slip in after this cue), and the new sentence is handed over only once the cue's player
    /// is spawned and the lines are written, so the speaker's thread and its engines never
    /// compete with the answer for a processor, a lock or a spawn.
    @discardableResult
    public func announce(_ event: KioskEvent, at time: Date) -> String {
        let message = catalog.message(for: event)
        let trouble: String? = inOrder.withLock { eventStreamFailed in
            var trouble: String?
            var speak: (() -> Void)?
            if let player {
                let cue = settings.sound ? Cue(for: event) : nil
                if let speaker {
                    speaker.dropQuietly()
                    speak = speech(for: event, by: speaker, notBefore: Date().addingTimeInterval(cue?.duration ?? 0))
                }
                if let cue { player.play(cue) }
            }
            statusLine?.show(event, message: message)
            if let eventStream {
                let line = EventStream.line(for: event, message: message, at: time, timeZone: settings.timeZone)
                if let error = eventStream.write(Array((line + "\n").utf8)), !eventStreamFailed {
                    eventStreamFailed = true
                    trouble = "event stream: write failed: \(error)"
                }
            }
            // Still in order: a second thread's event cannot hand its sentence over before this one's.
            speak?()
            return trouble
        }
        if let trouble { log(trouble) }
        if Announcer.isAboutOneScan(event) { debugLog(catalog.logLine(for: event)) } else { log(catalog.logLine(for: event)) }
        return message
    }

    /// What `speaker` is told of `event` once its answer is out: its sentence, said no sooner
    /// than `notBefore` (the cue's end) and put together on the speaker's thread, and after a
    /// greeting the clauses of the child's next sentences, made while the greeting is heard;
    /// for an event not said aloud, only that the voice still waiting is dropped.
    private func speech(for event: KioskEvent, by speaker: Speaker, notBefore: Date) -> () -> Void {
        guard Announcer.isSpoken(event) else { return { speaker.interrupt() } }
        let catalog = self.catalog
        return {
            speaker.say(notBefore: notBefore) { Utterance(speaking: catalog.spokenText(for: event)) }
            if case .outcome(.greeted(let user, _)) = event {
                speaker.prepare { Announcer.sessionUtterances(for: user, catalog: catalog) }
            }
        }
    }

    /// Whether `event` concerns one scan only (an Outcome, a duplicate, a Session's end, a
    /// scan answered while the database server is away, whose start and end the kiosk logs
    /// once each), rather than something a grown-up acts on.
    public static func isAboutOneScan(_ event: KioskEvent) -> Bool {
        switch event {
        case .outcome, .duplicate, .sessionEnded, .sessionClosed, .deferred: true
        case .error(let fault): fault.kind == .databaseUnreachable
        case .ready, .staff, .pinRefused, .scannerLost, .scannerBack: false
        }
    }

    /// Whether `event` is said aloud: everything but the start, a Session closed by a scan (that
    /// scan's own answer is said), and an Outcome carried out long after its scan (the child
    /// who scanned has gone).
    public static func isSpoken(_ event: KioskEvent) -> Bool {
        switch event {
        case .ready, .deferred, .sessionClosed: false
        case .outcome, .duplicate, .sessionEnded, .staff, .pinRefused, .scannerLost, .scannerBack, .error: true
        }
    }

    /// The events whose words never change (no name, title or date): their speech is made
    /// at start and kept, so it is ready at once.
    public static let fixedEvents: [KioskEvent] = [
        .outcome(.refused(.unknownBarcode, barcode: "", user: nil, book: nil)),
        .outcome(.refused(.cardFirst, barcode: "", user: nil, book: nil)),
        .outcome(.refused(.bookNotLendable, barcode: "", user: nil, book: nil)),
        .duplicate(barcode: ""),
        .scannerLost(scanner: ""), .scannerBack(scanner: ""),
        .error(KioskFault(kind: .databaseUnreachable, detail: "")), .error(KioskFault(kind: .database, detail: "")),
        .pinRefused(.pinWrong, retryAfterSeconds: nil),
    ]

    /// What stands for a name or a title in `phraseEvents`: clauses holding it are not fixed.
    static let placeholder = "〇"

    /// Events whose sentences hold a name or a title among fixed clauses (「こんにちは、」,
    /// 「ほんを スキャンしてね」): the placeholder stands for the name and the title.
    static let phraseEvents: [KioskEvent] = {
        let user = User(card: "", name: placeholder)
        let book = Book(barcode: "", title: placeholder)
        return [
            .outcome(.greeted(user)),
            .outcome(.returned(Loan(id: 0, book: "", user: "", lentAt: Date(timeIntervalSince1970: 0), due: LocalDate(year: 2000, month: 1, day: 1)),
                               book: book, user: user, overdueDays: 0)),
            .sessionEnded(user),
        ]
    }()

    /// The fixed phrases of `catalog`'s language, as utterances: `fixedEvents`, and the clauses
    /// of `phraseEvents` that hold no name or title.
    public static func fixedUtterances(_ catalog: MessageCatalog) -> [Utterance] {
        let whole = fixedEvents.map { Utterance(speaking: catalog.spokenText(for: $0)) }
        let parts = phraseEvents.map { event in
            Utterance(clauses: Utterance(speaking: catalog.spokenText(for: event)).clauses.filter { !$0.contains(placeholder) })
        }
        return whole + parts
    }

    /// What the next sentences of `user`'s Session say that can be made while the greeting is
    /// heard: the clauses of a lend, a return, a refusal and the goodbye that hold the child's
    /// name and no title (「やまだはるとさん、」), so a lend must make only its title.
    public static func sessionUtterances(for user: User, catalog: MessageCatalog) -> [Utterance] {
        let book = Book(barcode: "", title: placeholder)
        let loan = Loan(id: 0, book: "", user: user.card, lentAt: Date(timeIntervalSince1970: 0),
                        due: LocalDate(year: 2000, month: 1, day: 1))
        let events: [KioskEvent] = [
            .outcome(.lent(loan, book: book, user: user)),
            .outcome(.returned(loan, book: book, user: user, overdueDays: 0)),
            .outcome(.refused(.limitReached, barcode: "", user: user, book: book)),
            .sessionEnded(user),
        ]
        let name = Utterance(speaking: user.spokenName).text
        var seen: Set<String> = []
        let clauses = events.flatMap { Utterance(speaking: catalog.spokenText(for: $0)).clauses }
            .filter { $0.contains(name) && !$0.contains(placeholder) && seen.insert($0).inserted }
        return [Utterance(clauses: clauses)]
    }

    /// Shows a staff-mode prompt on the status line. Prompts are not events: nothing goes to the
    /// event stream, the log or the speaker, so a PIN being typed leaves no trace but its length.
    public func showPrompt(_ prompt: StaffPrompt, notice: StaffNotice?) {
        let style = prompt == .idle ? StatusLine.promptStyle : StatusLine.staffPromptStyle
        statusLine?.show(catalog.text(for: prompt, notice: notice), style: style)
        if case .failed(let fault) = notice { log("staff action failed: \(fault.detail)") }
    }

    /// Shows the barcode being typed on the keyboard (the demo), or the idle prompt when empty.
    public func showTyping(_ typed: String) {
        statusLine?.show(catalog.typingText(typed), style: StatusLine.promptStyle)
    }

    /// The event stream's line for `event` (without a line break), as `announce` writes it.
    public func eventLine(for event: KioskEvent, at time: Date) -> String {
        EventStream.line(for: event, message: catalog.message(for: event), at: time, timeZone: settings.timeZone)
    }

    /// Cuts short whatever is playing, and drops speech not yet said.
    public func silence() {
        speaker?.interrupt()
        player?.stop()
    }

    /// Waits until the speaker has nothing left to make or say and every player process has
    /// ended, or until `deadline`: for a clean shutdown and for tests. Returns whether they did.
    @discardableResult
    public func waitUntilQuiet(deadline: Date) -> Bool {
        guard speaker?.waitUntilIdle(deadline: deadline) ?? true else { return false }
        return player?.waitUntilQuiet(deadline: deadline) ?? true
    }

    /// Writes each line to standard error, unless standard error is a terminal.
    public static let standardErrorLog: @Sendable (String) -> Void = { line in
        guard isatty(STDERR_FILENO) == 0 else { return }
        _ = OutputDescriptor(fileDescriptor: STDERR_FILENO).write(Array(("bookkiosk: " + line + "\n").utf8))
    }
}
