import Foundation
import Testing
@testable import HTTPServer

/// HTTPS offers TLS 1.2 and 1.3 only, with forward secrecy and AEAD ciphers only, in the
/// server's order. Checked with `openssl s_client`, each handshake limited
/// to one protocol and one cipher: the ones that must fail, and the ones that must work.
@Suite("HTTPS protocols and ciphers", .enabled(if: ToolRun.isInstalled("/usr/bin/openssl"), "needs openssl"))
struct HTTPDaemonTLSPolicyTests {
    /// A throwaway self-signed RSA certificate (static RSA key exchange needs one to be tried).
    static func rsaCredentials() throws -> TLSCredentials {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("TLSPolicy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let key = directory.appendingPathComponent("key.pem").path
        let certificate = directory.appendingPathComponent("certificate.pem").path
        let made = try ToolRun.run("/usr/bin/openssl", [
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
            "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", key, "-out", certificate,
        ])
        try #require(made.status == 0, "openssl could not make a certificate")
        return TLSCredentials(certificatePEM: Array(try Data(contentsOf: URL(fileURLWithPath: certificate))),
                              privateKeyPEM: Array(try Data(contentsOf: URL(fileURLWithPath: key))))
    }

    /// Whether `openssl s_client` completes a handshake with `options`.
    static func handshake(port: UInt16, _ options: [String]) throws -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = ["s_client", "-connect", "127.0.0.1:\(port)", "-brief"] + options
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    /// (options, whether the handshake must succeed). `@SECLEVEL=0` lets the client offer what
    /// OpenSSL itself no longer would, so only the server can refuse it.
    static let cases: [([String], Bool)] = [
        (["-tls1", "-cipher", "DEFAULT:@SECLEVEL=0"], false),
        (["-tls1_1", "-cipher", "DEFAULT:@SECLEVEL=0"], false),
        (["-tls1_2", "-cipher", "AES128-SHA:@SECLEVEL=0"], false),              // static RSA, CBC
        (["-tls1_2", "-cipher", "AES256-GCM-SHA384:@SECLEVEL=0"], false),       // static RSA
        (["-tls1_2", "-cipher", "ECDHE-RSA-AES128-SHA:@SECLEVEL=0"], false),    // CBC
        (["-tls1_2", "-cipher", "DHE-RSA-AES128-GCM-SHA256:@SECLEVEL=0"], false),
        (["-tls1_2", "-cipher", "ECDHE-RSA-AES128-GCM-SHA256"], true),
        (["-tls1_2", "-cipher", "ECDHE-RSA-CHACHA20-POLY1305"], true),
        (["-tls1_3"], true),
    ]

    @Test("old protocols, static RSA, CBC and DHE are refused; ECDHE with AEAD over TLS 1.2 and TLS 1.3 work")
    func policy() throws {
        let daemon = try HTTPDaemon(HTTPDaemonConfiguration(address: .loopback(port: 0), tls: try Self.rsaCredentials())) { _ in
            HTTPResponse(status: 200)
        }
        for (options, works) in Self.cases {
            #expect(try Self.handshake(port: daemon.address.port, options) == works, "\(options.joined(separator: " "))")
        }
    }

    @Test("the priority string names TLS 1.2+, ECDHE only, AEAD only and the server's order")
    func priorityString() {
        let priorities = HTTPDaemonConfiguration.tlsPriorities
        #expect(priorities.contains("-VERS-ALL:+VERS-TLS1.3:+VERS-TLS1.2"))
        #expect(priorities.contains("-KX-ALL:+ECDHE-RSA:+ECDHE-ECDSA"))
        #expect(priorities.contains("-MAC-ALL:+AEAD"))
        #expect(priorities.hasSuffix("%SERVER_PRECEDENCE"))
    }
}
