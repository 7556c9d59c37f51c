import Lending
import Printing
import Scene
import Testing

@Suite("Notices for parents")
struct NoticeLayoutTests {
    static let today = LocalDate(year: 2026, month: 11, day: 24)
    static func notice(_ name: String, _ titles: Int) -> Notice {
        Notice(userName: name, className: "もも組",
               items: (1...titles).map { Notice.Item(title: "えほん \($0)", due: LocalDate(year: 2026, month: 11, day: $0)) })
    }

    @Test("three slips to an A4 page, cut lines between them, each with name, class, titles, due dates, library and date")
    func slips() {
        let layout = NoticeLayout(words: .japanese, libraryName: "さくら図書コーナー", today: Self.today)
        let pages = layout.pages((1...4).map { Self.notice("こども\($0)", 2) })
        #expect(pages.count == 2)
        #expect(abs(pages[0].size.width - 595.3) < 0.1 && abs(pages[0].size.height - 841.9) < 0.1)
        #expect(pages[0].items.filter { if case .group("cut line", _, _) = $0 { true } else { false } }.count == 2)
        let first = pages[0].group(named: "notice 1")!.textRuns.map(\.text)
        #expect(first.contains("えほんの へんきゃくの おねがい"))
        #expect(first.contains("もも組　こども1 さん"))
        #expect(first.contains("えほん 1") && first.contains("かえす日 2026年11月1日(日)"))
        #expect(first.contains { $0.contains("さくら図書コーナー") && $0.contains("2026年11月24日(火)") })
        #expect(pages[1].group(named: "notice 1")!.textRuns.map(\.text).contains("もも組　こども4 さん"))
        #expect(pages[1].group(named: "notice 2") == nil)
    }

    @Test("nothing to print, no pages; a long list is counted, not cut off unseen")
    func edges() {
        let layout = NoticeLayout(words: .english, libraryName: "", today: Self.today)
        #expect(layout.pages([]).isEmpty)
        let texts = layout.pages([Self.notice("Lucy", 8)])[0].textRuns.map(\.text)
        #expect(texts.contains("and 2 more"))
        #expect(texts.contains("Lucy (もも組)"))
        #expect(texts.contains("Tue 24 November 2026"))
    }

    @Test("every slip's items stay inside its part of the page")
    func inside() {
        let pages = NoticeLayout(words: .japanese, libraryName: "x", today: Self.today).pages((1...3).map { Self.notice("n\($0)", 6) })
        for place in 1...3 {
            guard case .group(_, let clip?, let items) = pages[0].group(named: "notice \(place)")! else { Issue.record("no clip"); continue }
            for item in items {
                let b = item.bounds
                #expect(b.minY >= clip.minY - 0.01 && b.maxY <= clip.maxY + 0.01 && b.minX >= 0 && b.maxX <= clip.maxX + 0.01)
            }
        }
    }
}
