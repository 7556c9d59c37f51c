import Foundation
import POSIX

/// A minimal HTTP/1.1 client over one kept-alive TCP connection to 127.0.0.1, for timing the
/// teachers' page from the outside: plain sockets, no redirects followed, bodies read by
/// `Content-Length` (what libmicrohttpd sends for a response held in memory). Not `Sendable`:
/// each client thread owns one.
final class LoopbackClient {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// One answer: status, headers (names lowercased; `set-cookie` keeps every value, joined by
    /// newlines), body bytes.
    struct Answer {
        var status: Int
        var headers: [String: String]
        var body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    let port: UInt16
    /// The `Cookie` header sent with every request (`bookkiosk_session=…`), once signed in.
    var cookie: String?
    private var socket: Int32 = -1
    private var buffered: [UInt8] = []

    init(port: UInt16) {
        self.port = port
    }

    deinit {
        if socket >= 0 { close(socket) }
    }

    func get(_ target: String) throws -> Answer {
        try send("GET \(target) HTTP/1.1\r\n\(commonHeaders)\r\n")
    }

    /// POSTs an urlencoded form with the page's own `Origin`.
    func post(_ target: String, form: [(String, String)]) throws -> Answer {
        let body = form.map { "\(Self.encoded($0.0))=\(Self.encoded($0.1))" }.joined(separator: "&")
        let bytes = Array(body.utf8)
        return try send("POST \(target) HTTP/1.1\r\n\(commonHeaders)Origin: http://127.0.0.1:\(port)\r\n"
                        + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(bytes.count)\r\n\r\n", body: bytes)
    }

    private var commonHeaders: String {
        "Host: 127.0.0.1:\(port)\r\nUser-Agent: bookkiosk-bench\r\n" + (cookie.map { "Cookie: \($0)\r\n" } ?? "")
    }

    static func encoded(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    /// Sends one request and reads its answer; reconnects once if a kept-alive connection was closed.
    private func send(_ head: String, body: [UInt8] = []) throws -> Answer {
        let request = Array(head.utf8) + body
        for attempt in 0..<2 {
            if socket < 0 { try connect() }
            do {
                try writeAll(request)
                let answer = try readAnswer()
                if answer.headers["connection"]?.lowercased() == "close" { disconnect() }
                return answer
            } catch let failure as Failure where attempt == 0 && failure.description == Self.closedEarly {
                disconnect()
            }
        }
        throw Failure(description: Self.closedEarly)
    }

    private static let closedEarly = "the server closed the connection before answering"

    /// Calls `socket`, `setsockopt(TCP_NODELAY)` and `connect`.
    private func connect() throws {
        let descriptor = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket: \(Errno.current)") }
        var one: Int32 = 1
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            let message = Errno.current
            close(descriptor)
            throw Failure(description: "connect to 127.0.0.1:\(port): \(message)")
        }
        socket = descriptor
        buffered = []
    }

    private func disconnect() {
        if socket >= 0 { close(socket) }
        socket = -1
        buffered = []
    }

    private func writeAll(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let count = (try? retryOnInterrupt {
                bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            }) ?? -1
            guard count > 0 else { throw Failure(description: Self.closedEarly) }
            sent += count
        }
    }

    /// Reads more bytes into the buffer; false at the end of the stream.
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count: Int
        do throws(Errno) {
            count = try retryOnInterrupt { chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) } }
        } catch {
            throw Failure(description: "recv: \(error)")
        }
        if count == 0 { return false }
        buffered += chunk[..<count]
        return true
    }

    private func readAnswer() throws -> Answer {
        let separator: [UInt8] = [13, 10, 13, 10]
        var headEnd: Int?
        while headEnd == nil {
            headEnd = buffered.firstRange(of: separator)?.lowerBound
            if headEnd == nil, try !fill() { throw Failure(description: Self.closedEarly) }
        }
        let head = String(decoding: buffered[..<headEnd!], as: UTF8.self)
        buffered.removeFirst(headEnd! + 4)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw Failure(description: "no status line: \(head)") }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers[name] = headers[name].map { $0 + "\n" + value } ?? value
        }
        if headers["transfer-encoding"]?.lowercased() == "chunked" {
            throw Failure(description: "chunked answers are not read by this client")
        }
        let length = Int(headers["content-length"] ?? "0") ?? 0
        while buffered.count < length {
            guard try fill() else { throw Failure(description: "the body ended after \(buffered.count) of \(length) bytes") }
        }
        let body = Array(buffered[..<length])
        buffered.removeFirst(length)
        return Answer(status: status, headers: headers, body: body)
    }
}
