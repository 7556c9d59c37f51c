import BookLookup
import Foundation
import Lending
import LookupReplay
import Testing

/// A clock that never waits: the pause is 0 in these tests, and rests are checked in
/// `ServiceScheduleTests` with time as an argument.
struct ImmediateClock: LookupClock {
    func now() -> Date { Date() }
    func pause(seconds: Double) {}
}

/// A cache in memory, counting what it is asked.
final class MemoryCache: LookupCache {
    var records: [String: BookRecord] = [:]
    func cachedRecord(isbn: String) throws -> BookRecord? { records[isbn] }
    func keep(_ record: BookRecord) throws { records[record.isbn] = record }
}

@Suite("LookupService against a local server replaying the recorded answers")
struct LookupServiceTests {
    static func service(ndl: String, openBD: String, timeout: Double = 5) -> LookupService {
        var settings = LookupSettings()
        settings.ndlSearch = ndl
        settings.openBD = openBD
        settings.timeoutSeconds = timeout
        settings.pauseSeconds = 0
        settings.userAgent = LookupSettings.userAgent(version: "9.9.9")
        return LookupService(settings: settings, clock: ImmediateClock())
    }

    static func service(_ server: ReplayServer, timeout: Double = 5) -> LookupService {
        service(ndl: server.url, openBD: server.url, timeout: timeout)
    }

    @Test("the NDL's record wins; openBD fills what the NDL does not have; the User-Agent names BookKiosk and its version")
    func found() throws {
        let server = try ReplayServer(recordings: Fixtures.folder)
        defer { server.stop() }
        let lookup = Self.service(server)
        let ndl = lookup.lookUp(try ISBN("978-4-344-01847-1"))
        #expect(ndl.record?.title == "プラチナデータ")
        #expect(ndl.record?.reading == "ぷらちな でーた")
        guard case .found(_, .service(.ndl), nil) = ndl else { Issue.record("found at the NDL, no disagreement: \(ndl)"); return }
        let openBD = lookup.lookUp(try ISBN("9784780802047"))
        guard case .found(let record, .service(.openBD), nil) = openBD else { Issue.record("found at openBD: \(openBD)"); return }
        #expect(record.source == .openBD)
        #expect(record.reading == "おにぎりれしぴいちまるいち")
        #expect(server.requests(.ndl) == 2)
        #expect(server.requests(.openbd) == 2)
        #expect(server.userAgents == ["BookKiosk/9.9.9 (kindergarten library kiosk; ISBN lookup for one school's own books)"])
    }

    @Test("found nowhere: every service answered, so it is not found, and says so")
    func notFound() throws {
        let server = try ReplayServer(recordings: Fixtures.folder)
        defer { server.stop() }
        let answer = Self.service(server).lookUp(try ISBN("9784834000825"))
        #expect(answer == .notFound(.notFound(isbn: "9784834000825")))
        #expect(answer.problemText == "ISBN 9784834000825 was not found at the NDL or openBD")
    }

    @Test("a wrong ISBN is refused before any request")
    func invalidISBN() throws {
        let server = try ReplayServer(recordings: Fixtures.folder)
        defer { server.stop() }
        let answer = LookupService.lookUp("9784344018470", service: Self.service(server), cache: nil)
        #expect(answer == .notFound(.invalidISBN(.checkDigit("9784344018470", expected: "1"))))
        #expect(server.requests(.ndl) == 0 && server.requests(.openbd) == 0)
    }

    @Test("an ISBN-10 with an X is looked up as its ISBN-13")
    func isbn10WithX() throws {
        let server = try ReplayServer(recordings: Fixtures.folder, answers: [.ndl: ["9784834000801": .recording("ndl_sru_dcndl_9784344018471.xml")]])
        defer { server.stop() }
        let answer = LookupService.lookUp("4-8340-0080-X", service: Self.service(server), cache: nil)
        #expect(answer.record?.isbn == "9784834000801")
    }

    @Test("a record found is kept in the cache; the next lookup needs no request; with lookups off the cache still answers")
    func cache() throws {
        let server = try ReplayServer(recordings: Fixtures.folder)
        defer { server.stop() }
        let cache = MemoryCache()
        let lookup = Self.service(server)
        let first = LookupService.lookUp("9784122017955", service: lookup, cache: cache)
        #expect(first.record?.title == "ザ・スコット・フィッツジェラルド・ブック")
        #expect(cache.records["9784122017955"] == first.record)
        let second = LookupService.lookUp("4-12-201795-5", service: lookup, cache: cache)
        #expect(second == .found(try #require(first.record), origin: .cache, differing: nil))
        #expect(server.requests(.ndl) == 1)
        let off = LookupService.lookUp("9784122017955", service: nil, cache: cache)
        #expect(off.record == first.record)
        #expect(LookupService.lookUp("9784834000825", service: nil, cache: cache) == .notFound(.lookupsOff(isbn: "9784834000825")))
    }

    @Test("the NDL and openBD disagree on the title: the NDL's record wins, and openBD's comes along to be shown")
    func disagreement() throws {
        let server = try ReplayServer(recordings: Fixtures.folder,
                                      answers: [.openbd: ["9784344018471": .recording("openbd_v1_get_9784780802047_kyoshidajp.json")]])
        defer { server.stop() }
        let answer = Self.service(server).lookUp(try ISBN("9784344018471"))
        guard case .found(let record, .service(.ndl), let differing?) = answer else { Issue.record("a disagreement: \(answer)"); return }
        #expect(record.title == "プラチナデータ")
        #expect(differing.title == "おにぎりレシピ101")
        #expect(differing.source == .openBD)
    }

    @Test("a 503 at the NDL: openBD still answers, and the NDL is left to rest")
    func busy() throws {
        let server = try ReplayServer(recordings: Fixtures.folder, answers: [.ndl: ["9784780802047": .status(503, body: "down"),
                                                                                     "9784344018471": .status(429, body: "slow down")]])
        defer { server.stop() }
        let lookup = Self.service(server)
        #expect(lookup.lookUp(try ISBN("9784780802047")).record?.title == "おにぎりレシピ101")
        // The NDL rests after its 503: the next lookup does not ask it.
        let resting = lookup.lookUp(try ISBN("9784344018471"))
        guard case .notFound(.unanswered(_, let faults, let notFoundAt)) = resting else { Issue.record("unanswered: \(resting)"); return }
        #expect(faults.map(\.service) == [.ndl])
        guard case .resting(_, let reason) = faults[0].fault else { Issue.record("resting: \(faults)"); return }
        #expect(reason == .busy(status: 503))
        #expect(faults[0].fault.description.hasPrefix("it was not asked: it answered 503 (busy) a moment ago"))
        #expect(notFoundAt == [.openBD])
        #expect(server.requests(.ndl) == 1)
    }

    @Test("a 429 is answered by backing off, and the message says to wait")
    func tooManyRequests() throws {
        let server = try ReplayServer(recordings: Fixtures.folder, answers: [.ndl: ["9784344018471": .status(429, body: "slow down")]])
        defer { server.stop() }
        let answer = Self.service(server).lookUp(try ISBN("9784344018471"))
        #expect(answer.problemText
            == "ISBN 9784344018471 could not be looked up: the NDL — it answered 429: it is busy or down for now; BookKiosk waits before asking it again; openBD does not have it")
    }

    @Test("an answer that is not XML or JSON is a clear fault, not a record")
    func garbage() throws {
        let server = try ReplayServer(recordings: Fixtures.folder, answers: [.ndl: ["9784834000825": .body("<html><h1>メンテナンス中</h1>")],
                                                                              .openbd: ["9784834000825": .body("maintenance")]])
        defer { server.stop() }
        let answer = Self.service(server).lookUp(try ISBN("9784834000825"))
        guard case .notFound(.unanswered(_, let faults, _)) = answer else { Issue.record("unanswered: \(answer)"); return }
        #expect(faults.map(\.service) == [.ndl, .openBD])
        #expect(faults[1].fault == .unreadable("openBD's answer is not JSON"))
        #expect(faults[0].fault.description.contains("not XML"))
    }

    @Test("a record without a title: the NDL's is unusable, and openBD's answer decides")
    func untitled() throws {
        let untitled = try Fixtures.text("ndl_sru_dcndl_9784344018471.xml")
            .replacingOccurrences(of: "&lt;dcterms:title&gt;プラチナデータ&lt;/dcterms:title&gt;", with: "")
            .replacingOccurrences(of: "&lt;rdf:value&gt;プラチナデータ&lt;/rdf:value&gt;", with: "")
        let server = try ReplayServer(recordings: Fixtures.folder, answers: [.ndl: ["9784344018471": .body(untitled)]])
        defer { server.stop() }
        let answer = Self.service(server).lookUp(try ISBN("9784344018471"))
        #expect(answer == .notFound(.unanswered(isbn: "9784344018471",
                                                faults: [ServiceFaultAt(service: .ndl, fault: .unreadable("the NDL's record for ISBN 9784344018471 has no title"))],
                                                notFoundAt: [.openBD])))
    }

    @Test("connection refused: a clear fault at once")
    func refused() throws {
        let listener = try SilentListener()
        let url = listener.url
        listener.close()
        let answer = Self.service(ndl: url, openBD: url).lookUp(try ISBN("9784344018471"))
        guard case .notFound(.unanswered(_, let faults, _)) = answer else { Issue.record("unanswered: \(answer)"); return }
        #expect(faults.count == 2)
        guard case .transfer(.couldNotConnect) = faults[0].fault else { Issue.record("could not connect: \(faults)"); return }
        #expect(answer.problemText.hasPrefix("ISBN 9784344018471 could not be looked up: the NDL — it could not be reached ("))
    }

    @Test("nothing listening, then the rest that follows: both are the same trouble, offline, not a busy service")
    func refusedThenResting() throws {
        let listener = try SilentListener()
        let url = listener.url
        listener.close()
        let lookup = Self.service(ndl: url, openBD: url)
        let first = lookup.lookUp(try ISBN("9784344018471"))
        guard case .notFound(let refused) = first else { Issue.record("unanswered: \(first)"); return }
        #expect(refused.trouble == .offline)
        // Both services rest after the failed connection: the next ISBN is not sent anywhere.
        let second = lookup.lookUp(try ISBN("9784834000825"))
        guard case .notFound(.unanswered(_, let faults, let notFoundAt)) = second else { Issue.record("unanswered: \(second)"); return }
        #expect(faults.count == 2 && notFoundAt.isEmpty)
        guard case .resting(_, .unreachable(.couldNotConnect)) = faults[0].fault else { Issue.record("resting after refused: \(faults)"); return }
        #expect(LookupTrouble(faults, notFoundAt: notFoundAt) == .offline)
    }

    @Test("a service that never answers costs at most the timeout")
    func timeout() throws {
        let listener = try SilentListener()
        defer { listener.close() }
        let started = ContinuousClock.now
        let answer = Self.service(ndl: listener.url, openBD: listener.url, timeout: 0.3).lookUp(try ISBN("9784344018471"))
        let spent = started.duration(to: .now)
        guard case .notFound(.unanswered(_, let faults, _)) = answer else { Issue.record("unanswered: \(answer)"); return }
        #expect(faults.map(\.fault) == [.transfer(.timedOut(seconds: 0.3)), .transfer(.timedOut(seconds: 0.3))])
        #expect(faults[0].fault.description == "it did not answer within 0.3 s")
        // Two services, each at most its timeout (with room for a loaded machine).
        #expect(spent < .seconds(5))
    }
}

@Suite("LookupTrouble: what a person is told kept the services from answering")
struct LookupTroubleTests {
    static let until = Date(timeIntervalSince1970: 1_790_000_000)
    static func at(_ service: BookService, _ fault: ServiceFault) -> ServiceFaultAt { ServiceFaultAt(service: service, fault: fault) }

    @Test(arguments: [
        ([at(.ndl, .transfer(.couldNotConnect("refused"))), at(.openBD, .transfer(.hostNotFound("api.openbd.jp")))], [BookService](), LookupTrouble.offline),
        ([at(.ndl, .resting(until: until, reason: .unreachable(.couldNotConnect("refused")))),
          at(.openBD, .resting(until: until, reason: .unreachable(.hostNotFound("api.openbd.jp"))))], [], .offline),
        ([at(.ndl, .resting(until: until, reason: .unreachable(.timedOut(seconds: 5))))], [.openBD], .timedOut(seconds: 5)),
        ([at(.ndl, .resting(until: until, reason: .busy(status: 429)))], [.openBD], .busy),
        ([at(.ndl, .busy(status: 503))], [], .busy),
        ([at(.ndl, .transfer(.couldNotConnect("refused")))], [.openBD], .someUnreached),
        ([at(.ndl, .transfer(.couldNotConnect("refused"))), at(.openBD, .unreadable("not JSON"))], [], .unreadable),
        ([at(.ndl, .status(403))], [.openBD], .unreadable),
    ])
    func trouble(faults: [ServiceFaultAt], notFoundAt: [BookService], expected: LookupTrouble) {
        #expect(LookupTrouble(faults, notFoundAt: notFoundAt) == expected)
        #expect(LookupProblem.unanswered(isbn: "9784834000825", faults: faults, notFoundAt: notFoundAt).trouble == expected)
    }

    @Test("a problem that is not a service's has no trouble")
    func noTrouble() {
        #expect(LookupProblem.notFound(isbn: "9784834000825").trouble == nil)
        #expect(LookupProblem.lookupsOff(isbn: "9784834000825").trouble == nil)
    }
}

extension LookupAnswer {
    var problemText: String {
        if case .notFound(let problem) = self { problem.description } else { "found" }
    }
}
