import Foundation
import Feedback
import Lending
import ScannerInput

/// What happens to the kiosk: a scan, a key, a timer, a result coming back from the repository.
/// Time always arrives inside the event; the machine never reads a clock.
public enum KioskInput: Sendable, Equatable {
    /// The kiosk has started.
    case started(at: Date)
    /// A barcode was read (raw, as the Scanner typed it).
    case scanned(String, at: Date)
    /// A key was pressed on the staff keyboard.
    case key(KeyPress, at: Date)
    /// Time has passed with nothing else happening (the runtime's timer).
    case tick(at: Date)
    /// The repository carried out a `circulate` effect.
    case circulated(Outcome, at: Date)
    /// The repository could not carry out a `circulate` effect.
    case failed(KioskFault, at: Date)
    case scannerLost(String, at: Date)
    case scannerBack(String, at: Date)
}

/// What the machine asks the runtime to do.
public enum KioskEffect: Sendable, Equatable {
    /// Run the circulation rules for `barcode` in one repository transaction, with `session`
    /// the User whose Session is open, and feed the result back as `circulated` or `failed`.
    case circulate(barcode: String, session: User?, at: Date)
    /// Tell the people and the event stream.
    case announce(KioskEvent, at: Date)
}

/// The kiosk's state machine of DESIGN.md §3: idle, a Session, debounce and the session timeout.
/// A pure value: `handle` returns effects and does no I/O.
public struct KioskMachine: Sendable, Equatable {
    enum State: Sendable, Equatable {
        case idle
        /// A Session is open for `user`; `lastActivity` is the time of its latest scan.
        case session(User, lastActivity: Date)
    }

    public let policy: Policy
    private(set) var state: State = .idle
    /// Each recently read barcode (normalized) and the time of its latest read.
    private var lastReads: [String: Date] = [:]

    public init(policy: Policy) {
        self.policy = policy
    }

    /// The User whose Session is open, if any.
    public var sessionUser: User? {
        switch state {
        case .idle: nil
        case .session(let user, _): user
        }
    }

    /// When the machine next needs a `tick`: the moment the open Session times out.
    public var nextDeadline: Date? {
        switch state {
        case .idle: nil
        case .session(_, let lastActivity): lastActivity.addingTimeInterval(policy.sessionTimeoutSeconds)
        }
    }

    public mutating func handle(_ input: KioskInput) -> [KioskEffect] {
        switch input {
        case .started(let now):
            state = .idle
            lastReads = [:]
            return [.announce(.ready, at: now)]

        case .scanned(let raw, let now):
            var effects = expireSession(at: now)
            let barcode = Barcode.normalize(raw)
            let isDuplicate = isWithinDebounce(barcode, at: now)
            remember(barcode, at: now)
            touchSession(at: now)
            if isDuplicate {
                effects.append(.announce(.duplicate(barcode: barcode), at: now))
            } else {
                effects.append(.circulate(barcode: barcode, session: sessionUser, at: now))
            }
            return effects

        case .key:
            // Staff mode (the staff key, PIN entry and the menu) is not built yet; until it is,
            // keys do nothing, as keys outside staff mode should.
            return []

        case .tick(let now):
            return expireSession(at: now)

        case .circulated(let outcome, let now):
            switch outcome {
            case .greeted(let user):
                state = .session(user, lastActivity: now)
            case .lent, .returned, .refused:
                touchSession(at: now)
            }
            return [.announce(.outcome(outcome), at: now)]

        case .failed(let fault, let now):
            return [.announce(.error(fault), at: now)]

        case .scannerLost(let scanner, let now):
            return [.announce(.scannerLost(scanner: scanner), at: now)]

        case .scannerBack(let scanner, let now):
            return [.announce(.scannerBack(scanner: scanner), at: now)]
        }
    }

    /// Ends the Session when `now` is at or past its deadline.
    private mutating func expireSession(at now: Date) -> [KioskEffect] {
        guard case .session(let user, _) = state, let deadline = nextDeadline, now >= deadline else {
            return []
        }
        state = .idle
        return [.announce(.sessionEnded(user), at: now)]
    }

    private mutating func touchSession(at now: Date) {
        if case .session(let user, _) = state {
            state = .session(user, lastActivity: now)
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
