import Foundation
import HTTPServer
import Language
import Lending
import Testing
@testable import TeachersPage

@Suite struct UserPagesTests {
    @Test func addingAUserKeepsTheNameAsTyped() throws {
        let fixture = try PageFixture()
        let browser = Browser(fixture)
        browser.signIn()
        #expect(browser.get("/users").text.contains(">利用者を追加</a>"))
        let response = browser.post("/users/new", [("card", "U100"), ("name", "山田 はなこ"), ("limit", "")])
        #expect(response.header("Location") == "/users/U100")
        let user = try #require(try fixture.repository.transaction { try $0.user(card: "U100") })
        #expect(user == User(card: "U100", name: "山田 はなこ", loanLimit: nil, isActive: true))
        let entry = try #require(try fixture.audit().last)
        #expect(entry.action.kind == .registeredUser && entry.staff == "佐藤" && entry.user?.name == "山田 はなこ")
    }

    @Test(arguments: [
        ([("card", "U001"), ("name", "x")], "カード番号 U001 の利用者はもういます"),
        ([("card", "B001"), ("name", "x")], "B001 は絵本のバーコードなので"),
        ([("card", "U200"), ("name", "")], "名前を入力してください"),
        ([("card", "U200"), ("name", "x"), ("limit", "many")], "貸出上限は 0 から 99"),
    ])
    func aBadUserFormIsShownAgainWithWhatToFix(fields: [(String, String)], message: String) throws {
        let fixture = try PageFixture()
        let browser = Browser(fixture)
        browser.signIn()
        let before = try fixture.repository.transaction { try $0.allUsers() }
        let response = browser.post("/users/new", fields)
        #expect(response.status == 400)
        #expect(response.text.contains(message))
        #expect(try fixture.repository.transaction { try $0.allUsers() } == before)
    }

    @Test func editingSetsAnOwnLoanLimit() throws {
        let fixture = try PageFixture()
        let browser = Browser(fixture)
        browser.signIn()
        browser.post("/users/U002/edit", [("card", "U002"), ("name", "たろう"), ("limit", "5")])
        #expect(try fixture.repository.transaction { try $0.user(card: "U002") }?.loanLimit == 5)
        #expect(try fixture.audit().last?.action.kind == .editedUser)
    }

    @Test func aUsersPageShowsOpenLoansAndKeptHistory() throws {
        let fixture = try PageFixture()
        let old = try fixture.lend("B002", to: "U001", daysAgo: 10)
        _ = try fixture.repository.transaction { try $0.closeLoan(id: old.id, returnedAt: fixture.clock.now.addingTimeInterval(-86_400)) }
        try fixture.lend("B001", to: "U001")
        let browser = Browser(fixture)
        browser.signIn()
        let page = browser.get("/users/U001").text
        #expect(page.contains("借りている絵本") && page.contains("ぐりとぐら"))
        #expect(page.contains("これまでに借りた絵本") && page.contains("はらぺこあおむし"))
        #expect(page.contains(">利用停止</button>"))
    }

    @Test func deactivatingAndReactivating() throws {
        let fixture = try PageFixture()
        let browser = Browser(fixture)
        browser.signIn()
        browser.post("/users/U002/deactivate")
        #expect(try fixture.repository.transaction { try $0.user(card: "U002") }?.isActive == false)
        #expect(browser.get("/users/U002").text.contains("たろうさんを利用停止にしました。"))
        browser.post("/users/U002/reactivate")
        #expect(try fixture.repository.transaction { try $0.user(card: "U002") }?.isActive == true)
        #expect(try fixture.audit().suffix(2).map(\.action.kind) == [.deactivatedUser, .reactivatedUser])
    }

    @Test func aUserWithBooksOutIsNotRemoved() throws {
        let fixture = try PageFixture()
        try fixture.lend("B001", to: "U001")
        let browser = Browser(fixture)
        browser.signIn()
        #expect(browser.post("/users/U001/remove").header("Location") == "/users/U001")
        #expect(try fixture.repository.transaction { try $0.user(card: "U001") } != nil)
        #expect(browser.get("/users/U001").text.contains("はなこさんは まだ絵本を1冊 借りているので、削除できません。"))
        #expect(browser.post("/users/U002/remove").header("Location") == "/users")
        #expect(try fixture.repository.transaction { try $0.user(card: "U002") } == nil)
        #expect(try fixture.audit().last?.action.kind == .removedUser)
    }
}

@Suite struct SettingsPageTests {
    @Test func theRulesAreSavedInTheDatabase() throws {
        let fixture = try PageFixture()
        let browser = Browser(fixture)
        browser.signIn()
        let form = browser.get("/settings").text
        #expect(form.contains("name=\"loanLimit\"") && form.contains("value=\"saturday\" checked"))
        browser.post("/settings", [("loanLimit", "3"), ("loanDays", "14"), ("closedWeekdays", "sunday"),
                                   ("closedDates", "2026-12-29\n2026-12-30\n"), ("blockOnOverdue", "1"), ("libraryName", "ひまわり文庫")])
        let rules = try #require(try fixture.repository.transaction { try $0.libraryRules() })
        #expect(rules == LibraryRules(loanLimit: 3, loanDays: 14, closedWeekdays: [.sunday],
                                      closedDates: [LocalDate(year: 2026, month: 12, day: 29), LocalDate(year: 2026, month: 12, day: 30)],
                                      blockOnOverdue: true, libraryName: "ひまわり文庫"))
        let entry = try #require(try fixture.audit().last)
        #expect(entry.action.kind == .changedRules && { if case .changedRules(let changes) = $0 { changes.contains(AuditChange(.loanLimit, from: "2", to: "3")) } else { false } }(entry.action))
        // The page lends by the new rules at once.
        #expect(browser.get("/books/B002/lend?user=U001").text.contains("2026年12月8日(火)"))
    }

    @Test func badRulesAreShownAgainAndNothingIsSaved() throws {
        let fixture = try PageFixture()
        let browser = Browser(fixture)
        browser.signIn()
        // The rules the page started with (the configured ones, seeded as `serve` seeds them).
        let before = try fixture.repository.transaction { try $0.libraryRules() }
        let response = browser.post("/settings", [("loanLimit", "-1"), ("loanDays", "0"), ("closedDates", "12/29")] +
                                    Weekday.allCases.map { ("closedWeekdays", $0.rawValue) })
        #expect(response.status == 400)
        for message in ["貸出上限は 0 から 99", "貸出日数は 1 から 365", "すべての曜日を休園日にはできません", "12/29"] {
            #expect(response.text.contains(message))
        }
        #expect(response.text.contains(">12/29</textarea>"), "what was typed is kept")
        #expect(try fixture.repository.transaction { try $0.libraryRules() } == before)
        #expect(try fixture.audit().allSatisfy { $0.action.kind != .changedRules })
    }

    @Test func addingAStaffMemberGivesThemAPINAndAPassword() throws {
        let fixture = try PageFixture()
        let browser = Browser(fixture)
        browser.signIn()
        #expect(browser.post("/settings/staff", [("name", "鈴木"), ("pin", "4321"), ("password", "suzuki-pass")]).status == 303)
        #expect(try fixture.repository.transaction { try $0.passwordHash(staff: "鈴木") } != nil)
        #expect(Browser(fixture).signIn("鈴木", password: "suzuki-pass").status == 303)
        let refused = browser.post("/settings/staff", [("name", "鈴木"), ("pin", "12"), ("password", "short")])
        #expect(refused.status == 400)
        #expect(refused.text.contains("暗証番号は 4〜12桁") && refused.text.contains("8文字以上"))
        // A PIN says who enters staff mode: a second Staff member may not take 鈴木's.
        let shared = browser.post("/settings/staff", [("name", "山本"), ("pin", "4321"), ("password", "yamamoto-pass")])
        #expect(shared.status == 400 && shared.text.contains("ほかの先生が使っています"))
        #expect(try fixture.repository.transaction { try $0.staffAccounts() }.map(\.name).contains("山本") == false)
    }

    @Test func settingAPasswordLiftsALock() throws {
        let fixture = try PageFixture()
        let locked = Browser(fixture)
        for _ in 0..<SignInThrottle.failuresBeforeLock {
            fixture.clock.advance(120)
            locked.signIn("田中", password: "wrong-password")
        }
        #expect(locked.signIn("田中").status == 429)
        let browser = Browser(fixture)
        browser.signIn()
        #expect(browser.get("/settings").text.contains("まで止めています"))
        browser.post("/settings/staff/田中/password", [("password", "tanaka-new-pass")])
        #expect(locked.signIn("田中", password: "tanaka-new-pass").status == 303)
        #expect(try fixture.audit().contains { $0.action.kind == .setPassword && $0.staff == "佐藤" })
    }

    @Test func removingAStaffMemberEndsTheirSessionsButNotOnesOwn() throws {
        let fixture = try PageFixture()
        let tanaka = Browser(fixture)
        tanaka.signIn("田中")
        let browser = Browser(fixture)
        browser.signIn()
        browser.post("/settings/staff/佐藤/remove")
        #expect(browser.get("/").text.contains("ログイン中の自分のアカウントは削除できません。"))
        browser.post("/settings/staff/田中/remove")
        #expect(try fixture.repository.transaction { try $0.staffAccounts() }.map(\.name) == ["佐藤"])
        #expect(tanaka.get("/").status == 303)
    }

    @Test func theAuditLogIsNewestFirstWithStaffNamesAndJapaneseDetails() throws {
        let fixture = try PageFixture()
        let browser = Browser(fixture)
        browser.signIn()
        browser.post("/users/U002/deactivate")
        browser.post("/loans/\(try fixture.lend("B001", to: "U001").id)/extend")
        // The changes, newest first; the sign-in is in the other list.
        let changes = try fixture.repository.transaction { try fixture.page.settings.settingsState($0, auditPage: 1) }
        #expect(changes.audit.items.map(\.action.kind) == [.extended, .deactivatedUser])
        let rows = changes.audit.items.map { fixture.page.settings.auditRow($0, in: PageFixture.tokyo) }
        #expect(rows.map { Array($0.dropFirst()) } == [
            ["佐藤", "延長", "「ぐりとぐら」(B001)、返却期限 2026年12月1日(火) → 2026年12月8日(火) · はなこ (U001)"],
            ["佐藤", "利用停止", "たろう (U002)"],
        ])
        let signIns = try fixture.repository.transaction { try fixture.page.settings.settingsState($0, auditPage: 1, auditView: .signins) }
        #expect(signIns.audit.items.map(\.action) == [.signedIn])
        // The page shows those rows, in that order.
        let text = browser.get("/settings").text
        let extended = try #require(text.range(of: ">延長</td>"))
        let deactivated = try #require(text.range(of: ">利用停止</td>"))
        #expect(extended.lowerBound < deactivated.lowerBound)
        #expect(!text.contains(">ログイン</td>"))
    }
}

@Suite struct EnglishPageTests {
    @Test func thePageSpeaksEnglishWithTheConfiguredLanguage() throws {
        let fixture = try PageFixture(language: .en)
        let browser = Browser(fixture)
        let signIn = browser.get("/sign-in").text
        #expect(signIn.contains("<html lang=\"en\">"))
        #expect(signIn.contains(">Name</label>") && signIn.contains(">Password</label>") && signIn.contains(">Sign in</button>"))
        browser.signIn()
        let home = browser.get("/").text
        for name in ["Home", "On loan", "Books", "Users", "Settings", "Sign out"] {
            #expect(home.contains(">\(name)</"), "\(name)")
        }
        try fixture.lend("B001", to: "U001", daysAgo: 30)
        let loans = browser.get("/loans").text
        #expect(loans.contains(">Overdue only</label>") && loans.contains(">Return</a>") && loans.contains(">Extend</button>"))
        #expect(loans.contains("Mon 2 Nov 2026"))
    }

    @Test(arguments: Refusal.allCases)
    func everyRefusalHasWordsInBothLanguages(refusal: Refusal) {
        #expect(!JapanesePageWords().refused(refusal).isEmpty)
        #expect(!EnglishPageWords().refused(refusal).isEmpty)
        #expect(JapanesePageWords().refused(refusal) != EnglishPageWords().refused(refusal))
    }

    /// Every audit action has its own words in both languages: not empty, not its stored name,
    /// different between the languages, and no two actions named alike in one language.
    @Test(arguments: AuditAction.Kind.allCases)
    func everyAuditActionIsNamedInBothLanguages(kind: AuditAction.Kind) {
        for words in Language.allCases.map(\.pageWords) {
            let name = words.auditAction(kind)
            #expect(!name.isEmpty && name != kind.rawValue, "\(kind)")
            let others = AuditAction.Kind.allCases.filter { $0 != kind }.map(words.auditAction)
            #expect(!others.contains(name), "\(kind) is named like another action: \(name)")
        }
        #expect(JapanesePageWords().auditAction(kind) != EnglishPageWords().auditAction(kind))
    }
}
