import Foundation
import HTTPServer
import Lending
import Testing
@testable import TeachersPage

/// 貸出中's two pure steps, taken apart: the page value made from what was read, and the HTML
/// made from a page value. No store and no request.
@Suite struct LoansPageTests {
    static let today = LocalDate(year: 2026, month: 12, day: 3)
    static let words = JapanesePageWords()

    static func listing(_ id: Int64, book: String, title: String, user: User?, due: LocalDate) -> LoanListing {
        LoanListing(loan: Loan(id: id, book: book, user: user?.card, lentAt: Date(timeIntervalSince1970: 0), due: due),
                    book: Book(barcode: book, title: title), user: user)
    }

    static let hanako = User(card: "U001", name: "はなこ", className: "うさぎ組")
    static let taro = User(card: "U002", name: "たろう", className: "うさぎ組")
    static let jiro = User(card: "U003", name: "じろう", className: "きりん組")

    /// Three Loans in the store's order (by class), one of them overdue.
    static func read(classes: [SchoolClass], total: Int = 3) -> LoansPage.Read {
        LoansPage.Read(library: LibraryState(policy: Policy(), name: "ひまわり文庫"), classes: classes,
                       listing: ListingPage(items: [
                           listing(1, book: "B001", title: "ぐりとぐら", user: hanako, due: LocalDate(year: 2026, month: 12, day: 10)),
                           listing(2, book: "B002", title: "はらぺこあおむし", user: taro, due: LocalDate(year: 2026, month: 11, day: 20)),
                           listing(3, book: "B003", title: "<ぐり&ぐら>", user: jiro, due: LocalDate(year: 2026, month: 12, day: 8)),
                       ], total: total),
                       today: today)
    }

    @Test func theLoansComeInOneGroupPerClassInTheOrderRead() {
        let page = LoansPage(LoansPage.Query(), Self.read(classes: [SchoolClass(name: "うさぎ組"), SchoolClass(name: "きりん組")]))
        #expect(page.groups.map(\.className) == ["うさぎ組", "きりん組"])
        #expect(page.groups.map { $0.rows.map(\.loan.id) } == [[1, 2], [3]])
        #expect(page.total == 3 && page.today == Self.today)
    }

    @Test func withoutClassesTheLoansAreOneGroupWithoutAHeading() {
        let page = LoansPage(LoansPage.Query(), Self.read(classes: []))
        #expect(page.groups == [LoansPage.Group(className: nil, rows: Self.read(classes: []).listing.items)])
        #expect(!page.content(words: Self.words, csrf: "t").map(\.rendered).joined().contains("<h2"))
    }

    @Test func aClassTheLibraryDoesNotHaveFiltersNothing() {
        let classes = [SchoolClass(name: "うさぎ組")]
        #expect(LoansPage(LoansPage.Query(className: "うさぎ組"), Self.read(classes: classes)).className == "うさぎ組")
        #expect(LoansPage(LoansPage.Query(className: "ぞう組"), Self.read(classes: classes)).className == "")
    }

    @Test func theFilterAndThePageAreKeptInTheAddressTheRowsComeBackTo() {
        let query = LoansPage.Query(text: "ぐり", className: "うさぎ組", overdueOnly: true, page: 2)
        let page = LoansPage(query, Self.read(classes: [SchoolClass(name: "うさぎ組")]))
        #expect(page.here == "/loans?q=%E3%81%90%E3%82%8A&class=%E3%81%86%E3%81%95%E3%81%8E%E7%B5%84&overdue=1&page=2")
        #expect(LoansPage(LoansPage.Query(), Self.read(classes: [])).here == "/loans")
    }

    @Test func thePageValueRendersItsRowsHeadingsAndOverdueMark() {
        let page = LoansPage(LoansPage.Query(), Self.read(classes: [SchoolClass(name: "うさぎ組"), SchoolClass(name: "きりん組")]))
        let html = page.content(words: Self.words, csrf: "TOKEN").map(\.rendered).joined()
        #expect(html.contains("<h2 class=\"group\">うさぎ組</h2>") && html.contains("<h2 class=\"group\">きりん組</h2>"))
        #expect(html.range(of: "うさぎ組</h2>")!.lowerBound < html.range(of: "きりん組</h2>")!.lowerBound)
        #expect(html.components(separatedBy: "<tr class=\"is-overdue\">").count == 2, "one overdue row")
        #expect(html.components(separatedBy: "class=\"overdue\">期限切れ").count == 2)
        #expect(html.contains("<a href=\"/users/U001\">はなこ</a>") && html.contains("<a href=\"/books/B002\">はらぺこあおむし</a>"))
        #expect(html.contains("&lt;ぐり&amp;ぐら&gt;"), "a title is escaped")
        #expect(html.contains("action=\"/loans/2/extend\"") && html.contains("value=\"TOKEN\""))
        #expect(html.contains("2026年12月10日(木)"))
        #expect(html.contains("きょう: 2026年12月3日(木)"), "the caption says the day")
    }

    @Test func anEmptyPageSaysSoAndALongOneHasAPager() {
        let empty = LoansPage(LoansPage.Query(), LoansPage.Read(library: LibraryState(policy: Policy(), name: ""), classes: [],
                                                                 listing: ListingPage(items: [], total: 0), today: Self.today))
        let emptyHTML = empty.content(words: Self.words, csrf: "t").map(\.rendered).joined()
        #expect(emptyHTML.contains("<p class=\"empty\">") && !emptyHTML.contains("<table"))
        #expect(!emptyHTML.contains("class=\"pager\""))
        let long = LoansPage(LoansPage.Query(page: 1), Self.read(classes: [], total: 120))
        let longHTML = long.content(words: Self.words, csrf: "t").map(\.rendered).joined()
        #expect(longHTML.contains("class=\"pager\"") && longHTML.contains("href=\"/loans?page=2\""))
    }

    @Test func theQueryIsReadFromTheRequest() {
        let request = HTTPRequest(method: "GET", path: "/loans", query: [FormField(name: "q", value: " ぐり "), FormField(name: "class", value: "うさぎ組"),
                                                                      FormField(name: "overdue", value: "1")])
        #expect(LoansPage.Query(request, page: 3) == LoansPage.Query(text: "ぐり", className: "うさぎ組", overdueOnly: true, page: 3))
    }

    @Test func aReturnAskedForALoanThatIsGoneIsNotFound() {
        let gone = ConfirmReturnPage(id: 9, loan: nil)
        #expect(gone.status == 404)
        #expect(gone.content(words: Self.words, csrf: "t").map(\.rendered).joined().contains(Self.words.loanGone))
        let open = ConfirmReturnPage(id: 1, loan: Self.listing(1, book: "B001", title: "ぐりとぐら", user: Self.hanako,
                                                               due: LocalDate(year: 2026, month: 12, day: 10)))
        let html = open.content(words: Self.words, csrf: "t").map(\.rendered).joined()
        #expect(open.status == 200 && html.contains("action=\"/loans/1/return\"") && html.contains("はなこさんの「ぐりとぐら」"))
    }
}
