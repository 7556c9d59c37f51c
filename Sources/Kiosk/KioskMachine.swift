import Foundation
import Feedback
import Lending
import ScannerInput
import TextInput

/// The kiosk's state machine of DESIGN.md §3: idle, a Session, debounce, the session timeout,
/// and staff mode. A pure value: `handle` returns effects and does no I/O.
public struct KioskMachine: Sendable, Equatable {
    /// Seconds without a key or scan after which staff mode is left.
    public static let staffTimeoutSeconds: Double = 120
    /// The longest PIN, title or name typed; keys past it are ignored.
    public static let longestTypedText = 120
    /// Seconds between tries of a database server that is away.
    public static let defaultServerRetrySeconds: TimeInterval = 5

    enum State: Sendable, Equatable {
        case idle
        /// A Session is open for `user`; `lastActivity` is the time of its latest scan.
        case session(User, lastActivity: Date)
        case staff(StaffStep, lastActivity: Date)
    }

    /// Where staff mode is. Every step after the PIN knows the Staff member.
    enum StaffStep: Sendable, Equatable {
        case pinEntry(typed: String)
        case menu(staff: String)
        case lendCard(staff: String)
        case lendBooks(staff: String, user: User)
        case forceReturn(staff: String)
        case extend(staff: String)
        case registerBook(staff: String)
        case registerTitle(staff: String, barcode: String, typed: String)
        case registerAuthor(staff: String, barcode: String, title: String, typed: String)
        case registerUser(staff: String)
        case registerName(staff: String, card: String, typed: String)
        case withdraw(staff: String)
        case overdue(staff: String, loans: [OverdueLoan], index: Int)
    }

    public internal(set) var policy: Policy
    /// The key that starts staff mode.
    public let staffKey: KeyPress
    public internal(set) var pinLock: PINLock
    /// Kana input for the text fields (titles, authors, names). Its mode is a mode of staff
    /// mode: switched with F2/F3 at the menu, while registering or in a field, it lasts from
    /// step to step until switched again or staff mode ends. What is being composed belongs to
    /// the field showing.
    public internal(set) var composer: TextComposer
    /// The mode kana input starts in at each visit to staff mode.
    public let inputMode: TextInputMode
    var state: State = .idle
    /// Each recently read barcode (normalized) and the time of its latest read.
    private var lastReads: [String: Date] = [:]
    /// Journal entries resolved by a retry since the latest input from outside (a scan, a key, a
    /// tick): not resolved again by another retry meanwhile, should forgetting one have failed.
    var resolvedScans: [String] = []
    /// The shared database server while it is away; nil while it answers (always, on a file).
    public internal(set) var serverAbsence: ServerAbsence?
    /// Seconds between tries of a server that is away.
    public let serverRetrySeconds: TimeInterval
    /// The shapes of the library's Cards and Books: whether a barcode nobody knows may be a Card.
    public let barcodeRules: BarcodeRules

    public init(policy: Policy, pinLock: PINLock = PINLock(), staffKey: KeyPress = .function(12),
                inputMode: TextInputMode = .direct, serverRetrySeconds: TimeInterval = KioskMachine.defaultServerRetrySeconds,
                barcodeRules: BarcodeRules = .standard) {
        self.policy = policy
        self.barcodeRules = barcodeRules
        self.serverRetrySeconds = serverRetrySeconds
        self.pinLock = pinLock
        self.staffKey = staffKey
        self.inputMode = inputMode
        composer = TextComposer(mode: inputMode)
    }

    /// The User whose Session is open, if any.
    public var sessionUser: User? {
        if case .session(let user, _) = state { return user }
        return nil
    }

    /// Whether keys go to staff mode (PIN entry, the menu or a command's steps).
    public var isInStaffMode: Bool {
        if case .staff = state { return true }
        return false
    }

    /// Whether the kiosk waits for a scan: outside staff mode, and in the staff steps that ask
    /// for one. (Where the keyboard is also the Scanner, typing then makes a barcode.)
    public var isWaitingForScan: Bool {
        guard case .staff(let step, _) = state else { return true }
        switch step {
        case .lendCard, .lendBooks, .forceReturn, .extend, .registerBook, .registerUser, .withdraw: return true
        case .pinEntry, .menu, .registerTitle, .registerAuthor, .registerName, .overdue: return false
        }
    }

    /// The staff step showing now, if in staff mode.
    var currentStep: StaffStep? {
        if case .staff(let step, _) = state { return step }
        return nil
    }

    /// The staff-mode prompt showing now, if in staff mode.
    public var staffPrompt: StaffPrompt? {
        currentStep?.prompt(composer)
    }

    /// Whether the last attempt found the database server away.
    public var isServerAway: Bool { serverAbsence != nil }

    /// When the Session or staff mode times out, if one is open.
    public var stateDeadline: Date? {
        switch state {
        case .idle: nil
        case .session(_, let lastActivity): lastActivity.addingTimeInterval(policy.sessionTimeoutSeconds)
        case .staff(_, let lastActivity): lastActivity.addingTimeInterval(KioskMachine.staffTimeoutSeconds)
        }
    }

    /// When a server that is away is tried again.
    public var retryDeadline: Date? {
        serverAbsence.map { $0.lastAttempt.addingTimeInterval(serverRetrySeconds) }
    }

    /// When the machine next needs a `tick`: when the Session or staff mode times out, or a
    /// server that is away is due to be tried again.
    public var nextDeadline: Date? {
        [stateDeadline, retryDeadline].compactMap { $0 }.min()
    }

    public mutating func handle(_ input: KioskInput) -> [KioskEffect] {
        if input.comesFromOutside { resolvedScans = [] }
        switch input {
        case .started(let now):
            state = .idle
            lastReads = [:]
            return [announcement(.ready, at: now)]

        case .scanned(let raw, let now):
            var effects = expire(at: now)
            let barcode = Barcode.normalize(raw)
            let isDuplicate = isWithinDebounce(barcode, at: now)
            remember(barcode, at: now)
            touch(at: now)
            if isDuplicate {
                effects.append(announcement(.duplicate(barcode: barcode), at: now))
                return effects
            }
            // While the server is away, every scan tries it first: a Book returned meanwhile
            // must be home before it can be lent again.
            effects += retryServer(at: now)
            if case .staff(let step, _) = state {
                effects += handleStaffScan(barcode, in: step, at: now)
            } else {
                effects.append(.circulate(barcode: barcode, session: sessionUser, at: now))
            }
            return effects

        case .key(let key, let now):
            var effects = expire(at: now)
            switch state {
            case .idle, .session:
                if key == staffKey { effects += enterStaffMode(at: now) }
            case .staff(let step, _):
                touch(at: now)
                effects += handleStaffKey(key, in: step, at: now)
            }
            return effects

        case .tick(let now):
            var effects = expire(at: now)
            if let due = retryDeadline, now >= due { effects += retryServer(at: now) }
            return effects

        case .circulated(let outcome, let scan, let now):
            var effects: [KioskEffect] = []
            var told = outcome
            switch outcome {
            case .greeted(let user, _):
                state = .session(user, lastActivity: now)
            case .refused(let refusal, let barcode, let user, let book):
                if sessionUser != nil, mayBeAnotherChild(refusal, barcode: barcode, user: user, book: book) {
                    effects = closeSession(scanning: barcode, at: now)
                    // An unknown barcode was answered in the closed Session's name: not hers.
                    if refusal == .unknownBarcode { told = .refused(refusal, barcode: barcode, user: nil, book: book) }
                } else {
                    touch(at: now)
                }
            case .lent, .returned:
                touch(at: now)
            }
            // Its note in the journal is forgotten once its Outcome is told. A scan got through
            // while the server was thought away: it is back, so the journal goes in now.
            let finished: [KioskEffect] = scan.map { [.forgetScan($0, at: now)] } ?? []
            return effects + [announcement(.outcome(told), at: now)] + finished + retryServer(at: now)

        case .failed(let fault, let barcode, let isCard, let scan, let now):
            return failed(fault, barcode: barcode, isCard: isCard, scan: scan, at: now)

        case .retried(let retry, let now):
            return retried(retry, at: now)

        case .journalled(let barcode, let kept, let now):
            return journalled(barcode, kept: kept, at: now)

        case .journalFound(let now):
            return journalFound(at: now)

        case .pinChecked(let staff, let now):
            return pinChecked(staff, at: now)

        case .staffDone(let result, let now):
            touch(at: now)
            return staffDone(result, at: now)

        case .converted(let kana, let segments, let now):
            guard case .staff(let step, _) = state, step.field != nil else { return [] }
            composer.show(segments, of: kana)
            return go(to: step, at: now)

        case .scannerLost(let scanner, let now):
            return [announcement(.scannerLost(scanner: scanner), at: now)]

        case .scannerBack(let scanner, let now):
            return [announcement(.scannerBack(scanner: scanner), at: now)]
        }
    }

    /// An `announce` effect for `event` at `now`, with the open Session's deadline as it stands.
    func announcement(_ event: KioskEvent, at now: Date) -> KioskEffect {
        if case .session(_, let lastActivity) = state, !(event.isSessionEnd) {
            return .announce(event, at: now, sessionEnds: lastActivity.addingTimeInterval(policy.sessionTimeoutSeconds))
        }
        return .announce(event, at: now)
    }

    // MARK: Whose Session

    /// Whether a scan refused in a Session may have been another child's, so that the next Book
    /// must not go to the Session's child: a Card refused (another child's, or hers now
    /// inactive), the Session's child made inactive, or a barcode nobody knows that may be a
    /// Card. A Book's own refusal (withdrawn, a rule of hers) leaves the Session as it is.
    func mayBeAnotherChild(_ refusal: Refusal, barcode: String, user: User?, book: Book?) -> Bool {
        if book == nil, let user, user.card == barcode { return true }
        switch refusal {
        case .userInactive: return true
        case .unknownBarcode: return barcodeRules.mayBeCard(barcode)
        case .cardFirst, .bookNotLendable, .hasOverdue, .limitReached, .pinWrong, .pinLocked: return false
        }
    }

    /// Closes the open Session, if any, because `barcode` may have been another child's.
    mutating func closeSession(scanning barcode: String, at now: Date) -> [KioskEffect] {
        guard let open = sessionUser else { return [] }
        state = .idle
        return [announcement(.sessionClosed(open, barcode: barcode), at: now)]
    }

    // MARK: Timers and debounce

    /// Ends the Session, or leaves staff mode, when `now` is at or past its deadline.
    mutating func expire(at now: Date) -> [KioskEffect] {
        guard let deadline = stateDeadline, now >= deadline else { return [] }
        switch state {
        case .idle:
            return []
        case .session(let user, _):
            state = .idle
            return [announcement(.sessionEnded(user), at: now)]
        case .staff(let step, _):
            return leaveStaffMode(from: step, at: now)
        }
    }

    mutating func touch(at now: Date) {
        switch state {
        case .idle: break
        case .session(let user, _): state = .session(user, lastActivity: now)
        case .staff(let step, _): state = .staff(step, lastActivity: now)
        }
    }

    private func isWithinDebounce(_ barcode: String, at now: Date) -> Bool {
        guard let previous = lastReads[barcode] else { return false }
        return now.timeIntervalSince(previous) < policy.debounceSeconds
    }

    /// Records a read; forgets reads whose window has passed, so the table stays small.
    private mutating func remember(_ barcode: String, at now: Date) {
        lastReads = lastReads.filter { now.timeIntervalSince($0.value) < policy.debounceSeconds }
        lastReads[barcode] = now
    }

}

extension KioskInput {
    /// Whether the input starts what the runtime does for it (a scan, a key, a timer), rather
    /// than bringing back the result of an effect.
    var comesFromOutside: Bool {
        switch self {
        case .started, .scanned, .key, .tick, .journalFound, .scannerLost, .scannerBack: true
        case .circulated, .failed, .retried, .journalled, .pinChecked, .staffDone, .converted: false
        }
    }
}

extension KioskEvent {
    /// Whether this event ends a Session (it carries no deadline).
    var isSessionEnd: Bool {
        switch self {
        case .sessionEnded, .sessionClosed: true
        case .ready, .outcome, .duplicate, .staff, .pinRefused, .scannerLost, .scannerBack, .error, .deferred: false
        }
    }
}
