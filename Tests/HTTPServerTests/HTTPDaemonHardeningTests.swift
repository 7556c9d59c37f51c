#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
@testable import HTTPServer

/// The daemon against a hostile client on the network: slow and
/// silent sockets, too many connections from one address, bodies nobody asked for, a `Host`
/// of another site, old TLS. All on 127.0.0.1; every wait has a deadline.
@Suite("HTTPDaemon against a hostile client")
struct HTTPDaemonHardeningTests {
    static func daemon(_ configure: (inout HTTPDaemonConfiguration) -> Void = { _ in }) throws -> (HTTPDaemon, RequestLog) {
        var configuration = HTTPDaemonConfiguration(address: .loopback(port: 0))
        configure(&configuration)
        let log = RequestLog()
        let daemon = try HTTPDaemon(configuration) { request in
            log.append(request)
            return HTTPResponse(status: 200, headers: [("Content-Type", "text/plain")], body: Array("path \(request.path)".utf8))
        }
        return (daemon, log)
    }

    /// Opens `count` sockets that send the start of a request head and nothing more.
    static func slowSockets(_ count: Int, port: UInt16) throws -> [Int32] {
        let client = LoopbackClient(port: port)
        return try (0..<count).map { _ in
            let descriptor = try client.connected()
            let start = Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n".utf8)
            _ = start.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            return descriptor
        }
    }

    /// Whether the server closes `descriptor` before `deadline`, while `poke` (if any) sends it
    /// one more byte every time nothing came back within `every`.
    static func closedByServer(_ descriptor: Int32, before deadline: ContinuousClock.Instant,
                               poking every: Duration = .milliseconds(100), poke: Bool = false) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while ContinuousClock.now < deadline {
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, Int32(every.components.attoseconds / 1_000_000_000_000_000 + every.components.seconds * 1000))
            if ready > 0 {
                let count = recv(descriptor, &buffer, buffer.count, Int32(MSG_DONTWAIT))
                if count == 0 || (count < 0 && errno == ECONNRESET) { return true }
            } else if poke {
                _ = [UInt8(ascii: "X")].withUnsafeBytes { send(descriptor, $0.baseAddress, 1, Int32(MSG_NOSIGNAL)) }
            }
        }
        return false
    }

    @Test("a normal request is answered while 200 slow sockets are open")
    func answersUnderSlowClients() throws {
        let (daemon, _) = try Self.daemon()
        let slow = try Self.slowSockets(200, port: daemon.address.port)
        defer { slow.forEach { close($0) } }
        // LoopbackClient's read gives up after 10 s: with 32 connections at most (before), the
        // request waited in the backlog until a slow socket timed out.
        let answer = try LoopbackClient(port: daemon.address.port).send("GET", "/books")
        #expect(answer.status == 200)
        #expect(answer.text == "path /books")
    }

    @Test("a request head must arrive within headTime, however it trickles in")
    func headTime() throws {
        let (daemon, log) = try Self.daemon { $0.headTime = .milliseconds(500) }
        let silent = try Self.slowSockets(1, port: daemon.address.port)[0]
        defer { close(silent) }
        let dribbling = try Self.slowSockets(1, port: daemon.address.port)[0]
        defer { close(dribbling) }
        let deadline = ContinuousClock.now + .seconds(8)  // libmicrohttpd's idle timeout is 10 s
        #expect(Self.closedByServer(silent, before: deadline))
        #expect(Self.closedByServer(dribbling, before: deadline, poke: true), "a byte every 100 ms does not keep it open")
        #expect(log.all.isEmpty)
    }

    @Test("one address holds at most connectionsPerClient connections; a further one is closed unanswered")
    func perClientLimit() throws {
        let (daemon, log) = try Self.daemon {
            $0.connectionsPerClient = 4
            $0.unlimitedClients = []
        }
        let held = try Self.slowSockets(4, port: daemon.address.port)
        let refused = try LoopbackClient(port: daemon.address.port).rawExchange(Array("GET /x HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8))
        #expect(refused.isEmpty, "closed without an answer")
        held.forEach { close($0) }
        // Once they are gone, the address may connect again (the daemon sees them close). The
        // whole suite on two loaded processors once took longer than 5 s to get there.
        let deadline = ContinuousClock.now + .seconds(20)
        var answered = false
        while !answered, ContinuousClock.now < deadline {
            answered = (try? LoopbackClient(port: daemon.address.port).send("GET", "/again"))?.status == 200
        }
        #expect(answered)
        #expect(log.all.map(\.path) == ["/again"])
    }

    @Test("the body a request may send is decided from its head, before it is read")
    func bodyLimitFromTheHead() throws {
        let (daemon, log) = try Self.daemon { configuration in
            configuration.bodyLimit = { head in head.cookies["session"] == "signed-in" ? 1024 * 1024 : 1024 }
        }
        let client = LoopbackClient(port: daemon.address.port)
        let body = [UInt8](repeating: UInt8(ascii: "a"), count: 64 * 1024)
        let stranger = try client.send("POST", "/upload", headers: [("Content-Type", "application/octet-stream")], body: body)
        #expect(stranger.status == 413)
        let member = try client.send("POST", "/upload", headers: [("Content-Type", "application/octet-stream"), ("Cookie", "session=signed-in")], body: body)
        #expect(member.status == 200)
        #expect(log.all.map(\.path) == ["/upload"])
    }

    @Test("a Host the server does not answer to is refused with 421 before any handler")
    func unknownHost() throws {
        let (daemon, log) = try Self.daemon { configuration in
            let check = HostCheck(names: ["toshokan.local"])
            configuration.acceptsHost = { check.accepts($0, ownAddresses: ["127.0.0.1"]) }
        }
        var client = LoopbackClient(port: daemon.address.port)
        #expect(try client.send("GET", "/").status == 200)
        client.host = "127.0.0.1"
        let rebound = try client.exchange(Array("GET / HTTP/1.1\r\nHost: evil.example:\(daemon.address.port)\r\nConnection: close\r\n\r\n".utf8))
        #expect(rebound.status == 421)
        let named = try client.exchange(Array("GET /named HTTP/1.1\r\nHost: TOSHOKAN.local:\(daemon.address.port)\r\nConnection: close\r\n\r\n".utf8))
        #expect(named.status == 200)
        #expect(log.all.map(\.path) == ["/", "/named"])
    }

    @Test("HostCheck: addresses, localhost and the configured names; nothing else", arguments: [
        ("127.0.0.1:8080", true), ("localhost:8080", true), ("[::1]:8080", true), ("192.0.2.7", true),
        ("toshokan.local.", true), ("evil.example", false), ("192.0.2.70", false), ("", false), ("[::1", false),
    ])
    func hostCheck(_ header: String, _ accepted: Bool) {
        let check = HostCheck(names: ["Toshokan.local"])
        #expect(check.accepts(header, ownAddresses: ["127.0.0.1", "::1", "192.0.2.7"]) == accepted)
    }
}

/// The pure rule behind the watchdog and the accept policy.
@Suite struct ConnectionWatchTests {
    let limits = ConnectionWatch.Limits(perClient: 2, unlimitedClients: ["127.0.0.1"], headTime: .seconds(10), requestTime: .seconds(120))

    @Test func aHeadThatNeverCompletesIsOverdueAfterHeadTimeWhateverArrives() {
        var watch = ConnectionWatch(limits: limits)
        let t0 = ContinuousClock.now
        watch.opened(1, client: "192.0.2.7", descriptor: 7, at: t0)
        #expect(watch.overdue(at: t0 + .seconds(9)) == [])
        #expect(watch.overdue(at: t0 + .seconds(11)) == [7])
        #expect(watch.overdue(at: t0 + .seconds(12)) == [], "named once")
    }

    @Test func aRequestUnderWayHasRequestTimeAndAnAnswerStartsTheClockAgain() {
        var watch = ConnectionWatch(limits: limits)
        let t0 = ContinuousClock.now
        watch.opened(1, client: "192.0.2.7", descriptor: 7, at: t0)
        watch.headRead(1)
        #expect(watch.overdue(at: t0 + .seconds(60)) == [])
        watch.requestEnded(1, at: t0 + .seconds(60))
        #expect(watch.overdue(at: t0 + .seconds(65)) == [])
        #expect(watch.overdue(at: t0 + .seconds(71)) == [7])
    }

    @Test func perClientLimitWithItsExceptions() {
        var watch = ConnectionWatch(limits: limits)
        let t0 = ContinuousClock.now
        watch.opened(1, client: "192.0.2.7", descriptor: 7, at: t0)
        watch.opened(2, client: "192.0.2.7", descriptor: 8, at: t0)
        #expect(!watch.mayAccept("192.0.2.7"))
        #expect(watch.mayAccept("192.0.2.8"))
        #expect(watch.mayAccept("127.0.0.1"))
        watch.closed(1)
        #expect(watch.mayAccept("192.0.2.7"))
        #expect(watch.count == 1)
    }

    @Test func aConnectionCountedPastTheLimitIsToBeClosedAndNeverNamedOverdue() {
        var watch = ConnectionWatch(limits: limits)
        let t0 = ContinuousClock.now
        // Two pool threads each let one more through the accept policy before either was counted.
        let first = watch.opened(1, client: "192.0.2.7", descriptor: 7, at: t0)
        let second = watch.opened(2, client: "192.0.2.7", descriptor: 8, at: t0)
        let third = watch.opened(3, client: "192.0.2.7", descriptor: 9, at: t0)
        let local = watch.opened(4, client: "127.0.0.1", descriptor: 10, at: t0)
        #expect(first && second)
        #expect(!third, "the third is over the limit of 2")
        #expect(local, "this computer is not limited")
        let overdue = watch.overdue(at: t0 + .seconds(11))
        #expect(overdue.sorted() == [7, 8, 10], "the one shut at once is not shut again")
        watch.closed(3)
        #expect(watch.count == 3)
        #expect(!watch.mayAccept("192.0.2.7"))
    }
}

/// The computer's addresses as the Host check asks for them: read once, again only for a
/// stranger's address, and not more often than the interval.
@Suite struct OwnAddressesTests {
    final class Interfaces: @unchecked Sendable {
        var addresses = ["127.0.0.1", "192.0.2.7"]
        var reads = 0
        var now: UInt64 = 5_000_000_000
    }

    @Test func anAddressItHasIsAnsweredWithoutReadingTheInterfacesAgain() {
        let interfaces = Interfaces()
        let own = OwnAddresses(rereadAfterNanoseconds: 1_000_000_000, clock: { interfaces.now }) {
            interfaces.reads += 1
            return interfaces.addresses
        }
        #expect(own.contains("192.0.2.7") && own.contains("127.0.0.1") && own.contains("192.0.2.7"))
        #expect(interfaces.reads == 1)
    }

    @Test func aNewAddressIsFoundByReadingAgainButAStrangerCannotMakeItReadMoreThanOnceAnInterval() {
        let interfaces = Interfaces()
        let own = OwnAddresses(rereadAfterNanoseconds: 1_000_000_000, clock: { interfaces.now }) {
            interfaces.reads += 1
            return interfaces.addresses
        }
        #expect(!own.contains("198.51.100.9"))
        #expect(interfaces.reads == 1)
        interfaces.addresses.append("198.51.100.9")  // DHCP gave the box a second address
        interfaces.now += 500_000_000
        #expect(!own.contains("198.51.100.9") && !own.contains("evil.example"))
        #expect(interfaces.reads == 1)
        interfaces.now += 600_000_000
        #expect(own.contains("198.51.100.9"))
        #expect(interfaces.reads == 2)
        #expect(own.contains("198.51.100.9") && interfaces.reads == 2)
    }

    @Test func theHostCheckAsksForAddressesOnlyWhenTheHostIsNoName() {
        let check = HostCheck(names: ["toshokan.local"])
        var asked: [String] = []
        #expect(check.accepts("localhost:8080") { asked.append($0); return false })
        #expect(check.accepts("TOSHOKAN.local") { asked.append($0); return false })
        #expect(check.accepts("[FE80::1%eth0]:8080") { asked.append($0); return $0 == "fe80::1" })
        #expect(!check.accepts("evil.example:80") { asked.append($0); return false })
        #expect(asked == ["fe80::1", "evil.example"])
    }
}
