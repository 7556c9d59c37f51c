#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing

/// `bookkiosk serve` against a hostile client on the school network: slow sockets,
/// a stranger's large body, another site's `Host`, and a stop that holds whatever they do.
/// On 127.0.0.1 only; every wait has a deadline.
@Suite("serve against a hostile client")
struct ServeHardeningTests {
    /// A running `serve` on a free loopback port.
    final class Server {
        let process = Process()
        let port: UInt16
        let exited = DispatchSemaphore(value: 0)
        let folder: TemporaryFolder

        init(config: String = #"{"libraryName": "ひまわり文庫"}"#) throws {
            folder = try TemporaryFolder()
            try folder.write("config.json", config)
            process.executableURL = BookKioskBinary.url
            process.arguments = ["serve", "--listen", "127.0.0.1:0", "--db", "library.sqlite", "--config", "config.json"]
            process.currentDirectoryURL = folder.url
            process.environment = ["HOME": folder.url.path, "PATH": "/usr/bin:/bin", "TZ": "UTC", "LANG": "C.UTF-8"]
            let stdout = Pipe()
            process.standardOutput = stdout
            process.standardError = FileHandle.nullDevice
            process.terminationHandler = { [exited] _ in exited.signal() }
            try process.run()
            var first = Data()
            while !first.contains(0x0A) {
                let chunk = stdout.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                first += chunk
            }
            let line = String(decoding: first, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
            port = UInt16(line.split(separator: ":").last?.filter(\.isNumber) ?? "") ?? 0
        }

        deinit { if process.isRunning { process.terminate() } }

        /// Sends SIGTERM; whether the process is gone within `seconds`.
        func stops(within seconds: Int) -> Bool {
            process.terminate()
            return exited.wait(timeout: .now() + .seconds(seconds)) == .success
        }
    }

    /// A socket to `port` (the read timeout bounds every read).
    static func connected(_ port: UInt16) throws -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(descriptor >= 0)
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        try #require(result == 0)
        return descriptor
    }

    /// Writes `head` and returns everything read until the server closes (or 10 s pass).
    static func exchange(_ head: String, port: UInt16) throws -> String {
        let descriptor = try connected(port)
        defer { close(descriptor) }
        _ = Array(head.utf8).withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count <= 0 { break }
            answer += buffer[0..<count]
        }
        return String(decoding: answer, as: UTF8.self)
    }

    @Test("with 200 slow sockets open the page answers, and SIGTERM stops it within 10 s")
    func slowSocketsThenSIGTERM() throws {
        let server = try Server()
        try #require(server.port != 0)
        let slow = try (0..<200).map { _ in
            let descriptor = try Self.connected(server.port)
            _ = Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n".utf8).withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            return descriptor
        }
        defer { slow.forEach { close($0) } }
        let answer = try Self.exchange("GET /sign-in HTTP/1.0\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n", port: server.port)
        #expect(answer.hasPrefix("HTTP/1.1 200") || answer.hasPrefix("HTTP/1.0 200"), "\(answer.prefix(80))")
        #expect(server.stops(within: 10))
    }

    @Test("a stranger's 16 MB POST /sign-in is refused with 413 before its body is read")
    func strangersLargeBody() throws {
        let server = try Server()
        try #require(server.port != 0)
        let answer = try Self.exchange("POST /sign-in HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: \(16 * 1024 * 1024)\r\nConnection: close\r\n\r\n", port: server.port)
        #expect(answer.hasPrefix("HTTP/1.1 413"), "\(answer.prefix(80))")
        #expect(server.stops(within: 10))
    }

    @Test("a Host naming another site is refused with 421; the server's own address and web.hostNames are answered")
    func rebinding() throws {
        let server = try Server(config: #"{"web": {"hostNames": ["toshokan.local"]}}"#)
        try #require(server.port != 0)
        func status(_ host: String) throws -> String {
            String(try Self.exchange("GET /sign-in HTTP/1.0\r\nHost: \(host)\r\n\r\n", port: server.port).prefix(12))
        }
        #expect(try status("evil.example:\(server.port)").hasSuffix("421"))
        #expect(try status("127.0.0.1:\(server.port)").hasSuffix("200"))
        #expect(try status("localhost:\(server.port)").hasSuffix("200"))
        #expect(try status("toshokan.local:\(server.port)").hasSuffix("200"))
        #expect(server.stops(within: 10))
    }
}
