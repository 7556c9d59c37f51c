import Lending
import Testing

@Suite("Readings")
struct ReadingTests {
    @Test("katakana become hiragana; spaces are tidied; hiragana and ー stay as typed",
          arguments: [("ハルト", "はると"), ("さとう はると", "さとう はると"), ("サトウ　ハルト", "さとう はると"),
                      ("  ゆうき  ", "ゆうき"), ("ルーシー", "るーしー"), ("ヴァイオレット", "ゔぁいおれっと"),
                      ("がっこう", "がっこう")])
    func normalized(input: String, expected: String) throws {
        #expect(try Reading.normalize(input) == expected)
    }

    @Test("an empty reading is none")
    func empty() throws {
        #expect(try Reading.normalize("") == nil)
        #expect(try Reading.normalize(" 　 ") == nil)
    }

    @Test("anything but kana, spaces and ー is refused, naming the character",
          arguments: [("佐藤", "佐"), ("haruto", "h"), ("はると1", "1"), ("ハルト・", "・")])
    func refused(input: String, culprit: Character) {
        #expect(throws: Reading.Invalid(character: culprit)) { try Reading.normalize(input) }
    }

    @Test("the speech says the reading where there is one")
    func spoken() {
        #expect(User(card: "C1", name: "佐藤 陽翔", reading: "さとう はると").spokenName == "さとう はると")
        #expect(User(card: "C1", name: "Lucy").spokenName == "Lucy")
    }
}

@Suite("School year")
struct SchoolYearTests {
    @Test("a school year runs from 1 April",
          arguments: [("2026-04-01", "2026-04-01"), ("2026-11-24", "2026-04-01"), ("2027-03-31", "2026-04-01"),
                      ("2027-01-05", "2026-04-01")])
    func start(day: String, expected: String) {
        #expect(SchoolYear.start(containing: LocalDate(day)!) == LocalDate(expected)!)
    }

    @Test("lists go by class grade, then reading (五十音順), then name, then card")
    func listOrder() {
        let classes = [SchoolClass(name: "きりん組", grade: 3), SchoolClass(name: "ひよこ組", grade: 1), SchoolClass(name: "新しい組")]
        let users = [
            User(card: "C5", name: "Zed"),
            User(card: "C4", name: "渡辺", reading: "わたなべ", className: "ひよこ組"),
            User(card: "C3", name: "青木", reading: "あおき", className: "きりん組"),
            User(card: "C2", name: "伊藤", reading: "いとう", className: "ひよこ組"),
            User(card: "C1", name: "Ann", className: "新しい組"),
            User(card: "C6", name: "上田", className: "ひよこ組"),
        ]
        #expect(users.sortedForLists(classes: classes).map(\.card) == ["C2", "C4", "C6", "C3", "C1", "C5"])
    }
}

@Suite("Promotion")
struct PromotionPlanTests {
    static let classes = [SchoolClass(name: "ひよこ組", grade: 1), SchoolClass(name: "うさぎ組", grade: 2),
                          SchoolClass(name: "きりん組", grade: 3)]
    static let users = [
        User(card: "C1", name: "はると", className: "ひよこ組"),
        User(card: "C2", name: "ゆい", className: "うさぎ組"),
        User(card: "C3", name: "そら", className: "きりん組"),
        User(card: "C4", name: "いなくなった", isActive: false, className: "ひよこ組"),
        User(card: "C5", name: "せんせい"),
    ]

    @Test("one class a grade: everybody moves up one, the last grade graduates with their books named")
    func oneClassPerGrade() {
        let book = Book(barcode: "B1", title: "ぐりとぐら")
        let plan = PromotionPlan.make(classes: Self.classes, users: Self.users, mapping: [:], booksOut: ["C3": [book]])
        #expect(plan.canApply)
        #expect(plan.moves.map { [$0.from, $0.to] } == [["ひよこ組", "うさぎ組"], ["うさぎ組", "きりん組"]])
        #expect(plan.moves.map { $0.users.map(\.card) } == [["C1"], ["C2"]])
        #expect(plan.graduates == [PromotionPlan.Graduate(user: Self.users[2], booksOut: [book])])
        let changed = Dictionary(uniqueKeysWithValues: plan.changedUsers.map { ($0.card, $0) })
        #expect(changed["C1"]?.className == "うさぎ組" && changed["C2"]?.className == "きりん組")
        #expect(changed["C3"]?.className == nil && changed["C3"]?.isActive == false)
        #expect(changed["C4"] == nil && changed["C5"] == nil)
    }

    @Test("several classes in the next grade: the plan says so and cannot apply until mapped")
    func severalClassesPerGrade() {
        let classes = Self.classes + [SchoolClass(name: "ぱんだ組", grade: 2)]
        let plan = PromotionPlan.make(classes: classes, users: Self.users, mapping: [:], booksOut: [:])
        #expect(!plan.canApply)
        #expect(plan.problems == [.severalClasses(from: "ひよこ組", grade: 2, choices: ["うさぎ組", "ぱんだ組"])])
        #expect(plan.problems[0].description.contains("--map ひよこ組=うさぎ組"))
        let mapped = PromotionPlan.make(classes: classes, users: Self.users, mapping: ["ひよこ組": "ぱんだ組"], booksOut: [:])
        #expect(mapped.canApply)
        #expect(mapped.moves.first { $0.from == "ひよこ組" }?.to == "ぱんだ組")
    }

    @Test("a class with Users and no grade, or a mapping to no class, stops the plan")
    func cannotGuess() {
        let classes = Self.classes + [SchoolClass(name: "新しい組")]
        let users = Self.users + [User(card: "C9", name: "あらた", className: "新しい組")]
        let plan = PromotionPlan.make(classes: classes, users: users, mapping: ["ひよこ組": "ないよ組"], booksOut: [:])
        #expect(plan.problems.contains(.noGrade(class: "新しい組", users: 1)))
        #expect(plan.problems.contains(.unknownClass("ないよ組")))
        #expect(!plan.canApply)
    }
}

@Suite("Lend reports")
struct LendReportTests {
    static let books = [Book(barcode: "B1", title: "ぐりとぐら", isbn: "9784834000825"), Book(barcode: "B2", title: "ぐりとぐら", isbn: "9784834000825"),
                        Book(barcode: "B3", title: "はらぺこあおむし"), Book(barcode: "B4", title: "あおくん")]
    static let counts = [LendCount(book: "B1", className: "もも組", month: "2026-04", lends: 2),
                         LendCount(book: "B2", className: "ひよこ組", month: "2026-05", lends: 2),
                         LendCount(book: "B3", className: "もも組", month: "2026-05", lends: 3),
                         LendCount(book: "B4", className: nil, month: "2026-04", lends: 1),
                         LendCount(book: "B9", className: nil, month: "2026-04", lends: 7)]

    @Test("copies of one ISBN count together; most lent first; a class filters; top cuts")
    func popular() {
        let all = LendReport.popular(Self.counts, books: Self.books, className: nil, top: 10)
        #expect(all.map(\.title) == ["ぐりとぐら", "はらぺこあおむし", "あおくん"])
        #expect(all[0].lends == 4 && all[0].barcodes == ["B1", "B2"])
        #expect(LendReport.popular(Self.counts, books: Self.books, className: "もも組", top: 10).map(\.lends) == [3, 2])
        #expect(LendReport.popular(Self.counts, books: Self.books, className: nil, top: 1).count == 1)
    }

    @Test("lends per class per month: youngest class first, no class last")
    func perClass() {
        let table = LendReport.perClass(Self.counts, classes: [SchoolClass(name: "ひよこ組", grade: 1), SchoolClass(name: "もも組", grade: 2)])
        #expect(table == [LendReport.ClassMonth(className: "ひよこ組", month: "2026-05", lends: 2),
                          LendReport.ClassMonth(className: "もも組", month: "2026-04", lends: 2),
                          LendReport.ClassMonth(className: "もも組", month: "2026-05", lends: 3),
                          LendReport.ClassMonth(className: nil, month: "2026-04", lends: 8)])
    }
}
