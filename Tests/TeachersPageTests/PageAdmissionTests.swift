import Foundation
import HTTPServer
import Lending
import StaffPIN
import Synchronization
import Testing
@testable import TeachersPage

/// A library in memory that counts the transactions run on it (each read of the page is one).
final class CountingRepository: LendingRepository {
    let library = InMemoryLendingRepository()
    private let counted = Mutex(0)

    var transactions: Int { counted.withLock { $0 } }

    func transaction<T>(rerun: TransactionRerun, _ body: (any LendingTransaction) throws -> T) throws -> T {
        counted.withLock { $0 += 1 }
        return try library.transaction(rerun: rerun, body)
    }

    func anonymizeReturnedLoans(olderThan cutoff: Date) throws -> Int {
        try library.anonymizeReturnedLoans(olderThan: cutoff)
    }
}

@Suite("The page's request resolved once, at its head")
struct PageAdmissionTests {
    /// A signed-in browser's request for `path`, as the daemon's head and whole request.
    static func request(_ path: String, session: String?) -> HTTPRequest {
        var request = HTTPRequest(method: "GET", path: path, headers: ["host": "kiosk.local:8080"])
        if let session { request.cookies[PageSecurity.cookieName] = session }
        return request
    }

    @Test("the session's password is read once, at the head; the answer reads it no more")
    func sessionResolvedAtTheHead() throws {
        let repository = CountingRepository()
        let fixture = try PageFixture(repository: repository)
        let browser = Browser(fixture)
        browser.signIn()
        let head = Self.request("/style.css", session: browser.cookie)

        let before = repository.transactions
        let admission = fixture.page.admit(head)
        #expect(admission.session?.staff == "佐藤")
        #expect(repository.transactions == before + 1)
        // The stylesheet reads nothing of the library: its answer runs no transaction at all.
        let answer = fixture.page.respond(to: head, admitted: admission)
        #expect(answer.status == 200)
        #expect(repository.transactions == before + 1)
    }

    @Test("a page answered from its admission runs one transaction fewer than one that resolved its session again")
    func pageAnsweredFromItsAdmission() throws {
        let repository = CountingRepository()
        let fixture = try PageFixture(repository: repository)
        let browser = Browser(fixture)
        browser.signIn()
        let head = Self.request("/loans", session: browser.cookie)

        let start = repository.transactions
        #expect(fixture.page.handle(head).status == 200)
        let whole = repository.transactions - start
        let admission = fixture.page.admit(head)
        let admitted = repository.transactions
        #expect(admitted == start + whole + 1)
        #expect(fixture.page.respond(to: head, admitted: admission).status == 200)
        #expect(repository.transactions - admitted == whole - 1)
    }

    @Test("the route is the head's: an admission names its route, and the answer follows it")
    func routeResolvedAtTheHead() throws {
        let fixture = try PageFixture()
        let browser = Browser(fixture)
        browser.signIn()
        let admission = fixture.page.admit(Self.request("/style.css", session: browser.cookie))
        #expect(admission.routing == .found(PageRoute(.stylesheet)))
        #expect(fixture.page.admit(Self.request("/no-such-page", session: browser.cookie)).routing == .notFound)
    }

    @Test("a session whose password was set anew is not admitted, and ends")
    func passwordSetAnewEndsTheSession() throws {
        let fixture = try PageFixture()
        let browser = Browser(fixture)
        browser.signIn()
        let newHash = try PagePassword.make("87654321")
        try fixture.repository.transaction { _ = try $0.setPasswordHash(newHash, staff: "佐藤") }
        let head = Self.request("/loans", session: browser.cookie)
        #expect(fixture.page.admit(head).session == nil)
        #expect(fixture.page.sessions.withLock { $0.count } == 0)
    }
}
