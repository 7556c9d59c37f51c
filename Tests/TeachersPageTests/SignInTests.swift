import Foundation
import HTTPServer
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
