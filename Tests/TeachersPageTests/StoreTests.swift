import Foundation
import HTTPServer
import Lending
import LendingPostgres
import LendingSQLite
import PostgresScratch
import Testing
@testable import TeachersPage

/// The page on the stores a library really uses: the listings, the summary and the sign-in
/// record are SQL there, not the in-memory store's loops.
@Suite struct StoreTests {
    @Test func onSQLite() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("page-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try walkThrough(try SQLiteLendingRepository(path: folder.appendingPathComponent("library.sqlite").path))
    }

    @Test(.enabled(if: ScratchPostgresServer.isInstalled, Comment(rawValue: ScratchPostgresServer.missingMessage)))
    func onPostgreSQL() throws {
        let server = try ScratchPostgresServer.shared()
        let url = try server.freshDatabase()
        defer { try? server.dropDatabase(url) }
        try walkThrough(try PostgresLendingRepository(url: url))
    }

    /// What a teacher does in a morning: signs in, looks at the loans, returns one, adds a
    /// child, finds a book, lends it past the limit, changes the rules, reads the log.
    func walkThrough(_ repository: any LendingRepository) throws {
        let fixture = try PageFixture(repository: repository)
        try fixture.lend("B001", to: "U001")
        try fixture.lend("B002", to: "U002", daysAgo: 30)
        let browser = Browser(fixture)
        #expect(browser.signIn(password: "wrong-password").status == 401)
        #expect(try repository.transaction { try $0.signInRecord(staff: "佐藤") }.failures == 1)
        #expect(browser.signIn().status == 303)
        let home = browser.get("/").text
        #expect(home.contains("<span class=\"figure\">2冊</span>"))
        let overdue = browser.get("/loans?overdue=1").text
        #expect(overdue.contains("たろう") && !overdue.contains("はなこ"))
        let loan = try #require(try repository.transaction { try $0.openLoan(book: "B002") })
        #expect(browser.post("/loans/\(loan.id)/return").status == 303)
        #expect(browser.post("/users/new", [("card", "U100"), ("name", "やまだ ゆい")]).status == 303)
        #expect(browser.get("/users?q=%E3%82%86%E3%81%84").text.contains("やまだ ゆい"))  // ゆい
        #expect(browser.get("/books?q=grin").text.contains("当てはまる絵本はありません"))
        #expect(browser.get("/books?q=%E3%81%90%E3%82%8A").text.contains("ぐりとぐら"))  // ぐり
        browser.post("/books/B002/lend", [("user", "U001")])
        browser.post("/books/B003/lend", [("user", "U001")])
        #expect(try repository.transaction { try $0.openLoan(book: "B003") } == nil, "the loan limit of 2 holds")
        browser.post("/books/B003/lend", [("user", "U001"), ("override", "1")])
        #expect(try repository.transaction { try $0.openLoan(book: "B003") }?.overrideBy == "佐藤")
        browser.post("/settings", [("loanLimit", "3"), ("loanDays", "7"), ("closedWeekdays", "saturday"), ("closedWeekdays", "sunday"),
                                   ("blockOnOverdue", "1"), ("libraryName", "ひまわり文庫")])
        #expect(try repository.transaction { try $0.libraryRules() }?.loanLimit == 3)
        #expect(browser.post("/users/U001/remove").header("Location") == "/users/U001")
        let log = browser.get("/settings").text
        for action in ["貸出ルールの変更", "特別貸出", "利用者の登録", "強制返却"] {
            #expect(log.contains(action), "\(action)")
        }
        // Sign-ins are listed apart from the changes.
        #expect(!log.contains("<td title=\"操作\">ログイン</td>"))
        let signIns = browser.get("/settings?audit=signins").text
        #expect(signIns.contains("<td title=\"操作\">ログイン</td>") && !signIns.contains("特別貸出"))
    }
}
