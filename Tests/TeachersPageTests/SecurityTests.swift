import Foundation
import HTTPServer
import Lending
import Testing
@testable import TeachersPage

@Suite struct SecurityTests {
    /// Every page the page has, with a Book, a User and a Loan that exist.
    static let signedInPages = ["/", "/loans", "/loans?overdue=1", "/loans/1/return", "/books", "/books/new", "/books/B001",
                                "/books/B001/edit", "/books/B002/lend", "/covers/B001", "/users", "/users/new", "/users/U001",
                                "/users/U001/edit", "/settings", "/qr.svg", "/nowhere"]

    @Test(arguments: signedInPages)
    func withoutASessionEveryPageRedirectsAndShowsNoLibraryData(path: String) throws {
        let fixture = try PageFixture()
        try fixture.lend("B001", to: "U001")
        let response = Browser(fixture).get(path)
        #expect(response.status == 303)
        #expect(response.header("Location") == "/sign-in")
        #expect(response.body.isEmpty)
    }

    /// Over HTTPS every answer tells the browser to keep to HTTPS (HSTS),
    /// signed in or not; over plain HTTP it never does (a browser would ignore it, and a school
    /// that turns HTTPS off later must not be locked out).
    @Test func strictTransportSecurityIsSentOverHTTPSOnly() throws {
        let fixture = try PageFixture()
        for secure in [true, false] {
            for path in ["/sign-in", "/", "/nowhere"] {
                var request = HTTPRequest(method: "GET", path: path, headers: ["host": "kiosk.local:8443"])
                request.isSecure = secure
                let response = fixture.page.handle(request)
                #expect((response.header("Strict-Transport-Security") == "max-age=31536000") == secure, "\(path), HTTPS: \(secure)")
                #expect((response.header("Strict-Transport-Security") == nil) == !secure, "\(path), HTTPS: \(secure)")
            }
        }
    }

    @Test(arguments: 0..<changes.count)
    func withoutASessionEveryChangeRedirectsAndChangesNothing(index: Int) throws {
        let (path, fields) = Self.changes[index]
        let fixture = try PageFixture()
        try fixture.lend("B001", to: "U001")
        let before = try snapshot(fixture)
        let response = Browser(fixture).post(path, fields, csrf: "anything")
        #expect(response.status == 303 || response.status == 403)
        #expect(response.body.isEmpty || !response.text.contains("はなこ"))
        #expect(try snapshot(fixture) == before)
    }

    static let changes: [(String, [(String, String)])] = [
        ("/loans/1/return", []), ("/loans/1/extend", []), ("/books/new", [("barcode", "B9"), ("title", "t")]),
        ("/books/B002/edit", [("barcode", "B002"), ("title", "x")]), ("/books/B002/withdraw", [("confirm", "1")]),
        ("/books/B002/lend", [("user", "U002")]), ("/users/new", [("card", "U9"), ("name", "n")]),
        ("/users/U002/edit", [("card", "U002"), ("name", "x")]), ("/users/U002/deactivate", []), ("/users/U002/remove", []),
        ("/settings", [("loanLimit", "9"), ("loanDays", "9")]), ("/settings/staff", [("name", "x"), ("pin", "1234"), ("password", "12345678")]),
        ("/settings/staff/田中/password", [("password", "abcdefghij")]), ("/settings/staff/田中/remove", []), ("/sign-out", []),
    ]

    @Test(arguments: 0..<changes.count)
    func aPostWithoutTheTokenOrFromAnotherOriginChangesNothing(index: Int) throws {
        let (path, fields) = Self.changes[index]
        let fixture = try PageFixture()
        try fixture.lend("B001", to: "U001")
        let browser = Browser(fixture)
        browser.signIn()
        let before = try snapshot(fixture)
        #expect(browser.post(path, fields, csrf: .some(nil)).status == 403, "no token")
        #expect(browser.post(path, fields, csrf: "0000").status == 403, "a wrong token")
        #expect(browser.post(path, fields, origin: "http://evil.example").status == 403, "another origin")
        #expect(browser.post(path, fields, origin: "null").status == 403, "an opaque origin")
        #expect(try snapshot(fixture) == before)
        #expect(browser.get("/").status == 200, "still signed in")
    }

    @Test func aSignInFromAnotherOriginIsRefused() throws {
        let fixture = try PageFixture()
        let browser = Browser(fixture)
        browser.get("/sign-in")
        #expect(browser.post("/sign-in", [("name", "佐藤"), ("password", PageFixture.password)], origin: "http://evil.example").status == 403)
        #expect(browser.post("/sign-in", [("name", "佐藤"), ("password", PageFixture.password)], csrf: .some(nil)).status == 403)
        #expect(browser.get("/").status == 303)
    }

    @Test func aPostWithoutAnOriginButWithTheTokenIsAccepted() throws {
        let fixture = try PageFixture()
        let loan = try fixture.lend("B001", to: "U001")
        let browser = Browser(fixture)
        browser.signIn()
        #expect(browser.post("/loans/\(loan.id)/return", origin: .some(nil)).status == 303)
        #expect(try fixture.repository.transaction { try $0.openLoans() }.isEmpty)
    }

    @Test(arguments: ["/sign-in", "/style.css", "/", "/loans", "/nowhere"])
    func everyResponseCarriesTheSecurityHeaders(path: String) throws {
        let fixture = try PageFixture()
        let browser = Browser(fixture)
        browser.signIn()
        browser.cookie = path == "/sign-in" ? nil : browser.cookie
        let response = browser.get(path)
        #expect(response.header("Content-Security-Policy") ==
            "default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'")
        #expect(response.header("X-Content-Type-Options") == "nosniff")
        #expect(response.header("Referrer-Policy") == "same-origin")
        #expect(!response.headers.contains { $0.value.contains("upgrade-insecure-requests") })
    }

    @Test func theStylesheetNeedsNoSession() throws {
        let response = Browser(try PageFixture()).get("/style.css")
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "text/css; charset=utf-8")
        #expect(response.text.contains("@media print"))
    }

    @Test func sessionTokensAre256RandomBits() {
        let tokens = (0..<100).map { _ in PageSecurity.randomToken() }
        #expect(Set(tokens).count == 100)
        #expect(tokens.allSatisfy { $0.count == 64 && $0.allSatisfy(\.isHexDigit) })
    }

    private func snapshot(_ fixture: PageFixture) throws -> String {
        try fixture.repository.transaction { tx in
            let state: [String] = [
                "\(try tx.allBooks())", "\(try tx.allUsers())", "\(try tx.allLoans())", "\(try tx.staffAccounts())",
                "\(try tx.libraryRules() as Any)", "\(try tx.auditEntries().filter { $0.action.kind != .signedIn })",
                "\(try tx.passwordHash(staff: "田中") as Any)",
            ]
            return state.joined(separator: "\n")
        }
    }
}
