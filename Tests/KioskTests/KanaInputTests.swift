import Foundation
import Testing
import Feedback
import Lending
import ScannerInput
import TextInput
@testable import Kiosk

/// Kana input in staff mode's text fields, walked through the pure machine: the fields compose
/// kana, the menu and the PIN keep their plain keys, and the prompt carries what is composed.
@Suite struct KanaInputTests {
    let t0 = Date(timeIntervalSince1970: 1_796_115_600)
    let policy = Policy(timeZone: TimeZone(identifier: "UTC")!)

    func at(_ seconds: Double) -> Date { t0.addingTimeInterval(seconds) }

    func press(_ keys: [KeyPress], into machine: inout KioskMachine, at seconds: Double) -> [KioskEffect] {
        var effects: [KioskEffect] = []
        for key in keys { effects = machine.handle(.key(key, at: at(seconds))) }
        return effects
    }

    func letters(_ text: String) -> [KeyPress] { text.map(KeyPress.character) }

    /// A machine in the menu as Staff member "Tanaka".
    func machineInMenu() -> KioskMachine {
        var machine = KioskMachine(policy: policy)
        _ = machine.handle(.started(at: at(0)))
        _ = press([.function(12)] + letters("1234") + [.enter], into: &machine, at: 1)
        _ = machine.handle(.pinChecked(staff: "Tanaka", at: at(1)))
        return machine
    }

    /// A machine at the title of Book B0100.
    func machineAtTitle() -> KioskMachine {
        var machine = machineInMenu()
        _ = machine.handle(.key(.character("b"), at: at(2)))
        _ = machine.handle(.scanned("B0100", at: at(3)))
        return machine
    }

    @Test func theTitleComposesKanaAndEnterCommitsAndGoesOn() {
        var machine = machineAtTitle()
        #expect(machine.handle(.key(.function(2), at: at(4))) == [
            .prompt(.typeTitle(barcode: "B0100", typed: "", composition: TextComposer(mode: .hiragana)), notice: nil, at: at(4)),
        ])
        #expect(press(letters("guritogur"), into: &machine, at: 5) == [
            .prompt(.typeTitle(barcode: "B0100", typed: "", composition: .typed("guritogur")), notice: nil, at: at(5)),
        ])
        _ = machine.handle(.key(.character("a"), at: at(5)))
        #expect(machine.handle(.key(.enter, at: at(6))) == [
            .prompt(.typeAuthor(barcode: "B0100", title: "ぐりとぐら", typed: "", composition: TextComposer(mode: .hiragana)), notice: nil, at: at(6)),
        ])
        let book = Book(barcode: "B0100", title: "ぐりとぐら")
        #expect(machine.handle(.key(.enter, at: at(7))) == [.staffRequest(.registerBook(book), by: "Tanaka", at: at(7))])
    }

    @Test func katakanaSwitchedInMidTitle() {
        var machine = machineAtTitle()
        let keys: [KeyPress] = [.function(2)] + letters("karasuno") + [.function(3)] + letters("pan") + [.function(3)] + letters("yasan")
        _ = press(keys, into: &machine, at: 4)
        #expect(machine.handle(.key(.enter, at: at(5))) == [
            .prompt(.typeAuthor(barcode: "B0100", title: "からすのパンやさん", typed: "", composition: TextComposer(mode: .hiragana)), notice: nil, at: at(5)),
        ])
    }

    @Test func theModeLastsFromFieldToFieldAndEndsWithStaffMode() {
        var machine = machineAtTitle()
        _ = press([.zenkakuHankaku] + letters("ehon") + [.enter], into: &machine, at: 4)
        #expect(machine.staffPrompt == .typeAuthor(barcode: "B0100", title: "えほん", typed: "", composition: TextComposer(mode: .hiragana)))
        _ = press([.escape, .escape, .escape, .character("q")], into: &machine, at: 5)
        #expect(!machine.isInStaffMode)
        #expect(machine.composer.mode == .direct)
    }

    @Test func menuKeysAndThePINStayPlainKeysWithKanaInputOn() {
        var machine = machineAtTitle()
        _ = machine.handle(.key(.function(2), at: at(4)))
        // Esc, Esc: back to the scan, back to the menu; q leaves.
        _ = press([.escape, .escape], into: &machine, at: 5)
        #expect(machine.staffPrompt == .menu(staff: "Tanaka", inputMode: .hiragana))
        #expect(machine.handle(.key(.character("q"), at: at(6))) == [
            .audit(StaffEvent(action: .left, staff: "Tanaka"), at: at(6)),
            .announce(.staff(StaffEvent(action: .left, staff: "Tanaka")), at: at(6)),
        ])
        // The PIN's digits and letters are themselves.
        _ = machine.handle(.key(.function(12), at: at(7)))
        #expect(press(letters("ka12"), into: &machine, at: 8) == [.prompt(.pin(typed: 4), notice: nil, at: at(8))])
        #expect(machine.handle(.key(.enter, at: at(9))) == [.verifyPIN("ka12", at: at(9))])
    }

    @Test func escWithKanaComposedDropsThemAndStaysInTheField() {
        var machine = machineAtTitle()
        _ = press([.function(2)] + letters("guri"), into: &machine, at: 4)
        #expect(machine.handle(.key(.escape, at: at(5))) == [
            .prompt(.typeTitle(barcode: "B0100", typed: "", composition: TextComposer(mode: .hiragana)), notice: nil, at: at(5)),
        ])
        #expect(machine.handle(.key(.escape, at: at(6))) == [.prompt(.scanBookToRegister(inputMode: .hiragana), notice: nil, at: at(6))])
    }

    @Test func spaceConvertsThroughTheRuntimeAndEnterCommitsIntoTheField() {
        var machine = machineAtTitle()
        _ = press([.function(2)] + letters("hon"), into: &machine, at: 4)
        #expect(machine.handle(.key(.space, at: at(5))) == [.convert(kana: "ほん", at: at(5))])
        let segments = [ConversionSegment(reading: "ほん", candidates: ["本", "ほん"])]
        #expect(machine.handle(.converted(kana: "ほん", segments, at: at(5))) == [
            .prompt(.typeTitle(barcode: "B0100", typed: "",
                               composition: .converting("hon", into: segments)), notice: nil, at: at(5)),
        ])
        #expect(machine.handle(.key(.space, at: at(6))) == [
            .prompt(.typeTitle(barcode: "B0100", typed: "",
                               composition: .converting("hon", into: segments, cycles: 1)), notice: nil, at: at(6)),
        ])
        _ = machine.handle(.key(.space, at: at(6)))
        // Enter commits the conversion into the field; the next Enter is the field's.
        #expect(machine.handle(.key(.enter, at: at(7))) == [
            .prompt(.typeTitle(barcode: "B0100", typed: "本", composition: TextComposer(mode: .hiragana)), notice: nil, at: at(7)),
        ])
        #expect(machine.handle(.key(.enter, at: at(8))) == [
            .prompt(.typeAuthor(barcode: "B0100", title: "本", typed: "", composition: TextComposer(mode: .hiragana)), notice: nil, at: at(8)),
        ])
    }

    @Test func aConversionArrivingAfterTheFieldWasLeftChangesNothing() {
        var machine = machineAtTitle()
        _ = press([.function(2)] + letters("hon") + [.space], into: &machine, at: 4)
        _ = machine.handle(.key(.escape, at: at(5)))
        _ = machine.handle(.key(.escape, at: at(5)))
        // The first Esc dropped the kana, the second left the field.
        #expect(machine.staffPrompt == .scanBookToRegister(inputMode: .hiragana))
        #expect(machine.handle(.converted(kana: "ほん", [], at: at(6))) == [])
        #expect(machine.staffPrompt == .scanBookToRegister(inputMode: .hiragana))
    }

    @Test func spaceWithNothingComposedTypesASpace() {
        var machine = machineAtTitle()
        _ = press([.function(2)] + letters("guri") + [.enter], into: &machine, at: 4)
        // Back in the title, which kept ぐり: a space, then more.
        _ = machine.handle(.key(.escape, at: at(5)))
        #expect(machine.staffPrompt == .typeTitle(barcode: "B0100", typed: "ぐり", composition: TextComposer(mode: .hiragana)))
        _ = press([.space] + letters("gura"), into: &machine, at: 6)
        _ = machine.handle(.key(.enter, at: at(7)))
        #expect(machine.staffPrompt == .typeAuthor(barcode: "B0100", title: "ぐり ぐら", typed: "", composition: TextComposer(mode: .hiragana)))
    }

    @Test func backspaceTakesTheLastLetterThenKanaThenCommittedText() {
        var machine = machineAtTitle()
        _ = press([.function(2)] + letters("ehon") + [.function(2)] + [.function(2)] + letters("k"), into: &machine, at: 4)
        #expect(machine.staffPrompt == .typeTitle(barcode: "B0100", typed: "えほん", composition: .typed("k")))
        _ = machine.handle(.key(.backspace, at: at(5)))
        #expect(machine.staffPrompt == .typeTitle(barcode: "B0100", typed: "えほん", composition: TextComposer(mode: .hiragana)))
        _ = machine.handle(.key(.backspace, at: at(6)))
        #expect(machine.staffPrompt == .typeTitle(barcode: "B0100", typed: "えほ", composition: TextComposer(mode: .hiragana)))
    }

    @Test func theNameOfAUserIsTypedInKanaToo() {
        var machine = machineInMenu()
        _ = machine.handle(.key(.character("u"), at: at(2)))
        _ = machine.handle(.scanned("C0100", at: at(3)))
        _ = press([.katakanaHiragana] + letters("ema"), into: &machine, at: 4)
        #expect(machine.handle(.key(.enter, at: at(5))) == [
            .staffRequest(.registerUser(User(card: "C0100", name: "エマ")), by: "Tanaka", at: at(5)),
        ])
    }

    @Test func aTitleStopsGrowingAtTheLongestText() {
        var machine = machineAtTitle()
        _ = press([.function(2)] + Array(repeating: .character("a"), count: KioskMachine.longestTypedText + 10) + [.enter], into: &machine, at: 4)
        guard case .typeAuthor(_, let title, _, _)? = machine.staffPrompt else {
            Issue.record("expected the author prompt, got \(String(describing: machine.staffPrompt))")
            return
        }
        #expect(title.count == KioskMachine.longestTypedText)
    }
}
