import Foundation
import Testing
import Feedback
import Lending
import TextInput
@testable import Kiosk

/// Kana input is a mode of staff mode, not of one field: switched at the menu or while
/// registering (before any field shows), it follows the Staff member from step to step, is
/// shown on each prompt that types text or leads to it, and ends with staff mode.
@Suite struct KanaModeTests {
    let t0 = Date(timeIntervalSince1970: 1_796_115_600)
    let policy = Policy(timeZone: TimeZone(identifier: "UTC")!)

    func at(_ seconds: Double) -> Date { t0.addingTimeInterval(seconds) }

    /// A machine in the menu as Staff member "Tanaka".
    func machineInMenu() -> KioskMachine {
        var machine = KioskMachine(policy: policy)
        _ = machine.handle(.started(at: at(0)))
        for key in [KeyPress.function(12)] + "1234".map(KeyPress.character) + [.enter] { _ = machine.handle(.key(key, at: at(1))) }
        _ = machine.handle(.pinChecked(staff: "Tanaka", at: at(1)))
        return machine
    }

    @Test func f2AtTheLabelPromptMakesTheTitleKana() {
        var machine = machineInMenu()
        #expect(machine.handle(.key(.character("b"), at: at(2))) == [.prompt(.scanBookToRegister(inputMode: .direct), notice: nil, at: at(2))])
        #expect(machine.handle(.key(.function(2), at: at(3))) == [.prompt(.scanBookToRegister(inputMode: .hiragana), notice: nil, at: at(3))])
        #expect(machine.handle(.scanned("B0100", at: at(4))) == [
            .prompt(.typeTitle(barcode: "B0100", typed: "", composition: TextComposer(mode: .hiragana)), notice: nil, at: at(4)),
        ])
        for letter in "guritogura" { _ = machine.handle(.key(.character(letter), at: at(5))) }
        #expect(machine.handle(.key(.enter, at: at(6))) == [
            .prompt(.typeAuthor(barcode: "B0100", title: "ぐりとぐら", typed: "", composition: TextComposer(mode: .hiragana)), notice: nil, at: at(6)),
        ])
    }

    @Test func zenkakuHankakuAtTheMenuAndKatakanaAtTheCardPromptReachTheName() {
        var machine = machineInMenu()
        #expect(machine.handle(.key(.zenkakuHankaku, at: at(2))) == [.prompt(.menu(staff: "Tanaka", inputMode: .hiragana), notice: nil, at: at(2))])
        #expect(machine.handle(.key(.character("u"), at: at(3))) == [.prompt(.scanCardToRegister(inputMode: .hiragana), notice: nil, at: at(3))])
        #expect(machine.handle(.key(.katakanaHiragana, at: at(4))) == [.prompt(.scanCardToRegister(inputMode: .katakana), notice: nil, at: at(4))])
        _ = machine.handle(.scanned("C0100", at: at(5)))
        for letter in "ema" { _ = machine.handle(.key(.character(letter), at: at(6))) }
        #expect(machine.handle(.key(.enter, at: at(7))) == [
            .staffRequest(.registerUser(User(card: "C0100", name: "エマ")), by: "Tanaka", at: at(7)),
        ])
    }

    @Test func theModeFollowsThroughStepsThatTypeNoText() {
        var machine = machineInMenu()
        _ = machine.handle(.key(.function(2), at: at(2)))
        // Force return types no text: F2 there changes nothing, and the mode is kept.
        _ = machine.handle(.key(.character("r"), at: at(3)))
        #expect(machine.handle(.key(.function(2), at: at(4))) == [.prompt(.scanBookToReturn, notice: nil, at: at(4))])
        #expect(machine.handle(.key(.escape, at: at(5))) == [.prompt(.menu(staff: "Tanaka", inputMode: .hiragana), notice: nil, at: at(5))])
        // A registered Book brings the label prompt back, still in kana.
        _ = machine.handle(.key(.character("b"), at: at(6)))
        _ = machine.handle(.scanned("B0100", at: at(7)))
        for letter in "ehon" { _ = machine.handle(.key(.character(letter), at: at(8))) }
        _ = machine.handle(.key(.enter, at: at(9)))
        _ = machine.handle(.key(.enter, at: at(10)))
        let event = StaffEvent(action: .registeredBook, staff: "Tanaka", book: Book(barcode: "B0100", title: "えほん"))
        #expect(machine.handle(.staffDone(.done(event), at: at(11))) == [
            .announce(.staff(event), at: at(11)),
            .prompt(.scanBookToRegister(inputMode: .hiragana), notice: .done(event), at: at(11)),
        ])
    }

    @Test func nAtTheLabelPromptStillAsksForANumberWithKanaOn() {
        var machine = machineInMenu()
        _ = machine.handle(.key(.character("b"), at: at(2)))
        _ = machine.handle(.key(.function(2), at: at(3)))
        #expect(machine.handle(.key(.character("n"), at: at(4))) == [.staffRequest(.newBookNumber, by: "Tanaka", at: at(4))])
    }

    @Test func theModeEndsWhenStaffModeTimesOut() {
        var machine = machineInMenu()
        _ = machine.handle(.key(.function(2), at: at(2)))
        _ = machine.handle(.tick(at: at(2 + KioskMachine.staffTimeoutSeconds)))
        #expect(!machine.isInStaffMode)
        _ = machine.handle(.key(.function(12), at: at(200)))
        for key in "1234".map(KeyPress.character) + [.enter] { _ = machine.handle(.key(key, at: at(201))) }
        #expect(machine.handle(.pinChecked(staff: "Tanaka", at: at(202))).last == .prompt(.menu(staff: "Tanaka", inputMode: .direct), notice: nil, at: at(202)))
    }

    @Test func thePINIgnoresF2() {
        var machine = KioskMachine(policy: policy)
        _ = machine.handle(.key(.function(12), at: at(1)))
        #expect(machine.handle(.key(.function(2), at: at(2))) == [.prompt(.pin(typed: 0), notice: nil, at: at(2))])
        #expect(machine.composer.mode == .direct)
    }
}
