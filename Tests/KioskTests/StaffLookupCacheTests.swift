import Feedback
import Foundation
import Lending
import StaffPIN
import TextInput
import Testing
@testable import Kiosk

/// F12 registration at the kiosk (no network): a Book scanned by its ISBN barcode comes with
/// the title the lookup cache holds, and is saved with the cache's reading.
extension StaffModeTests {
    static let platina = BookRecord(isbn: "9784344018471", title: "プラチナデータ", reading: "ぷらちな でーた", authors: ["東野圭吾"],
                                    publisher: "幻冬舎", source: .ndl, foundAt: Date(timeIntervalSince1970: 1_790_000_000))

    @Test func anISBNScannedToRegisterAsksTheCacheAndTheTitleIsFilledIn() {
        var machine = machineInMenu()
        _ = machine.handle(.key(.character("b"), at: at(2)))
        #expect(machine.handle(.scanned("9784344018471", at: at(3))) == [
            .staffRequest(.cachedRecord(barcode: "9784344018471", isbn: "9784344018471"), by: "Tanaka", at: at(3)),
        ])
        #expect(machine.handle(.staffDone(.registering(barcode: "9784344018471", title: "プラチナデータ"), at: at(3)))
            == [.prompt(.typeTitle(barcode: "9784344018471", typed: "プラチナデータ"), notice: nil, at: at(3))])
    }

    @Test func anISBNTheCacheDoesNotKnowLeavesTheTitleToType() {
        var machine = machineInMenu()
        _ = machine.handle(.key(.character("b"), at: at(2)))
        _ = machine.handle(.scanned("9784834000825", at: at(3)))
        #expect(machine.handle(.staffDone(.registering(barcode: "9784834000825", title: nil), at: at(3)))
            == [.prompt(.typeTitle(barcode: "9784834000825", typed: ""), notice: nil, at: at(3))])
    }

    @Test func theRuntimeFillsTheTitleFromTheCacheAndSavesTheReading() throws {
        let repository = InMemoryLendingRepository()
        let hash = try PINHash.make("1234")
        try repository.transaction { tx in
            try tx.save(StaffAccount(name: "Tanaka", pinHash: hash))
            try tx.save(Self.platina)
        }
        var prompts: [StaffPrompt] = []
        let runtime = KioskRuntime(policy: policy, repository: repository, announce: { _, _ in }, prompt: { prompt, _, _ in prompts.append(prompt) })
        for key in [.function(12)] + "1234".map({ KeyPress.character($0) }) + [.enter, .character("b")] as [KeyPress] {
            runtime.press(key, at: t0)
        }
        runtime.feed(.scanned("9784344018471", at: t0))
        #expect(prompts.last == .typeTitle(barcode: "9784344018471", typed: "プラチナデータ"))
        runtime.press(.enter, at: t0)
        runtime.press(.enter, at: t0)
        let book = try repository.transaction { try $0.book(barcode: "9784344018471") }
        #expect(book?.title == "プラチナデータ")
        #expect(book?.reading == "ぷらちな でーた")
        #expect(book?.isbn == "9784344018471")
    }
}
