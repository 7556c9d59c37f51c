import Foundation
import HTTPServer
import Synchronization

/// A local HTTP server on 127.0.0.1 that answers as NDL Search's SRU and openBD did, from
/// recorded answers in a folder (`Tests/lookup-fixtures`): `ndl_sru_dcndl_ISBN.xml` for the NDL
/// and `openbd_v1_get_ISBN*.json` for openBD. An ISBN with no recording gets the answer each
/// service gives for one it does not have: an SRU answer with `numberOfRecords` 0, and openBD's
/// `[null]`. `answers` replace that per service and ISBN, for faults (a 503, a body that is not
/// XML). For tests, the bench and the browser suite; not shipped.
public final class ReplayServer: Sendable {
    /// What to send for one service and ISBN instead of its recording.
    public enum Answer: Sendable, Equatable {
        /// Another recording of the folder, by file name.
        case recording(String)
        /// A status and a body (a `Retry-After` of 1 s with 429 and 503).
        case status(Int, body: String)
        /// 200 with this body.
        case body(String)
    }

    /// Which service a request was for.
    public enum Service: String, Sendable, Hashable {
        case ndl, openbd
    }

    private let daemon: HTTPDaemon
    private let state: Counters

    /// The counts, shared with the daemon's threads.
    private final class Counters: Sendable {
        let mutex = Mutex(State())
        func withLock<T>(_ body: (inout State) -> T) -> T { mutex.withLock { body(&$0) } }
    }

    private struct State {
        var requests: [Service: Int] = [:]
        var userAgents: Set<String> = []
        var answerSeconds: Double = 0
    }

    /// Starts serving `folder` on 127.0.0.1 at `port` (0: one the system chooses).
    public init(recordings folder: URL, answers: [Service: [String: Answer]] = [:], port: UInt16 = 0) throws {
        let state = Counters()
        self.state = state
        let recordings = try ReplayServer.index(folder)
        daemon = try HTTPDaemon(HTTPDaemonConfiguration(address: .loopback(port: port))) { request in
            let started = ContinuousClock.now
            let (service, response) = ReplayServer.answer(request, recordings: recordings, answers: answers, folder: folder)
            let spent = started.duration(to: .now)
            state.withLock { state in
                if let service { state.requests[service, default: 0] += 1 }
                if let agent = request.header("user-agent") { state.userAgents.insert(agent) }
                state.answerSeconds += Double(spent.components.attoseconds) / 1e18 + Double(spent.components.seconds)
            }
            return response
        }
    }

    /// `http://127.0.0.1:PORT`, without a slash at the end: the base URL of both services.
    public var url: String {
        daemon.url.hasSuffix("/") ? String(daemon.url.dropLast()) : daemon.url
    }

    public var port: UInt16 { daemon.address.port }

    /// How many requests each service was sent.
    public func requests(_ service: Service) -> Int {
        state.withLock { $0.requests[service, default: 0] }
    }

    /// Every `User-Agent` the requests carried.
    public var userAgents: Set<String> { state.withLock { $0.userAgents } }

    /// The time spent making answers, in seconds, all requests together.
    public var answerSeconds: Double { state.withLock { $0.answerSeconds } }

    public func stop() { daemon.stop() }

    /// The recordings by service and ISBN.
    static func index(_ folder: URL) throws -> [Service: [String: String]] {
        var index: [Service: [String: String]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() {
            let digits = name.split(whereSeparator: { !$0.isNumber }).first { $0.count == 13 }.map(String.init)
            guard let digits else { continue }
            if name.hasPrefix("ndl_sru_dcndl_"), name.hasSuffix(".xml") { index[.ndl, default: [:]][digits] = name }
            if name.hasPrefix("openbd_v1_get_"), name.hasSuffix(".json") { index[.openbd, default: [:]][digits] = name }
        }
        return index
    }

    static func answer(_ request: HTTPRequest, recordings: [Service: [String: String]], answers: [Service: [String: Answer]],
                       folder: URL) -> (Service?, HTTPResponse) {
        let service: Service
        let isbn: String
        switch request.path {
        case "/api/sru":
            service = .ndl
            let query = request.query.first { $0.name == "query" }?.value ?? ""
            isbn = query.firstMatch(of: /isbn="?([0-9X-]+)"?/).map { String($0.1) } ?? ""
        case "/v1/get":
            service = .openbd
            isbn = request.query.first { $0.name == "isbn" }?.value ?? ""
        default:
            return (nil, HTTPResponse(status: 404, headers: [("Content-Type", "text/plain")], body: Array("not a recorded service\n".utf8)))
        }
        let answer = answers[service]?[isbn] ?? recordings[service]?[isbn].map(Answer.recording)
        let contentType = service == .ndl ? "application/xml; charset=utf-8" : "application/json; charset=utf-8"
        switch answer {
        case .recording(let name)?:
            let body = (try? Data(contentsOf: folder.appendingPathComponent(name))) ?? Data()
            return (service, HTTPResponse(status: 200, headers: [("Content-Type", contentType)], body: Array(body)))
        case .status(let status, let body)?:
            var headers = [("Content-Type", "text/plain; charset=utf-8")]
            if status == 429 || status == 503 { headers.append(("Retry-After", "1")) }
            return (service, HTTPResponse(status: status, headers: headers, body: Array(body.utf8)))
        case .body(let body)?:
            return (service, HTTPResponse(status: 200, headers: [("Content-Type", contentType)], body: Array(body.utf8)))
        case nil:
            let body = service == .ndl ? emptySRUAnswer : "[null]"
            return (service, HTTPResponse(status: 200, headers: [("Content-Type", contentType)], body: Array(body.utf8)))
        }
    }

    /// The shape of the SRU answer for an ISBN the NDL does not have (the recordings' envelope
    /// with `numberOfRecords` 0 and no records).
    static let emptySRUAnswer = """
        <?xml version="1.0" encoding="UTF-8"?>
        <searchRetrieveResponse xmlns="http://www.loc.gov/zing/srw/">
          <version>1.2</version>
          <numberOfRecords>0</numberOfRecords>
          <nextRecordPosition>0</nextRecordPosition>
        </searchRetrieveResponse>

        """
}
