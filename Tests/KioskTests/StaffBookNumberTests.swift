import Feedback
import Foundation
import Lending
import ScannerInput
import TextInput
import StaffPIN
import Testing
@testable import Kiosk

/// `n` at "scan its label": a Book with no label yet gets the next free number.
extension StaffModeTests {
    @Test func nAtScanItsLabelAsksForANumberAndTheTitleFollows() {
        var machine = machineInMenu()
        _ = machine.handle(.key(.character("b"), at: at(2)))
        #expect(machine.handle(.key(.character("n"), at: at(3))) == [.staffRequest(.newBookNumber, by: "Tanaka", at: at(3))])
        #expect(machine.handle(.staffDone(.bookNumber("20000007"), at: at(3))) == [.prompt(.typeTitle(barcode: "20000007", typed: ""), notice: nil, at: at(3))])
        _ = type("もりのなか", into: &machine, at: 4)
        _ = machine.handle(.key(.enter, at: at(5)))
        #expect(machine.handle(.key(.enter, at: at(6))) == [.staffRequest(.registerBook(Book(barcode: "20000007", title: "もりのなか")), by: "Tanaka", at: at(6))])
    }

    @Test func theRuntimeGivesTheNextFreeNumberOfTheConfiguredNumbering() throws {
        let repository = InMemoryLendingRepository()
        let hash = try PINHash.make("1234")
        try repository.transaction { tx in
            try tx.save(Book(barcode: "30000004", title: "ぐりとぐら"))
            try tx.save(StaffAccount(name: "Tanaka", pinHash: hash))
        }
        var prompts: [StaffPrompt] = []
        let runtime = KioskRuntime(policy: policy, repository: repository, announce: { _, _ in }, prompt: { prompt, _, _ in prompts.append(prompt) })
        runtime.bookNumbering = BarcodeNumbering(prefix: "3", length: 8)
        let keys: [KeyPress] = [.function(12)] + "1234".map { KeyPress.character($0) } + [.enter, .character("b"), .character("n")]
        for key in keys {
            runtime.press(key, at: t0)
        }
        #expect(prompts.last == .typeTitle(barcode: "30000005", typed: ""))

        // Where the keyboard is also the Scanner (the demo), n still asks for a number.
        runtime.keyboardTypesScans = true
        for key: KeyPress in [.character("x"), .enter, .enter, .character("n")] { runtime.press(key, at: t0) }
        #expect(prompts.last == .typeTitle(barcode: "30000006", typed: ""))
    }
}
