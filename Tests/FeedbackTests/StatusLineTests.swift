import Feedback
import Language
import Lending
import Testing

@Suite struct StatusLineTests {
    static let erase = "\r\u{1B}[2K"
    static let reset = "\u{1B}[0m"

    struct RenderCase: Sendable, CustomTestStringConvertible {
        var event: KioskEvent
        var message: String
        var width: Int
        var terminal: String
        var plain: String
        var testDescription: String { plain }
    }

    @Test(arguments: [
        RenderCase(event: .ready, message: "カードをスキャンしてね", width: 80,
                   terminal: "\(erase)\u{1B}[1m› カードをスキャンしてね\(reset)", plain: "› カードをスキャンしてね\n"),
        RenderCase(event: .outcome(.lent(Fixtures.loan, book: Fixtures.guri, user: Fixtures.haruto)),
                   message: "はるとさん、「ぐりとぐら」をかりたよ", width: 80,
                   terminal: "\(erase)\u{1B}[1;32m✓ はるとさん、「ぐりとぐら」をかりたよ\(reset)",
                   plain: "✓ はるとさん、「ぐりとぐら」をかりたよ\n"),
        // 2 + 36 columns do not fit in 20 - 1: cut at 19 columns, with the ellipsis.
        RenderCase(event: .outcome(.lent(Fixtures.loan, book: Fixtures.guri, user: Fixtures.haruto)),
                   message: "はるとさん、「ぐりとぐら」をかりたよ", width: 20,
                   terminal: "\(erase)\u{1B}[1;32m✓ はるとさん、「ぐ…\(reset)",
                   plain: "✓ はるとさん、「ぐりとぐら」をかりたよ\n"),
        RenderCase(event: .outcome(.returned(Fixtures.loan, book: Fixtures.guri, user: nil, overdueDays: 0)),
                   message: "Thank you!", width: 40,
                   terminal: "\(erase)\u{1B}[1;36m↩ Thank you!\(reset)", plain: "↩ Thank you!\n"),
        RenderCase(event: .outcome(.refused(.limitReached, barcode: "B1", user: nil, book: nil)),
                   message: "Bring one back", width: 10,
                   terminal: "\(erase)\u{1B}[1;33m✗ Bring …\(reset)", plain: "✗ Bring one back\n"),
        RenderCase(event: .outcome(.greeted(Fixtures.emma)), message: "Hello, Emma!", width: 80,
                   terminal: "\(erase)\u{1B}[1;34m☺ Hello, Emma!\(reset)", plain: "☺ Hello, Emma!\n"),
        RenderCase(event: .duplicate(barcode: "B1"), message: "Already scanned", width: 80,
                   terminal: "\(erase)\u{1B}[2m↻ Already scanned\(reset)", plain: "↻ Already scanned\n"),
        RenderCase(event: .staff(StaffEvent(action: .entered, staff: "A")), message: "Staff mode", width: 80,
                   terminal: "\(erase)\u{1B}[1;35m✦ Staff mode\(reset)", plain: "✦ Staff mode\n"),
        RenderCase(event: .scannerLost(scanner: "s"), message: "Lost", width: 80,
                   terminal: "\(erase)\u{1B}[1;31m⊘ Lost\(reset)", plain: "⊘ Lost\n"),
        RenderCase(event: .scannerBack(scanner: "s"), message: "Back", width: 80,
                   terminal: "\(erase)\u{1B}[1;32m⟳ Back\(reset)", plain: "⟳ Back\n"),
        RenderCase(event: .error(KioskFault(kind: .database, detail: "x")), message: "Wait", width: 80,
                   terminal: "\(erase)\u{1B}[1;31m! Wait\(reset)", plain: "! Wait\n"),
        // Control characters in a title cannot move the cursor or colour the line.
        RenderCase(event: .outcome(.returned(Fixtures.loan, book: Fixtures.guri, user: nil, overdueDays: 0)),
                   message: "a\nb\u{1B}[31mc\td", width: 80,
                   terminal: "\(erase)\u{1B}[1;36m↩ a b [31mc d\(reset)", plain: "↩ a b [31mc d\n"),
    ])
    func render(_ example: RenderCase) {
        let onTerminal = StatusLine.render(example.event, message: example.message, width: example.width, isTerminal: true)
        #expect(String(decoding: onTerminal, as: UTF8.self) == example.terminal)
        let plain = StatusLine.render(example.event, message: example.message, width: example.width, isTerminal: false)
        #expect(String(decoding: plain, as: UTF8.self) == example.plain)
    }

    @Test(arguments: [10, 20, 21, 40, 80])
    func neverWiderThanTheTerminalLessOne(width: Int) {
        for example in MessageCatalogTests.cases {
            for language in Language.allCases {
                let message = MessageCatalog(language: language).message(for: example.event)
                let bytes = StatusLine.render(example.event, message: message, width: width, isTerminal: true)
                var text = String(decoding: bytes, as: UTF8.self)
                #expect(text.hasPrefix("\r\u{1B}[2K"))
                // Strip the escape sequences; what is left is what takes room on the screen.
                while let start = text.range(of: "\u{1B}["), let end = text[start.upperBound...].firstIndex(where: \.isLetter) {
                    text.removeSubrange(start.lowerBound...end)
                }
                text.removeAll { $0 == "\r" }
                #expect(DisplayWidth.of(text) <= width - 1, "\(text)")
                #expect(!text.contains("\n"))
            }
        }
    }

    @Test func symbolsAreDistinctForTheMainOutcomes() {
        let lent = StatusLine.style(for: .outcome(.lent(Fixtures.loan, book: Fixtures.guri, user: Fixtures.haruto)))
        let returned = StatusLine.style(for: .outcome(.returned(Fixtures.loan, book: Fixtures.guri, user: nil, overdueDays: 0)))
        let refused = StatusLine.style(for: .outcome(.refused(.cardFirst, barcode: "B1", user: nil, book: nil)))
        #expect(lent.symbol == "✓")
        #expect(returned.symbol == "↩")
        #expect(refused.symbol == "✗")
        #expect(Set([lent.colour, returned.colour, refused.colour]).count == 3)
    }
}
