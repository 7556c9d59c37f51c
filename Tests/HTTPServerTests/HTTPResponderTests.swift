import Foundation
import Synchronization
import Testing
@testable import HTTPServer

/// A responder that numbers each head it admits, and answers with the number its request
/// was admitted as and the head's path: a head admitted twice, or an answer made without its
/// admission, shows in the numbers.
final class NumberingResponder: HTTPResponder {
    struct Admission: Sendable {
        var number: Int
        var path: String
    }

    private let admitted = Mutex<[String]>([])
    private let answered = Mutex<[Int]>([])

    /// The paths of the heads admitted, in order.
    var admissions: [String] { admitted.withLock { $0 } }
    /// The admission numbers the answers were made from, in order.
    var answers: [Int] { answered.withLock { $0 } }

    func admit(_ head: HTTPRequest) -> Admission {
        admitted.withLock { admitted in
            admitted.append(head.path)
            return Admission(number: admitted.count, path: head.path)
        }
    }

    func bodyLimit(of admission: Admission) -> Int {
        admission.path == "/upload" ? 64 * 1024 : 16
    }

    func respond(to request: HTTPRequest, admitted admission: Admission) -> HTTPResponse {
        answered.withLock { $0.append(admission.number) }
        return HTTPResponse(status: 200, headers: [("Content-Type", "text/plain")],
                            body: Array("\(admission.number) \(admission.path) \(request.form.count)".utf8))
    }
}

@Suite("HTTPDaemon with a responder: each head admitted once, answered from its admission")
struct HTTPResponderTests {
    @Test("each request's head is admitted once, and its answer made from that admission")
    func admittedOnce() throws {
        let responder = NumberingResponder()
        let daemon = try HTTPDaemon(HTTPDaemonConfiguration(address: .loopback(port: 0)), responder: responder)
        let client = LoopbackClient(port: daemon.address.port)
        let first = try client.send("GET", "/books")
        let form = Array("a=1&b=2".utf8)
        let second = try client.send("POST", "/upload", headers: [("Content-Type", "application/x-www-form-urlencoded")], body: form)
        #expect(first.status == 200)
        #expect(String(decoding: first.body, as: UTF8.self) == "1 /books 0")
        #expect(String(decoding: second.body, as: UTF8.self) == "2 /upload 2")
        #expect(responder.admissions == ["/books", "/upload"])
        #expect(responder.answers == [1, 2])
    }

    @Test("a body past what the admission allows is refused with 413, and never answered")
    func bodyLimitFromTheAdmission() throws {
        let responder = NumberingResponder()
        let daemon = try HTTPDaemon(HTTPDaemonConfiguration(address: .loopback(port: 0)), responder: responder)
        let client = LoopbackClient(port: daemon.address.port)
        let body = [UInt8](repeating: UInt8(ascii: "a"), count: 1024)
        let refused = try client.send("POST", "/form", headers: [("Content-Type", "application/octet-stream")], body: body)
        let taken = try client.send("POST", "/upload", headers: [("Content-Type", "application/octet-stream")], body: body)
        #expect(refused.status == 413)
        #expect(taken.status == 200)
        #expect(responder.admissions == ["/form", "/upload"])
        #expect(responder.answers == [2])
    }

    @Test("the configuration's own body limit caps a responder's")
    func configurationCapsTheResponder() throws {
        let responder = NumberingResponder()
        let daemon = try HTTPDaemon(HTTPDaemonConfiguration(address: .loopback(port: 0), maximumBodySize: 512), responder: responder)
        let client = LoopbackClient(port: daemon.address.port)
        let body = [UInt8](repeating: UInt8(ascii: "a"), count: 1024)
        let refused = try client.send("POST", "/upload", headers: [("Content-Type", "application/octet-stream")], body: body)
        #expect(refused.status == 413)
        #expect(responder.answers.isEmpty)
    }
}
