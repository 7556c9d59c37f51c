import Foundation
import Testing
import Feedback
import Lending
import ScannerInput
import TextInput
import StaffPIN
@testable import Kiosk

/// Staff mode through the runtime, against the in-memory repository with a real PIN hash.
@Suite("Staff actions through the runtime")
final class StaffModeActionTests {
    let t0 = Date(timeIntervalSince1970: 1_796_115_600) // Tuesday 2026-12-01 09:00 UTC
    let policy = Policy(timeZone: TimeZone(identifier: "UTC")!)
    let repository = InMemoryLendingRepository()
    var events: [KioskEvent] = []
    var prompts: [(StaffPrompt, StaffNotice?)] = []
    var logged: [String] = []
    var runtime: KioskRuntime!
    var clock: Double = 0

    init() throws {
        let hash = try PINHash.make("4321")
        try repository.transaction { tx in
            try tx.save(StaffAccount(name: "Tanaka", pinHash: hash))
            try tx.save(User(card: "C0001", name: "はると", loanLimit: 1))
            try tx.save(User(card: "C0009", name: "そら", isActive: false))
            try tx.save(Book(barcode: "B0001", title: "ぐりとぐら"))
            try tx.save(Book(barcode: "B0002", title: "ももたろう"))
        }
        runtime = makeRuntime()
        runtime.feed(.started(at: t0))
    }

    func makeRuntime() -> KioskRuntime {
        KioskRuntime(policy: policy, repository: repository,
                     announce: { [unowned self] event, _ in events.append(event) },
                     prompt: { [unowned self] prompt, notice, _ in prompts.append((prompt, notice)) },
                     log: { [unowned self] in logged.append($0) })
    }

    var now: Date { t0.addingTimeInterval(clock) }

    func key(_ key: KeyPress) {
        clock += 1
        runtime.feed(.key(key, at: now))
    }

    func type(_ text: String) {
        for character in text { key(.character(character)) }
    }

    func scan(_ barcode: String) {
        clock += 3
        runtime.feed(.scanned(barcode, at: now))
    }

    func enterStaffMode(pin: String = "4321") {
        key(.function(12))
        type(pin)
        key(.enter)
    }

    var audit: [AuditEntry] {
        get throws { try repository.transaction { try $0.auditEntries() } }
    }

    var staffActions: [StaffEvent.Action] {
        events.compactMap { if case .staff(let event) = $0 { event.action } else { nil } }
    }

    @Test func overrideLendsPastTheLimitAndIsAudited() throws {
        scan("C0001")
        scan("B0001")
        scan("B0002")
        #expect(events.last == .outcome(.refused(.limitReached, barcode: "B0002", user: User(card: "C0001", name: "はると", loanLimit: 1),
                                                book: Book(barcode: "B0002", title: "ももたろう"))))
        enterStaffMode()
        key(.character("l"))
        scan("C0001")
        scan("B0002")
        #expect(staffActions == [.entered, .override])
        let loans = try repository.transaction { try $0.openLoans(user: "C0001") }
        #expect(loans.map(\.book) == ["B0001", "B0002"])
        #expect(loans.last?.overrideBy == "Tanaka")
        #expect(try audit.map(\.action.kind) == [.enteredStaffMode, .lentPastRules])
        #expect(try audit.last?.action == .lentPastRules(book: AuditedBook(barcode: "B0002", title: "ももたろう"),
                                                        due: LocalDate(year: 2026, month: 12, day: 8), refusal: .limitReached))
        // The child is kept apart from the detail, so the privacy window can remove it.
        #expect(try audit.last?.user == AuditedUser(card: "C0001", name: "はると"))
        #expect(try audit.allSatisfy { !$0.action.storedValues.contains("C0001") && !$0.action.storedValues.contains("はると") })
    }

    @Test func overrideDoesNotLendToAnInactiveUser() throws {
        enterStaffMode()
        key(.character("l"))
        scan("C0009")
        #expect(events.last == .outcome(.refused(.userInactive, barcode: "C0009", user: User(card: "C0009", name: "そら", isActive: false), book: nil)))
        #expect(try audit.map(\.action.kind) == [.enteredStaffMode])
    }

    @Test func forceReturnExtendAndWithdraw() throws {
        scan("C0001")
        scan("B0001")
        enterStaffMode()
        key(.character("e"))
        scan("B0001")
        let extended = try #require(try repository.transaction { try $0.openLoan(book: "B0001") })
        // Due 12-08 (Tuesday) extended by 7 days: 12-15.
        #expect(extended.due == LocalDate(year: 2026, month: 12, day: 15))
        key(.escape)
        key(.character("r"))
        scan("B0001")
        scan("B0002")
        #expect(prompts.last?.1 == .notOnLoan(Book(barcode: "B0002", title: "ももたろう")))
        key(.escape)
        key(.character("w"))
        scan("B0002")
        scan("B0002")  // within the debounce window: a duplicate, nothing more
        clock += 5
        scan("B0002")
        #expect(prompts.last?.1 == .alreadyWithdrawn(Book(barcode: "B0002", title: "ももたろう", status: .withdrawn)))
        key(.escape)
        key(.character("q"))
        #expect(staffActions == [.entered, .extended, .forcedReturn, .withdrew, .left])
        #expect(try audit.map(\.action.kind) == [.enteredStaffMode, .extended, .forcedReturn, .withdrew, .leftStaffMode])
        #expect(try audit.map(\.user) == [nil, AuditedUser(card: "C0001", name: "はると"), AuditedUser(card: "C0001", name: "はると"), nil, nil])
        #expect(try audit.allSatisfy { !$0.action.storedValues.contains("C0001") && !$0.action.storedValues.contains("はると") })
        #expect(try repository.transaction { try $0.openLoans() }.isEmpty)
    }

    @Test func registerABookAndAUserWithJapaneseText() throws {
        enterStaffMode()
        key(.character("b"))
        scan("B0100")
        type("ねないこだれだ")
        key(.enter)
        key(.enter)
        key(.escape)
        key(.character("u"))
        scan("C0100")
        type("ゆい")
        key(.enter)
        #expect(staffActions == [.entered, .registeredBook, .registeredUser])
        #expect(try repository.transaction { try $0.book(barcode: "B0100") } == Book(barcode: "B0100", title: "ねないこだれだ"))
        #expect(try repository.transaction { try $0.user(card: "C0100") } == User(card: "C0100", name: "ゆい"))
        #expect(try audit.map(\.action.kind) == [.enteredStaffMode, .registeredBook, .registeredUser])
        #expect(try audit.last?.user == AuditedUser(card: "C0100", name: "ゆい"))
        #expect(try audit.last?.action == .registeredUser)
    }

    @Test func aBookCannotBeRegisteredOnACard() throws {
        enterStaffMode()
        key(.character("b"))
        scan("C0001")
        type("x")
        key(.enter)
        key(.enter)
        #expect(prompts.last?.1 == .barcodeTaken("C0001"))
        #expect(try repository.transaction { try $0.book(barcode: "C0001") } == nil)
        #expect(try audit.map(\.action.kind) == [.enteredStaffMode])
    }

    @Test func overdueListComesFromTheRepository() throws {
        scan("C0001")
        scan("B0001")
        clock += 10 * 86_400
        enterStaffMode()
        key(.character("o"))
        guard case .overdue(let entry?, 0, 1) = prompts.last?.0 else {
            Issue.record("expected one overdue Loan, got \(String(describing: prompts.last))")
            return
        }
        #expect(entry.book?.title == "ぐりとぐら")
        #expect(entry.days == 3)
    }

    @Test func wrongPINsLockAcrossARestartAndAreAuditedWithoutThePIN() throws {
        for _ in 1...3 { enterStaffMode(pin: "9999") }
        #expect(events.suffix(3) == [
            .pinRefused(.pinWrong, retryAfterSeconds: nil),
            .pinRefused(.pinWrong, retryAfterSeconds: nil),
            .pinRefused(.pinLocked, retryAfterSeconds: 60),
        ])
        #expect(try audit.map(\.action) == [.wrongPIN, .wrongPIN, .pinLocked(seconds: 60)])
        // A restart reads the lock back: the right PIN is refused until the minute is over.
        runtime = makeRuntime()
        runtime.feed(.started(at: now))
        key(.function(12))
        #expect(events.last == .pinRefused(.pinLocked, retryAfterSeconds: 59))
        clock += 60
        enterStaffMode()
        #expect(staffActions.last == .entered)
        let everything = try audit.map { "\($0.action.storedValues) \($0.staff ?? "")" }.joined() + logged.joined() + "\(events)"
        #expect(!everything.contains("9999"))
        #expect(!everything.contains("4321"))
    }
}
