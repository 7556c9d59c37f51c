#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// A raw HTTP/1.1 client on the loopback interface: sends bytes as given, reads the answer to
/// the end (every request says `Connection: close`). Tests see exactly what went over the wire.
struct LoopbackClient {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// An answer as received.
    struct Answer {
        var status: Int
        var headers: [(name: String, value: String)]
        var body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }

        func header(_ name: String) -> String? { headers.first { $0.name.lowercased() == name.lowercased() }?.value }
        func headers(named name: String) -> [String] { headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value) }
    }

    /// A socket read that waits longer than this fails the test instead of hanging it.
    static let readTimeoutSeconds = 10

    var port: UInt16
    var host = "127.0.0.1"

    /// Sends `method target` with `headers` (plus Host, Connection: close and, with a body,
    /// Content-Length) and returns the answer.
    func send(_ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8] = []) throws -> Answer {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: \(host):\(port)\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        return try exchange(Array(head.utf8) + body)
    }

    /// Writes `bytes` and reads until the server closes; parses one response.
    func exchange(_ bytes: [UInt8]) throws -> Answer {
        let received = try rawExchange(bytes)
        return try Self.parse(received)
    }

    /// Writes `bytes` and returns everything read until the server closes the connection.
    func rawExchange(_ bytes: [UInt8]) throws -> [UInt8] {
        let descriptor = try connected()
        defer { close(descriptor) }
        var sent = 0
        while sent < bytes.count {
            let written = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            // The server may answer (413) and close before reading everything: stop writing then.
            if written <= 0 { break }
            sent += written
        }
        return try Self.readToEnd(descriptor)
    }

    /// A socket connected to the server (the caller closes it), with the read timeout set.
    func connected() throws -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        var timeout = timeval(tv_sec: Self.readTimeoutSeconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        inet_pton(AF_INET, host, &address.sin_addr)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let number = errno
            close(descriptor)
            throw Failure(description: "connect: \(String(cString: strerror(number)))")
        }
        return descriptor
    }

    /// Everything the server sends until it closes the connection.
    static func readToEnd(_ descriptor: Int32) throws -> [UInt8] {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count > 0 {
                received += buffer[0..<count]
            } else if count == 0 || errno == ECONNRESET {
                break
            } else {
                throw Failure(description: "recv: \(String(cString: strerror(errno)))")
            }
        }
        return received
    }

    static func parse(_ received: [UInt8]) throws -> Answer {
        guard let headEnd = received.firstRange(of: [13, 10, 13, 10]) else {
            throw Failure(description: "no complete response head in \(received.count) bytes")
        }
        let lines = String(decoding: received[..<headEnd.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { throw Failure(description: "bad status line \(lines[0])") }
        let headers = lines.dropFirst().compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return Answer(status: status, headers: headers, body: Array(received[headEnd.upperBound...]))
    }
}
