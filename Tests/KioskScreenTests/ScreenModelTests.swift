import Foundation
import Feedback
import KioskScreen
import Lending
import Testing

@Suite("ScreenModel: what the screen shows, folded from events, prompts and time")
struct ScreenModelTests {
    @Test func aCardOpensTheSessionWithItsSlotsAndItsDeadline() throws {
        let model = S.model([.ready, S.greeted])
        #expect(model.face == .session)
        let session = try #require(model.session)
        #expect(session.name == "はると")
        #expect(session.loans.limit == 2)
        #expect(session.deadline == S.morning.addingTimeInterval(S.policy.sessionTimeoutSeconds))
    }

    @Test func aLendShowsTheBookAndTheDaysToItsDueDateWithClosedDaysMarked() throws {
        let model = S.model([.ready, S.greeted, S.lentGuri])
        guard case .lent(let lent) = model.face else {
            Issue.record("expected the lent face, got \(model.face)")
            return
        }
        #expect(lent.title == "ぐりとぐら")
        #expect(lent.days.first?.date == LocalDate(year: 2026, month: 12, day: 1))
        #expect(lent.days.last?.date == S.due)
        #expect(lent.days.filter(\.isClosed).map(\.date.day) == [5, 6])
        #expect(model.session?.loans.remaining == 1)
    }

    @Test func aDuplicateChangesNothingButAQuietHint() {
        let before = S.model([.ready, S.greeted, S.lentGuri])
        var after = before
        after.apply(.duplicate(barcode: "B0001"), at: S.morning.addingTimeInterval(1))
        #expect(after.face == before.face)
        #expect(after.hint == .alreadyScanned)
        // Every read counts as activity, as in the kiosk machine.
        #expect(after.session?.deadline == S.morning.addingTimeInterval(1 + S.policy.sessionTimeoutSeconds))
    }

    @Test func theSessionEndsWithAGoodbyeOnTheWaitingScreen() {
        var model = S.model([.ready, S.greeted])
        model.apply(.sessionEnded(S.haruto), at: S.morning.addingTimeInterval(30))
        #expect(model.face == .waiting(farewell: S.haruto))
        #expect(model.session == nil)
    }

    @Test func anUnpluggedScannerStaysOnTheScreenWhenTheSessionEnds() {
        var model = S.model([.ready, S.greeted, .scannerLost(scanner: "usb-1")])
        #expect(model.nextDeadline == nil || model.session == nil || !model.isChildsAnswer)
        model.apply(.sessionEnded(S.haruto), at: S.morning.addingTimeInterval(30))
        #expect(model.face == .scannerLost(scanner: "usb-1"))
        model.apply(.scannerBack(scanner: "usb-1"), at: S.morning.addingTimeInterval(40))
        #expect(model.face == .waiting(farewell: nil))
        #expect(model.hint == .scannerBack)
    }

    @Test func anAnswerWithNoSessionGoesBackToWaitingByItself() {
        let returned = KioskEvent.outcome(.returned(S.loan(S.guri), book: S.guri, user: S.haruto, overdueDays: 3,
                                                    loans: UserLoans(loans: [], remaining: 2)))
        var model = S.model([.ready, returned])
        guard case .returned = model.face else {
            Issue.record("expected the returned face, got \(model.face)")
            return
        }
        #expect(model.nextDeadline == S.morning.addingTimeInterval(ScreenModel.answerSeconds))
        model.advance(to: S.morning.addingTimeInterval(ScreenModel.answerSeconds))
        #expect(model.face == .waiting(farewell: nil))
    }

    @Test func theSessionEndsWhenTheMachineSaysNotWhenTheScreenWorksItOut() {
        var model = ScreenModel(policy: S.policy, now: S.morning)
        // A deadline the policy alone would not give: the screen shows the machine's.
        model.apply(S.greeted, at: S.morning, sessionEnds: S.morning.addingTimeInterval(12))
        #expect(model.sessionSecondsLeft == 12)
        model.apply(S.lentGuri, at: S.morning.addingTimeInterval(2), sessionEnds: S.morning.addingTimeInterval(20))
        #expect(model.session?.deadline == S.morning.addingTimeInterval(20))
    }

    @Test func theBarTicksOnWholeSecondsOnlyDuringASession() throws {
        var model = S.model([.ready, S.greeted])
        #expect(model.sessionSecondsLeft == 30)
        #expect(model.nextDeadline == S.morning.addingTimeInterval(1))
        model.advance(to: S.morning.addingTimeInterval(1.4))
        #expect(model.sessionSecondsLeft == 29)
        #expect(model.nextDeadline == S.morning.addingTimeInterval(2))
        // Idle, the only deadline is midnight (for the date on the waiting screen).
        let idle = S.model([.ready])
        let midnight = try #require(LocalDate(year: 2026, month: 12, day: 2).startDate(in: S.tokyo))
        #expect(idle.nextDeadline == midnight)
    }

    @Test func staffPromptsMakeTheTeachersScreenAndIdleEndsIt() {
        var model = S.model([.ready])
        model.apply(.pin(typed: 2), notice: nil, at: S.morning)
        #expect(model.face == .staff(ScreenModel.StaffScreen(prompt: .pin(typed: 2), notice: nil, staff: nil)))
        model.apply(.staff(StaffEvent(action: .entered, staff: "やまだ")), at: S.morning)
        model.apply(.menu(staff: "やまだ"), notice: nil, at: S.morning)
        #expect(model.isStaffMode)
        // An answer in staff mode is the step's notice, not a child's screen.
        model.apply(S.lentGuri, at: S.morning)
        guard case .staff(let screen) = model.face, case .outcome(.lent)? = screen.notice else {
            Issue.record("expected the staff screen with the lend as notice, got \(model.face)")
            return
        }
        model.apply(.idle, notice: nil, at: S.morning)
        #expect(model.face == .waiting(farewell: nil))
    }

    @Test func anotherChildsReturnLeavesTheSessionsSlotsAlone() throws {
        let yui = User(card: "C0002", name: "ゆい")
        let returned = KioskEvent.outcome(.returned(S.loan(S.aomushi), book: S.aomushi, user: yui, overdueDays: 0,
                                                    loans: UserLoans(loans: [], remaining: 2)))
        let model = S.model([.ready, S.greeted, S.lentGuri, returned])
        #expect(try #require(model.session).loans.loans.map(\.book) == ["B0001"])
    }
}
