import Feedback
import Foundation
import Kiosk
import KioskAssembly
import KioskPresenter
import Lending
import Scene
import Testing

/// The assembly `run`, `demo`, `simulate` and the bench build their kiosk with: the library's
/// rules seeded from the settings once and then followed from the database, the daily privacy
/// pass. Time is an argument.
@Suite("KioskAssembly: the library's rules and the day's housekeeping")
struct KioskAssemblyTests {
    let t0 = Date(timeIntervalSince1970: 1_796_115_600) // 2026-12-01T09:00:00Z, a Tuesday
    let utc = TimeZone(identifier: "UTC")!

    func settings(loanLimit: Int = 2, libraryName: String = "ひまわり文庫") -> KioskSettings {
        KioskSettings(policy: Policy(loanLimit: loanLimit, timeZone: utc), libraryName: libraryName,
                      feedback: FeedbackSettings(sound: false, timeZone: utc), announces: false, convertsKana: false)
    }

    func library() throws -> InMemoryLendingRepository {
        let repository = InMemoryLendingRepository()
        try repository.transaction { tx in
            try tx.save(User(card: "C0001", name: "はると"))
            for number in 1...3 { try tx.save(Book(barcode: "B000\(number)", title: "本 \(number)")) }
        }
        return repository
    }

    @Test func theSettingsSeedAnEmptyDatabaseOnceAndTheDatabaseWinsAfter() throws {
        let repository = try library()
        _ = try KioskAssembly(settings: settings(loanLimit: 3), repository: repository, now: t0, log: { _ in })
        #expect(try repository.transaction { try $0.libraryRules() } == LibraryRules(Policy(loanLimit: 3, timeZone: utc),
                                                                                        libraryName: "ひまわり文庫"))
        // A second kiosk configured otherwise follows the database's rules.
        let second = try KioskAssembly(settings: settings(loanLimit: 1, libraryName: "B"), repository: repository, now: t0, log: { _ in })
        #expect(second.runtime.machine.policy.loanLimit == 3)
        #expect(try repository.transaction { try $0.libraryRules() }?.libraryName == "ひまわり文庫")
    }

    @Test func aChangeOfRulesAppliesFromTheNextCardWithoutARestart() throws {
        let repository = try library()
        let output = ImageFrameOutput(size: PixelSize(width: 640, height: 400))
        let kiosk = try KioskAssembly(settings: settings(), repository: repository, screen: output, now: t0, log: { _ in })
        var events: [KioskEvent] = []
        kiosk.onEvent { event, _ in events.append(event) }
        kiosk.start(at: t0)
        // The teachers' page lowers the limit to 1 and renames the library.
        var rules = try #require(try repository.transaction { try $0.libraryRules() })
        rules.loanLimit = 1
        rules.libraryName = "たんぽぽ文庫"
        try repository.transaction { try $0.save(rules) }
        for (offset, barcode) in ["C0001", "B0001", "B0002"].enumerated() {
            kiosk.runtime.feed(.scanned(barcode, at: t0 + Double(offset * 3)))
        }
        guard case .outcome(.refused(let refusal, _, _, _))? = events.last else {
            Issue.record("expected a refusal, got \(events)")
            return
        }
        #expect(refusal == .limitReached)
        #expect(kiosk.runtime.machine.policy.loanLimit == 1)
        #expect(kiosk.presenter?.layout.libraryName == "たんぽぽ文庫")
    }

    @Test func thePrivacyPassRunsOnTheFirstEventOfEachDay() throws {
        let repository = try library()
        let old = t0 - 40 * 86_400
        try repository.transaction { tx in
            let loan = try tx.addLoan(book: "B0003", user: "C0001", lentAt: old, due: LocalDate(old, in: utc).adding(days: 7), overrideBy: nil)
            _ = try tx.closeLoan(id: loan.id, returnedAt: old + 86_400)
        }
        let lines = LogLines()
        let kiosk = try KioskAssembly(settings: settings(), repository: repository, now: t0, log: { lines.append($0) })
        kiosk.start(at: t0)
        #expect(try repository.transaction { try $0.allLoans() }.first?.user == nil)
        // The kiosk's language (Japanese by default) words the log.
        #expect(lines.all.contains("個人情報: 30 日より前に返された貸出 1 件から、借りた利用者の名前を消しました"), "\(lines.all)")
    }
}

/// Log lines collected from the kiosk's log.
final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    var all: [String] { lock.withLock { lines } }
    func append(_ line: String) { lock.withLock { lines.append(line) } }
}
