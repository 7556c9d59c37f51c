import Foundation
import Feedback
import KioskScreen
import Language
import Lending
import Scene
import Testing

@Suite("ScreenLayout: the scene of each state")
struct ScreenLayoutTests {
    static let sizes = [PixelSize(width: 800, height: 480), PixelSize(width: 1024, height: 600),
                        PixelSize(width: 1280, height: 800), PixelSize(width: 1920, height: 1080)]
    static let layouts = [ScreenLayout(language: .ja), ScreenLayout(language: .en)]

    static let longTitle = Book(barcode: "B0009", title: String(repeating: "ながいながいおはなしのほん", count: 6))

    /// A model of every state the screen has.
    static var everyState: [(String, ScreenModel)] {
        let at = S.morning
        let refusals: [(String, ScreenModel)] = Refusal.allCases.map { reason in
            let event: KioskEvent = [.pinWrong, .pinLocked].contains(reason)
                ? .pinRefused(reason, retryAfterSeconds: reason == .pinLocked ? 60 : nil)
                : .outcome(.refused(reason, barcode: "B0004", user: S.haruto, book: longTitle))
            return ("refused \(reason)", S.model([.ready, S.greeted, S.lentGuri, S.lentBoth, event]))
        }
        var staff = S.model([.ready])
        staff.apply(.typeTitle(barcode: "B0010", typed: String(repeating: "ぐりとぐら", count: 40)), notice: .wrongPIN, at: at)
        var menu = S.model([.ready])
        menu.apply(.menu(staff: "やまだ"), notice: .done(StaffEvent(action: .registeredBook, staff: "やまだ", book: S.guri)), at: at)
        var pin = S.model([.ready])
        pin.apply(.pin(typed: 12), notice: nil, at: at)
        var overdue = S.model([.ready])
        overdue.apply(.overdue(OverdueLoan(loan: S.loan(S.guri), book: longTitle, user: S.haruto, days: 3), index: 0, count: 2), notice: nil, at: at)
        var scan = S.model([.ready])
        scan.apply(.scanBookToLend(S.haruto), notice: nil, at: at)
        let longLend = KioskEvent.outcome(.lent(S.loan(longTitle), book: longTitle, user: User(card: "C9", name: String(repeating: "じゅげむ", count: 20)),
                                                loans: UserLoans(loans: [S.entry(longTitle)], remaining: 7)))
        let longName = KioskEvent.outcome(.greeted(User(card: "C9", name: String(repeating: "じゅげむ", count: 20)),
                                                   loans: UserLoans(loans: [S.entry(longTitle), S.entry(S.guri)], remaining: 6)))
        return [
            ("waiting", S.model([.ready])),
            ("session", S.model([.ready, S.greeted])),
            ("lent", S.model([.ready, S.greeted, S.lentGuri])),
            ("lent long", S.model([.ready, longName, longLend])),
            ("session long", S.model([.ready, longName])),
            ("returned", S.model([.ready, S.greeted, S.lentGuri, .outcome(.returned(S.loan(S.guri), book: S.guri, user: S.haruto, overdueDays: 2,
                                                                                  loans: UserLoans(loans: [], remaining: 2)))])),
            ("duplicate", S.model([.ready, S.greeted, .duplicate(barcode: "C0001")])),
            ("sessionEnded", S.model([.ready, S.greeted, .sessionEnded(S.haruto)])),
            ("scannerLost", S.model([.ready, .scannerLost(scanner: String(repeating: "usb-Scanner-", count: 20))])),
            ("trouble", S.model([.ready, .error(KioskFault(kind: .databaseBusy, detail: String(repeating: "database is locked; ", count: 30)))])),
            ("staff typing", staff), ("staff menu", menu), ("staff pin", pin), ("staff overdue", overdue), ("staff scan", scan),
        ] + refusals
    }

    @Test("a fault's line for the adult is in the screen's language: Japanese names what went wrong and what to do, the store's English words stay in the log",
          arguments: KioskFault.Kind.allCases)
    func troubleLineInTheScreensLanguage(kind: KioskFault.Kind) {
        let detail = "The database /var/lib/bookkiosk/library.sqlite is locked by another program"
        func texts(_ language: Language) -> [String] {
            let scene = ScreenLayout(language: language).scene(for: S.model([.ready, .error(KioskFault(kind: kind, detail: detail))]),
                                                              size: PixelSize(width: 1280, height: 800))
            return scene.flatItems.compactMap { if case .text(let run) = $0 { run.text } else { nil } }
        }
        let japanese = texts(.ja)
        #expect(!japanese.contains { $0.contains(detail) || $0.contains("/var/lib") })
        #expect(japanese.contains { $0.contains("ログ") && $0.contains(kind.rawValue) })
        #expect(texts(.en).contains { $0.contains(detail) })
    }

    @Test(arguments: sizes)
    func nothingFallsOutsideTheScreen(size: PixelSize) {
        for layout in Self.layouts {
            for (name, model) in Self.everyState {
                let scene = layout.scene(for: model, size: size)
                for item in scene.flatItems {
                    #expect(scene.bounds.contains(item.bounds, tolerance: 0.5), "\(name) \(layout.language) at \(size): \(item)")
                }
            }
        }
    }

    @Test(arguments: sizes)
    func theChildsNameIsTheLargestText(size: PixelSize) throws {
        for layout in Self.layouts {
            let scene = layout.scene(for: S.model([.ready, S.greeted]), size: size)
            let largest = try #require(scene.textRuns.max { $0.size < $1.size })
            #expect(largest.text.contains("はると"))
            #expect(scene.textRuns.filter { $0.size == largest.size }.count == 1)
        }
    }

    @Test func aLimitRefusalShowsFullSlots() throws {
        let refused = KioskEvent.outcome(.refused(.limitReached, barcode: "B0004", user: S.haruto, book: Self.longTitle))
        let scene = ScreenLayout(language: .ja).scene(for: S.model([.ready, S.greeted, S.lentGuri, S.lentBoth, refused]),
                                                      size: PixelSize(width: 1280, height: 800))
        let slots = try #require(scene.group(named: ScreenLayout.slotsGroup))
        #expect(slots.childGroupNames == ["slot 1 filled", "slot 2 filled"])
        // While the Session still has room, the slots say so.
        let open = ScreenLayout(language: .ja).scene(for: S.model([.ready, S.greeted, S.lentGuri]), size: PixelSize(width: 1280, height: 800))
        #expect(open.group(named: ScreenLayout.slotsGroup) == nil)
        let session = ScreenLayout(language: .ja).scene(for: S.model([.ready, S.greeted, S.lentGuri, .duplicate(barcode: "x")]),
                                                        size: PixelSize(width: 1280, height: 800))
        #expect(session.group(named: ScreenLayout.slotsGroup) == nil)
        let greeted = ScreenLayout(language: .ja).scene(for: S.model([.ready, S.greeted]), size: PixelSize(width: 1280, height: 800))
        #expect(try #require(greeted.group(named: ScreenLayout.slotsGroup)).childGroupNames == ["slot 1 empty", "slot 2 empty"])
    }

    @Test(arguments: sizes)
    func theDueStripCirclesTheDueDayAndGreysClosedDays(size: PixelSize) throws {
        let scene = ScreenLayout(language: .ja).scene(for: S.model([.ready, S.greeted, S.lentGuri]), size: size)
        let strip = try #require(scene.group(named: ScreenLayout.dueStripGroup))
        #expect(strip.childGroupNames == (1...8).map { "day 2026-12-0\($0)" })
        for day in 1...8 {
            let group = try #require(strip.group(named: "day 2026-12-0\(day)"))
            let fills = group.flatItems.compactMap { item -> Color? in
                if case .rectangle(_, _, let fill, _) = item { return fill }
                return nil
            }
            #expect(fills == [day == 5 || day == 6 ? Palette.closedDay : Palette.openDay], "day \(day)")
            #expect((group.group(named: "dueCircle") != nil) == (day == 8), "day \(day)")
        }
        // The circle goes round the due day's box, and its weekday is written under it.
        let due = try #require(strip.group(named: "day 2026-12-08"))
        guard case .group(_, _, let circleItems)? = due.group(named: "dueCircle"), case .ellipse(let circle, _, _)? = circleItems.first,
              case .rectangle(let box, _, _, _)? = due.flatItems.first(where: { if case .rectangle = $0 { true } else { false } }) else {
            Issue.record("the due day has no circle round a box")
            return
        }
        #expect(circle.contains(box))
        #expect(due.textRuns.contains { $0.text == "かようび" })
    }

    @Test func longTitlesAreEllipsizedWithinTheirFrame() throws {
        for size in Self.sizes {
            let scene = ScreenLayout(language: .ja).scene(for: S.model([.ready, S.greeted, .outcome(.lent(S.loan(Self.longTitle), book: Self.longTitle,
                                                                                                      user: S.haruto))]), size: size)
            let title = try #require(scene.textRuns.first { $0.text == Self.longTitle.title })
            #expect(title.maxLines == 2)
            #expect(scene.bounds.contains(title.frame))
            // Two lines fit the frame's height, so the painter ends the text with "…" instead of cutting a line.
            #expect(title.frame.height >= title.size * 2.4)
        }
    }

    @Test func eachRefusalHasItsOwnPicture() {
        let size = PixelSize(width: 1280, height: 800)
        var pictures: [[SceneItem]] = []
        // A wrong PIN is the teacher's: it shows on the PIN screen, as its notice.
        let reasons = Refusal.allCases.filter { $0 != .pinWrong }
        for reason in reasons {
            let event: KioskEvent = [.pinWrong, .pinLocked].contains(reason) ? .pinRefused(reason, retryAfterSeconds: 60)
                : .outcome(.refused(reason, barcode: "B0004", user: S.haruto, book: S.aomushi))
            let scene = ScreenLayout(language: .ja).scene(for: S.model([.ready, event]), size: size)
            guard case .group(_, _, let items)? = scene.group(named: ScreenLayout.badgeGroup) else {
                Issue.record("no picture for \(reason)")
                continue
            }
            pictures.append(items)
        }
        #expect(Set(pictures.map { "\($0)" }).count == reasons.count)
        let wrongPIN = S.model([.ready, .pinRefused(.pinWrong, retryAfterSeconds: nil)])
        #expect(wrongPIN.face == .staff(ScreenModel.StaffScreen(prompt: .pin(typed: 0), notice: .wrongPIN, staff: nil)))
    }

    @Test func theScreenSpeaksTheLanguageAskedFor() {
        let size = PixelSize(width: 1280, height: 800)
        let ja = ScreenLayout(language: .ja).scene(for: S.model([.ready]), size: size).textRuns.map(\.text)
        let en = ScreenLayout(language: .en).scene(for: S.model([.ready]), size: size).textRuns.map(\.text)
        #expect(ja.contains("カードを スキャンしてね"))
        #expect(en.contains("Scan your card"))
        #expect(en.contains("Tuesday 1 December"))
    }

    @Test func kanaInputShowsInTheStaffHeaderWhileItIsOn() {
        let size = PixelSize(width: 1280, height: 800)
        var model = S.model([.ready, .staff(StaffEvent(action: .entered, staff: "やまだ"))])
        model.apply(.scanBookToRegister(inputMode: .direct), notice: nil, at: S.morning)
        #expect(ScreenLayout(language: .ja).scene(for: model, size: size).group(named: ScreenLayout.inputModeGroup) == nil)
        model.apply(.scanBookToRegister(inputMode: .hiragana), notice: nil, at: S.morning)
        let ja = ScreenLayout(language: .ja).scene(for: model, size: size)
        #expect(ja.group(named: ScreenLayout.inputModeGroup) != nil)
        #expect(ja.textRuns.map(\.text).contains("かな入力 [あ]"))
        model.apply(.menu(staff: "やまだ", inputMode: .katakana), notice: nil, at: S.morning)
        #expect(ScreenLayout(language: .en).scene(for: model, size: size).textRuns.map(\.text).contains("kana input [カ]"))
    }
}
