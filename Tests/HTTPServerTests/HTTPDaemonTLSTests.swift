import Foundation
import Testing
@testable import HTTPServer
import POSIX

/// A tool run to its end: exit status and standard output.
struct ToolRun {
    var status: Int32
    var output: String

    static func isInstalled(_ path: String) -> Bool { FileManager.default.isExecutableFile(atPath: path) }

    static func run(_ path: String, _ arguments: [String]) throws -> ToolRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ToolRun(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }
}

/// Whether the loopback interface has ::1 (listed in `/proc/net/if_inet6`).
let hasIPv6Loopback = (try? String(contentsOfFile: "/proc/net/if_inet6", encoding: .utf8))?
    .contains("00000000000000000000000000000001") ?? false

@Suite("HTTPDaemon over HTTPS and IPv6")
struct HTTPDaemonTLSTests {
    /// A throwaway self-signed certificate and key for 127.0.0.1, made with openssl.
    static func selfSignedCredentials() throws -> TLSCredentials {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("HTTPDaemonTLSTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let key = directory.appendingPathComponent("key.pem").path
        let certificate = directory.appendingPathComponent("certificate.pem").path
        let made = try ToolRun.run("/usr/bin/openssl", [
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1",
            "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", key, "-out", certificate,
        ])
        try #require(made.status == 0, "openssl could not make a certificate")
        return TLSCredentials(certificatePEM: Array(try Data(contentsOf: URL(fileURLWithPath: certificate))),
                              privateKeyPEM: Array(try Data(contentsOf: URL(fileURLWithPath: key))))
    }

    @Test(
        "with a certificate and key it speaks HTTPS, and the handler knows the request is secure",
        .enabled(if: ToolRun.isInstalled("/usr/bin/openssl") && ToolRun.isInstalled("/usr/bin/curl"), "needs openssl and curl")
    )
    func https() throws {
        let log = RequestLog()
        let daemon = try HTTPDaemon(HTTPDaemonConfiguration(address: .loopback(port: 0), tls: try Self.selfSignedCredentials())) { request in
            log.append(request)
            return HTTPResponse(status: 200, body: Array("secure \(request.isSecure)".utf8))
        }
        #expect(daemon.isSecure)
        #expect(daemon.url == "https://127.0.0.1:\(daemon.address.port)/")
        let fetched = try ToolRun.run("/usr/bin/curl", ["--silent", "--insecure", "--max-time", "10", daemon.url + "loans"])
        #expect(fetched.status == 0)
        #expect(fetched.output == "secure true")
        #expect(log.all.first?.path == "/loans")
        // Plain HTTP to the HTTPS port gets no page.
        let plain = try ToolRun.run("/usr/bin/curl", ["--silent", "--max-time", "10", "http://127.0.0.1:\(daemon.address.port)/"])
        #expect(plain.output != "secure true" && plain.output != "secure false")
    }

    @Test("a certificate that is not PEM is refused with what to check, and the socket is closed")
    func badCredentials() throws {
        let garbage = TLSCredentials(certificatePEM: Array("not a certificate".utf8), privateKeyPEM: Array("not a key".utf8))
        let error = #expect(throws: HTTPDaemonError.self) {
            _ = try HTTPDaemon(HTTPDaemonConfiguration(address: .loopback(port: 0), tls: garbage)) { _ in HTTPResponse(status: 200) }
        }
        guard case .tlsCredentialsRefused(let refusedAddress) = error else {
            Issue.record("expected tlsCredentialsRefused, got \(String(describing: error))")
            return
        }
        let address = refusedAddress
        #expect(HTTPDaemonError.tlsCredentialsRefused(address).description.contains("PEM"))
        // Nothing listens on the port it had bound: the socket did not leak.
        let refused = #expect(throws: LoopbackClient.Failure.self) { try LoopbackClient(port: address.port).send("GET", "/") }
        #expect(refused?.description.hasPrefix("connect:") == true, "\(String(describing: refused))")
    }

    @Test(
        "[::1]:0 listens on IPv6 loopback",
        .enabled(if: ToolRun.isInstalled("/usr/bin/curl") && hasIPv6Loopback, "needs curl and the IPv6 loopback address ::1")
    )
    func ipv6() throws {
        let daemon = try HTTPDaemon(HTTPDaemonConfiguration(address: try ListenAddress(parsing: "[::1]:0"))) { request in
            HTTPResponse(status: 200, body: Array("from \(request.clientAddress ?? "?")".utf8))
        }
        #expect(daemon.address.family == .ipv6 && daemon.address.port != 0)
        let fetched = try ToolRun.run("/usr/bin/curl", ["--silent", "--globoff", "--max-time", "10", daemon.url])
        #expect(fetched.output == "from ::1")
    }
}
