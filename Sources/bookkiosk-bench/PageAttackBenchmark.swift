import Foundation
import POSIX

/// `bookkiosk serve` as a process under a hostile client's attacks, on 127.0.0.1: the time it
/// takes to answer a normal request (a fresh connection, `GET /sign-in`) while 200 slow
/// sockets hold the start of a request head open, and its peak memory (VmHWM) after 32
/// strangers each try to send a 16 MB `POST /sign-in` at once.
struct PageAttackFigures {
    var underSlowClients = Latencies()
    var slowSockets = 0
    var slowSocketsStillOpen = 0
    var rssBeforeMegabytes = Double.nan
    var peakRSSAfterBodiesMegabytes = Double.nan
    var rssAfterBodiesMegabytes = Double.nan
    var bodiesRefused = 0
}

enum PageAttackBenchmark {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static let slowSockets = 200
    static let requests = 200
    static let largeBodies = 32
    static let largeBodyBytes = 16 * 1024 * 1024

    static func run(executable: String, folder: String, configPath: String, progress: (String) -> Void) throws -> PageAttackFigures {
        let serve = try KioskProcess(
            executable: executable,
            arguments: ["serve", "--listen", "127.0.0.1:0", "--db", folder + "/attack.sqlite", "--config", configPath],
            environment: ["HOME": folder, "TZ": "UTC", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"],
            errorsTo: folder + "/serve-stderr.log")
        defer {
            kill(serve.pid, SIGTERM)
            _ = serve.finish()
        }
        guard let line = serve.readLine(timeout: 20), let port = UInt16(line.split(separator: ":").last?.filter(\.isNumber) ?? "") else {
            throw Failure(description: "bookkiosk serve did not say where it listens; see \(folder)/serve-stderr.log")
        }
        var figures = PageAttackFigures()
        figures.rssBeforeMegabytes = serve.statusMegabytes("VmHWM")

        progress("page attack: \(slowSockets) slow sockets, then \(requests) normal requests")
        let slow = try (0..<slowSockets).map { _ in
            let descriptor = try connect(port)
            try write(descriptor, Array("GET /sign-in HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUser-Agent: slow".utf8))
            return descriptor
        }
        figures.slowSockets = slow.count
        for _ in 0..<requests {
            let started = monotonicNanoseconds()
            let answer = try exchange(port, Array("GET /sign-in HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n".utf8))
            guard answer.starts(with: Array("HTTP/1.1 200".utf8)) else {
                throw Failure(description: "a normal request under slow clients answered \(String(decoding: answer.prefix(40), as: UTF8.self))")
            }
            figures.underSlowClients.add(microseconds(from: started, to: monotonicNanoseconds()))
        }
        figures.slowSocketsStillOpen = slow.filter { isOpen($0) }.count
        slow.forEach { close($0) }

        progress("page attack: \(largeBodies) × \(largeBodyBytes / 1024 / 1024) MB POST /sign-in at once")
        let refused = Counter()
        let group = DispatchGroup()
        let body = Array("name=x&password=".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: largeBodyBytes - 16)
        for _ in 0..<largeBodies {
            DispatchQueue.global().async(group: group) {
                let head = "POST /sign-in HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                    + "Content-Length: \(largeBodyBytes)\r\nConnection: close\r\n\r\n"
                guard let descriptor = try? connect(port) else { return }
                defer { close(descriptor) }
                // The attacker sends the whole body unless the server answers and closes first.
                try? write(descriptor, Array(head.utf8))
                try? write(descriptor, body)
                let answer = (try? readToEnd(descriptor)) ?? []
                if answer.starts(with: Array("HTTP/1.1 413".utf8)) { refused.add() }
            }
        }
        group.wait()
        figures.bodiesRefused = refused.value
        figures.peakRSSAfterBodiesMegabytes = serve.statusMegabytes("VmHWM")
        figures.rssAfterBodiesMegabytes = serve.statusMegabytes("VmRSS")
        return figures
    }

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func add() { lock.withLock { count += 1 } }
        var value: Int { lock.withLock { count } }
    }

    static func connect(_ port: UInt16) throws -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket: \(Errno.current)") }
        var timeout = timeval(tv_sec: 20, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            let error = Errno.current
            close(descriptor)
            throw Failure(description: "connect: \(error)")
        }
        return descriptor
    }

    /// Writes what the server takes; stops when it closes the connection.
    static func write(_ descriptor: Int32, _ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let written = bytes[sent...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written <= 0 { return }
            sent += written
        }
    }

    static func readToEnd(_ descriptor: Int32) throws -> [UInt8] {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count <= 0 { return received }
            received += buffer[0..<count]
        }
    }

    static func exchange(_ port: UInt16, _ bytes: [UInt8]) throws -> [UInt8] {
        let descriptor = try connect(port)
        defer { close(descriptor) }
        try write(descriptor, bytes)
        return try readToEnd(descriptor)
    }

    /// Whether the server still holds the socket open (nothing to read, no end seen).
    static func isOpen(_ descriptor: Int32) -> Bool {
        var byte: UInt8 = 0
        let count = recv(descriptor, &byte, 1, Int32(MSG_DONTWAIT | MSG_PEEK))
        return count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)
    }
}
