import Lending
import Printing
import Scene
import Testing

@Suite("Sheets")
struct SheetTests {
    @Test("the built-in sheets fit their pages and hold the labels the issue lists",
          arguments: [("a-one-28368", 44), ("a-one-28369", 24), ("a-one-28362", 12), ("a-one-51002", 10),
                      ("hisago-cj602s", 10), ("avery-l7160", 21), ("avery-5160", 30)])
    func builtIn(name: String, count: Int) throws {
        let sheet = try #require(Sheet.builtIn.first { $0.name == name })
        #expect(sheet.problems.isEmpty, "\(sheet.problems)")
        #expect(sheet.count == count)
    }

    @Test("a sheet that overlaps or runs off the page says so")
    func problems() {
        let overlapping = Sheet(name: "x", title: "x", columns: 3, rows: 2, labelWidth: 70, labelHeight: 30,
                                leftMargin: 0, topMargin: 0, horizontalPitch: 60)
        #expect(overlapping.problems.contains { $0.contains("overlap") })
        let tooWide = Sheet(name: "x", title: "x", columns: 3, rows: 2, labelWidth: 70, labelHeight: 30, leftMargin: 5, topMargin: 0)
        #expect(tooWide.problems.contains { $0.contains("215 mm") && $0.contains("A4") })
        let letter = Sheet(name: "x", title: "x", paper: .letter, columns: 1, rows: 10, labelWidth: 100, labelHeight: 28,
                           leftMargin: 5, topMargin: 0)
        #expect(letter.problems.contains { $0.contains("Letter") })
    }

    @Test("positions count from the top left, row by row")
    func positions() throws {
        let sheet = try #require(Sheet.builtIn.first { $0.name == "avery-l7160" })
        let fifth = sheet.labelFrame(position: 5)
        #expect(abs(fifth.x - (7.2 + 66.04)) < 1e-9 && abs(fifth.y - (15.15 + 38.1)) < 1e-9)
    }
}

@Suite("Pages of cards and labels")
struct PageLayoutTests {
    static let k = PageLayout.pointsPerMillimetre

    static func labels(_ count: Int, first: Int = 20_000_001) -> [BookLabel] {
        (0..<count).map { BookLabel(title: "えほん \($0)", barcode: String(first + $0)) }
    }

    /// The label groups of a page, by position.
    static func groups(_ scene: Scene) -> [Int: (clip: Rect, items: [SceneItem])] {
        var found: [Int: (Rect, [SceneItem])] = [:]
        for item in scene.items {
            guard case .group(let name, let clip, let items) = item, name.hasPrefix("label "),
                  let position = Int(name.dropFirst(6)), let clip else { continue }
            found[position] = (clip, items)
        }
        return found
    }

    /// The bars' rectangles in a label's items.
    static func bars(_ items: [SceneItem]) -> [Rect] {
        items.flatMap { item -> [Rect] in
            guard case .group(let name, _, let inner) = item, name.hasPrefix("barcode ") else { return [] }
            return inner.compactMap { if case .rectangle(let rect, _, _, _) = $0 { rect } else { nil } }
        }
    }

    @Test("pages are exactly A4 or Letter")
    func pageSizes() throws {
        let a4 = try PageLayout(sheet: Sheet.builtIn[0]).labels(Self.labels(1)).get()
        #expect(abs(a4[0].size.width - 595.28) < 0.01 && abs(a4[0].size.height - 841.89) < 0.01)
        let letter = try PageLayout(sheet: try #require(Sheet.builtIn.first { $0.name == "avery-5160" })).labels(Self.labels(1)).get()
        #expect(abs(letter[0].size.width - 612) < 1e-6 && abs(letter[0].size.height - 792) < 1e-6)
    }

    @Test("--start-at leaves the earlier positions empty and carries on onto a new page")
    func startAt() throws {
        let sheet = Sheet.builtIn[0]
        let pages = try PageLayout(sheet: sheet, startAt: 6).labels(Self.labels(44)).get()
        #expect(pages.count == 2)
        #expect(Set(Self.groups(pages[0]).keys) == Set(6...44))
        #expect(Set(Self.groups(pages[1]).keys) == Set(1...5))
        #expect(throws: PrintRefusal.self) { try PageLayout(sheet: sheet, startAt: 45).labels(Self.labels(1)).get() }
    }

    @Test("on every sheet, cards and labels keep the barcode rules and stay inside their label",
          arguments: Sheet.builtIn.map(\.name))
    func barcodeRules(name: String) throws {
        let sheet = try #require(Sheet.builtIn.first { $0.name == name })
        let layout = PageLayout(sheet: sheet, libraryName: "ひまわり文庫")
        let pages = try layout.labels(Self.labels(3)).get() + layout.cards([CardFace(name: "はると", barcode: "10000001"),
                                                                            CardFace(name: "Alexander", barcode: "C0009")]).get()
        for page in pages {
            for (_, label) in Self.groups(page) {
                for item in label.items { #expect(label.clip.contains(item.bounds, tolerance: 1e-6), "\(item.bounds) outside \(label.clip)") }
                let bars = Self.bars(label.items)
                #expect(!bars.isEmpty)
                let narrow = bars.map(\.width).min()! / Self.k
                #expect(narrow >= 0.25 - 1e-9 && narrow <= 0.33 + 1e-9, "narrow module \(narrow) mm")
                #expect(bars.allSatisfy { $0.height / Self.k >= 8 - 1e-9 }, "bars under 8 mm")
                let left = bars.map(\.minX).min()!, right = bars.map(\.maxX).max()!
                #expect((left - label.clip.minX) / Self.k >= 10 * narrow, "left quiet zone")
                #expect((label.clip.maxX - right) / Self.k >= 10 * narrow, "right quiet zone")
            }
        }
    }

    @Test("the longest number the numbering allows fits the smallest built-in labels as NW-7")
    func longestNumberFits() throws {
        let longest = String(repeating: "9", count: BarcodeNumbering.lengths.upperBound)
        let smallest = try #require(Sheet.builtIn.min { $0.labelWidth < $1.labelWidth })
        #expect(throws: Never.self) { try PageLayout(sheet: smallest).labels([BookLabel(title: "", barcode: longest)]).get() }
        #expect(throws: PrintRefusal.self) { try PageLayout(sheet: smallest).labels([BookLabel(title: "", barcode: longest + "99")]).get() }
    }

    @Test("NW-7's wide bars are 2.5 to 3 narrow ones")
    func wideRatio() throws {
        let pages = try PageLayout(sheet: Sheet.builtIn[0]).labels(Self.labels(1)).get()
        let bars = Self.bars(try #require(Self.groups(pages[0])[1]).items)
        let narrow = bars.map(\.width).min()!, wide = bars.map(\.width).max()!
        #expect(wide / narrow >= 2.5 - 1e-9 && wide / narrow <= 3 + 1e-9)
    }

    @Test("a card has the name large, the library's name, and the digits under the bars")
    func cardText() throws {
        let pages = try PageLayout(sheet: try #require(Sheet.builtIn.first { $0.name == "a-one-51002" }), libraryName: "ひまわり文庫")
            .cards([CardFace(name: "はると", barcode: "10000001")]).get()
        let runs = pages[0].textRuns
        let name = try #require(runs.first { $0.text == "はると" })
        #expect(runs.contains { $0.text == "ひまわり文庫" })
        let digits = try #require(runs.first { $0.text == "10000001" })
        #expect(name.size > 2 * digits.size && name.family == nil)
        let bars = Self.bars(try #require(Self.groups(pages[0])[1]).items)
        #expect(digits.frame.minY >= bars.map(\.maxY).max()! - 1e-9)
    }

    @Test("a card shows the reading big, the name as written and the class small, on every built-in sheet",
          arguments: Sheet.builtIn.map(\.name))
    func cardReading(sheet: String) throws {
        let face = CardFace(name: "山田 陽翔", barcode: "10000001", reading: "やまだ はると", className: "ひよこ組")
        let pages = try PageLayout(sheet: try #require(Sheet.builtIn.first { $0.name == sheet }), libraryName: "ひまわり文庫").cards([face]).get()
        let name = try #require(Self.groups(pages[0])[1]?.items.first { if case .group("name", _, _) = $0 { true } else { false } })
        let runs = name.textRuns
        #expect(runs.map(\.text) == ["やまだ はると", "山田 陽翔　ひよこ組"])
        #expect(runs[0].size > runs[1].size * 1.5)
        #expect(runs[0].frame.maxY <= runs[1].frame.minY + 1e-9)
        #expect(runs[0].lineBreaks == .betweenWords)
        // Without a reading, the name is big as before, with the class under it.
        let plain = try PageLayout(sheet: try #require(Sheet.builtIn.first { $0.name == sheet })).cards([CardFace(name: "はると", barcode: "10000002", className: "ひよこ組")]).get()
        #expect(plain[0].textRuns.map(\.text).contains("はると") && plain[0].textRuns.map(\.text).contains("ひよこ組"))
    }

    @Test("a chosen User's card carries their reading and class")
    func cardFromChoice() {
        let face = CardFace(PrintChoice(barcode: "C1", name: "佐藤 芽衣", reading: "さとう めい", className: "うさぎ組"))
        #expect(face.bigName == "さとう めい" && face.smallLine == "佐藤 芽衣　うさぎ組")
        #expect(CardFace(name: "めい", barcode: "C2", reading: "めい").smallLine == nil)
    }

    @Test("a barcode that cannot be drawn at a scannable size is refused, named, with a larger sheet")
    func refusal() {
        guard case .failure(let refusal) = PageLayout(sheet: Sheet.builtIn[0]).labels([BookLabel(title: "ながい", barcode: "123456789012345678")]) else {
            Issue.record("a barcode too long for the label was laid out")
            return
        }
        #expect(refusal.description.contains("123456789012345678"))
        #expect(refusal.description.contains("--sheet a-one-28369") || refusal.description.contains("--sheet avery-"), "\(refusal.description)")
    }

    @Test("a sheet too short for 8 mm bars refuses, saying so")
    func tooShort() {
        let short = Sheet(name: "tiny", title: "tiny", columns: 4, rows: 20, labelWidth: 48, labelHeight: 14,
                          leftMargin: 5, topMargin: 5)
        guard case .failure(let refusal) = PageLayout(sheet: short).labels(Self.labels(1)) else {
            Issue.record("a label too short for the bars was laid out")
            return
        }
        #expect(refusal.description.contains("8 mm") && refusal.description.contains("tiny"))
    }
}
