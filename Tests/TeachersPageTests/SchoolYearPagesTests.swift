import CatalogIO
import Foundation
import HTTPServer
import Lending
import Testing
@testable import TeachersPage

/// The school year on the page: classes on 貸出中, 利用者 and 貸出, the 組 page with promotion,
/// and 記録.
@Suite struct SchoolYearPagesTests {
    /// The fixture with two classes: ひよこ組 (grade 1: はなこ) and きりん組 (grade 2: たろう),
    /// and a User of no class.
    static func classes() throws -> PageFixture {
        let fixture = try PageFixture()
        try fixture.repository.transaction { tx in
            try tx.save(SchoolClass(name: "ひよこ組", grade: 1))
            try tx.save(SchoolClass(name: "きりん組", grade: 2))
            try tx.save(User(card: "U001", name: "はなこ", reading: "はなこ", className: "ひよこ組"))
            try tx.save(User(card: "U002", name: "太郎", reading: "たろう", className: "きりん組"))
            try tx.save(User(card: "U003", name: "じろう"))
        }
        return fixture
    }

    @Test func onLoanIsGroupedByClassYoungestFirstAndFiltersByClass() throws {
        let fixture = try Self.classes()
        try fixture.lend("B001", to: "U002")
        try fixture.lend("B002", to: "U001")
        try fixture.lend("B003", to: "U003")
        let browser = Browser(fixture)
        browser.signIn()
        let all = browser.get("/loans").text
        let hiyoko = try #require(all.range(of: "<h2 class=\"group\">ひよこ組</h2>"))
        let kirin = try #require(all.range(of: "<h2 class=\"group\">きりん組</h2>"))
        let none = try #require(all.range(of: "<h2 class=\"group\">組なし</h2>"))
        #expect(hiyoko.lowerBound < kirin.lowerBound && kirin.lowerBound < none.lowerBound)
        #expect(all.contains("<select name=\"class\" id=\"field-class\">"))
        let one = browser.get("/loans?class=%E3%81%8D%E3%82%8A%E3%82%93%E7%B5%84").text
        #expect(one.contains("太郎") && !one.contains("はなこ") && !one.contains("じろう"))
        #expect(one.contains("<option value=\"きりん組\" selected>"))
    }

    @Test func onLoanHasNoClassHeadingsWhileThereAreNoClasses() throws {
        let fixture = try PageFixture()
        try fixture.lend("B001", to: "U001")
        let browser = Browser(fixture)
        browser.signIn()
        let page = browser.get("/loans").text
        #expect(page.contains("ぐりとぐら") && !page.contains("class=\"group\"") && !page.contains("name=\"class\""))
    }

    @Test func usersAreListedByClassThenReadingAndFilterByClass() throws {
        let fixture = try Self.classes()
        let browser = Browser(fixture)
        browser.signIn()
        let list = browser.get("/users").text
        let order = ["はなこ", "太郎", "じろう"].compactMap { list.range(of: ">" + $0 + "</a>")?.lowerBound }
        #expect(order.count == 3 && order == order.sorted())
        #expect(list.contains(">たろう</td>") && list.contains(">きりん組</td>"))
        let one = browser.get("/users?class=%E3%81%B2%E3%82%88%E3%81%93%E7%B5%84").text
        #expect(one.contains(">はなこ</a>") && !one.contains(">太郎</a>"))
    }

    @Test func theUserFormStoresAKatakanaReadingAsHiraganaAndTheClass() throws {
        let fixture = try Self.classes()
        let browser = Browser(fixture)
        browser.signIn()
        let form = browser.get("/users/new").text
        #expect(form.contains("<option value=\"\" selected>組なし</option>") && form.contains("<option value=\"ひよこ組\">ひよこ組</option>"))
        let response = browser.post("/users/new", [("card", "U100"), ("name", "山田 花"), ("reading", "ヤマダ ハナ"), ("class", "ひよこ組")])
        #expect(response.status == 303)
        let user = try #require(try fixture.repository.transaction { try $0.user(card: "U100") })
        #expect(user.reading == "やまだ はな" && user.className == "ひよこ組")
        browser.post("/users/U100/edit", [("card", "U100"), ("name", "山田 花"), ("reading", "やまだ はな"), ("class", "")])
        #expect(try fixture.repository.transaction { try $0.user(card: "U100") }?.className == nil)
        #expect(try fixture.audit().last?.action == .editedUser(changes: [AuditChange(.className, from: "ひよこ組", to: nil)]))
    }

    @Test func aRefusedReadingSaysWhyAndKeepsWhatWasTyped() throws {
        let fixture = try Self.classes()
        let browser = Browser(fixture)
        browser.signIn()
        let response = browser.post("/users/new", [("card", "U100"), ("name", "山田"), ("reading", "山だ"), ("class", "きりん組")])
        #expect(response.status == 400)
        #expect(response.text.contains("よみがなには、ひらがな・カタカナ・空白・ー だけが使えます(「山」は使えません)"))
        #expect(response.text.contains("value=\"山だ\"") && response.text.contains("<option value=\"きりん組\" selected>"))
        #expect(try fixture.repository.transaction { try $0.user(card: "U100") } == nil)
    }

    @Test func lendingChoosesTheClassThenTheUserWithoutAScript() throws {
        let fixture = try Self.classes()
        let browser = Browser(fixture)
        browser.signIn()
        let first = browser.get("/books/B002/lend").text
        #expect(first.contains("<form method=\"get\" action=\"/books/B002/lend\"") && first.contains("<select name=\"class\""))
        let inClass = browser.get("/books/B002/lend?class=%E3%81%8D%E3%82%8A%E3%82%93%E7%B5%84").text
        #expect(inClass.contains("<option value=\"U002\">") && !inClass.contains("<option value=\"U001\">"))
        #expect(inClass.contains("<select name=\"user\" id=\"field-lend-user\" required>"))
        let confirm = browser.get("/books/B002/lend?class=%E3%81%8D%E3%82%8A%E3%82%93%E7%B5%84&user=U002").text
        #expect(confirm.contains(">貸出する</button>"))
    }

    @Test func theClassesPageListsGradesAndCountsAndAddsAClass() throws {
        let fixture = try Self.classes()
        let browser = Browser(fixture)
        browser.signIn()
        let page = browser.get("/classes")
        #expect(page.status == 200)
        #expect(page.text.contains("<a href=\"/classes\" aria-current=\"page\">組</a>"))
        #expect(page.text.contains(">ひよこ組</a></th><td title=\"学年\"><span class=\"cell-label\" aria-hidden=\"true\">学年 </span>1</td>"))
        #expect(page.text.contains("<td title=\"人数\"><span class=\"cell-label\" aria-hidden=\"true\">人数 </span>1人</td>"))
        let added = browser.post("/classes", [("name", "うさぎ組"), ("grade", "2")])
        #expect(added.status == 303)
        #expect(try fixture.repository.transaction { try $0.classes() }.contains(SchoolClass(name: "うさぎ組", grade: 2)))
        let entry = try #require(try fixture.audit().last)
        #expect(entry.action.kind == .addedClass && entry.staff == "佐藤")
        #expect(browser.get("/classes").text.contains("「うさぎ組」を追加しました。"))
    }

    @Test(arguments: [
        ([("name", ""), ("grade", "1")], "組の名前を入力してください。"),
        ([("name", "もも組"), ("grade", "x")], "学年は 1 から 99"),
        ([("name", "ひよこ組"), ("grade", "3")], "「ひよこ組」という組はもうあります。"),
    ])
    func aBadClassIsRefusedKeepingWhatWasTyped(fields: [(String, String)], message: String) throws {
        let fixture = try Self.classes()
        let browser = Browser(fixture)
        browser.signIn()
        let before = try fixture.repository.transaction { try $0.classes() }
        let response = browser.post("/classes", fields)
        #expect(response.status == 400)
        #expect(response.text.contains(message))
        #expect(response.text.contains("value=\"\(fields[0].1)\""))
        #expect(try fixture.repository.transaction { try $0.classes() } == before)
    }

    @Test("a name import would call a typo of a class's (ひよこぐみ beside ひよこ組) is asked about, and added once the box says it is new",
          arguments: ["ひよこぐみ", "ﾋﾖｺ組", "ひよこ くみ"])
    func aLikelyTypoIsAskedAbout(name: String) throws {
        let fixture = try Self.classes()
        let browser = Browser(fixture)
        browser.signIn()
        let before = try fixture.repository.transaction { try $0.classes() }
        let asked = browser.post("/classes", [("name", name), ("grade", "1")])
        #expect(asked.status == 400)
        #expect(asked.text.contains("組「\(name)」はありませんが「ひよこ組」があります。打ち間違いではありませんか。「ひよこ組」のことなら追加はいりません。本当に新しい組なら、下のチェックを入れて、もう一度「組を追加」を押してください。"))
        #expect(asked.text.contains("<input type=\"checkbox\" name=\"newClass\" id=\"field-newClass\" value=\"1\">"))
        #expect(asked.text.contains("<label for=\"field-newClass\">「\(name)」は新しい組です</label>"))
        #expect(asked.text.contains("value=\"\(name)\""), "what was typed is kept")
        #expect(try fixture.repository.transaction { try $0.classes() } == before)
        // The import's own rule, so the page and `bookkiosk import` agree on what is a likely typo.
        #expect(CatalogImport.classKey(name) == CatalogImport.classKey("ひよこ組"))

        let confirmed = browser.post("/classes", [("name", name), ("grade", "1"), ("newClass", "1")])
        #expect(confirmed.status == 303)
        #expect(try fixture.repository.transaction { try $0.classes() }.contains(SchoolClass(name: name, grade: 1)))
        #expect(try fixture.audit().last?.action.kind == .addedClass)
    }

    @Test func aNameUnlikeAnyClassNeedsNoConfirmationAndTheBoxIsNotShown() throws {
        let fixture = try Self.classes()
        let browser = Browser(fixture)
        browser.signIn()
        #expect(!browser.get("/classes").text.contains("newClass"))
        #expect(browser.post("/classes", [("name", "ひよこ2組"), ("grade", "1")]).status == 303)
        #expect(try fixture.repository.transaction { try $0.classes() }.contains { $0.name == "ひよこ2組" })
    }

    @Test func aLikelyTypoIsAskedAboutInEnglish() throws {
        let fixture = try PageFixture(language: .en)
        try fixture.repository.transaction { try $0.save(SchoolClass(name: "ひよこ組", grade: 1)) }
        let browser = Browser(fixture)
        browser.signIn()
        let asked = browser.post("/classes", [("name", "ひよこぐみ"), ("grade", "1")])
        #expect(asked.status == 400)
        #expect(asked.text.contains("There is no class “ひよこぐみ”, but there is “ひよこ組”: probably a typo."))
        #expect(asked.text.contains("tick the box below that says so, and press Add a class again."))
        #expect(asked.text.contains("<label for=\"field-newClass\">“ひよこぐみ” is a new class</label>"))
    }

    @Test func aClassGetsAGradeIsRenamedAndRemovedOnlyWhenEmpty() throws {
        let fixture = try Self.classes()
        let browser = Browser(fixture)
        browser.signIn()
        browser.post("/classes/%E3%81%8D%E3%82%8A%E3%82%93%E7%B5%84/grade", [("grade", "3")])
        #expect(try fixture.repository.transaction { try $0.classes() }.contains(SchoolClass(name: "きりん組", grade: 3)))
        #expect(try fixture.audit().last?.action.kind == .setClassGrade)
        browser.post("/classes/%E3%81%8D%E3%82%8A%E3%82%93%E7%B5%84/rename", [("name", "ぞう組")])
        #expect(try fixture.repository.transaction { try $0.user(card: "U002") }?.className == "ぞう組")
        #expect(try fixture.audit().last?.action.kind == .renamedClass)
        let refused = browser.post("/classes/%E3%81%9E%E3%81%86%E7%B5%84/remove")
        #expect(refused.status == 303)
        #expect(browser.get("/classes").text.contains("「ぞう組」には利用者が 1人 いるので削除できません。"))
        #expect(try fixture.repository.transaction { try $0.classes() }.count == 2)
        browser.post("/users/U002/edit", [("card", "U002"), ("name", "太郎"), ("class", "")])
        browser.post("/classes/%E3%81%9E%E3%81%86%E7%B5%84/remove")
        #expect(try fixture.repository.transaction { try $0.classes() }.map(\.name) == ["ひよこ組"])
        #expect(try fixture.audit().last?.action.kind == .removedClass)
    }

    @Test func classChangesNeedTheToken() throws {
        let fixture = try Self.classes()
        let browser = Browser(fixture)
        browser.signIn()
        #expect(browser.post("/classes", [("name", "もも組"), ("grade", "1")], csrf: .some("wrong")).status == 403)
        #expect(browser.post("/classes/promote", [], csrf: .some(nil)).status == 403)
        #expect(try fixture.repository.transaction { try $0.classes() }.count == 2)
    }

    @Test func promotionShowsThePlanThenAppliesItAfterConfirmationWithOneAuditEntry() throws {
        let fixture = try Self.classes()
        try fixture.lend("B001", to: "U002")
        let browser = Browser(fixture)
        browser.signIn()
        let page = browser.get("/classes").text
        #expect(page.contains("<td title=\"今の組\">ひよこ組</td><td title=\"進む組\">→ きりん組</td>"))
        #expect(page.contains("卒園する子 (1人)") && page.contains("まだ借りている絵本: 「ぐりとぐら」"))
        #expect(page.contains("<form method=\"get\" action=\"/classes/promote\">"))
        let confirm = browser.get("/classes/promote").text
        #expect(confirm.contains(">進級する</button>"))
        #expect(try fixture.repository.transaction { try $0.user(card: "U001") }?.className == "ひよこ組", "nothing changes before the button")
        let plan = try #require(confirm.range(of: "name=\"plan\" value=\"")).upperBound
        let fingerprint = String(confirm[plan...].prefix { $0 != "\"" }).replacingOccurrences(of: "&gt;", with: ">")
        let auditBefore = try fixture.audit().count
        let done = browser.post("/classes/promote", [("plan", fingerprint)])
        #expect(done.header("Location") == "/classes")
        let (hanako, taro) = try fixture.repository.transaction { (try $0.user(card: "U001"), try $0.user(card: "U002")) }
        #expect(hanako?.className == "きりん組" && hanako?.isActive == true)
        #expect(taro?.className == nil && taro?.isActive == false)
        let audit = try fixture.audit()
        #expect(audit.count == auditBefore + 1)
        #expect(audit.last?.action.kind == .promoted && audit.last?.staff == "佐藤")
    }

    @Test func promotionWithSeveralClassesAsksForTheTargetAndRefusesAnUnconfirmedPlan() throws {
        let fixture = try Self.classes()
        try fixture.repository.transaction { try $0.save(SchoolClass(name: "ぞう組", grade: 2)) }
        let browser = Browser(fixture)
        browser.signIn()
        let page = browser.get("/classes").text
        #expect(page.contains("「ひよこ組」の次の学年(2)には組が 2つ"))
        #expect(page.contains("<option value=\"ひよこ組=ぞう組\">ぞう組</option>"))
        #expect(!page.contains("action=\"/classes/promote\""))
        #expect(browser.get("/classes/promote").text.contains("何も変えていません"))
        let mapped = browser.get("/classes?map=%E3%81%B2%E3%82%88%E3%81%93%E7%B5%84%3D%E3%81%9E%E3%81%86%E7%B5%84").text
        #expect(mapped.contains("<td title=\"進む組\">→ ぞう組</td>") && mapped.contains("action=\"/classes/promote\""))
        // A POST with a plan other than the one the library gives now changes nothing.
        let refused = browser.post("/classes/promote", [("map", "ひよこ組=ぞう組"), ("plan", "something else")])
        #expect(refused.status == 303)
        #expect(try fixture.repository.transaction { try $0.user(card: "U001") }?.className == "ひよこ組")
        #expect(try fixture.audit().last?.action.kind != .promoted)
    }

    @Test func recordsRankPopularBooksThisSchoolYearAndCountLendsPerClass() throws {
        let fixture = try Self.classes()
        let first = try fixture.lend("B002", to: "U001", daysAgo: 20)
        _ = try fixture.repository.transaction { try $0.closeLoan(id: first.id, returnedAt: fixture.clock.now.addingTimeInterval(-86_400 * 10)) }
        try fixture.lend("B002", to: "U002")
        try fixture.lend("B001", to: "U001")
        let browser = Browser(fixture)
        browser.signIn()
        let page = browser.get("/records")
        #expect(page.status == 200)
        #expect(page.text.contains("<a href=\"/records\" aria-current=\"page\">記録</a>"))
        let popular = page.text
        let top = try #require(popular.range(of: ">はらぺこあおむし</a>"))
        let second = try #require(popular.range(of: ">ぐりとぐら</a>"))
        #expect(top.lowerBound < second.lowerBound)
        #expect(popular.contains("2026年4月から") && popular.contains("2回"))
        #expect(popular.contains("<td title=\"組\">ひよこ組</td><td title=\"月\">2026年11月</td><td title=\"貸出回数\" class=\"number\">2回</td>"))
        let kirin = browser.get("/records?class=%E3%81%8D%E3%82%8A%E3%82%93%E7%B5%84&since=2026-11").text
        #expect(kirin.contains(">はらぺこあおむし</a>") && !kirin.contains(">ぐりとぐら</a>"))
        let later = browser.get("/records?since=2026-12").text
        #expect(later.contains("この期間の貸出はまだありません。"))
        let bad = browser.get("/records?since=soon").text
        #expect(bad.contains("月は 2026-04 のように入力してください。") && bad.contains("2026年4月から"))
    }

    @Test func theNewPagesSpeakEnglish() throws {
        let fixture = try PageFixture(language: .en)
        let browser = Browser(fixture)
        browser.signIn()
        let classes = browser.get("/classes").text
        #expect(classes.contains(">Classes</a>") && classes.contains(">Add a class</button>") && classes.contains("There are no classes yet."))
        #expect(browser.get("/records").text.contains("Most borrowed books"))
    }

    @Test func theNewRoutesAreRead() {
        #expect(PageRouting(method: "GET", path: "/classes") == .found(PageRoute(.classes)))
        #expect(PageRouting(method: "POST", path: "/classes") == .found(PageRoute(.addClass)))
        #expect(PageRouting(method: "POST", path: "/classes/もも組/rename") == .found(PageRoute(.renameClass, "もも組")))
        #expect(PageRouting(method: "GET", path: "/classes/promote") == .found(PageRoute(.confirmPromotion)))
        #expect(PageRouting(method: "POST", path: "/classes/promote") == .found(PageRoute(.promote)))
        #expect(PageRouting(method: "GET", path: "/records") == .found(PageRoute(.records)))
        #expect(PageRouting(method: "POST", path: "/records") == .methodNotAllowed)
        #expect(PageRoute(.promote).isChange && !PageRoute(.confirmPromotion).isChange)
    }
}
