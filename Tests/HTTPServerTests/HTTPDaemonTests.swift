import Synchronization
import Testing
@testable import HTTPServer
import POSIX

/// The requests a handler saw, from the daemon's threads.
final class RequestLog: Sendable {
    private let requests = Mutex<[HTTPRequest]>([])
    func append(_ request: HTTPRequest) { requests.withLock { $0.append(request) } }
    var all: [HTTPRequest] { requests.withLock { $0 } }
}

@Suite("HTTPDaemon on 127.0.0.1")
struct HTTPDaemonTests {
    /// A daemon on a free loopback port whose handler logs each request and echoes its path.
    static func echoDaemon(maximumBodySize: Int = HTTPDaemonConfiguration.defaultMaximumBodySize,
                           respond: @escaping @Sendable (HTTPRequest) -> HTTPResponse = { request in
                               HTTPResponse(status: 200, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Array("path \(request.path)".utf8))
                           }) throws -> (HTTPDaemon, RequestLog) {
        let log = RequestLog()
        let daemon = try HTTPDaemon(HTTPDaemonConfiguration(address: .loopback(port: 0), maximumBodySize: maximumBodySize)) { request in
            log.append(request)
            return respond(request)
        }
        return (daemon, log)
    }

    @Test("port 0 gets a free port, and the daemon says which")
    func reportsPort() throws {
        let (daemon, _) = try Self.echoDaemon()
        #expect(daemon.address.port != 0)
        #expect(daemon.address.host == "127.0.0.1")
        #expect(daemon.url == "http://127.0.0.1:\(daemon.address.port)/")
        #expect(!daemon.isSecure)
    }

    @Test("a GET: path, query, headers, cookies and client address reach the handler; the response comes back")
    func get() throws {
        let (daemon, log) = try Self.echoDaemon()
        let answer = try LoopbackClient(port: daemon.address.port).send(
            "GET", "/books?q=%E3%81%90%E3%82%8A&page=2", headers: [("Accept-Language", "ja"), ("Cookie", "bookkiosk_session=s1; lang=ja")])
        #expect(answer.status == 200)
        #expect(answer.text == "path /books")
        #expect(answer.header("Content-Type") == "text/plain; charset=utf-8")
        #expect(answer.header("Content-Length") == "11")
        let request = try #require(log.all.first)
        #expect(log.all.count == 1)
        #expect(request.method == "GET")
        #expect(request.query == [FormField(name: "q", value: "ぐり"), FormField(name: "page", value: "2")])
        #expect(request.header("ACCEPT-LANGUAGE") == "ja")
        #expect(request.cookies == ["bookkiosk_session": "s1", "lang": "ja"])
        #expect(request.clientAddress == "127.0.0.1")
        #expect(!request.isSecure)
        #expect(request.form.isEmpty && request.files.isEmpty)
    }

    @Test("an urlencoded POST: the form's fields in order")
    func urlencodedPost() throws {
        let (daemon, log) = try Self.echoDaemon()
        let answer = try LoopbackClient(port: daemon.address.port).send(
            "POST", "/sign-in", headers: [("Content-Type", "application/x-www-form-urlencoded")],
            body: Array("csrf=abc&name=%E5%B1%B1%E7%94%B0+%E5%85%88%E7%94%9F&password=p%26ss%3Dw0rd".utf8))
        #expect(answer.status == 200)
        let request = try #require(log.all.first)
        #expect(request.method == "POST")
        #expect(request.path == "/sign-in")
        #expect(request.form == [FormField(name: "csrf", value: "abc"), FormField(name: "name", value: "山田 先生"), FormField(name: "password", value: "p&ss=w0rd")])
        #expect(request.value("name") == "山田 先生")
    }

    @Test("a multipart upload: fields and the file's exact bytes, larger than one read")
    func multipartUpload() throws {
        let (daemon, log) = try Self.echoDaemon()
        let file = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 8) }
        let body = MultipartFormDataTests.body([
            (["Content-Disposition: form-data; name=\"csrf\""], Array("t".utf8)),
            (["Content-Disposition: form-data; name=\"backup\"; filename=\"library.sqlite\"", "Content-Type: application/vnd.sqlite3"], file),
        ])
        let answer = try LoopbackClient(port: daemon.address.port).send(
            "POST", "/settings/restore", headers: [("Content-Type", "multipart/form-data; boundary=\(MultipartFormDataTests.boundary)")], body: body)
        #expect(answer.status == 200)
        let request = try #require(log.all.first)
        #expect(request.form == [FormField(name: "csrf", value: "t")])
        #expect(request.files.count == 1)
        #expect(request.files.first?.fileName == "library.sqlite")
        #expect(request.files.first?.contentType == "application/vnd.sqlite3")
        #expect(request.files.first?.data == file)
    }

    @Test("a body over the limit is refused with 413 before it is read, and no handler sees it")
    func tooLarge() throws {
        let (daemon, log) = try Self.echoDaemon(maximumBodySize: 1024 * 1024)
        let head = "POST /settings/restore HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/octet-stream\r\n"
            + "Content-Length: \(1024 * 1024 + 1)\r\n\r\n"
        let answer = try LoopbackClient(port: daemon.address.port).exchange(Array(head.utf8))
        #expect(answer.status == 413)
        #expect(answer.text.contains("1 MB"), "\(answer.text)")
        #expect(answer.header("Content-Type") == "text/plain; charset=utf-8")
        #expect(log.all.isEmpty)
        // A body exactly at the limit is taken.
        let fits = try LoopbackClient(port: daemon.address.port).send("POST", "/up", body: [UInt8](repeating: 65, count: 1024 * 1024))
        #expect(fits.status == 200)
        #expect(log.all.count == 1)
    }

    @Test("a chunked body that passes the limit closes the connection, and no handler sees it")
    func chunkedTooLarge() throws {
        let (daemon, log) = try Self.echoDaemon(maximumBodySize: 1000)
        let chunk = "400\r\n" + String(repeating: "a", count: 1024) + "\r\n"
        let request = "POST /up HTTP/1.1\r\nHost: x\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n\r\n" + chunk + "0\r\n\r\n"
        let received = try LoopbackClient(port: daemon.address.port).rawExchange(Array(request.utf8))
        #expect(!String(decoding: received, as: UTF8.self).contains("200 OK"))
        #expect(log.all.isEmpty)
    }

    @Test("a form that cannot be read is answered 400 with the reason")
    func unreadableForm() throws {
        let (daemon, log) = try Self.echoDaemon()
        let answer = try LoopbackClient(port: daemon.address.port).send(
            "POST", "/books/new", headers: [("Content-Type", "multipart/form-data; boundary=xyz")], body: Array("--xyz\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1".utf8))
        #expect(answer.status == 400)
        #expect(answer.text.contains(FormDecodingError.truncated.description))
        #expect(log.all.isEmpty)
    }

    @Test("a cookie set by one response comes back with the next request")
    func cookieRoundTrip() throws {
        let (daemon, log) = try Self.echoDaemon { request in
            if request.path == "/sign-in" {
                return HTTPResponse(status: 303, headers: [
                    ("Location", "/"),
                    ("Set-Cookie", "bookkiosk_session=Zm9v-YmFy_42; HttpOnly; SameSite=Strict; Path=/"),
                    ("Set-Cookie", "lang=ja; Path=/"),
                ])
            }
            return HTTPResponse(status: 200, body: Array("session \(request.cookies["bookkiosk_session"] ?? "none")".utf8))
        }
        let client = LoopbackClient(port: daemon.address.port)
        let signedIn = try client.send("POST", "/sign-in", body: Array("a=1".utf8))
        #expect(signedIn.status == 303)
        #expect(signedIn.header("Location") == "/")
        let setCookies = signedIn.headers(named: "Set-Cookie")
        #expect(setCookies == ["bookkiosk_session=Zm9v-YmFy_42; HttpOnly; SameSite=Strict; Path=/", "lang=ja; Path=/"])
        // What a browser sends back: each cookie's name=value, joined with "; ".
        let cookie = setCookies.map { $0.split(separator: ";")[0] }.joined(separator: "; ")
        let home = try client.send("GET", "/", headers: [("Cookie", cookie)])
        #expect(home.text == "session Zm9v-YmFy_42")
        #expect(log.all.last?.cookies == ["bookkiosk_session": "Zm9v-YmFy_42", "lang": "ja"])
    }

    @Test("a response header with a line break is never sent: 500 instead")
    func headerInjection() throws {
        let (daemon, _) = try Self.echoDaemon { _ in
            HTTPResponse(status: 200, headers: [("X-Note", "a\r\nSet-Cookie: evil=1")], body: Array("secret".utf8))
        }
        let answer = try LoopbackClient(port: daemon.address.port).send("GET", "/")
        #expect(answer.status == 500)
        #expect(answer.headers(named: "Set-Cookie").isEmpty)
        #expect(!answer.text.contains("secret"))
    }

    @Test("a port in use is refused with the address and what to do")
    func portInUse() throws {
        let (first, _) = try Self.echoDaemon()
        #expect(throws: HTTPDaemonError.addressInUse(first.address)) {
            _ = try HTTPDaemon(HTTPDaemonConfiguration(address: first.address)) { _ in HTTPResponse(status: 200) }
        }
        let message = HTTPDaemonError.addressInUse(first.address).description
        #expect(message.contains("127.0.0.1:\(first.address.port)"))
        #expect(message.contains("--listen"))
    }

    @Test("an address that is not this computer's is refused as such")
    func foreignAddress() throws {
        let address = ListenAddress(family: .ipv4, host: "192.0.2.1", port: 0)  // TEST-NET-1: never assigned
        #expect(throws: HTTPDaemonError.addressNotAvailable(address)) {
            _ = try HTTPDaemon(HTTPDaemonConfiguration(address: address)) { _ in HTTPResponse(status: 200) }
        }
    }

    @Test("after stop() the port is free again, and a second stop() does nothing")
    func stops() throws {
        let (daemon, _) = try Self.echoDaemon()
        let address = daemon.address
        daemon.stop()
        daemon.stop()
        #expect(throws: LoopbackClient.Failure.self) { try LoopbackClient(port: address.port).send("GET", "/") }
        let again = try HTTPDaemon(HTTPDaemonConfiguration(address: address)) { _ in HTTPResponse(status: 204) }
        #expect(again.address == address)
        #expect(try LoopbackClient(port: address.port).send("GET", "/").status == 204)
    }
}
