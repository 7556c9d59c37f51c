import Foundation
import Testing
@testable import TeachersPage

@Suite struct SignInTicketTests {
    let t0 = Date(timeIntervalSince1970: 1_795_000_000)
    let ticket = SignInTicket(key: Array("a key for the tests, 32 bytes!!!".utf8))

    @Test func aTicketGivesItsTokenWhileItLives() {
        let (cookie, token) = ticket.issue(nonce: "n1", at: t0)
        #expect(ticket.token(forCookie: cookie, at: t0.addingTimeInterval(60)) == token)
        #expect(ticket.token(forCookie: cookie, at: t0.addingTimeInterval(SignInTicket.lifetime + 1)) == nil)
    }

    @Test func aChangedOrForeignTicketGivesNothing() {
        let (cookie, _) = ticket.issue(nonce: "n1", at: t0)
        #expect(ticket.token(forCookie: cookie.replacingOccurrences(of: "n1", with: "n2"), at: t0) == nil)
        #expect(SignInTicket(key: Array("another key".utf8)).token(forCookie: cookie, at: t0) == nil)
        #expect(ticket.token(forCookie: "signin.x", at: t0) == nil)
        #expect(ticket.token(forCookie: "0123abcd", at: t0) == nil)
    }
}

@Suite struct SignInRateLimitTests {
    let t0 = Date(timeIntervalSince1970: 1_795_000_000)

    @Test func aBurstThenOneTryPerInterval() {
        var limit = SignInRateLimit()
        for _ in 0..<SignInRateLimit.burst { #expect(limit.take(client: "192.0.2.7", at: t0) == nil) }
        let next = limit.take(client: "192.0.2.7", at: t0)
        #expect(next == t0.addingTimeInterval(SignInRateLimit.secondsPerTry))
        #expect(limit.take(client: "192.0.2.8", at: t0) == nil, "another client is not affected")
        #expect(limit.take(client: "192.0.2.7", at: t0.addingTimeInterval(SignInRateLimit.secondsPerTry)) == nil)
    }
}
