import Foundation
import HTTPServer
import Lending
import PageAssembly
import Testing
@testable import TeachersPage

@Suite struct LoanPagesTests {
    @Test func homeShowsTodaysFiguresAndTheAddress() throws {
        let fixture = try PageFixture()
        try fixture.lend("B001", to: "U001")
        try fixture.lend("B002", to: "U002", daysAgo: 30)
        let browser = Browser(fixture)
        browser.signIn()
        let home = browser.get("/")
        #expect(home.status == 200)
        #expect(home.text.contains("<span class=\"label\">きょうの貸出</span><span class=\"figure\">1冊</span>"))
        #expect(home.text.contains("<span class=\"label\">貸出中の絵本</span><a href=\"/loans\"><span class=\"figure\">2冊</span>"))
        #expect(home.text.contains("<li class=\"card alert\"><span class=\"label\">返却期限切れ</span>"))
        #expect(home.text.contains("http://kiosk.local:8080/"))
        #expect(!home.text.contains("/qr.svg"), "no QR code image without a QR maker")
    }

    @Test func theQRCodeIsServedWhenTheSetupDrawsOne() throws {
        let fixture = try PageFixture(qrCode: { "<svg>\($0)</svg>" })
        let browser = Browser(fixture)
        browser.signIn()
        #expect(browser.get("/").text.contains("<img src=\"/qr.svg\""))
        let svg = browser.get("/qr.svg")
        #expect(svg.header("Content-Type") == "image/svg+xml")
        #expect(svg.text == "<svg>http://kiosk.local:8080/</svg>")
    }

    @Test func onLoanListsEveryOpenLoanWithAnOverdueMark() throws {
        let fixture = try PageFixture()
        try fixture.lend("B001", to: "U001")
        try fixture.lend("B002", to: "U002", daysAgo: 30)
        let browser = Browser(fixture)
        browser.signIn()
        let all = browser.get("/loans").text
        #expect(all.contains("はなこ") && all.contains("ぐりとぐら") && all.contains("たろう") && all.contains("はらぺこあおむし"))
        #expect(all.contains("2026年12月1日(火)"), "the due date seven days on")
        #expect(all.components(separatedBy: "class=\"overdue\">期限切れ").count == 2, "one overdue mark")
        let overdue = browser.get("/loans?overdue=1").text
        #expect(overdue.contains("たろう") && !overdue.contains("はなこ"))
        let search = browser.get("/loans?q=%E3%81%90%E3%82%8A").text  // ぐり
        #expect(search.contains("はなこ") && !search.contains("たろう"))
    }

    @Test func longListsComeInPages() throws {
        let fixture = try PageFixture()
        try fixture.repository.transaction { tx in
            for index in 0..<60 {
                try tx.save(Book(barcode: String(format: "P%03d", index), title: String(format: "本%03d", index)))
                _ = try tx.addLoan(book: String(format: "P%03d", index), user: "U001", lentAt: PageFixture.start,
                                   due: LocalDate(year: 2026, month: 12, day: 1), overrideBy: nil)
            }
        }
        let browser = Browser(fixture)
        browser.signIn()
        let first = browser.get("/loans").text
        #expect(first.contains("60件中 1/2 ページ"))
        #expect(first.contains("href=\"/loans?page=2\""))
        let second = browser.get("/loans?page=2").text
        #expect(second.contains("本059") && !second.contains("本000"))
    }

    @Test func returnAsksFirstThenReturnsWithAnAuditEntry() throws {
        let fixture = try PageFixture()
        let loan = try fixture.lend("B001", to: "U001")
        let browser = Browser(fixture)
        browser.signIn()
        let confirm = browser.get("/loans/\(loan.id)/return")
        #expect(confirm.text.contains("はなこさんの「ぐりとぐら」を返却済みにしますか?"))
        #expect(confirm.text.contains(">返却する</button>"))
        #expect(try fixture.repository.transaction { try $0.openLoans() }.count == 1, "asking changes nothing")
        let done = browser.post("/loans/\(loan.id)/return")
        #expect(done.status == 303 && done.header("Location") == "/loans")
        #expect(browser.get("/loans").text.contains("「ぐりとぐら」を返却しました。"))
        #expect(try fixture.repository.transaction { try $0.openLoans() }.isEmpty)
        let entry = try #require(try fixture.audit().last)
        #expect(entry.action.kind == .forcedReturn && entry.staff == "佐藤" && entry.user?.card == "U001")
        // Twice: calmly said, nothing more happens.
        #expect(browser.post("/loans/\(loan.id)/return").status == 303)
        #expect(browser.get("/loans").text.contains("この貸出は、もう返却されています。"))
    }

    @Test func extendMovesTheDueDateAsStaffModeDoes() throws {
        let fixture = try PageFixture()
        let loan = try fixture.lend("B001", to: "U001")
        let browser = Browser(fixture)
        browser.signIn()
        let response = browser.post("/loans/\(loan.id)/extend", [("back", "/loans?q=x")])
        #expect(response.header("Location") == "/loans?q=x")
        let extended = try #require(try fixture.repository.transaction { try $0.openLoans() }.first)
        #expect(extended.due == fixture.policy.extendedDue(loan.due, at: fixture.clock.now))
        #expect(extended.due == LocalDate(year: 2026, month: 12, day: 8))
        let entry = try #require(try fixture.audit().last)
        #expect(entry.action.kind == .extended && entry.staff == "佐藤")
        guard case .extended(_, let from, let to) = entry.action else { Issue.record("not an extension: \(entry.action)"); return }
        #expect(from == LocalDate(year: 2026, month: 12, day: 1) && to == LocalDate(year: 2026, month: 12, day: 8))
    }

    @Test func extendGoesBackOnlyToAPathOfThisPage() throws {
        let fixture = try PageFixture()
        let loan = try fixture.lend("B001", to: "U001")
        let browser = Browser(fixture)
        browser.signIn()
        #expect(browser.post("/loans/\(loan.id)/extend", [("back", "//evil.example/")]).header("Location") == "/loans")
        #expect(browser.post("/loans/\(loan.id)/extend", [("back", "http://evil.example/")]).header("Location") == "/loans")
    }

    @Test func handlersMayBeCalledFromManyThreadsAtOnce() throws {
        let fixture = try PageFixture()
        for (book, user) in [("B001", "U001"), ("B002", "U002")] { try fixture.lend(book, to: user) }
        let browser = Browser(fixture)
        browser.signIn()
        let cookie = try #require(browser.cookie)
        let statuses = Locked<[Int]>([])
        let page = fixture.page
        DispatchQueue.concurrentPerform(iterations: 64) { index in
            let path = ["/", "/loans", "/books", "/users", "/settings"][index % 5]
            let response = page.handle(HTTPRequest(method: "GET", path: path, headers: ["host": "h"],
                                                           cookies: ["bookkiosk_session": cookie]))
            statuses.withLock { $0.append(response.status) }
        }
        #expect(statuses.withLock { $0 } == Array(repeating: 200, count: 64))
    }
}

@Suite struct PageAddressTests {
    @Test(arguments: [
        ("kiosk.local:8080", "http://kiosk.local:8080/"),
        ("192.0.2.10:8080", "http://192.0.2.10:8080/"),
        ("127.0.0.1:8080", "http://192.0.2.10:8080/"),
        ("localhost:8080", "http://192.0.2.10:8080/"),
        ("[::1]:8080", "http://192.0.2.10:8080/"),
    ])
    func homeShowsAnAddressOtherDevicesCanOpen(host: String, expected: String) throws {
        let page = try PageAssembly(settings: PageSettings(), repository: InMemoryLendingRepository(),
                                    publicAddresses: ["http://192.0.2.10:8080/"]).page
        #expect(page.home.pageAddress(HTTPRequest(method: "GET", path: "/", headers: ["host": host])) == expected)
    }
}
