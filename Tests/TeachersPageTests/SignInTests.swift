import Foundation
import HTTPServer
import Language
import Lending
import Testing
@testable import TeachersPage

@Suite struct SignInTests {
    @Test func signingInStartsANewSessionAndShowsHome() throws {
        let fixture = try PageFixture()
        let browser = Browser(fixture)
        browser.get("/sign-in")
        let anonymous = try #require(browser.cookie)
        let response = browser.post("/sign-in", [("name", "佐藤"), ("password", PageFixture.password)])
        #expect(response.status == 303)
        #expect(response.header("Location") == "/")
        let cookie = try #require(browser.cookie)
        #expect(cookie != anonymous)
        #expect(cookie.count == 64)
        let home = browser.get("/")
        #expect(home.status == 200)
        #expect(home.text.contains("ホーム"))
        #expect(home.text.contains("ログアウト"))
        #expect(try fixture.audit().last?.action.kind == .signedIn)
    }

    @Test func theCookieIsHttpOnlyStrictAndSecureOnlyOverHTTPS() throws {
        let fixture = try PageFixture()
        let plain = fixture.page.handle(HTTPRequest(method: "GET", path: "/sign-in", headers: ["host": "a"]))
        let cookie = try #require(plain.header("Set-Cookie"))
        #expect(cookie.hasPrefix("bookkiosk_session="))
        #expect(cookie.contains("; HttpOnly") && cookie.contains("; SameSite=Strict") && cookie.contains("; Path=/"))
        #expect(!cookie.contains("Secure"))
        let secure = fixture.page.handle(HTTPRequest(method: "GET", path: "/sign-in", headers: ["host": "a"], isSecure: true))
        #expect(secure.header("Set-Cookie")?.hasSuffix("; Secure") == true)
    }

    @Test func aWrongPasswordIsRefusedCalmly() throws {
        let fixture = try PageFixture()
        let browser = Browser(fixture)
        let response = browser.signIn(password: "wrong-password")
        #expect(response.status == 401)
        #expect(response.text.contains("名前かパスワードが違います"))
        #expect(browser.get("/").status == 303)
        #expect(try fixture.repository.transaction { try $0.signInRecord(staff: "佐藤") }.failures == 1)
    }

    @Test func anUnknownNameIsRefusedLikeAWrongPassword() throws {
        let fixture = try PageFixture()
        let response = Browser(fixture).signIn("誰か", password: "whatever1")
        #expect(response.status == 401)
        #expect(response.text.contains("名前かパスワードが違います"))
    }

    @Test func signingOutEndsTheSessionOnTheServer() throws {
        let fixture = try PageFixture()
        let browser = Browser(fixture)
        browser.signIn()
        let old = try #require(browser.cookie)
        let response = browser.post("/sign-out")
        #expect(response.status == 303)
        #expect(response.header("Set-Cookie")?.contains("Max-Age=0") == true)
        // The old cookie, replayed, opens nothing.
        browser.cookie = old
        #expect(browser.get("/loans").status == 303)
    }

    @Test func aSessionIdlesOutAfterTheConfiguredMinutes() throws {
        let fixture = try PageFixture(sessionMinutes: 30)
        let browser = Browser(fixture)
        browser.signIn()
        fixture.clock.advance(29 * 60)
        #expect(browser.get("/").status == 200)
        fixture.clock.advance(29 * 60)
        #expect(browser.get("/").status == 200, "each use starts the idle time again")
        fixture.clock.advance(30 * 60)
        let response = browser.get("/")
        #expect(response.status == 303)
        #expect(response.header("Location") == "/sign-in?ended=1")
        #expect(browser.get("/sign-in?ended=1").text.contains("しばらく操作がなかったので、ログアウトしました。"))
    }

    @Test func tooManyWrongPasswordsSlowThenLockOneAccountOnly() throws {
        let fixture = try PageFixture()
        let browser = Browser(fixture)
        for _ in 0..<SignInThrottle.freeFailures {
            #expect(browser.signIn(password: "wrong-password").status == 401)
        }
        // The sixth try comes too soon.
        let slowed = browser.signIn()
        #expect(slowed.status == 429)
        #expect(slowed.text.contains("秒たってから"))
        // Other accounts are not affected.
        #expect(Browser(fixture).signIn("田中").status == 303)
        for _ in SignInThrottle.freeFailures..<SignInThrottle.failuresBeforeLock {
            fixture.clock.advance(120)
            _ = browser.signIn(password: "wrong-password")
        }
        fixture.clock.advance(120)
        let locked = browser.signIn()
        #expect(locked.status == 429)
        #expect(locked.text.contains("止めています"))
        // The lock is in the repository, so a new page (a restart) keeps it.
        #expect(try fixture.repository.transaction { try $0.signInRecord(staff: "佐藤") }.lockedUntil != nil)
        fixture.clock.advance(SignInThrottle.lockSeconds)
        #expect(browser.signIn().status == 303)
        #expect(try fixture.repository.transaction { try $0.signInRecord(staff: "佐藤") } == SignInRecord())
    }
}

@Suite struct SignInThrottleTests {
    static let t0 = Date(timeIntervalSince1970: 1_000_000)

    @Test(arguments: [
        // failures, seconds since the last failure, locked for (s from t0), expected verdict
        (0, 0.0, nil as Double?, "open"),
        (4, 0.0, nil, "open"),
        (5, 1.0, nil, "wait"),
        (5, 2.0, nil, "open"),
        (6, 3.9, nil, "wait"),
        (6, 4.0, nil, "open"),
        (9, 31.0, nil, "wait"),
        (9, 32.0, nil, "open"),
        (10, 0.0, 900.0, "locked"),
        (10, 901.0, 900.0, "open"),
    ])
    func verdicts(failures: Int, since: Double, lockedFor: Double?, expected: String) {
        let record = SignInRecord(failures: failures, lastFailure: failures == 0 ? nil : Self.t0,
                                  lockedUntil: lockedFor.map { Self.t0.addingTimeInterval($0) })
        let verdict = SignInThrottle.verdict(record, at: Self.t0.addingTimeInterval(since))
        switch verdict {
        case .open: #expect(expected == "open")
        case .wait: #expect(expected == "wait")
        case .locked: #expect(expected == "locked")
        }
    }

    @Test func theTenthFailureLocksForFifteenMinutesAndEachAfterALockLocksAgain() {
        var record = SignInRecord()
        for index in 1...9 {
            record = SignInThrottle.failing(record, at: Self.t0)
            #expect(record.lockedUntil == nil, "failure \(index)")
        }
        record = SignInThrottle.failing(record, at: Self.t0)
        #expect(record.lockedUntil == Self.t0.addingTimeInterval(900))
        let later = Self.t0.addingTimeInterval(1_000)
        record = SignInThrottle.failing(record, at: later)
        #expect(record.lockedUntil == later.addingTimeInterval(900))
    }
}

/// A library where nobody can sign in yet (the demo's teacher is in demo.sqlite, not here): the
/// sign-in page says so, and how to add a teacher, to someone at the server itself only.
@Suite struct NobodyCanSignInTests {
    /// The fixture's library with its Staff members' page passwords taken away (their PINs stay).
    static func withoutPasswords(language: Language = .ja, libraryOptions: String = "") throws -> PageFixture {
        let fixture = try PageFixture(language: language, libraryOptions: libraryOptions)
        try fixture.repository.transaction { tx in
            for account in try tx.staffAccounts() { _ = try tx.setPasswordHash(nil, staff: account.name) }
        }
        return fixture
    }

    static func signInPage(_ fixture: PageFixture, from client: String?) -> HTTPResponse {
        fixture.page.handle(HTTPRequest(method: "GET", path: "/sign-in", headers: ["host": "localhost:8080"], clientAddress: client))
    }

    @Test("from this computer: nobody can sign in yet, and the command that adds a teacher to this library",
          arguments: ["127.0.0.1", "::1", "::ffff:127.0.0.1"])
    func saidOnTheServer(client: String) throws {
        let fixture = try Self.withoutPasswords(libraryOptions: " --db /srv/library.sqlite")
        let page = Self.signInPage(fixture, from: client).text
        #expect(page.contains("まだ誰もログインできません。この図書の記録には、パスワードのある先生がいません。"))
        #expect(page.contains("`bookkiosk staff add 名前 --db /srv/library.sqlite`"))
    }

    @Test("from another device, or with a teacher who has a password: nothing more than the form",
          arguments: [("192.168.1.20", false), ("fe80::1", false), ("127.0.0.1", true)])
    func notSaidElsewhere(client: String, passwords: Bool) throws {
        let fixture = passwords ? try PageFixture() : try Self.withoutPasswords()
        let response = Self.signInPage(fixture, from: client)
        #expect(response.status == 200)
        #expect(response.text.contains("name=\"password\""))
        #expect(!response.text.contains("nobody-can-sign-in") && !response.text.contains("staff add"))
    }

    @Test("a sign-in tried from this computer is refused as any wrong one, and the page says why and what to run")
    func afterATry() throws {
        let fixture = try Self.withoutPasswords()
        var form = HTTPRequest(method: "GET", path: "/sign-in", headers: ["host": "localhost:8080"], clientAddress: "127.0.0.1")
        let first = fixture.page.handle(form)
        let cookie = try #require(first.header("Set-Cookie")?.split(separator: ";")[0].split(separator: "=", maxSplits: 1).last.map(String.init))
        let token = try #require(Browser.token(in: first.text))
        form = HTTPRequest(method: "POST", path: "/sign-in", headers: ["host": "localhost:8080", "origin": "http://localhost:8080"],
                           cookies: ["bookkiosk_session": cookie],
                           form: [FormField(name: "name", value: "佐藤"), FormField(name: "password", value: PageFixture.password),
                                  FormField(name: "csrf", value: token)],
                           clientAddress: "127.0.0.1")
        let tried = fixture.page.handle(form)
        #expect(tried.status == 401)
        #expect(tried.text.contains("名前かパスワードが違います"))
        #expect(tried.text.contains("`bookkiosk staff add 名前`"))
    }

    @Test func inEnglish() throws {
        let fixture = try Self.withoutPasswords(language: .en, libraryOptions: " --config '/etc/my kiosk.json'")
        let page = Self.signInPage(fixture, from: "127.0.0.1").text
        #expect(page.contains("Nobody can sign in yet: this library has no Staff member with a page password."))
        #expect(page.contains("run `bookkiosk staff add NAME --config &#39;/etc/my kiosk.json&#39;`"))
    }
}
