import Foundation
import Feedback
import Lending
import ScannerInput
import TextInput

/// What happens to the kiosk: a scan, a key, a timer, a result coming back from the runtime.
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
    /// The runtime carried out a `circulate` effect.
    case circulated(Outcome, at: Date)
    /// The runtime could not carry out a `circulate` effect.
    case failed(KioskFault, at: Date)
    /// The runtime checked a PIN: the Staff member it belongs to, or nil.
    case pinChecked(staff: String?, at: Date)
    /// The runtime carried out a `staffRequest` effect.
    case staffDone(StaffResult, at: Date)
    /// The runtime carried out a `convert` effect: the segments `kana` may become (none where
    /// there is no dictionary).
    case converted(kana: String, [ConversionSegment], at: Date)
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
    /// Find the Staff member whose PIN this is and feed back `pinChecked`. The PIN goes
    /// nowhere else: not to the log, the event stream or the database.
    case verifyPIN(String, at: Date)
    /// Carry out a staff action for Staff member `by`, recorded in the audit log in the same
    /// transaction, and feed back `staffDone`.
    case staffRequest(StaffRequest, by: String, at: Date)
    /// Keep the PIN lock so a restart does not open it; a failed attempt goes to the audit log.
    case savePINLock(PINLock, failedAttempt: Bool, at: Date)
    /// Show a staff-mode prompt on the status line (not on the event stream).
    case prompt(StaffPrompt, notice: StaffNotice?)
    /// Look up the kanji `kana` may become (kana being composed in a text field) and feed
    /// back `converted`.
    case convert(kana: String, at: Date)
}

/// A staff action the runtime carries out against the repository.
public enum StaffRequest: Sendable, Equatable {
    /// Look a Card up, for lending with override.
    case findCard(String)
    /// Lend the Book scanned to `user`, past `limitReached` and `hasOverdue`.
    case lend(String, to: User)
    case forceReturn(String)
    /// Move the due date of the Book's open Loan on by the Policy's loan days.
    case extend(String)
    case registerBook(Book)
    /// The next free Book number, for a Book that has no label yet (`n` when asked to scan it).
    case newBookNumber
    case registerUser(User)
    case withdraw(String)
    case listOverdue
}

/// What a `StaffRequest` came to.
public enum StaffResult: Sendable, Equatable {
    case cardFound(User)
    /// The action was done and recorded.
    case done(StaffEvent)
    /// The rules answered with this Outcome instead: a refusal the override does not pass
    /// (a withdrawn Book, an inactive User), or the return of a Book that was on loan.
    case outcome(Outcome)
    case notice(StaffNotice)
    case overdue([OverdueLoan])
    /// The number a Book without a label will be registered under.
    case bookNumber(String)
}

/// The kiosk's state machine of DESIGN.md §3: idle, a Session, debounce, the session timeout,
/// and staff mode. A pure value: `handle` returns effects and does no I/O.
public struct KioskMachine: Sendable, Equatable {
    /// Seconds without a key or scan after which staff mode is left.
    public static let staffTimeoutSeconds: Double = 120
    /// The longest PIN, title or name typed; keys past it are ignored.
    public static let longestTypedText = 120

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

    public let policy: Policy
    /// The key that starts staff mode.
    public let staffKey: KeyPress
    public private(set) var pinLock: PINLock
    /// Kana input for the text fields (titles, authors, names). Its mode is a mode of staff
    /// mode: switched with F2/F3 at the menu, while registering or in a field, it lasts from
    /// step to step until switched again or staff mode ends. What is being composed belongs to
    /// the field showing.
    public private(set) var composer: TextComposer
    /// The mode kana input starts in at each visit to staff mode.
    public let inputMode: TextInputMode
    private(set) var state: State = .idle
    /// Each recently read barcode (normalized) and the time of its latest read.
    private var lastReads: [String: Date] = [:]

    public init(policy: Policy, pinLock: PINLock = PINLock(), staffKey: KeyPress = .function(12),
                inputMode: TextInputMode = .direct) {
        self.policy = policy
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
    private var currentStep: StaffStep? {
        if case .staff(let step, _) = state { return step }
        return nil
    }

    /// The staff-mode prompt showing now, if in staff mode.
    public var staffPrompt: StaffPrompt? {
        currentStep?.prompt(composer)
    }

    /// When the machine next needs a `tick`: when the Session or staff mode times out.
    public var nextDeadline: Date? {
        switch state {
        case .idle: nil
        case .session(_, let lastActivity): lastActivity.addingTimeInterval(policy.sessionTimeoutSeconds)
        case .staff(_, let lastActivity): lastActivity.addingTimeInterval(KioskMachine.staffTimeoutSeconds)
        }
    }

    public mutating func handle(_ input: KioskInput) -> [KioskEffect] {
        switch input {
        case .started(let now):
            state = .idle
            lastReads = [:]
            return [.announce(.ready, at: now)]

        case .scanned(let raw, let now):
            var effects = expire(at: now)
            let barcode = Barcode.normalize(raw)
            let isDuplicate = isWithinDebounce(barcode, at: now)
            remember(barcode, at: now)
            touch(at: now)
            if isDuplicate {
                effects.append(.announce(.duplicate(barcode: barcode), at: now))
            } else if case .staff(let step, _) = state {
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
            return expire(at: now)

        case .circulated(let outcome, let now):
            switch outcome {
            case .greeted(let user, _):
                state = .session(user, lastActivity: now)
            case .lent, .returned, .refused:
                touch(at: now)
            }
            return [.announce(.outcome(outcome), at: now)]

        case .failed(let fault, let now):
            return [.announce(.error(fault), at: now)]

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
            return [.announce(.scannerLost(scanner: scanner), at: now)]

        case .scannerBack(let scanner, let now):
            return [.announce(.scannerBack(scanner: scanner), at: now)]
        }
    }

    // MARK: Timers and debounce

    /// Ends the Session, or leaves staff mode, when `now` is at or past its deadline.
    private mutating func expire(at now: Date) -> [KioskEffect] {
        guard let deadline = nextDeadline, now >= deadline else { return [] }
        switch state {
        case .idle:
            return []
        case .session(let user, _):
            state = .idle
            return [.announce(.sessionEnded(user), at: now)]
        case .staff(let step, _):
            return leaveStaffMode(from: step, at: now)
        }
    }

    private mutating func touch(at now: Date) {
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

    // MARK: Staff mode

    private mutating func enterStaffMode(at now: Date) -> [KioskEffect] {
        if pinLock.isLocked(at: now) {
            return [.announce(.pinRefused(.pinLocked, retryAfterSeconds: pinLock.secondsLeft(at: now)), at: now)]
        }
        var effects: [KioskEffect] = []
        if let user = sessionUser { effects.append(.announce(.sessionEnded(user), at: now)) }
        return effects + go(to: .pinEntry(typed: ""), at: now)
    }

    private mutating func leaveStaffMode(from step: StaffStep, at now: Date) -> [KioskEffect] {
        state = .idle
        composer = TextComposer(mode: inputMode)
        guard let staff = step.staff else { return [.prompt(.idle, notice: nil)] }
        return [.announce(.staff(StaffEvent(action: .left, staff: staff)), at: now)]
    }

    /// Moves to `step` and shows its prompt. Leaving a text field drops what was being composed
    /// in it.
    private mutating func go(to step: StaffStep, at now: Date, notice: StaffNotice? = nil) -> [KioskEffect] {
        if step.field == nil || step.field != currentStep?.field { composer.clear() }
        state = .staff(step, lastActivity: now)
        return [.prompt(step.prompt(composer), notice: notice)]
    }

    private mutating func handleStaffKey(_ key: KeyPress, in step: StaffStep, at now: Date) -> [KioskEffect] {
        switch step {
        case .pinEntry(let typed):
            switch key {
            case .escape: return leaveStaffMode(from: step, at: now)
            case .enter where !typed.isEmpty:
                state = .staff(.pinEntry(typed: ""), lastActivity: now)
                return [.verifyPIN(typed, at: now)]
            default:
                return go(to: .pinEntry(typed: edit(typed, with: key)), at: now)
            }

        case .menu(let staff):
            switch key {
            case .escape, .character("q"): return leaveStaffMode(from: step, at: now)
            case .character("l"): return go(to: .lendCard(staff: staff), at: now)
            case .character("r"): return go(to: .forceReturn(staff: staff), at: now)
            case .character("e"): return go(to: .extend(staff: staff), at: now)
            case .character("b"): return go(to: .registerBook(staff: staff), at: now)
            case .character("u"): return go(to: .registerUser(staff: staff), at: now)
            case .character("w"): return go(to: .withdraw(staff: staff), at: now)
            case .character("o"): return [.staffRequest(.listOverdue, by: staff, at: now)]
            case _ where key.switchesInputMode: return switchInputMode(key, in: step, at: now)
            default: return go(to: step, at: now)
            }

        case .registerBook(let staff) where key == .character("n"):
            return [.staffRequest(.newBookNumber, by: staff, at: now)]

        case .registerBook where key.switchesInputMode, .registerUser where key.switchesInputMode:
            return switchInputMode(key, in: step, at: now)

        case .lendCard(let staff), .forceReturn(let staff), .extend(let staff), .registerBook(let staff),
             .registerUser(let staff), .withdraw(let staff):
            return key == .escape ? go(to: .menu(staff: staff), at: now) : go(to: step, at: now)

        case .lendBooks(let staff, _):
            return key == .escape ? go(to: .lendCard(staff: staff), at: now) : go(to: step, at: now)

        case .registerTitle(_, _, let typed), .registerAuthor(_, _, _, let typed), .registerName(_, _, let typed):
            switch type(key, into: typed) {
            case .typed(let text):
                return go(to: step.with(typed: text), at: now)
            case .convert(let kana, let text):
                state = .staff(step.with(typed: text), lastActivity: now)
                return [.convert(kana: kana, at: now)]
            case .escape:
                return goBack(from: step, at: now)
            case .enter(let text):
                return submit(step.with(typed: text), at: now)
            }

        case .overdue(let staff, let loans, let index):
            switch key {
            case .escape, .character("q"): return go(to: .menu(staff: staff), at: now)
            case .character("n"), .character(" "), .space, .enter:
                return go(to: .overdue(staff: staff, loans: loans, index: min(index + 1, max(0, loans.count - 1))), at: now)
            case .character("p"), .backspace:
                return go(to: .overdue(staff: staff, loans: loans, index: max(0, index - 1)), at: now)
            default:
                return go(to: step, at: now)
            }
        }
    }

    /// F2/F3 (半角/全角, カタカナ/ひらがな) where no text is typed yet: kana input's mode
    /// changes for the fields to come, and the prompt shows it.
    private mutating func switchInputMode(_ key: KeyPress, in step: StaffStep, at now: Date) -> [KioskEffect] {
        _ = composer.handle(key)
        return go(to: step, at: now)
    }

    /// What a key did in a text field, after kana input had it.
    private enum FieldKey {
        /// The field's text is now this.
        case typed(String)
        /// Kana to convert to kanji; the field's text is now `typed`.
        case convert(String, typed: String)
        case escape
        /// Done: the field's text is this.
        case enter(String)
    }

    /// Passes a key typed into a text field through kana input, then edits the field's text.
    private mutating func type(_ key: KeyPress, into typed: String) -> FieldKey {
        if case .character = key, composer.mode != .direct,
           typed.count + composer.composingLength >= KioskMachine.longestTypedText {
            return .typed(typed)
        }
        let answer = composer.handle(key)
        let text = String((typed + answer.commit).prefix(KioskMachine.longestTypedText))
        if let kana = answer.convert { return .convert(kana, typed: text) }
        switch answer.key {
        case .enter: return .enter(text)
        case .escape: return .escape
        case let other?: return .typed(edit(text, with: other))
        case nil: return .typed(text)
        }
    }

    /// Esc in a text field: back one step.
    private mutating func goBack(from step: StaffStep, at now: Date) -> [KioskEffect] {
        switch step {
        case .registerTitle(let staff, _, _):
            return go(to: .registerBook(staff: staff), at: now)
        case .registerAuthor(let staff, let barcode, let title, _):
            return go(to: .registerTitle(staff: staff, barcode: barcode, typed: title), at: now)
        case .registerName(let staff, _, _):
            return go(to: .registerUser(staff: staff), at: now)
        case .pinEntry, .menu, .lendCard, .lendBooks, .forceReturn, .extend, .registerBook, .registerUser, .withdraw, .overdue:
            return go(to: step, at: now)
        }
    }

    /// Enter in a text field: the title leads to the author; the author registers the Book;
    /// the name registers the User. A title or name of only spaces is not taken.
    private mutating func submit(_ step: StaffStep, at now: Date) -> [KioskEffect] {
        switch step {
        case .registerTitle(let staff, let barcode, let typed):
            let title = typed.trimmingCharacters(in: .whitespaces)
            guard !title.isEmpty else { return go(to: step, at: now) }
            return go(to: .registerAuthor(staff: staff, barcode: barcode, title: title, typed: ""), at: now)
        case .registerAuthor(let staff, let barcode, let title, let typed):
            state = .staff(step, lastActivity: now)
            let author = typed.trimmingCharacters(in: .whitespaces)
            let book = Book(barcode: barcode, title: title, author: author.isEmpty ? nil : author)
            return [.staffRequest(.registerBook(book), by: staff, at: now)]
        case .registerName(let staff, let card, let typed):
            let name = typed.trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { return go(to: step, at: now) }
            state = .staff(step, lastActivity: now)
            return [.staffRequest(.registerUser(User(card: card, name: name)), by: staff, at: now)]
        case .pinEntry, .menu, .lendCard, .lendBooks, .forceReturn, .extend, .registerBook, .registerUser, .withdraw, .overdue:
            return go(to: step, at: now)
        }
    }

    /// Typing: a character or a space is added, Backspace takes the last one off.
    private func edit(_ typed: String, with key: KeyPress) -> String {
        switch key {
        case .character(let character) where typed.count < KioskMachine.longestTypedText:
            return typed + String(character)
        case .space where typed.count < KioskMachine.longestTypedText:
            return typed + " "
        case .backspace:
            return String(typed.dropLast())
        default:
            return typed
        }
    }

    private mutating func handleStaffScan(_ barcode: String, in step: StaffStep, at now: Date) -> [KioskEffect] {
        switch step {
        case .lendCard(let staff):
            return [.staffRequest(.findCard(barcode), by: staff, at: now)]
        case .lendBooks(let staff, let user):
            return [.staffRequest(.lend(barcode, to: user), by: staff, at: now)]
        case .forceReturn(let staff):
            return [.staffRequest(.forceReturn(barcode), by: staff, at: now)]
        case .extend(let staff):
            return [.staffRequest(.extend(barcode), by: staff, at: now)]
        case .withdraw(let staff):
            return [.staffRequest(.withdraw(barcode), by: staff, at: now)]
        case .registerBook(let staff):
            return go(to: .registerTitle(staff: staff, barcode: barcode, typed: ""), at: now)
        case .registerUser(let staff):
            return go(to: .registerName(staff: staff, card: barcode, typed: ""), at: now)
        case .pinEntry, .menu, .registerTitle, .registerAuthor, .registerName, .overdue:
            // This step waits for keys: the scan changes nothing, and the prompt says what to do.
            return go(to: step, at: now)
        }
    }

    private mutating func pinChecked(_ staff: String?, at now: Date) -> [KioskEffect] {
        guard case .staff(.pinEntry, _) = state else { return [] }
        if let staff {
            pinLock.recordSuccess()
            state = .staff(.menu(staff: staff), lastActivity: now)
            return [
                .savePINLock(pinLock, failedAttempt: false, at: now),
                .announce(.staff(StaffEvent(action: .entered, staff: staff)), at: now),
                .prompt(StaffStep.menu(staff: staff).prompt(composer), notice: nil),
            ]
        }
        let locked = pinLock.recordFailure(at: now)
        var effects: [KioskEffect] = [.savePINLock(pinLock, failedAttempt: true, at: now)]
        if locked {
            state = .idle
            effects.append(.announce(.pinRefused(.pinLocked, retryAfterSeconds: pinLock.secondsLeft(at: now)), at: now))
        } else {
            effects.append(.announce(.pinRefused(.pinWrong, retryAfterSeconds: nil), at: now))
            effects.append(.prompt(.pin(typed: 0), notice: .wrongPIN))
        }
        return effects
    }

    private mutating func staffDone(_ result: StaffResult, at now: Date) -> [KioskEffect] {
        guard case .staff(let step, _) = state else {
            // Staff mode ended while the request ran: still tell what was done.
            if case .done(let event) = result { return [.announce(.staff(event), at: now)] }
            return []
        }
        switch (result, step) {
        case (.cardFound(let user), .lendCard(let staff)):
            return go(to: .lendBooks(staff: staff, user: user), at: now)
        case (.overdue(let loans), .menu(let staff)):
            return go(to: .overdue(staff: staff, loans: loans, index: 0), at: now)
        case (.bookNumber(let barcode), .registerBook(let staff)):
            return go(to: .registerTitle(staff: staff, barcode: barcode, typed: ""), at: now)
        // Each answer is announced, then the next prompt shows it too, so it stays in view.
        case (.done(let event), .registerAuthor(let staff, _, _, _)):
            return [.announce(.staff(event), at: now)] + go(to: .registerBook(staff: staff), at: now, notice: .done(event))
        case (.done(let event), .registerName(let staff, _, _)):
            return [.announce(.staff(event), at: now)] + go(to: .registerUser(staff: staff), at: now, notice: .done(event))
        case (.done(let event), _):
            return [.announce(.staff(event), at: now)] + go(to: step, at: now, notice: .done(event))
        case (.outcome(let outcome), _):
            return [.announce(.outcome(outcome), at: now)] + go(to: step, at: now, notice: .outcome(outcome))
        case (.notice(let notice), .registerAuthor(let staff, _, _, _)):
            return go(to: .registerBook(staff: staff), at: now, notice: notice)
        case (.notice(let notice), .registerName(let staff, _, _)):
            return go(to: .registerUser(staff: staff), at: now, notice: notice)
        case (.notice(let notice), _):
            return go(to: step, at: now, notice: notice)
        case (.cardFound, _), (.overdue, _), (.bookNumber, _):
            // An answer to a question this step did not ask: show where things stand.
            return go(to: step, at: now)
        }
    }
}

extension KioskMachine.StaffStep {
    /// The Staff member, once the PIN said who it is.
    var staff: String? {
        switch self {
        case .pinEntry: nil
        case .menu(let staff), .lendCard(let staff), .lendBooks(let staff, _), .forceReturn(let staff),
             .extend(let staff), .registerBook(let staff), .registerTitle(let staff, _, _),
             .registerAuthor(let staff, _, _, _), .registerUser(let staff), .registerName(let staff, _, _),
             .withdraw(let staff), .overdue(let staff, _, _):
            staff
        }
    }

    /// The text fields: each step that types text, by what it types.
    enum Field: Hashable {
        case title, author, name
    }

    /// The text field of this step, if it types text.
    var field: Field? {
        switch self {
        case .registerTitle: .title
        case .registerAuthor: .author
        case .registerName: .name
        case .pinEntry, .menu, .lendCard, .lendBooks, .forceReturn, .extend, .registerBook, .registerUser, .withdraw, .overdue: nil
        }
    }

    /// The same text field with `typed` as its text (other steps as they are).
    func with(typed text: String) -> Self {
        switch self {
        case .registerTitle(let staff, let barcode, _): .registerTitle(staff: staff, barcode: barcode, typed: text)
        case .registerAuthor(let staff, let barcode, let title, _): .registerAuthor(staff: staff, barcode: barcode, title: title, typed: text)
        case .registerName(let staff, let card, _): .registerName(staff: staff, card: card, typed: text)
        case .pinEntry, .menu, .lendCard, .lendBooks, .forceReturn, .extend, .registerBook, .registerUser, .withdraw, .overdue: self
        }
    }

    /// The prompt of this step; a text field's carries `composition`, its kana input, and the
    /// menu's and registering's its mode.
    func prompt(_ composition: TextComposer) -> StaffPrompt {
        switch self {
        case .pinEntry(let typed): .pin(typed: typed.count)
        case .menu(let staff): .menu(staff: staff, inputMode: composition.mode)
        case .lendCard: .scanCardToLend
        case .lendBooks(_, let user): .scanBookToLend(user)
        case .forceReturn: .scanBookToReturn
        case .extend: .scanBookToExtend
        case .registerBook: .scanBookToRegister(inputMode: composition.mode)
        case .registerTitle(_, let barcode, let typed): .typeTitle(barcode: barcode, typed: typed, composition: composition)
        case .registerAuthor(_, let barcode, let title, let typed):
            .typeAuthor(barcode: barcode, title: title, typed: typed, composition: composition)
        case .registerUser: .scanCardToRegister(inputMode: composition.mode)
        case .registerName(_, let card, let typed): .typeName(card: card, typed: typed, composition: composition)
        case .withdraw: .scanBookToWithdraw
        case .overdue(_, let loans, let index): .overdue(loans.isEmpty ? nil : loans[index], index: index, count: loans.count)
        }
    }
}
