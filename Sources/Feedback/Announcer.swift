import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The one entry point the kiosk runtime calls: for each event, together and without waiting,
/// the Cue (and speech) is handed to the player, the status line is redrawn, one line is
/// appended to the event stream and the grown-ups' line goes to the log.
public final class Announcer: Sendable {
    public let settings: FeedbackSettings
    public let catalog: MessageCatalog
    public let speech: Speech
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
    public init(settings: FeedbackSettings, log: @escaping @Sendable (String) -> Void = Announcer.standardErrorLog,
                debugLog: (@Sendable (String) -> Void)? = nil) {
        self.settings = settings
        self.log = log
        self.debugLog = debugLog ?? log
        catalog = MessageCatalog(language: settings.language)
        speech = Speech(language: settings.language, voice: settings.voice, rate: settings.speechRate,
                        volume: settings.volume)
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
        statusLine = settings.statusLineFileDescriptor.map(StatusLineWriter.init(fileDescriptor:))
        eventStream = settings.eventStreamFileDescriptor.map(OutputDescriptor.init(fileDescriptor:))
    }

    /// Announces `event`, which happened at `time`, and returns the message shown. Returns as
    /// soon as the player is spawned and the two lines are written; nothing waits for sound.
    @discardableResult
    public func announce(_ event: KioskEvent, at time: Date) -> String {
        let message = catalog.message(for: event)
        let trouble: String? = inOrder.withLock { eventStreamFailed in
            if let player {
                let cue = settings.sound ? Cue(for: event) : nil
                let spoken = settings.speech
                    ? speech.arguments(speaking: catalog.spokenText(for: event), to: .standardOutput) : nil
                player.play(cue, thenSpeak: spoken)
            }
            statusLine?.show(event, message: message)
            guard let eventStream else { return nil }
            let line = EventStream.line(for: event, message: message, at: time, timeZone: settings.timeZone)
            guard let code = eventStream.write(Array((line + "\n").utf8)), !eventStreamFailed else { return nil }
            eventStreamFailed = true
            return "event stream: write failed: \(String(cString: strerror(code)))"
        }
        if let trouble { log(trouble) }
        if Announcer.isAboutOneScan(event) { debugLog(catalog.logLine(for: event)) } else { log(catalog.logLine(for: event)) }
        return message
    }

    /// Whether `event` concerns one scan only (an Outcome, a duplicate, a Session's end, a
    /// scan answered while the database server is away, whose start and end the kiosk logs
    /// once each), rather than something a grown-up acts on.
    public static func isAboutOneScan(_ event: KioskEvent) -> Bool {
        switch event {
        case .outcome, .duplicate, .sessionEnded, .deferred: true
        case .error(let fault): fault.kind == .databaseUnreachable
        case .ready, .staff, .pinRefused, .scannerLost, .scannerBack: false
        }
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

    /// Cuts short whatever is playing.
    public func silence() {
        player?.stop()
    }

    /// Waits until every player process has ended, or until `deadline`: for a clean shutdown
    /// and for tests. Returns whether they all ended.
    @discardableResult
    public func waitUntilQuiet(deadline: Date) -> Bool {
        player?.waitUntilQuiet(deadline: deadline) ?? true
    }

    /// Writes each line to standard error, unless standard error is a terminal.
    public static let standardErrorLog: @Sendable (String) -> Void = { line in
        guard isatty(STDERR_FILENO) == 0 else { return }
        _ = OutputDescriptor(fileDescriptor: STDERR_FILENO).write(Array(("bookkiosk: " + line + "\n").utf8))
    }
}
