import Foundation
import HTTPServer
import Lending
import Testing
@testable import TeachersPage

@Suite struct BookPagesTests {
    @Test func theListShowsOnLoanOrAvailableAndATitleAsText() throws {
        let fixture = try PageFixture()
        try fixture.lend("B001", to: "U001")
        let browser = Browser(fixture)
        browser.signIn()
        let list = browser.get("/books").text
        #expect(list.contains("<span class=\"state-on-loan\">貸出中</span>"))
        #expect(list.contains("<span class=\"state-available\">貸出可</span>"))
        #expect(list.contains("&lt;img src=x onerror=alert(1)&gt;"))
        #expect(!list.contains("<img src=x"))
        #expect(list.contains(">絵本を追加</a>"))
        let search = browser.get("/books?q=9784834000825").text
        #expect(search.contains("ぐりとぐら") && !search.contains("はらぺこあおむし"))
    }

    @Test func aBooksPageSaysWhoHasIt() throws {
        let fixture = try PageFixture()
        try fixture.lend("B001", to: "U001")
        let browser = Browser(fixture)
        browser.signIn()
        let page = browser.get("/books/B001").text
        #expect(page.contains("<a href=\"/users/U001\">はなこ</a>"))
        #expect(page.contains(">編集</a>") && page.contains(">除籍</button>") && !page.contains(">貸出</a>"))
        #expect(browser.get("/books/B002").text.contains("href=\"/books/B002/lend\""))
        #expect(browser.get("/books/NOPE").status == 404)
    }

    @Test func addingABookKeepsJapaneseAsTypedAndIsAudited() throws {
        let fixture = try PageFixture()
        let browser = Browser(fixture)
        browser.signIn()
        let response = browser.post("/books/new", [("barcode", " B100 "), ("title", "ｶﾀｶﾅ と ひらがな と 漢字"), ("author", "作者"), ("isbn", "4-8340-0082-6")])
        #expect(response.status == 303 && response.header("Location") == "/books/B100")
        let book = try #require(try fixture.repository.transaction { try $0.book(barcode: "B100") })
        #expect(book.title == "ｶﾀｶﾅ と ひらがな と 漢字")
        #expect(book.isbn == "9784834000825")
        #expect(try fixture.audit().last?.action.kind == .registeredBook)
        #expect(try fixture.audit().last?.staff == "佐藤")
    }

    @Test(arguments: [
        ([("barcode", "B001"), ("title", "x")], "B001 の絵本はもうあります"),
        ([("barcode", "U001"), ("title", "x")], "U001 は利用者カードの番号なので"),
        ([("barcode", "B200"), ("title", "  ")], "書名を入力してください"),
        ([("barcode", "B200"), ("title", "x"), ("reading", "漢字")], "よみがなには、ひらがな・カタカナ"),
        ([("barcode", "B200"), ("title", "x"), ("isbn", "12345")], "ISBN が正しくありません"),
    ])
    func aBadBookFormIsShownAgainWithWhatToFix(fields: [(String, String)], message: String) throws {
        let fixture = try PageFixture()
        let browser = Browser(fixture)
        browser.signIn()
        let before = try fixture.repository.transaction { try $0.allBooks() }
        let response = browser.post("/books/new", fields)
        #expect(response.status == 400)
        #expect(response.text.contains(message))
        #expect(try fixture.repository.transaction { try $0.allBooks() } == before)
    }

    @Test func editingABookKeepsItsBarcodeAndStatus() throws {
        let fixture = try PageFixture()
        let browser = Browser(fixture)
        browser.signIn()
        #expect(browser.get("/books/B002/edit").text.contains("value=\"はらぺこあおむし\""))
        let response = browser.post("/books/B002/edit", [("barcode", "OTHER"), ("title", "はらぺこ あおむし"), ("author", "")])
        #expect(response.header("Location") == "/books/B002")
        let book = try #require(try fixture.repository.transaction { try $0.book(barcode: "B002") })
        #expect(book.title == "はらぺこ あおむし" && book.author == nil && book.status == .available)
        #expect(try fixture.repository.transaction { try $0.book(barcode: "OTHER") } == nil)
        #expect(try fixture.audit().last?.action.kind == .editedBook)
    }

    @Test func withdrawingABookOnLoanWarnsFirst() throws {
        let fixture = try PageFixture()
        try fixture.lend("B001", to: "U001")
        let browser = Browser(fixture)
        browser.signIn()
        let warning = browser.post("/books/B001/withdraw")
        #expect(warning.status == 200)
        #expect(warning.text.contains("いま はなこさんに貸出中です"))
        #expect(warning.text.contains("name=\"confirm\" value=\"1\""))
        #expect(try fixture.repository.transaction { try $0.book(barcode: "B001") }?.status == .available, "nothing changed yet")
        #expect(browser.post("/books/B001/withdraw", [("confirm", "1")]).status == 303)
        #expect(try fixture.repository.transaction { try $0.book(barcode: "B001") }?.status == .withdrawn)
        #expect(try fixture.repository.transaction { try $0.openLoans() }.isEmpty)
        let entry = try #require(try fixture.audit().last)
        #expect(entry.action.kind == .withdrew && entry.staff == "佐藤" && entry.user?.card == "U001")
    }

    @Test func anAvailableBookIsWithdrawnAtOnce() throws {
        let fixture = try PageFixture()
        let browser = Browser(fixture)
        browser.signIn()
        #expect(browser.post("/books/B002/withdraw").status == 303)
        #expect(try fixture.repository.transaction { try $0.book(barcode: "B002") }?.status == .withdrawn)
        #expect(browser.get("/books/B002").text.contains("除籍済み"))
    }

    @Test func lendingUnderTheRulesShowsTheDueDateAndRecordsIt() throws {
        let fixture = try PageFixture()
        let browser = Browser(fixture)
        browser.signIn()
        let choose = browser.get("/books/B002/lend").text
        #expect(choose.contains("<option value=\"U001\">"))
        let confirm = browser.get("/books/B002/lend?user=U001").text
        #expect(confirm.contains("返却期限は 2026年12月1日(火) になります。"))
        #expect(confirm.contains(">貸出する</button>"))
        let response = browser.post("/books/B002/lend", [("user", "U001")])
        #expect(response.header("Location") == "/books/B002")
        let loan = try #require(try fixture.repository.transaction { try $0.openLoan(book: "B002") })
        #expect(loan.user == "U001" && loan.overrideBy == nil && loan.due == LocalDate(year: 2026, month: 12, day: 1))
        #expect(try fixture.audit().last?.action.kind == .lent)
    }

    @Test func aRefusalIsShownAndAStaffMemberMayLendPastIt() throws {
        let fixture = try PageFixture()
        try fixture.lend("B001", to: "U001")
        try fixture.lend("B003", to: "U001")
        let browser = Browser(fixture)
        browser.signIn()
        let confirm = browser.get("/books/B002/lend?user=U001").text
        #expect(confirm.contains("貸出上限まで借りているので"))
        #expect(confirm.contains(">特別貸出する</button>") && !confirm.contains(">貸出する</button>"))
        // Without the override nothing is lent.
        #expect(browser.post("/books/B002/lend", [("user", "U001")]).status == 303)
        #expect(try fixture.repository.transaction { try $0.openLoan(book: "B002") } == nil)
        #expect(browser.get("/books/B002/lend?user=U001").text.contains("class=\"warning\""))
        browser.post("/books/B002/lend", [("user", "U001"), ("override", "1")])
        let loan = try #require(try fixture.repository.transaction { try $0.openLoan(book: "B002") })
        #expect(loan.overrideBy == "佐藤")
        let entry = try #require(try fixture.audit().last)
        #expect(entry.action.kind == .lentPastRules)
    }

    @Test func anInactiveUserIsRefusedEvenWithAnOverride() throws {
        let fixture = try PageFixture()
        try fixture.repository.transaction { try $0.save(User(card: "U003", name: "じろう", isActive: false)) }
        let browser = Browser(fixture)
        browser.signIn()
        #expect(browser.get("/books/B002/lend?user=U003").text.contains("利用停止中です"))
        browser.post("/books/B002/lend", [("user", "U003"), ("override", "1")])
        #expect(try fixture.repository.transaction { try $0.openLoan(book: "B002") } == nil)
    }

    @Test func coversComeFromTheFolderByBarcodeNeverByAPathFromTheRequest() throws {
        try PageFixture.withCoversFolder { fixture, png in
            let browser = Browser(fixture)
            browser.signIn()
            #expect(browser.get("/books").text.contains("<img src=\"/covers/B001\""))
            let cover = browser.get("/covers/B001")
            #expect(cover.status == 200 && cover.header("Content-Type") == "image/png" && cover.body == png)
            #expect(browser.get("/covers/B002").status == 404)
            #expect(browser.get("/covers/..%2F..%2Fetc%2Fpasswd").status == 404)
        }
    }
}
