import Foundation
import Testing
import Feedback
import Lending
import ScannerInput
import TextInput
import StaffPIN
@testable import Kiosk

/// Staff mode, walked step by step through the pure machine.
@Suite("Staff mode in the state machine")
struct StaffModeTests {
    let t0 = Date(timeIntervalSince1970: 1_796_115_600)
    let policy = Policy(timeZone: TimeZone(identifier: "UTC")!)
    let haruto = User(card: "C0001", name: "はると")

    func at(_ seconds: Double) -> Date { t0.addingTimeInterval(seconds) }

    /// A started machine, with `pin` typed after the staff key at `seconds`.
    func machineAtPINEntry(at seconds: Double = 0, lock: PINLock = PINLock()) -> KioskMachine {
        var machine = KioskMachine(policy: policy, pinLock: lock)
        _ = machine.handle(.started(at: at(0)))
        _ = machine.handle(.key(.function(12), at: at(seconds)))
        return machine
    }

    func type(_ text: String, into machine: inout KioskMachine, at seconds: Double) -> [KioskEffect] {
        var effects: [KioskEffect] = []
        for character in text { effects = machine.handle(.key(.character(character), at: at(seconds))) }
        return effects
    }

    /// A machine in the menu as Staff member "Tanaka".
    func machineInMenu() -> KioskMachine {
        var machine = machineAtPINEntry()
        _ = type("1234", into: &machine, at: 1)
        _ = machine.handle(.key(.enter, at: at(1)))
        _ = machine.handle(.pinChecked(staff: "Tanaka", at: at(1)))
        return machine
    }

    @Test func theStaffKeyOpensPINEntryAndEndsASession() {
        var machine = KioskMachine(policy: policy)
        _ = machine.handle(.started(at: t0))
        _ = machine.handle(.scanned("C0001", at: at(1)))
        _ = machine.handle(.circulated(.greeted(haruto), at: at(1)))
        #expect(machine.handle(.key(.function(12), at: at(2))) == [
            .announce(.sessionEnded(haruto), at: at(2)),
            .prompt(.pin(typed: 0), notice: nil, at: at(2)),
        ])
        #expect(machine.isInStaffMode)
        #expect(machine.nextDeadline == at(2 + KioskMachine.staffTimeoutSeconds))
    }

    @Test func otherKeysOutsideStaffModeDoNothing() {
        var machine = KioskMachine(policy: policy)
        _ = machine.handle(.started(at: t0))
        for key in [KeyPress.character("l"), .enter, .escape, .function(11), .backspace] {
            #expect(machine.handle(.key(key, at: at(1))) == [])
        }
        #expect(!machine.isInStaffMode)
    }

    @Test func thePINIsMaskedWhileTypedAndSentOnlyToBeChecked() {
        var machine = machineAtPINEntry()
        #expect(machine.handle(.key(.character("1"), at: at(1))) == [.prompt(.pin(typed: 1), notice: nil, at: at(1))])
        #expect(type("23", into: &machine, at: 1) == [.prompt(.pin(typed: 3), notice: nil, at: at(1))])
        #expect(machine.handle(.key(.backspace, at: at(1))) == [.prompt(.pin(typed: 2), notice: nil, at: at(1))])
        _ = type("34", into: &machine, at: 1)
        #expect(machine.handle(.key(.enter, at: at(2))) == [.verifyPIN("1234", at: at(2))])
        // The typed PIN is gone from the machine's state once sent.
        #expect(machine.state == .staff(.pinEntry(typed: ""), lastActivity: at(2)))
    }

    @Test func enterWithNothingTypedChecksNothing() {
        var machine = machineAtPINEntry()
        #expect(machine.handle(.key(.enter, at: at(1))) == [.prompt(.pin(typed: 0), notice: nil, at: at(1))])
    }

    @Test func aRightPINOpensTheMenu() {
        var machine = machineAtPINEntry()
        _ = type("1234", into: &machine, at: 1)
        _ = machine.handle(.key(.enter, at: at(1)))
        #expect(machine.handle(.pinChecked(staff: "Tanaka", at: at(1))) == [
            .savePINLock(PINLock(), failedAttempt: false, at: at(1)),
            .audit(StaffEvent(action: .entered, staff: "Tanaka"), at: at(1)),
            .announce(.staff(StaffEvent(action: .entered, staff: "Tanaka")), at: at(1)),
            .prompt(.menu(staff: "Tanaka"), notice: nil, at: at(1)),
        ])
        #expect(machine.state == .staff(.menu(staff: "Tanaka"), lastActivity: at(1)))
    }

    @Test func threeWrongPINsLockEntryForSixtySecondsThenItOpens() {
        var machine = machineAtPINEntry()
        for attempt in 1...2 {
            _ = type("9999", into: &machine, at: Double(attempt))
            _ = machine.handle(.key(.enter, at: at(Double(attempt))))
            #expect(machine.handle(.pinChecked(staff: nil, at: at(Double(attempt)))) == [
                .savePINLock(PINLock(failures: attempt), failedAttempt: true, at: at(Double(attempt))),
                .announce(.pinRefused(.pinWrong, retryAfterSeconds: nil), at: at(Double(attempt))),
                .prompt(.pin(typed: 0), notice: .wrongPIN, at: at(Double(attempt))),
            ])
        }
        _ = type("9999", into: &machine, at: 3)
        _ = machine.handle(.key(.enter, at: at(3)))
        let locked = PINLock(failures: 0, lockouts: 1, lockedUntil: at(63))
        #expect(machine.handle(.pinChecked(staff: nil, at: at(3))) == [
            .savePINLock(locked, failedAttempt: true, at: at(3)),
            .announce(.pinRefused(.pinLocked, retryAfterSeconds: 60), at: at(3)),
        ])
        #expect(!machine.isInStaffMode)
        // Still locked one second before the end; open at the end.
        #expect(machine.handle(.key(.function(12), at: at(62))) == [.announce(.pinRefused(.pinLocked, retryAfterSeconds: 1), at: at(62))])
        #expect(machine.handle(.key(.function(12), at: at(63))) == [.prompt(.pin(typed: 0), notice: nil, at: at(63))])
    }

    @Test func eachFurtherLockoutDoublesAndARightPINForgetsThem() {
        var lock = PINLock(failures: 2, lockouts: 1, lockedUntil: at(-1))
        var machine = machineAtPINEntry(at: 0, lock: lock)
        _ = type("0000", into: &machine, at: 1)
        _ = machine.handle(.key(.enter, at: at(1)))
        let effects = machine.handle(.pinChecked(staff: nil, at: at(1)))
        #expect(effects.last == .announce(.pinRefused(.pinLocked, retryAfterSeconds: 120), at: at(1)))
        #expect(machine.pinLock.lockouts == 2)

        lock = PINLock(failures: 1, lockouts: 2)
        machine = machineAtPINEntry(at: 0, lock: lock)
        _ = type("1234", into: &machine, at: 1)
        _ = machine.handle(.key(.enter, at: at(1)))
        _ = machine.handle(.pinChecked(staff: "Tanaka", at: at(1)))
        #expect(machine.pinLock == PINLock())
    }

    @Test func aLockGivenAtStartStillHolds() {
        var machine = KioskMachine(policy: policy, pinLock: PINLock(lockouts: 1, lockedUntil: at(30)))
        _ = machine.handle(.started(at: t0))
        #expect(machine.handle(.key(.function(12), at: at(10))) == [.announce(.pinRefused(.pinLocked, retryAfterSeconds: 20), at: at(10))])
    }

    @Test func escDuringPINEntryLeavesWithoutAnEvent() {
        var machine = machineAtPINEntry()
        #expect(machine.handle(.key(.escape, at: at(1))) == [.prompt(.idle, notice: nil, at: at(1))])
        #expect(!machine.isInStaffMode)
    }

    @Test func twoMinutesWithoutAKeyOrScanLeaveStaffMode() {
        var machine = machineInMenu()
        #expect(machine.handle(.tick(at: at(1 + KioskMachine.staffTimeoutSeconds - 0.001))) == [])
        #expect(machine.handle(.tick(at: at(1 + KioskMachine.staffTimeoutSeconds))) == [
            .audit(StaffEvent(action: .left, staff: "Tanaka"), at: at(121)),
            .announce(.staff(StaffEvent(action: .left, staff: "Tanaka")), at: at(121)),
        ])
        #expect(!machine.isInStaffMode)
    }

    @Test func qAndEscLeaveFromTheMenu() {
        for key in [KeyPress.character("q"), .escape] {
            var machine = machineInMenu()
            // Leaving is recorded in the audit log (the machine says so; the runtime writes it) and told.
            #expect(machine.handle(.key(key, at: at(5))) == [
                .audit(StaffEvent(action: .left, staff: "Tanaka"), at: at(5)),
                .announce(.staff(StaffEvent(action: .left, staff: "Tanaka")), at: at(5)),
            ])
            #expect(!machine.isInStaffMode)
        }
    }

    struct MenuCase: Sendable, CustomStringConvertible {
        var key: Character
        var prompt: StaffPrompt
        var description: String { "\(key) → \(prompt)" }
    }

    @Test(arguments: [
        MenuCase(key: "l", prompt: .scanCardToLend),
        MenuCase(key: "r", prompt: .scanBookToReturn),
        MenuCase(key: "e", prompt: .scanBookToExtend),
        MenuCase(key: "b", prompt: .scanBookToRegister()),
        MenuCase(key: "u", prompt: .scanCardToRegister()),
        MenuCase(key: "w", prompt: .scanBookToWithdraw),
    ])
    func eachMenuKeyOpensItsCommandAndEscGoesBack(_ menuCase: MenuCase) {
        var machine = machineInMenu()
        #expect(machine.handle(.key(.character(menuCase.key), at: at(5))) == [.prompt(menuCase.prompt, notice: nil, at: at(5))])
        #expect(machine.handle(.key(.escape, at: at(6))) == [.prompt(.menu(staff: "Tanaka"), notice: nil, at: at(6))])
    }

    @Test func lendWithOverrideCardThenBooksAndEscBackOneStep() {
        var machine = machineInMenu()
        _ = machine.handle(.key(.character("l"), at: at(2)))
        #expect(machine.handle(.scanned("C0001", at: at(3))) == [.staffRequest(.findCard("C0001"), by: "Tanaka", at: at(3))])
        #expect(machine.handle(.staffDone(.cardFound(haruto), at: at(3))) == [.prompt(.scanBookToLend(haruto), notice: nil, at: at(3))])
        #expect(machine.handle(.scanned("B0042", at: at(4))) == [.staffRequest(.lend("B0042", to: haruto), by: "Tanaka", at: at(4))])
        let book = Book(barcode: "B0042", title: "ぐりとぐら")
        let loan = Loan(id: 1, book: "B0042", user: "C0001", lentAt: at(4), due: LocalDate(year: 2026, month: 12, day: 8), overrideBy: "Tanaka")
        let event = StaffEvent(action: .override, staff: "Tanaka", user: haruto, book: book, loan: loan)
        #expect(machine.handle(.staffDone(.done(event), at: at(4))) == [
            .announce(.staff(event), at: at(4)),
            .prompt(.scanBookToLend(haruto), notice: .done(event), at: at(4)),
        ])
        // Still lending to the same User; Esc goes back to the Card step, then the menu.
        #expect(machine.handle(.scanned("B0043", at: at(5))) == [.staffRequest(.lend("B0043", to: haruto), by: "Tanaka", at: at(5))])
        #expect(machine.handle(.key(.escape, at: at(6))) == [.prompt(.scanCardToLend, notice: nil, at: at(6))])
        #expect(machine.handle(.key(.escape, at: at(7))) == [.prompt(.menu(staff: "Tanaka"), notice: nil, at: at(7))])
    }

    @Test func aNoticeKeepsTheStep() {
        var machine = machineInMenu()
        _ = machine.handle(.key(.character("r"), at: at(2)))
        _ = machine.handle(.scanned("B0042", at: at(3)))
        let book = Book(barcode: "B0042", title: "ぐりとぐら")
        #expect(machine.handle(.staffDone(.notice(.notOnLoan(book)), at: at(3))) == [.prompt(.scanBookToReturn, notice: .notOnLoan(book), at: at(3))])
        #expect(machine.handle(.scanned("B0043", at: at(4))) == [.staffRequest(.forceReturn("B0043"), by: "Tanaka", at: at(4))])
    }

    @Test func registerABookScanTitleAuthorWithEscBackEachStep() {
        var machine = machineInMenu()
        _ = machine.handle(.key(.character("b"), at: at(2)))
        #expect(machine.handle(.scanned("B0100", at: at(3))) == [.prompt(.typeTitle(barcode: "B0100", typed: ""), notice: nil, at: at(3))])
        _ = type("ぐり", into: &machine, at: 4)
        #expect(machine.handle(.key(.escape, at: at(5))) == [.prompt(.scanBookToRegister(), notice: nil, at: at(5))])
        _ = machine.handle(.scanned("B0100", at: at(8)))
        #expect(type("ねないこ", into: &machine, at: 9) == [.prompt(.typeTitle(barcode: "B0100", typed: "ねないこ"), notice: nil, at: at(9))])
        #expect(machine.handle(.key(.enter, at: at(10))) == [.prompt(.typeAuthor(barcode: "B0100", title: "ねないこ", typed: ""), notice: nil, at: at(10))])
        #expect(machine.handle(.key(.escape, at: at(11))) == [.prompt(.typeTitle(barcode: "B0100", typed: "ねないこ"), notice: nil, at: at(11))])
        _ = machine.handle(.key(.enter, at: at(12)))
        _ = type("せな", into: &machine, at: 13)
        let book = Book(barcode: "B0100", title: "ねないこ", author: "せな")
        #expect(machine.handle(.key(.enter, at: at(14))) == [.staffRequest(.registerBook(book), by: "Tanaka", at: at(14))])
        let event = StaffEvent(action: .registeredBook, staff: "Tanaka", book: book)
        #expect(machine.handle(.staffDone(.done(event), at: at(14))) == [
            .announce(.staff(event), at: at(14)),
            .prompt(.scanBookToRegister(), notice: .done(event), at: at(14)),
        ])
        // Ready for the next Book.
        #expect(machine.handle(.scanned("B0101", at: at(15))) == [.prompt(.typeTitle(barcode: "B0101", typed: ""), notice: nil, at: at(15))])
    }

    @Test func anEmptyTitleIsNotAccepted() {
        var machine = machineInMenu()
        _ = machine.handle(.key(.character("b"), at: at(2)))
        _ = machine.handle(.scanned("B0100", at: at(3)))
        _ = type("  ", into: &machine, at: 4)
        #expect(machine.handle(.key(.enter, at: at(5))) == [.prompt(.typeTitle(barcode: "B0100", typed: "  "), notice: nil, at: at(5))])
    }

    @Test func registeringOnATakenBarcodeGoesBackToTheScan() {
        var machine = machineInMenu()
        _ = machine.handle(.key(.character("u"), at: at(2)))
        _ = machine.handle(.scanned("B0042", at: at(3)))
        _ = type("ゆい", into: &machine, at: 4)
        #expect(machine.handle(.key(.enter, at: at(5))) == [.staffRequest(.registerUser(User(card: "B0042", name: "ゆい")), by: "Tanaka", at: at(5))])
        #expect(machine.handle(.staffDone(.notice(.barcodeTaken("B0042")), at: at(5))) == [.prompt(.scanCardToRegister(), notice: .barcodeTaken("B0042"), at: at(5))])
    }

    @Test func overdueListPagesAndEscGoesBack() {
        var machine = machineInMenu()
        #expect(machine.handle(.key(.character("o"), at: at(2))) == [.staffRequest(.listOverdue, by: "Tanaka", at: at(2))])
        let loans = (1...2).map { index in
            OverdueLoan(loan: Loan(id: Int64(index), book: "B000\(index)", user: "C0001", lentAt: at(-864_000), due: LocalDate(year: 2026, month: 11, day: 20)),
                        book: nil, user: haruto, days: 11)
        }
        #expect(machine.handle(.staffDone(.overdue(loans), at: at(2))) == [.prompt(.overdue(loans[0], index: 0, count: 2), notice: nil, at: at(2))])
        #expect(machine.handle(.key(.character("n"), at: at(3))) == [.prompt(.overdue(loans[1], index: 1, count: 2), notice: nil, at: at(3))])
        #expect(machine.handle(.key(.character("n"), at: at(4))) == [.prompt(.overdue(loans[1], index: 1, count: 2), notice: nil, at: at(4))])
        #expect(machine.handle(.key(.character("p"), at: at(5))) == [.prompt(.overdue(loans[0], index: 0, count: 2), notice: nil, at: at(5))])
        #expect(machine.handle(.key(.escape, at: at(6))) == [.prompt(.menu(staff: "Tanaka"), notice: nil, at: at(6))])
    }

    @Test func anEmptyOverdueListSaysSo() {
        var machine = machineInMenu()
        _ = machine.handle(.key(.character("o"), at: at(2)))
        #expect(machine.handle(.staffDone(.overdue([]), at: at(2))) == [.prompt(.overdue(nil, index: 0, count: 0), notice: nil, at: at(2))])
    }

    @Test func scansWhileTypingChangeNothing() {
        var machine = machineInMenu()
        _ = machine.handle(.key(.character("b"), at: at(2)))
        _ = machine.handle(.scanned("B0100", at: at(3)))
        _ = type("ぐり", into: &machine, at: 4)
        #expect(machine.handle(.scanned("B0200", at: at(5))) == [.prompt(.typeTitle(barcode: "B0100", typed: "ぐり"), notice: nil, at: at(5))])
    }

    @Test func scansInStaffModeNeverCirculate() {
        var machine = machineAtPINEntry()
        #expect(machine.handle(.scanned("C0001", at: at(1))) == [.prompt(.pin(typed: 0), notice: nil, at: at(1))])
        machine = machineInMenu()
        #expect(machine.handle(.scanned("C0001", at: at(2))) == [.prompt(.menu(staff: "Tanaka"), notice: nil, at: at(2))])
    }
}

/// The demo's keyboard: it types barcodes where the kiosk waits for a scan, and keys elsewhere.
@Suite("Keyboard as the Scanner")
final class KeyboardScannerTests {
    let t0 = Date(timeIntervalSince1970: 1_796_115_600)
    var events: [KioskEvent] = []
    var prompts: [StaffPrompt] = []
    var typing: [String] = []
    let runtime: KioskRuntime

    init() throws {
        let repository = InMemoryLendingRepository()
        let hash = try PINHash.make("1234")
        try repository.transaction { tx in
            try tx.save(User(card: "C0001", name: "はると"))
            try tx.save(Book(barcode: "B0001", title: "ぐりとぐら"))
            try tx.save(StaffAccount(name: "Tanaka", pinHash: hash))
        }
        runtime = KioskRuntime(policy: Policy(timeZone: TimeZone(identifier: "UTC")!), repository: repository,
                               announce: { _, _ in }, prompt: { _, _, _ in })
        runtime.keyboardTypesScans = true
    }

    func keys(_ keys: [KeyPress]) {
        for key in keys { runtime.press(key, at: t0) }
    }

    func text(_ text: String) -> [KeyPress] { text.map { KeyPress.character($0) } }

    @Test func typedCharactersAndEnterMakeAScan() {
        let recorder = Recorder()
        recorder.attach(to: runtime)
        keys(text("C0001") + [.enter])
        #expect(recorder.typing == ["C", "C0", "C00", "C000", "C0001"])
        #expect(runtime.machine.sessionUser?.card == "C0001")
    }

    @Test func backspaceAndEscEditWhatIsTyped() {
        keys(text("C0009") + [.backspace] + text("1") + [.enter])
        #expect(runtime.machine.sessionUser?.card == "C0001")
        keys(text("B00") + [.escape, .enter])
        #expect(runtime.machine.sessionUser?.card == "C0001")
    }

    @Test func inStaffModeKeysGoToTheMenuAndScanStepsTakeTypedBarcodes() {
        keys([.function(12)] + text("1234") + [.enter])
        #expect(runtime.machine.staffPrompt == .menu(staff: "Tanaka"))
        keys(text("b"))
        #expect(runtime.machine.staffPrompt == .scanBookToRegister())
        keys(text("B0100") + [.enter])
        #expect(runtime.machine.staffPrompt == .typeTitle(barcode: "B0100", typed: ""))
        keys(text("ねないこ") + [.enter, .enter])
        #expect(runtime.machine.staffPrompt == .scanBookToRegister())
        // Esc with nothing typed goes back a step.
        keys([.escape])
        #expect(runtime.machine.staffPrompt == .menu(staff: "Tanaka"))
    }
}

/// Records what a runtime shows while a barcode is typed.
final class Recorder {
    var typing: [String] = []

    func attach(to runtime: KioskRuntime) {
        runtime.showTyping = { [unowned self] in typing.append($0) }
    }
}
