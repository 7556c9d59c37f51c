import Foundation
import HTTPServer
import Lending
import LendingSQLite
import StaffPIN
import Testing
@testable import TeachersPage

/// Signing in against a hostile client.
@Suite struct SignInHardeningTests {
    /// A fixture on an SQLite file, as `serve` has it.
    static func sqliteFixture(_ folder: BackupPagesTests.Folder, busyTimeout: Duration = .seconds(5)) throws -> PageFixture {
        let path = folder.path + "/library.sqlite"
        return try PageFixture(repository: try SQLiteLendingRepository(path: path, busyTimeout: busyTimeout))
    }

    static func record(_ fixture: PageFixture, _ name: String = "佐藤") throws -> SignInRecord {
        try fixture.repository.transaction { try $0.signInRecord(staff: name) }
    }

    // MARK: Item 2: one lock-out per account, counted under concurrency

    @Test func twentyFourParallelWrongPasswordsAreCountedAsTwentyFourAndOnlyTheFreeOnesAreChecked() throws {
        let folder = try BackupPagesTests.Folder()
        let fixture = try Self.sqliteFixture(folder)
        let statuses = Locked([Int]())
        nonisolated(unsafe) let shared = fixture
        DispatchQueue.concurrentPerform(iterations: 24) { number in
            let status = Browser(shared).signIn(password: "wrong-password-\(number)").status
            statuses.withLock { $0.append(status) }
        }
        #expect(try Self.record(fixture).failures == 24)
        #expect(try Self.record(fixture).lockedUntil != nil, "locked at the tenth")
        let recorded = try fixture.audit().filter {
            switch $0.action {
            case .signInFailed(account: "佐藤"), .signInLocked(account: "佐藤", minutes: _): true
            default: false
            }
        }
        #expect(recorded.count == 24, "every try has its audit entry")
        #expect(statuses.withLock { $0 }.filter { $0 == 401 }.count == SignInThrottle.freeFailures)
        #expect(statuses.withLock { $0 }.filter { $0 == 429 }.count == 24 - SignInThrottle.freeFailures)
    }

    @Test func aPauseRefusesTheRightPasswordWith429AndARetryAfterThatIsNeverShort() throws {
        let fixture = try PageFixture()
        let browser = Browser(fixture)
        var last = HTTPResponse(status: 0)
        for _ in 0..<SignInThrottle.freeFailures { last = browser.signIn(password: "wrong-password") }
        #expect(last.status == 401)
        let announced = try #require(last.header("Retry-After").flatMap(Int.init), "the fifth failure announces the pause")
        let refused = browser.signIn()
        #expect(refused.status == 429)
        let wait = try #require(refused.header("Retry-After").flatMap(Int.init))
        #expect(refused.text.contains("\(wait)秒たってから"))
        let until = try #require(SignInThrottle.verdict(try Self.record(fixture), at: fixture.clock.now).waitUntil)
        #expect(Double(wait) >= until.timeIntervalSince(fixture.clock.now), "the message never understates the wait")
        #expect(announced >= 1)
    }

    @Test func aClientThatWaitsOutEveryAnnouncedPauseIsLockedAtTheTenthWrongPassword() throws {
        let fixture = try PageFixture()
        let browser = Browser(fixture)
        var answers: [HTTPResponse] = []
        for number in 1...SignInThrottle.failuresBeforeLock {
            let answer = browser.signIn(password: "wrong-password")
            answers.append(answer)
            if number < SignInThrottle.failuresBeforeLock, let seconds = answer.header("Retry-After").flatMap(Double.init) {
                fixture.clock.advance(seconds)
            }
        }
        #expect(answers.dropLast().allSatisfy { $0.status == 401 }, "every try was checked: \(answers.map(\.status))")
        #expect(answers.last?.status == 429 && answers.last?.text.contains("止めています") == true, "locked at the tenth")
        #expect(try Self.record(fixture).failures == SignInThrottle.failuresBeforeLock)
        let right = browser.signIn()
        #expect(right.status == 429 && right.text.contains("止めています"), "the right password during the lock is refused")
    }

    // MARK: Item 3: no server state for strangers; a rate limit per client

    @Test func a2100SignInPagesKeepNothingAndASignedInTeacherStays() throws {
        let fixture = try PageFixture()
        let teacher = Browser(fixture)
        teacher.signIn()
        for _ in 0..<2_100 {
            _ = fixture.page.handle(HTTPRequest(method: "GET", path: "/sign-in", headers: ["host": "kiosk.local:8080"]))
        }
        #expect(fixture.page.sessions.withLock { $0.count } == 1)
        #expect(teacher.get("/").status == 200)
    }

    @Test func theSignInTokenGoesWithItsOwnCookieOnly() throws {
        let fixture = try PageFixture()
        let first = Browser(fixture), second = Browser(fixture)
        first.get("/sign-in")
        second.get("/sign-in")
        let stolen = first.csrf
        #expect(second.post("/sign-in", [("name", "佐藤"), ("password", PageFixture.password)], csrf: .some(stolen)).status == 403)
        #expect(second.post("/sign-in", [("name", "佐藤"), ("password", PageFixture.password)]).status == 303)
    }

    @Test func oneClientAddressMayTryOnlySoOftenAndOthersAreNotHeldUp() throws {
        let fixture = try PageFixture()
        func attempt(from client: String, name: String) -> HTTPResponse {
            let form = fixture.page.handle(HTTPRequest(method: "GET", path: "/sign-in", headers: ["host": "h"], clientAddress: client))
            let cookie = String(form.header("Set-Cookie")!.split(separator: ";")[0].split(separator: "=", maxSplits: 1)[1])
            let token = Browser.token(in: form.text) ?? ""
            return fixture.page.handle(HTTPRequest(method: "POST", path: "/sign-in", headers: ["host": "h"],
                                                   cookies: [PageSecurity.cookieName: cookie],
                                                   form: [FormField(name: "csrf", value: token), FormField(name: "name", value: name),
                                                          FormField(name: "password", value: "wrong-password")],
                                                   clientAddress: client))
        }
        for number in 0..<SignInRateLimit.burst {
            #expect(attempt(from: "192.0.2.7", name: "someone-\(number)").status == 401)
        }
        let limited = attempt(from: "192.0.2.7", name: "someone-else")
        #expect(limited.status == 429)
        #expect(limited.header("Retry-After") == "\(Int(SignInRateLimit.secondsPerTry))")
        #expect(attempt(from: "192.0.2.8", name: "someone-else").status == 401)
    }

    // MARK: Item 7: a password set anew ends that account's sessions

    @Test func aPasswordResetOnThePageEndsThatAccountsSessions() throws {
        let fixture = try PageFixture()
        let sato = Browser(fixture), tanaka = Browser(fixture)
        sato.signIn()
        tanaka.signIn("田中")
        tanaka.get("/settings")
        #expect(tanaka.post("/settings/staff/\("佐藤".addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)!)/password",
                            [("password", "a-new-password-1")]).status == 303)
        let after = sato.get("/loans")
        #expect(after.status == 303 && after.header("Location") == "/sign-in?ended=1")
        #expect(tanaka.get("/loans").status == 200)
    }

    @Test func changingOnesOwnPasswordKeepsOnlyTheSessionThatChangedIt() throws {
        let fixture = try PageFixture()
        let here = Browser(fixture), elsewhere = Browser(fixture)
        here.signIn()
        elsewhere.signIn()
        here.get("/settings")
        #expect(here.post("/settings/staff/\("佐藤".addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)!)/password",
                          [("password", "a-new-password-1")]).status == 303)
        #expect(here.get("/loans").status == 200)
        #expect(elsewhere.get("/loans").status == 303)
    }

    @Test func aPasswordSetOutsideThePageEndsTheSessionsToo() throws {
        // What `bookkiosk staff password` does, from another process: a new hash in the library.
        let fixture = try PageFixture()
        let sato = Browser(fixture)
        sato.signIn()
        _ = try fixture.repository.transaction { try $0.setPasswordHash(try PagePassword.make("another-password"), staff: "佐藤") }
        #expect(sato.get("/loans").status == 303)
    }

    // MARK: Item 8: an unknown name is answered as a wrong password, pauses included

    @Test func anUnknownNameGetsTheSameAnswersAndPausesAsAWrongPassword() throws {
        let fixture = try PageFixture()
        func answers(_ name: String) -> [String] {
            let browser = Browser(fixture)
            return (0...SignInThrottle.freeFailures).map { _ in
                let answer = browser.signIn(name, password: "wrong-password")
                let message = answer.text.range(of: #"role="alert">"#).map { String(answer.text[$0.upperBound...].prefix { $0 != "<" }) } ?? ""
                return "\(answer.status) \(answer.header("Retry-After") ?? "-") \(message)"
            }
        }
        let known = answers("佐藤")
        let unknown = answers("だれか")
        #expect(known == unknown)
        #expect(unknown.last?.hasPrefix("429") == true)
    }

    // MARK: Item 9: a fault tells a stranger nothing

    @Test func aLockedDatabaseAnswersAStrangerWithAPlainPageAndNoPath() throws {
        let folder = try BackupPagesTests.Folder()
        let fixture = try Self.sqliteFixture(folder, busyTimeout: .milliseconds(50))
        let browser = Browser(fixture)
        browser.get("/sign-in")
        let other = try SQLiteConnection(path: folder.path + "/library.sqlite", mode: .readWrite)
        try other.execute("BEGIN IMMEDIATE")
        defer { try? other.execute("ROLLBACK") }
        let answer = browser.post("/sign-in", [("name", "佐藤"), ("password", PageFixture.password)])
        #expect(answer.status == 500)
        #expect(answer.text.contains("いまはログインできません"))
        #expect(!answer.text.contains(folder.path) && !answer.text.lowercased().contains("sqlite") && !answer.text.contains("locked"))
    }
}

extension SignInThrottle.Verdict {
    var waitUntil: Date? {
        if case .wait(let until) = self { return until }
        return nil
    }
}
