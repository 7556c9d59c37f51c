import Foundation
import Testing
import Feedback
import Lending
import ScannerInput
import StaffPIN
import TextInput
@testable import Kiosk

/// The rule a kiosk must hold everywhere: a Book is only ever lent to the child whose Card was
/// scanned last. Every Refusal and every staff step is walked through the runtime, against the
/// in-memory repository, and what ends up lent to whom is read back from the store.
@Suite("A Book goes only to the child whose Card was scanned last")
struct LastCardTests {
    /// One thing done at the kiosk.
    enum Step: Sendable, CustomStringConvertible {
        case scan(String)
        case key(KeyPress)
        /// Typed on the keyboard, one key a character.
        case type(String)
        /// A teacher makes this User inactive on the page meanwhile.
        case deactivate(String)

        var description: String {
            switch self {
            case .scan(let barcode): barcode
            case .key(let key): "\(key)"
            case .type(let text): "type \(text)"
            case .deactivate(let card): "deactivate \(card)"
            }
        }
    }

    /// A walk: its steps, what the store holds after it (open Loans, Book → Card), and whether
    /// the Session of the first child was closed by a scan.
    struct Walk: Sendable, CustomTestStringConvertible {
        var name: String
        /// The Refusal the walk meets in a Session (nil: a staff walk).
        var refusal: Refusal?
        var steps: [Step]
        var lent: [String: String]
        var closed: Bool
        var testDescription: String { name }
    }

    static let pin = "4321"
    static let staff: [Step] = [.key(.function(12)), .type(pin), .key(.enter)]
    /// A Loan of はると's, lent a month before the walks: overdue, and one of her two.
    static let overdueBook = "B0005"

    /// Three wrong PINs: PIN entry locks.
    static let threeWrongPINs: [Step] = [.type("0000"), .key(.enter), .type("0000"), .key(.enter), .type("0000"), .key(.enter)]

    static let refusalWalks: [Walk] = [
        Walk(name: "an unknown barcode that may be a Card closes the Session",
             refusal: .unknownBarcode, steps: [.scan("C0001"), .scan("X-404"), .scan("B0001")], lent: [:], closed: true),
        Walk(name: "an unknown barcode of the Cards' numbering closes the Session",
             refusal: .unknownBarcode, steps: [.scan("C0001"), .scan("10009999"), .scan("B0001")], lent: [:], closed: true),
        Walk(name: "an unknown barcode of the Books' numbering keeps the Session",
             refusal: .unknownBarcode, steps: [.scan("C0001"), .scan("20009999"), .scan("B0001")], lent: ["B0001": "C0001"], closed: false),
        Walk(name: "an unknown ISBN keeps the Session",
             refusal: .unknownBarcode, steps: [.scan("C0001"), .scan("9784834000825"), .scan("B0001")], lent: ["B0001": "C0001"], closed: false),
        Walk(name: "another child's Card refused closes the Session",
             refusal: .userInactive, steps: [.scan("C0001"), .scan("C0009"), .scan("B0001")], lent: [:], closed: true),
        Walk(name: "the Session's own child made inactive closes it",
             refusal: .userInactive, steps: [.scan("C0001"), .deactivate("C0001"), .scan("B0001"), .scan("B0002")], lent: [:], closed: true),
        Walk(name: "a withdrawn Book keeps the Session",
             refusal: .bookNotLendable, steps: [.scan("C0001"), .scan("B0003"), .scan("B0001")], lent: ["B0001": "C0001"], closed: false),
        Walk(name: "a Book with no Card open is refused, and the next child's Card opens hers",
             refusal: .cardFirst, steps: [.scan("B0001"), .scan("C0002"), .scan("B0002")], lent: ["B0002": "C0002"], closed: false),
        Walk(name: "the loan limit keeps the Session",
             refusal: .limitReached, steps: [.scan("C0003"), .scan("B0001"), .scan("B0002"), .scan("B0004")],
             lent: ["B0001": "C0003"], closed: false),
        Walk(name: "an overdue Book keeps the Session: the child brings it back, then borrows",
             refusal: .hasOverdue, steps: [.scan("C0004"), .scan("B0001"), .scan(overdueBook), .scan("B0002")],
             lent: ["B0002": "C0004"], closed: false),
        Walk(name: "a wrong PIN: staff mode had ended the Session",
             refusal: .pinWrong, steps: [.scan("C0001"), .key(.function(12)), .type("0000"), .key(.enter), .key(.escape), .scan("B0001")],
             lent: [:], closed: false),
        Walk(name: "PIN entry locked: staff mode had ended the Session",
             refusal: .pinLocked,
             steps: [.scan("C0001"), .key(.function(12))] + threeWrongPINs + [.key(.function(12)), .scan("B0001")],
             lent: [:], closed: false),
    ]

    /// Each staff step, visited from a child's Session and left: the Session ended with staff
    /// mode, and the next Book is no one's.
    static let staffStepWalks: [Walk] = ["l", "r", "e", "b", "u", "w", "o", "q"].map { menuKey in
        let leave: [Step] = menuKey == "q" ? [] : [.key(.escape), .key(.escape)]
        return Walk(name: "staff step \(menuKey), then Esc: no Session", refusal: nil,
                    steps: [.scan("C0001")] + staff + [.key(.character(Character(menuKey)))] + leave + [.scan("B0001")],
                    lent: [:], closed: false)
    }

    /// Lending with override: each Card scanned is the child the next Book goes to.
    static let staffLendWalks: [Walk] = [
        Walk(name: "lending with override, another child's Card: her Books are hers", refusal: nil,
             steps: staff + [.key(.character("l")), .scan("C0001"), .scan("C0002"), .scan("B0001")], lent: ["B0001": "C0002"], closed: false),
        Walk(name: "lending with override, an inactive Card: a Card is asked for again", refusal: nil,
             steps: staff + [.key(.character("l")), .scan("C0001"), .scan("C0009"), .scan("B0001")], lent: [:], closed: false),
        Walk(name: "lending with override, the child made inactive: a Card is asked for again", refusal: nil,
             steps: staff + [.key(.character("l")), .scan("C0001"), .deactivate("C0001"), .scan("B0001"), .scan("B0002")],
             lent: [:], closed: false),
        Walk(name: "lending with override, an unknown barcode that may be a Card: a Card is asked for again", refusal: nil,
             steps: staff + [.key(.character("l")), .scan("C0001"), .scan("X-404"), .scan("B0001")], lent: [:], closed: false),
        Walk(name: "lending with override, an unknown barcode of the Books' numbering: the same child", refusal: nil,
             steps: staff + [.key(.character("l")), .scan("C0001"), .scan("20009999"), .scan("B0001")], lent: ["B0001": "C0001"], closed: false),
    ]

    @Test("every Refusal has a walk")
    func everyRefusalIsWalked() {
        #expect(Set(Self.refusalWalks.compactMap(\.refusal)) == Set(Refusal.allCases))
    }

    @Test(arguments: refusalWalks + staffStepWalks + staffLendWalks)
    func walk(_ walk: Walk) throws {
        let t0 = Date(timeIntervalSince1970: 1_796_115_600) // Tuesday 2026-12-01 09:00 UTC
        let policy = Policy(timeZone: TimeZone(identifier: "UTC")!)
        let repository = InMemoryLendingRepository()
        let hash = try PINHash.make(Self.pin)
        try repository.transaction { tx in
            try tx.save(StaffAccount(name: "Tanaka", pinHash: hash))
            try tx.save(User(card: "C0001", name: "はると"))
            try tx.save(User(card: "C0002", name: "めい"))
            try tx.save(User(card: "C0003", name: "そうた", loanLimit: 1))
            try tx.save(User(card: "C0004", name: "ゆい"))
            try tx.save(User(card: "C0009", name: "そら", isActive: false))
            for (barcode, title) in [("B0001", "ぐりとぐら"), ("B0002", "ももたろう"), ("B0004", "ねないこ だれだ"), (Self.overdueBook, "いないいないばあ")] {
                try tx.save(Book(barcode: barcode, title: title))
            }
            try tx.save(Book(barcode: "B0003", title: "きんたろう", status: .withdrawn))
            _ = try tx.addLoan(book: Self.overdueBook, user: "C0004", lentAt: t0.addingTimeInterval(-30 * 86_400),
                               due: LocalDate(year: 2026, month: 11, day: 8), overrideBy: nil)
        }
        var events: [KioskEvent] = []
        let runtime = KioskRuntime(policy: policy, repository: repository, announce: { event, _ in events.append(event) })
        var clock = 0.0
        runtime.feed(.started(at: t0))
        for step in walk.steps {
            clock += 3
            let now = t0.addingTimeInterval(clock)
            switch step {
            case .scan(let barcode): runtime.feed(.scanned(barcode, at: now))
            case .key(let key): runtime.feed(.key(key, at: now))
            case .type(let text): for character in text { runtime.feed(.key(.character(character), at: now)) }
            case .deactivate(let card):
                try repository.transaction { tx in
                    var user = try #require(try tx.user(card: card))
                    user.isActive = false
                    try tx.save(user)
                }
            }
        }
        let open = try repository.transaction { try $0.openLoans() }.filter { $0.book != Self.overdueBook }
        #expect(Dictionary(uniqueKeysWithValues: open.map { ($0.book, $0.user ?? "") }) == walk.lent,
                "\(walk.steps.map(\.description).joined(separator: " → "))")
        let closed = events.contains { if case .sessionClosed = $0 { true } else { false } }
        #expect(closed == walk.closed, "events: \(events.map { EventStream.name(of: $0) })")
        if let refusal = walk.refusal {
            let met = events.contains { event in
                switch event {
                case .outcome(.refused(let reason, _, _, _)), .pinRefused(let reason, _): reason == refusal
                default: false
                }
            }
            #expect(met, "the walk never met \(refusal): \(events.map { EventStream.name(of: $0) })")
        }
    }
}
