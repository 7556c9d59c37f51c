import Foundation
import Feedback
import KioskScreen
import Lending
import Scene
import ScenePainter
import Testing

/// Lines break where a reader would pause: on every screen a child sees, at the four screen
/// sizes and in both languages, no line of a child's sentence starts or ends inside a word, and
/// no sentence is cut with "…" (a word too long for its line is shrunk instead). Checked on the
/// lines the painter draws (pango measuring the real fonts), not on the scene alone.
@Suite("Line breaks between words")
struct LineBreakTests {
    static let spaced = Book(barcode: "B0007", title: "はじめての おつかい")
    static let longSpaced = Book(barcode: "B0008", title: "ちいさな うさこちゃんと おおきな クリスマスツリーの おはなし")
    static let titles: Set<String> = [S.guri.title, S.aomushi.title, spaced.title, longSpaced.title]

    /// Every face a child sees, with names and titles that wrap.
    static var childStates: [(String, ScreenModel)] {
        let yamada = ChildScreenTests.yamada
        let loan = Loan(id: 3, book: spaced.barcode, user: yamada.card, lentAt: S.morning, due: S.due)
        let lent = KioskEvent.outcome(.lent(loan, book: spaced, user: yamada,
                                            loans: UserLoans(loans: [S.entry(spaced), S.entry(longSpaced)], remaining: 0, lendRefusal: .limitReached)))
        let lifted = KioskEvent.outcome(.returned(loan, book: longSpaced, user: yamada, overdueDays: 2,
                                                  loans: UserLoans(loans: [S.entry(spaced)], remaining: 1, liftedRefusal: .limitReached)))
        let refusals: [(String, ScreenModel)] = [Refusal.unknownBarcode, .cardFirst, .userInactive, .bookNotLendable, .hasOverdue, .limitReached]
            .flatMap { reason in [
                ("refused \(reason)", S.model([.ready, ChildScreenTests.greeted(yamada), .outcome(.refused(reason, barcode: "B0007", user: yamada,
                                                                                                             book: spaced))])),
                ("refused \(reason), no Session", S.model([.ready, .outcome(.refused(reason, barcode: "B0008", user: nil, book: longSpaced))])),
            ] }
        return [
            ("waiting", S.model([.ready])),
            ("farewell", S.model([.ready, ChildScreenTests.greeted(yamada), .sessionEnded(yamada)])),
            ("session", S.model([.ready, ChildScreenTests.greeted(yamada)])),
            ("session, a Book overdue", S.model([.ready, ChildScreenTests.blockedByOverdue])),
            ("session, full", S.model([.ready, ChildScreenTests.full])),
            ("session, eight Books", S.model([.ready, ChildScreenTests.greeted(yamada, eightBooks)])),
            ("session, eight slots, one Book overdue", S.model([.ready, ChildScreenTests.greeted(yamada, UserLoans(loans: [eightBooks.loans[0]], remaining: 7, lendRefusal: .hasOverdue))])),
            ("duplicate", S.model([.ready, ChildScreenTests.greeted(yamada), .duplicate(barcode: "C0007")])),
            ("lent", S.model([.ready, ChildScreenTests.greeted(yamada), lent])),
            ("returned, may borrow again", S.model([.ready, ChildScreenTests.full, lifted])),
            ("returned, no Session", S.model([.ready, .outcome(.returned(loan, book: spaced, user: nil, overdueDays: 0))])),
            ("scanner lost", S.model([.ready, .scannerLost(scanner: "usb-scanner")])),
            ("trouble", S.model([.ready, .error(KioskFault(kind: .databaseBusy, detail: "database is locked"))])),
            ("server away", S.model([.ready, .error(KioskFault(kind: .databaseUnreachable, detail: "no server"))])),
        ] + refusals
    }

    /// The most slots a screen shows, each as narrow as it gets: a Book overdue, then one due
    /// on each day of the next week (the longest weekday names among them). A title of one
    /// word shrinks to fit a slot up to about six kana; a longer one (はらぺこあおむし) ends
    /// with "…" there, as a long title does anywhere.
    static var eightBooks: UserLoans {
        let books = [S.guri, spaced, longSpaced]
        let overdue = UserLoans.Entry(book: "B0100", title: S.guri.title, due: LocalDate(year: 2026, month: 11, day: 24), isOverdue: true)
        let week = (2...8).map { day in
            let book = books[day % books.count]
            return UserLoans.Entry(book: "B01\(day)", title: book.title, due: LocalDate(year: 2026, month: 12, day: day))
        }
        return UserLoans(loans: [overdue] + week, remaining: 0, lendRefusal: .hasOverdue)
    }

    /// The words of `lines`, line after line: equal to the text's own words exactly when no
    /// line starts or ends inside a word.
    static func wordsOf(_ lines: [String]) -> [Substring] {
        lines.flatMap { WordWrap.words(of: $0) }
    }

    @Test(arguments: ScreenLayoutTests.sizes)
    func noLineOfAChildsSentenceBreaksInsideAWord(size: PixelSize) throws {
        let painter = ScenePainter()
        for layout in ScreenLayoutTests.layouts {
            for (state, model) in Self.childStates {
                let scene = layout.scene(for: model, size: size)
                for run in scene.textRuns where run.lineBreaks == .betweenWords {
                    let laid = try painter.lines(of: run)
                    let context = "\(state), \(layout.language) at \(size.width)×\(size.height): \(laid.lines)"
                    #expect(Self.wordsOf(laid.lines) == WordWrap.words(of: run.text), "\(context)")
                    // A sentence is never cut; only a title may end with "…", and only when it is long.
                    if laid.isEllipsized {
                        #expect(Self.titles.contains(run.text) && run.text.count > 12, "\(context) is cut with …")
                    }
                }
            }
        }
    }

    @Test func everyChildsTextOnTheseScreensBreaksBetweenWords() {
        let size = PixelSize(width: 1280, height: 800)
        for (state, model) in Self.childStates {
            // A fault's detail is the teacher's, small at the foot: it may break anywhere. It
            // names the scanner, or the fault's kind.
            let details = ["usb-scanner"] + KioskFault.Kind.allCases.map(\.rawValue)
            for run in ScreenLayout(language: .ja).scene(for: model, size: size).textRuns where !details.contains(where: run.text.contains) {
                #expect(run.lineBreaks == .betweenWords, "\(state): \(run.text)")
            }
        }
    }

    /// The property would fail for text broken anywhere: pango breaks 「はじめての おつかい」
    /// inside おつかい when the frame is narrow (the issue's 「はじめてのおつか／い」).
    @Test func breakingAnywhereWouldSplitAWord() throws {
        let painter = ScenePainter()
        let frame = Rect(x: 0, y: 0, width: 150, height: 200)
        let anywhere = TextRun("はじめての おつかい", frame: frame, size: 36, maxLines: 3, minimumScale: 0.5, lineBreaks: .anywhere)
        #expect(try Self.wordsOf(painter.lines(of: anywhere).lines) != WordWrap.words(of: anywhere.text))
        var betweenWords = anywhere
        betweenWords.lineBreaks = .betweenWords
        let laid = try painter.lines(of: betweenWords)
        // "はじめての" (five characters, 180) is wider than the frame: shrunk to fit, never broken.
        #expect(laid.lines == ["はじめての", "おつかい"])
        #expect(laid.size < 36 && !laid.isEllipsized)
    }

    @Test func aWordTooLongForTheLineIsShrunkNotBroken() throws {
        let run = TextRun("ちいさなうさこちゃんとおおきなクリスマスツリー", frame: Rect(x: 0, y: 0, width: 300, height: 120), size: 40,
                          maxLines: 2, minimumScale: 0.3, lineBreaks: .betweenWords)
        let laid = try ScenePainter().lines(of: run)
        #expect(laid.lines == [run.text])
        #expect(laid.size < 40 && !laid.isEllipsized)
    }

    @Test func aTitleWithoutASpaceShrinksThenEndsWithAnEllipsis() throws {
        let run = TextRun(String(repeating: "ながい", count: 20), frame: Rect(x: 0, y: 0, width: 300, height: 120), size: 40,
                          maxLines: 2, minimumScale: 0.7, lineBreaks: .betweenWords)
        let laid = try ScenePainter().lines(of: run)
        #expect(laid.lines == [run.text])
        #expect(laid.isEllipsized)
        #expect(abs(laid.size - 28) < 0.01)
    }
}
