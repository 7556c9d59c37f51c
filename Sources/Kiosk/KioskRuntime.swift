import Foundation
import Feedback
import Lending
import ScannerInput
import TextInput

/// Feeds the kiosk machine, carries out its effects against the repository, and hands every
/// KioskEvent to `announce`. One runtime runs on one thread.
public final class KioskRuntime {
    public internal(set) var machine: KioskMachine
    var circulation: Circulation
    let repository: any LendingRepository
    /// The way into staff mode and out: the PIN, its lock, each visit recorded.
    let gate: StaffModeGate
    private let announce: (KioskEvent, Date, Date?) -> Void
    private let prompt: (StaffPrompt, StaffNotice?, Date) -> Void
    let log: (String) -> Void
    /// Lines about each scan (a fault answered, a return journalled), for a grown-up looking
    /// closely; off by default, so the log while the server is away is two lines, not a few
    /// for every scan.
    public var debugLog: (String) -> Void = { _ in }

    /// Whether the keyboard is also the Scanner (the demo): outside staff mode, typed characters
    /// collect into a barcode that Enter scans. The staff key and staff mode work as ever.
    public var keyboardTypesScans = false
    /// Shows the barcode being typed when `keyboardTypesScans` (empty when there is none).
    public var showTyping: (String) -> Void = { _ in }
    private var typed = ""

    /// How staff registration numbers a Book that has no label yet (`n` at "scan its label").
    public var bookNumbering = BarcodeNumbering.books

    /// Housekeeping done once a day: when `run` starts, and at the first event of each new local
    /// day (an idle kiosk waits without waking, so nothing runs while nobody uses it).
    public var daily: (Date) -> Void = { _ in }
    private var lastDailyDay: LocalDate?

    /// Kanji conversion for kana input: the segments some kana may become, best candidate
    /// first. None (the default, and where there is no dictionary) offers the kana themselves.
    public var convertKana: (String) -> [ConversionSegment] = { _ in [] }

    /// Work done once the kiosk has been quiet for `delay` after a scan or a key (the
    /// database's checkpoint): once, then nothing until the next scan or key, so an idle kiosk
    /// sleeps without waking. `run` carries it out.
    public var whenQuiet: QuietWork?
    private var quietDeadline: Date?

    /// Where Books scanned with no Session go while the database server is away; nil for a
    /// kiosk on a local file, which is never away.
    public var journal: (any ReturnJournal)?
    /// Reads the library's rules from the database (changed on the teachers' page); nil where
    /// it holds none. Read before each scan with no Session open (one row), so a change applies
    /// from the next Card on, without a restart. Nil: the configured Policy stays.
    public var libraryRules: (() throws -> LibraryRules?)?
    /// Told when the rules read differ from the last ones followed (the screen follows too).
    public var rulesChanged: (LibraryRules) -> Void = { _ in }
    var followedRules: LibraryRules?

    /// Whether the last attempt found the database server away (the machine decides).
    public var isServerAway: Bool { machine.isServerAway }
    var toldNoJournal = false

    /// - Parameters:
    ///   - announce: called once for each KioskEvent, in order, with its time and when the open
    ///     Session times out (nil when none is open), as the machine says.
    ///   - prompt: shows a staff-mode prompt on the status line, at its time.
    ///   - log: grown-up details (faults, what to do) for the log, never shown to a child.
    ///     A PIN never reaches it.
    ///   - serverRetrySeconds: how often a database server that is away is tried again.
    ///   - barcodeRules: the shapes of the library's Cards and Books (the configuration's numbering).
    public init(policy: Policy, repository: any LendingRepository, staffKey: KeyPress = .function(12),
                serverRetrySeconds: TimeInterval = KioskMachine.defaultServerRetrySeconds,
                barcodeRules: BarcodeRules = .standard,
                announceWithSessionEnd announce: @escaping (KioskEvent, Date, Date?) -> Void,
                prompt: @escaping (StaffPrompt, StaffNotice?, Date) -> Void = { _, _, _ in },
                log: @escaping (String) -> Void = { _ in }) {
        self.circulation = Circulation(policy: policy)
        self.repository = repository
        self.gate = StaffModeGate(repository: repository)
        self.announce = announce
        self.prompt = prompt
        self.log = log
        var lock = PINLock()
        do {
            lock = try gate.loadPINLock()
        } catch {
            log("Could not read the PIN lock, so PIN entry starts open: \(error)")
        }
        self.machine = KioskMachine(policy: policy, pinLock: lock, staffKey: staffKey, serverRetrySeconds: serverRetrySeconds,
                                    barcodeRules: barcodeRules)
    }

    /// A runtime whose `announce` needs no Session deadline (the event stream, tests).
    public convenience init(policy: Policy, repository: any LendingRepository, staffKey: KeyPress = .function(12),
                            serverRetrySeconds: TimeInterval = KioskMachine.defaultServerRetrySeconds,
                            announce: @escaping (KioskEvent, Date) -> Void,
                            prompt: @escaping (StaffPrompt, StaffNotice?, Date) -> Void = { _, _, _ in },
                            log: @escaping (String) -> Void = { _ in }) {
        self.init(policy: policy, repository: repository, staffKey: staffKey, serverRetrySeconds: serverRetrySeconds,
                  announceWithSessionEnd: { event, time, _ in announce(event, time) }, prompt: prompt, log: log)
    }

    /// Hands `input` to the machine and carries out every effect, feeding results back. What
    /// an effect's result makes the machine do is carried out before the effects after it (a
    /// retry's deferred returns are told before the scan that forced the retry is answered).
    public func feed(_ input: KioskInput) {
        if case .scanned = input, machine.sessionUser == nil, !machine.isInStaffMode { followLibraryRules() }
        var pending = machine.handle(input)
        while !pending.isEmpty {
            let effect = pending.removeFirst()
            var next: [KioskEffect] = []
            switch effect {
            case .announce(let event, let time, let sessionEnds):
                announce(event, time, sessionEnds)
            case .audit(let staffEvent, let time):
                attempt("record \(staffEvent.action.rawValue) in the audit log") { try gate.record(staffEvent, at: time) }
            case .circulate(let barcode, let session, let time):
                next = machine.handle(circulate(barcode, session: session, at: time))
            case .verifyPIN(let pin, let time):
                var staff: String?
                attempt("check the PIN") { staff = try gate.staffMember(withPIN: pin) }
                next = machine.handle(.pinChecked(staff: staff, at: time))
            case .staffRequest(let request, let staff, let time):
                let result: StaffResult
                do {
                    result = try repository.transaction { tx in
                        try request.carryOut(at: LibraryDesk(staff: staff, at: time), policy: circulation.policy,
                                             bookNumbering: bookNumbering, in: tx)
                    }
                } catch {
                    let fault = KioskFault(storeError: error)
                    log("Could not carry out the staff action for \(staff): \(fault.detail)")
                    result = .notice(.failed(fault))
                }
                next = machine.handle(.staffDone(result, at: time))
            case .savePINLock(let lock, let failedAttempt, let time):
                attempt("keep the PIN lock") { try gate.save(lock, failedAttempt: failedAttempt, at: time) }
            case .prompt(let staffPrompt, let notice, let time):
                prompt(staffPrompt, notice, time)
            case .convert(let kana, let time):
                next = machine.handle(.converted(kana: kana, convertKana(kana), at: time))
            case .keepInJournal(let barcode, let scan, let time):
                // A kiosk with no journal (on a local file, never away but in tests) answers as
                // the server being away; its log says the return was not kept.
                let kept = keepInJournal(barcode, as: scan, at: time) || journal == nil
                next = machine.handle(.journalled(barcode: barcode, kept: kept, at: time))
            case .retryServer(let lends, let skipping, let time):
                next = machine.handle(.retried(retryServer(lends: lends, skipping: skipping, at: time), at: time))
            case .forgetScan(let scan, _):
                forget(scan)
            case .log(let line, _):
                log(line.text)
            }
            pending.insert(contentsOf: next, at: 0)
        }
    }

    /// Fires the Session timer if it is due at `now`.
    /// Fires the timers due at `now`, each at its own time. A retry of a server that is away
    /// that fell due several times meanwhile (an hour's `@wait`, a kiosk that was suspended) is
    /// tried at the first of those times and, if the server was still away then, once more at
    /// the last of them before anything else falls due, rather than once per interval.
    public func advance(to now: Date) {
        var retried = false
        while var deadline = machine.nextDeadline, deadline <= now {
            if deadline == machine.retryDeadline, machine.serverRetrySeconds > 0, retried {
                let latest = [now, machine.stateDeadline].compactMap { $0 }.min() ?? now
                let intervals = (latest.timeIntervalSince(deadline) / machine.serverRetrySeconds).rounded(.down)
                if intervals > 0 { deadline = deadline.addingTimeInterval(intervals * machine.serverRetrySeconds) }
            }
            if deadline == machine.retryDeadline { retried = true }
            feed(.tick(at: deadline))
        }
    }

    /// Runs the kiosk on `source` until it ends, reading the time from `clock`.
    /// Waits in the source (no busy loop) until the next scan or the next timer.
    public func run(source: any ScanSource, clock: () -> Date = Date.init) throws {
        runDailyIfNewDay(at: clock())
        feed(.started(at: clock()))
        replayJournal(at: clock())
        while true {
            let deadlines = [machine.nextDeadline, quietDeadline]
            let timeout = deadlines.compactMap { $0 }.min().map { deadline -> Duration in
                let seconds = max(0, deadline.timeIntervalSince(clock()))
                return .milliseconds(Int64((seconds * 1000).rounded(.up)))
            }
            let event = try source.next(timeout: timeout)
            let now = clock()
            runDailyIfNewDay(at: now)
            // Timers that fell due while waiting fire first, at their own times (a retry of a
            // server that is away among them).
            advance(to: now)
            switch event {
            case .scan(let scan):
                feed(.scanned(scan.barcode, at: now))
            case .key(let key):
                press(key, at: now)
            case .scannerLost(let scanner):
                feed(.scannerLost(scanner, at: now))
            case .scannerBack(let scanner):
                feed(.scannerBack(scanner, at: now))
            case .timedOut:
                break
            case .ended:
                return
            }
            doQuietWork(after: event, at: now)
        }
    }

    /// After a scan or a key, (re)arms the quiet work; once its time has come with nothing
    /// since, does it and disarms.
    private func doQuietWork(after event: SourceEvent, at now: Date) {
        guard let whenQuiet else { return }
        switch event {
        case .scan, .key:
            quietDeadline = now.addingTimeInterval(whenQuiet.delay)
        case .scannerLost, .scannerBack, .timedOut, .ended:
            if let deadline = quietDeadline, deadline <= now {
                quietDeadline = nil
                whenQuiet.work()
            }
        }
    }

    /// Runs `daily` if it has not run yet on the local day of `now`. `run` calls it; a driver
    /// that feeds the runtime itself (`simulate`) calls it when its clock moves.
    public func runDailyIfNewDay(at now: Date) {
        let today = LocalDate(now, in: machine.policy.timeZone)
        guard today != lastDailyDay else { return }
        lastDailyDay = today
        daily(now)
    }

    /// A key from the keyboard: a staff key, or, when the keyboard types scans and the kiosk
    /// waits for a scan, part of a barcode (Esc and Backspace with nothing typed still reach
    /// staff mode, to go back a step).
    func press(_ key: KeyPress, at now: Date) {
        // `n` first thing at "scan its label" asks for a number rather than starting a barcode.
        var atLabelPrompt = false
        if case .scanBookToRegister? = machine.staffPrompt { atLabelPrompt = true }
        let asksForNumber = key == .character("n") && typed.isEmpty && atLabelPrompt
        guard keyboardTypesScans, machine.isWaitingForScan, key != machine.staffKey, !asksForNumber else {
            feed(.key(key, at: now))
            return
        }
        switch key {
        case .character(let character):
            typed.append(character)
        case .space:
            typed.append(" ")
        case .backspace where !typed.isEmpty:
            typed = String(typed.dropLast())
        case .escape where !typed.isEmpty:
            typed = ""
        case .enter:
            let barcode = typed
            typed = ""
            if !barcode.isEmpty { feed(.scanned(barcode, at: now)) }
            return
        case .backspace, .escape, .function, .left, .right, .zenkakuHankaku, .katakanaHiragana, .henkan:
            feed(.key(key, at: now))
            return
        }
        if typed.isEmpty, let staffPrompt = machine.staffPrompt {
            prompt(staffPrompt, nil, now)
        } else {
            showTyping(typed)
        }
    }

    /// Runs `body`; a fault is logged (with what was being done) and the kiosk goes on.
    private func attempt(_ what: String, _ body: () throws -> Void) {
        do {
            try body()
        } catch {
            log("Could not \(what): \(KioskFault(storeError: error).detail)")
        }
    }

    /// Runs the rules in one transaction; a fault of the store becomes a `failed` input, so
    /// the machine answers the scan (and, with the server away, decides what to keep).
    /// With a journal, the scan is noted first under an id of its own, which the transaction
    /// writes with the Loan it changes: if the answer is lost with the server, or the kiosk is
    /// killed before telling it, the id is looked up later and what it did is told then.
    /// Whether `barcode` is a Card, read without the write lock where the store has such reads
    /// (a full disk or another program's lock still lets SQLite read); nil where it cannot be read.
    private func isCard(_ barcode: String) -> Bool? {
        let code = Barcode.normalize(barcode)
        let lookUp: (any LendingTransaction) throws -> Bool = { try !$0.users(cards: [code]).isEmpty }
        if let snapshots = repository as? any SnapshotReading { return try? snapshots.read(lookUp) }
        return try? repository.transaction(lookUp)
    }

    private func circulate(_ barcode: String, session: User?, at now: Date) -> KioskInput {
        let noted = note(barcode, session: session, at: now)
        do {
            let outcome = try circulation.scan(barcode, session: session, at: now, scan: noted?.id, in: repository)
            return .circulated(outcome, scan: noted?.id, at: now)
        } catch {
            let fault = KioskFault(storeError: error)
            let line = "Could not handle the scan \(barcode): \(KioskLogLine.oneLine(fault.detail))"
            // With the server away the machine writes one line for the whole absence.
            if fault.kind == .databaseUnreachable {
                debugLog(line)
                return .failed(fault, barcode: barcode, scan: noted?.id, at: now)
            }
            log(line)
            return .failed(fault, barcode: barcode, isCard: session == nil ? nil : isCard(barcode), scan: noted?.id, at: now)
        }
    }

}

extension KioskFault {
    /// Classifies an error thrown by a repository.
    public init(storeError error: any Error) {
        let kind: Kind
        if let fault = error as? any RepositoryFault {
            switch fault.faultKind {
            case .busy: kind = .databaseBusy
            case .full: kind = .databaseFull
            case .readOnly: kind = .databaseReadOnly
            case .databaseUnreachable: kind = .databaseUnreachable
            case .notALibrary, .corrupt, .other: kind = .database
            }
        } else {
            kind = .database
        }
        self.init(kind: kind, detail: String(describing: error))
    }
}

/// Work for `KioskRuntime.whenQuiet`: done `delay` seconds after the last scan or key.
public struct QuietWork {
    public var delay: TimeInterval
    public var work: () -> Void

    public init(delay: TimeInterval, work: @escaping () -> Void) {
        self.delay = delay
        self.work = work
    }
}
