import Foundation
import Feedback
import KioskScreen
import Language
import Lending
import Scene
import ScenePainter
import Testing

/// What a child who cannot read kanji sees: their name in hiragana, big, with the name as
/// written small for the grown-ups; one answer from the first scan when they may not borrow;
/// the Session's bar inside the panel it belongs to.
@Suite("The child's screens: the reading, the first scan's answer")
struct ChildScreenTests {
    static let sizes = ScreenLayoutTests.sizes
    static let yamada = User(card: "C0007", name: "山田 陽翔", reading: "やまだ はると")
    static let overdueGuri = UserLoans.Entry(book: "B0001", title: "ぐりとぐら", isbn: "9784834000825",
                                             due: LocalDate(year: 2026, month: 11, day: 24), isOverdue: true)

    static func greeted(_ user: User, _ loans: UserLoans = UserLoans(loans: [], remaining: 2)) -> KioskEvent {
        .outcome(.greeted(user, loans: loans))
    }

    static let blockedByOverdue = greeted(yamada, UserLoans(loans: [overdueGuri], remaining: 1, lendRefusal: .hasOverdue))
    static let full = greeted(yamada, UserLoans(loans: [S.entry(S.guri), S.entry(S.aomushi)], remaining: 0, lendRefusal: .limitReached))

    /// Every face where a child sees their name, for the kanji-named child.
    static var namedFaces: [(String, ScreenModel)] {
        let loan = Loan(id: 1, book: S.guri.barcode, user: yamada.card, lentAt: S.morning, due: S.due)
        return [
            ("session", S.model([.ready, greeted(yamada)])),
            ("lent", S.model([.ready, greeted(yamada), .outcome(.lent(loan, book: S.guri, user: yamada,
                                                                        loans: UserLoans(loans: [S.entry(S.guri)], remaining: 1)))])),
            ("returned", S.model([.ready, greeted(yamada), .outcome(.returned(loan, book: S.guri, user: yamada, overdueDays: 0,
                                                                                loans: UserLoans(loans: [], remaining: 2)))])),
            ("refused", S.model([.ready, greeted(yamada), .outcome(.refused(.bookNotLendable, barcode: "B0005", user: yamada, book: S.aomushi))])),
        ]
    }

    // MARK: The reading

    @Test(arguments: sizes)
    func everyChildScreenShowsTheReadingBigAndTheNameSmall(size: PixelSize) throws {
        for (face, model) in Self.namedFaces {
            let scene = ScreenLayout(language: .ja).scene(for: model, size: size)
            let name = try #require(scene.group(named: ScreenLayout.nameGroup), "\(face)")
            let runs = name.textRuns
            #expect(runs.map(\.text) == ["やまだ はるとさん", "山田 陽翔"], "\(face) at \(size)")
            #expect(runs[0].size >= runs[1].size * 1.5, "\(face) at \(size): the reading is big, the kanji small")
            #expect(!scene.textRuns.contains { $0.text.contains("山田 陽翔さん") }, "\(face): no kanji name with さん for the child")
        }
    }

    @Test(arguments: sizes)
    func theReadingIsTheLargestTextOfTheGreeting(size: PixelSize) throws {
        let scene = ScreenLayout(language: .ja).scene(for: S.model([.ready, Self.greeted(Self.yamada)]), size: size)
        let largest = try #require(scene.textRuns.max { $0.size < $1.size })
        #expect(largest.text == "やまだ はるとさん")
    }

    @Test func withoutAReadingTheNameIsShownAsToday() throws {
        let scene = ScreenLayout(language: .ja).scene(for: S.model([.ready, S.greeted]), size: PixelSize(width: 1280, height: 800))
        #expect(try #require(scene.group(named: ScreenLayout.nameGroup)).textRuns.map(\.text) == ["はるとさん"])
        let english = ScreenLayout(language: .en).scene(for: S.model([.ready, Self.greeted(Self.yamada)]), size: PixelSize(width: 1280, height: 800))
        #expect(try #require(english.group(named: ScreenLayout.nameGroup)).textRuns.map(\.text) == ["山田 陽翔"])
    }

    @Test func theFarewellSaysTheReading() {
        let scene = ScreenLayout(language: .ja).scene(for: S.model([.ready, Self.greeted(Self.yamada), .sessionEnded(Self.yamada)]),
                                                      size: PixelSize(width: 1280, height: 800))
        #expect(scene.textRuns.map(\.text).contains("またね、 やまだ はるとさん！"))
    }

    /// Pixels: the reading is painted big in the Session's purple, the name as written small
    /// in soft ink under it.
    @Test func theReadingIsPaintedBigAndTheKanjiSmall() throws {
        let size = PixelSize(width: 1280, height: 800)
        let scene = ScreenLayout(language: .ja).scene(for: S.model([.ready, Self.greeted(Self.yamada)]), size: size)
        let runs = try #require(scene.group(named: ScreenLayout.nameGroup)).textRuns
        let image = ImageBuffer(width: size.width, height: size.height)
        try image.withFrameBuffer { buffer throws(PaintingError) in try ScenePainter().paint(scene, into: buffer) }
        let purple = count(in: runs[0].frame, of: image) { close($0, Palette.session) }
        let ink = count(in: runs[1].frame, of: image) { close($0, Palette.softInk) }
        #expect(purple > 3000, "the reading's pixels: \(purple)")
        #expect(ink > 150, "the kanji name's pixels: \(ink)")
        #expect(purple > ink * 5)
    }

    // MARK: The first scan's answer

    @Test(arguments: sizes)
    func aBookOverdueIsToldAtTheCardScanAndTheSlotsAgree(size: PixelSize) throws {
        for layout in ScreenLayoutTests.layouts {
            let scene = layout.scene(for: S.model([.ready, Self.blockedByOverdue]), size: size)
            let words = try #require(scene.group(named: ScreenLayout.cannotBorrowGroup))
            let expected = layout.language == .ja ? "さきに ほんを かえしてね" : "Please bring back your book first"
            #expect(words.textRuns.map(\.text) == [expected])
            #expect(!scene.textRuns.map(\.text).contains(layout.language == .ja ? "ほんを スキャンしてね" : "Now scan a book"))
            let slots = try #require(scene.group(named: ScreenLayout.slotsGroup))
            // The overdue Book stands in its slot (its title, "bring it back"); the free slot is locked.
            #expect(slots.childGroupNames == ["slot 1 filled", "slot 2 locked"])
            #expect(slots.textRuns.map(\.text).contains("ぐりとぐら"))
            #expect(slots.textRuns.map(\.text).contains(layout.language == .ja ? "かえしてね" : "Overdue"))
            #expect(scene.textRuns.map(\.text).contains(layout.language == .ja ? "かえしたら また かりられるよ" : "Bring it back, then borrow again"))
            #expect(!scene.textRuns.map(\.text).contains { $0.hasPrefix("あと ") || $0.hasPrefix("You can borrow") })
        }
    }

    @Test(arguments: sizes)
    func everySlotFullIsToldAtTheCardScan(size: PixelSize) throws {
        let scene = ScreenLayout(language: .ja).scene(for: S.model([.ready, Self.full]), size: size)
        #expect(try #require(scene.group(named: ScreenLayout.cannotBorrowGroup)).textRuns.map(\.text)
                == ["いまは もう いっぱい。 かえす ほんが あれば スキャンしてね"])
        #expect(try #require(scene.group(named: ScreenLayout.slotsGroup)).childGroupNames == ["slot 1 filled", "slot 2 filled"])
        #expect(scene.textRuns.map(\.text).contains("いまは もう いっぱい"))
    }

    @Test func aReturnThatLiftsTheRefusalSaysSoAndUnlocksTheSlots() throws {
        let loan = Loan(id: 1, book: "B0001", user: Self.yamada.card, lentAt: S.morning, due: LocalDate(year: 2026, month: 11, day: 24))
        let returned = KioskEvent.outcome(.returned(loan, book: S.guri, user: Self.yamada, overdueDays: 7,
                                                    loans: UserLoans(loans: [], remaining: 2, liftedRefusal: .hasOverdue)))
        let model = S.model([.ready, Self.blockedByOverdue, returned])
        #expect(model.session?.loans.lendRefusal == nil)
        let scene = ScreenLayout(language: .ja).scene(for: model, size: PixelSize(width: 1280, height: 800))
        #expect(try #require(scene.group(named: ScreenLayout.canBorrowAgainGroup)).textRuns.map(\.text) == ["これで また かりられるよ"])
        #expect(try #require(scene.group(named: ScreenLayout.slotsGroup)).childGroupNames == ["slot 1 empty", "slot 2 empty"])
        // An ordinary return says nothing more.
        let plain = KioskEvent.outcome(.returned(loan, book: S.guri, user: Self.yamada, overdueDays: 0, loans: UserLoans(loans: [], remaining: 2)))
        #expect(ScreenLayout(language: .ja).scene(for: S.model([.ready, Self.greeted(Self.yamada), plain]), size: PixelSize(width: 1280, height: 800))
                    .group(named: ScreenLayout.canBorrowAgainGroup) == nil)
    }

    // MARK: The Session's bar

    @Test(arguments: sizes)
    func theSessionBarStaysInsideItsPanel(size: PixelSize) throws {
        for (face, model) in Self.namedFaces {
            let scene = ScreenLayout(language: .ja).scene(for: model, size: size)
            let bar = try #require(scene.group(named: ScreenLayout.sessionBarGroup), "\(face)")
            guard face != "session" else {
                #expect(bar.bounds.width > scene.size.width * 0.9)
                continue
            }
            // The answer's coloured band is the scene's first item; the bar stays right of it.
            guard case .rectangle(let band, _, _, _)? = scene.items.first else {
                Issue.record("\(face): no band")
                continue
            }
            #expect(bar.bounds.minX >= band.maxX, "\(face) at \(size): the bar starts at \(bar.bounds.minX), the band ends at \(band.maxX)")
            #expect(bar.bounds.maxX <= scene.size.width)
        }
    }

    // MARK: Pixels

    private func count(in frame: Rect, of image: ImageBuffer, where matches: ((red: UInt8, green: UInt8, blue: UInt8)) -> Bool) -> Int {
        var total = 0
        for y in max(0, Int(frame.minY))..<min(image.height, Int(frame.maxY)) {
            for x in max(0, Int(frame.minX))..<min(image.width, Int(frame.maxX)) where matches(image.pixel(x: x, y: y)) {
                total += 1
            }
        }
        return total
    }

    private func close(_ pixel: (red: UInt8, green: UInt8, blue: UInt8), _ color: Color) -> Bool {
        abs(Double(pixel.red) / 255 - color.red) < 0.08 && abs(Double(pixel.green) / 255 - color.green) < 0.08
            && abs(Double(pixel.blue) / 255 - color.blue) < 0.08
    }
}

/// A child with an overdue Book scans another: the one to bring back is shown big, with its
/// cover where there is one; the one scanned, small.
@Suite("The overdue answer shows the Book to bring back")
struct OverdueAnswerTests {
    static let aomushiScanned = KioskEvent.outcome(.refused(.hasOverdue, barcode: S.aomushi.barcode, user: ChildScreenTests.yamada, book: S.aomushi))

    @Test(arguments: ChildScreenTests.sizes)
    func theOverdueBookIsTheBigTitle(size: PixelSize) throws {
        for language in [Language.ja, .en] {
            let model = S.model([.ready, ChildScreenTests.blockedByOverdue, Self.aomushiScanned])
            guard case .refused(let refused) = model.face else { Issue.record("not a refusal: \(model.face)"); return }
            #expect(refused.overdue == ChildScreenTests.overdueGuri)
            let scene = ScreenLayout(language: language).scene(for: model, size: size)
            let runs = scene.textRuns
            let overdue = try #require(runs.first { $0.text == "ぐりとぐら" && !$0.text.contains(S.aomushi.title) }, "\(language) at \(size)")
            let scanned = try #require(runs.first { $0.text.contains(S.aomushi.title) }, "\(language) at \(size)")
            #expect(overdue.size > scanned.size * 1.5, "\(language) at \(size): the Book to bring back is big, the one scanned small")
            #expect(overdue.frame.minY < scanned.frame.minY, "\(language) at \(size): the Book to bring back comes first")
        }
    }

    @Test func anotherRefusalShowsTheBookScanned() throws {
        let model = S.model([.ready, ChildScreenTests.blockedByOverdue,
                             .outcome(.refused(.bookNotLendable, barcode: S.aomushi.barcode, user: ChildScreenTests.yamada, book: S.aomushi))])
        guard case .refused(let refused) = model.face else { Issue.record("not a refusal: \(model.face)"); return }
        #expect(refused.overdue == nil)
        #expect(refused.title == S.aomushi.title)
    }
}
