import Foundation
import Feedback
import Lending
import ScannerInput
import TextInput

// Staff mode (DESIGN.md §3): the PIN, the menu, each command's steps, typing text.
extension KioskMachine {
    mutating func enterStaffMode(at now: Date) -> [KioskEffect] {
        if pinLock.isLocked(at: now) {
            return [announcement(.pinRefused(.pinLocked, retryAfterSeconds: pinLock.secondsLeft(at: now)), at: now)]
        }
        var effects: [KioskEffect] = []
        if let user = sessionUser { effects.append(announcement(.sessionEnded(user), at: now)) }
        return effects + go(to: .pinEntry(typed: ""), at: now)
    }

    mutating func leaveStaffMode(from step: StaffStep, at now: Date) -> [KioskEffect] {
        state = .idle
        composer = TextComposer(mode: inputMode)
        guard let staff = step.staff else { return [.prompt(.idle, notice: nil, at: now)] }
        let left = StaffEvent(action: .left, staff: staff)
        return [.audit(left, at: now), announcement(.staff(left), at: now)]
    }

    /// Moves to `step` and shows its prompt. Leaving a text field drops what was being composed
    /// in it.
    mutating func go(to step: StaffStep, at now: Date, notice: StaffNotice? = nil) -> [KioskEffect] {
        if step.field == nil || step.field != currentStep?.field { composer.clear() }
        state = .staff(step, lastActivity: now)
        return [.prompt(step.prompt(composer), notice: notice, at: now)]
    }

    mutating func handleStaffKey(_ key: KeyPress, in step: StaffStep, at now: Date) -> [KioskEffect] {
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
    mutating func switchInputMode(_ key: KeyPress, in step: StaffStep, at now: Date) -> [KioskEffect] {
        _ = composer.handle(key)
        return go(to: step, at: now)
    }

    /// What a key did in a text field, after kana input had it.
    enum FieldKey {
        /// The field's text is now this.
        case typed(String)
        /// Kana to convert to kanji; the field's text is now `typed`.
        case convert(String, typed: String)
        case escape
        /// Done: the field's text is this.
        case enter(String)
    }

    /// Passes a key typed into a text field through kana input, then edits the field's text.
    mutating func type(_ key: KeyPress, into typed: String) -> FieldKey {
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
    mutating func goBack(from step: StaffStep, at now: Date) -> [KioskEffect] {
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
    mutating func submit(_ step: StaffStep, at now: Date) -> [KioskEffect] {
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
    func edit(_ typed: String, with key: KeyPress) -> String {
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

    mutating func handleStaffScan(_ barcode: String, in step: StaffStep, at now: Date) -> [KioskEffect] {
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
            // A Book's ISBN barcode: the title comes from the lookup cache when it has one.
            if let isbn = Barcode.isbn13(barcode) {
                state = .staff(step, lastActivity: now)
                return [.staffRequest(.cachedRecord(barcode: barcode, isbn: isbn), by: staff, at: now)]
            }
            return go(to: .registerTitle(staff: staff, barcode: barcode, typed: ""), at: now)
        case .registerUser(let staff):
            return go(to: .registerName(staff: staff, card: barcode, typed: ""), at: now)
        case .pinEntry, .menu, .registerTitle, .registerAuthor, .registerName, .overdue:
            // This step waits for keys: the scan changes nothing, and the prompt says what to do.
            return go(to: step, at: now)
        }
    }

    mutating func pinChecked(_ staff: String?, at now: Date) -> [KioskEffect] {
        guard case .staff(.pinEntry, _) = state else { return [] }
        if let staff {
            pinLock.recordSuccess()
            state = .staff(.menu(staff: staff), lastActivity: now)
            let entered = StaffEvent(action: .entered, staff: staff)
            return [
                .savePINLock(pinLock, failedAttempt: false, at: now),
                .audit(entered, at: now),
                announcement(.staff(entered), at: now),
                .prompt(StaffStep.menu(staff: staff).prompt(composer), notice: nil, at: now),
            ]
        }
        let locked = pinLock.recordFailure(at: now)
        var effects: [KioskEffect] = [.savePINLock(pinLock, failedAttempt: true, at: now)]
        if locked {
            state = .idle
            effects.append(announcement(.pinRefused(.pinLocked, retryAfterSeconds: pinLock.secondsLeft(at: now)), at: now))
        } else {
            effects.append(announcement(.pinRefused(.pinWrong, retryAfterSeconds: nil), at: now))
            effects.append(.prompt(.pin(typed: 0), notice: .wrongPIN, at: now))
        }
        return effects
    }

    mutating func staffDone(_ result: StaffResult, at now: Date) -> [KioskEffect] {
        guard case .staff(let step, _) = state else {
            // Staff mode ended while the request ran: still tell what was done.
            if case .done(let event) = result { return [announcement(.staff(event), at: now)] }
            return []
        }
        switch (result, step) {
        case (.cardFound(let user), .lendCard(let staff)), (.cardFound(let user), .lendBooks(let staff, _)):
            return go(to: .lendBooks(staff: staff, user: user), at: now)
        // While lending to a child, a Card refused, the child made inactive, or a barcode that
        // may be a Card: the next Book must not go to her, so the step asks for a Card again.
        case (.outcome(.refused(let refusal, let barcode, let user, let book)), .lendBooks(let staff, _))
            where mayBeAnotherChild(refusal, barcode: barcode, user: user, book: book):
            let outcome = Outcome.refused(refusal, barcode: barcode, user: user, book: book)
            return [announcement(.outcome(outcome), at: now)] + go(to: .lendCard(staff: staff), at: now, notice: .outcome(outcome))
        case (.notice(.unknownBarcode(let barcode)), .lendBooks(let staff, _)) where barcodeRules.mayBeCard(barcode):
            return go(to: .lendCard(staff: staff), at: now, notice: .unknownBarcode(barcode))
        case (.overdue(let loans), .menu(let staff)):
            return go(to: .overdue(staff: staff, loans: loans, index: 0), at: now)
        case (.bookNumber(let barcode), .registerBook(let staff)):
            return go(to: .registerTitle(staff: staff, barcode: barcode, typed: ""), at: now)
        case (.registering(let barcode, let title), .registerBook(let staff)):
            let typed = String((title ?? "").prefix(KioskMachine.longestTypedText))
            return go(to: .registerTitle(staff: staff, barcode: barcode, typed: typed), at: now)
        // Each answer is announced, then the next prompt shows it too, so it stays in view.
        case (.done(let event), .registerAuthor(let staff, _, _, _)):
            return [announcement(.staff(event), at: now)] + go(to: .registerBook(staff: staff), at: now, notice: .done(event))
        case (.done(let event), .registerName(let staff, _, _)):
            return [announcement(.staff(event), at: now)] + go(to: .registerUser(staff: staff), at: now, notice: .done(event))
        case (.done(let event), _):
            return [announcement(.staff(event), at: now)] + go(to: step, at: now, notice: .done(event))
        case (.outcome(let outcome), _):
            return [announcement(.outcome(outcome), at: now)] + go(to: step, at: now, notice: .outcome(outcome))
        case (.notice(let notice), .registerAuthor(let staff, _, _, _)):
            return go(to: .registerBook(staff: staff), at: now, notice: notice)
        case (.notice(let notice), .registerName(let staff, _, _)):
            return go(to: .registerUser(staff: staff), at: now, notice: notice)
        case (.notice(let notice), _):
            return go(to: step, at: now, notice: notice)
        case (.cardFound, _), (.overdue, _), (.bookNumber, _), (.registering, _):
            // An answer to a question this step did not ask: show where things stand.
            return go(to: step, at: now)
        }
    }
}
