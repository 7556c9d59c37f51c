import Foundation
import Feedback
import Lending
import ScannerInput
import TextInput

/// Feeds the kiosk machine, carries out its effects against the repository, and hands every
/// KioskEvent to `announce`. One runtime runs on one thread.
public final class KioskRuntime {
    public private(set) var machine: KioskMachine
    private let circulation: Circulation
    private let repository: any LendingRepository
    private var desk: StaffDesk
    private let announce: (KioskEvent, Date) -> Void
    private let prompt: (StaffPrompt, StaffNotice?) -> Void
    private let log: (String) -> Void

    /// Whether the keyboard is also the Scanner (the demo): outside staff mode, typed characters
    /// collect into a barcode that Enter scans. The staff key and staff mode work as ever.
    public var keyboardTypesScans = false
    /// Shows the barcode being typed when `keyboardTypesScans` (empty when there is none).
    public var showTyping: (String) -> Void = { _ in }
    private var typed = ""

    /// How staff registration numbers a Book that has no label yet (`n` at "scan its label").
    public var bookNumbering: BarcodeNumbering {
        get { desk.bookNumbering }
        set { desk.bookNumbering = newValue }
    }

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
    /// How often the kiosk tries the server again while it is away.
    public var retryInterval: TimeInterval = 5
    /// Whether the last attempt found the database server away.
    public private(set) var isServerAway = false
    private var lastAttempt = Date.distantPast
    /// Lends whose answer was lost with the connection: looked up when the server is back,
    /// before anyone is told they happened.
    private var uncertainLends: [(barcode: String, user: User, time: Date)] = []

    /// - Parameters:
    ///   - announce: called once for each KioskEvent, in order.
    ///   - prompt: shows a staff-mode prompt on the status line.
    ///   - log: grown-up details (faults, what to do) for the log, never shown to a child.
    ///     A PIN never reaches it.
    public init(policy: Policy, repository: any LendingRepository, staffKey: KeyPress = .function(12),
                announce: @escaping (KioskEvent, Date) -> Void,
                prompt: @escaping (StaffPrompt, StaffNotice?) -> Void = { _, _ in },
                log: @escaping (String) -> Void = { _ in }) {
        self.circulation = Circulation(policy: policy)
        self.repository = repository
        self.desk = StaffDesk(circulation: circulation, repository: repository)
        self.announce = announce
        self.prompt = prompt
        self.log = log
        var lock = PINLock()
        do {
            lock = try desk.loadPINLock()
        } catch {
            log("Could not read the PIN lock, so PIN entry starts open: \(error)")
        }
        self.machine = KioskMachine(policy: policy, pinLock: lock, staffKey: staffKey)
    }

    /// Hands `input` to the machine and carries out every effect, feeding results back.
    public func feed(_ input: KioskInput) {
        var pending = machine.handle(input)
        while !pending.isEmpty {
            let effect = pending.removeFirst()
            switch effect {
            case .announce(let event, let time):
                if case .staff(let staffEvent) = event, [.entered, .left].contains(staffEvent.action) {
                    attempt("record \(staffEvent.action.rawValue) in the audit log") { try desk.record(staffEvent, at: time) }
                }
                announce(event, time)
            case .circulate(let barcode, let session, let time):
                pending.append(contentsOf: machine.handle(circulate(barcode, session: session, at: time)))
            case .verifyPIN(let pin, let time):
                var staff: String?
                attempt("check the PIN") { staff = try desk.staffMember(withPIN: pin) }
                pending.append(contentsOf: machine.handle(.pinChecked(staff: staff, at: time)))
            case .staffRequest(let request, let staff, let time):
                let result: StaffResult
                do {
                    result = try desk.carryOut(request, by: staff, at: time)
                } catch {
                    let fault = KioskFault(storeError: error)
                    log("Could not carry out the staff action for \(staff): \(fault.detail)")
                    result = .notice(.failed(fault))
                }
                pending.append(contentsOf: machine.handle(.staffDone(result, at: time)))
            case .savePINLock(let lock, let failedAttempt, let time):
                attempt("keep the PIN lock") { try desk.save(lock, failedAttempt: failedAttempt, at: time) }
            case .prompt(let staffPrompt, let notice):
                prompt(staffPrompt, notice)
            case .convert(let kana, let time):
                pending.append(contentsOf: machine.handle(.converted(kana: kana, convertKana(kana), at: time)))
            }
        }
    }

    /// Fires the Session timer if it is due at `now`.
    public func advance(to now: Date) {
        while let deadline = machine.nextDeadline, deadline <= now {
            feed(.tick(at: deadline))
        }
    }

    /// Runs the kiosk on `source` until it ends, reading the time from `clock`.
    /// Waits in the source (no busy loop) until the next scan or the next timer.
    public func run(source: any ScanSource, clock: () -> Date = Date.init) throws {
        runDailyIfNewDay(at: clock())
        feed(.started(at: clock()))
        while true {
            let deadlines = [machine.nextDeadline, quietDeadline, isServerAway ? lastAttempt.addingTimeInterval(retryInterval) : nil]
            let timeout = deadlines.compactMap { $0 }.min().map { deadline -> Duration in
                let seconds = max(0, deadline.timeIntervalSince(clock()))
                return .milliseconds(Int64((seconds * 1000).rounded(.up)))
            }
            let event = try source.next(timeout: timeout)
            let now = clock()
            runDailyIfNewDay(at: now)
            // Before a scan, journalled returns go first: a Book returned while the server was
            // away must be home before it can be lent again.
            if case .scan = event {
                retryServer(at: now, force: true)
            } else {
                retryServer(at: now)
            }
            // Timers that fell due while waiting fire first, at their own times.
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
            prompt(staffPrompt, nil)
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
    /// the kiosk answers the scan and keeps going. With the server away, a Book scanned with
    /// no Session goes into the journal, and a lend whose answer was lost is remembered to be
    /// looked up later.
    private func circulate(_ barcode: String, session: User?, at now: Date) -> KioskInput {
        do {
            let outcome = try circulation.scan(barcode, session: session, at: now, in: repository)
            isServerAway = false
            return .circulated(outcome, at: now)
        } catch {
            let fault = KioskFault(storeError: error)
            log("Could not handle the scan \(barcode): \(fault.detail)")
            if fault.kind == .databaseUnreachable {
                serverWentAway(at: now)
                if let session {
                    uncertainLends.append((barcode, session, now))
                } else if let journal {
                    do {
                        try journal.keep(barcode: barcode, scannedAt: now)
                        log("The scan \(barcode) is kept in the journal, to be applied as a return when the database is back.")
                    } catch {
                        log("Could not keep the scan \(barcode) in the journal: \(error)")
                    }
                }
            }
            return .failed(fault, at: now)
        }
    }

    private func serverWentAway(at now: Date) {
        if !isServerAway { log("The database server cannot be reached; the kiosk tries again every \(Int(retryInterval)) s.") }
        isServerAway = true
        lastAttempt = now
    }

    /// While the server is away, every `retryInterval` (or now, with `force`): applies the
    /// journal's returns at their scan times (`returned` events with `deferred`), looks up the
    /// lends whose answer was lost, and, when all that worked, carries on as before.
    public func retryServer(at now: Date, force: Bool = false) {
        guard isServerAway, force || now >= lastAttempt.addingTimeInterval(retryInterval) else { return }
        lastAttempt = now
        do {
            for entry in try journal?.entries() ?? [] {
                if let outcome = try circulation.applyJournalledReturn(entry.barcode, scannedAt: entry.scannedAt,
                                                                        in: repository) {
                    announce(.deferred(outcome), now)
                }
                try journal?.remove(entry)
            }
            while let lend = uncertainLends.first {
                if let outcome = try circulation.lendWritten(lend.barcode, to: lend.user, at: lend.time, in: repository) {
                    announce(.deferred(outcome), now)
                }
                uncertainLends.removeFirst()
            }
            // Nothing was pending: one empty transaction says whether the server is back.
            try repository.transaction { _ in }
            isServerAway = false
            log("The database server answers again; the kiosk carries on.")
            // The screen and the status line asked for a grown-up: they go back to waiting for a
            // Card (a Session or staff mode still open keeps its own screen until its next step).
            if machine.sessionUser == nil, !machine.isInStaffMode { announce(.ready, now) }
        } catch {
            let fault = KioskFault(storeError: error)
            if fault.kind != .databaseUnreachable {
                log("Could not apply the journal: \(fault.detail)")
            }
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
