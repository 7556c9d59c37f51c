import Testing
@testable import POSIX

@Suite("--listen ADDRESS:PORT")
struct ListenAddressTests {
    @Test("addresses that parse", arguments: [
        ("0.0.0.0:8080", ListenAddress(family: .ipv4, host: "0.0.0.0", port: 8080)),
        ("127.0.0.1:0", ListenAddress(family: .ipv4, host: "127.0.0.1", port: 0)),
        ("192.168.1.20:65535", ListenAddress(family: .ipv4, host: "192.168.1.20", port: 65535)),
        ("[::1]:8080", ListenAddress(family: .ipv6, host: "::1", port: 8080)),
        ("[::]:80", ListenAddress(family: .ipv6, host: "::", port: 80)),
        ("[fe80::1%eth0]:8080", nil),
    ] as [(String, ListenAddress?)])
    func parses(text: String, address: ListenAddress?) throws {
        guard let address else {
            #expect(throws: ListenAddressError.self) { try ListenAddress(parsing: text) }
            return
        }
        let parsed = try ListenAddress(parsing: text)
        #expect(parsed == address)
        #expect(parsed.description == text)
    }

    @Test("addresses refused, each with its reason", arguments: [
        ("8080", ListenAddressError.Problem.missingPort),
        ("0.0.0.0", .missingPort),
        ("0.0.0.0:", .badPort),
        ("0.0.0.0:65536", .badPort),
        ("0.0.0.0:-1", .badPort),
        ("0.0.0.0:http", .badPort),
        ("0.0.0.0:８０", .badPort),
        ("300.1.1.1:8080", .notAnAddress),
        (":8080", .notAnAddress),
        ("::1:8080", .ipv6WithoutBrackets),
        ("[::1:8080", .unclosedBracket),
        ("[::1]8080", .missingPort),
        ("[127.0.0.1]:8080", .notAnAddress),
    ])
    func refused(text: String, problem: ListenAddressError.Problem) {
        #expect(throws: ListenAddressError(text: text, problem: problem)) { try ListenAddress(parsing: text) }
        let message = ListenAddressError(text: text, problem: problem).description
        #expect(message.contains("\"\(text)\""))
        #expect(message.contains("[::1]:8080"), "every message shows a form that works")
    }

    @Test("the URL to open")
    func url() {
        #expect(ListenAddress.loopback(port: 8080).url(secure: false) == "http://127.0.0.1:8080/")
        #expect(ListenAddress(family: .ipv6, host: "::1", port: 8443).url(secure: true) == "https://[::1]:8443/")
    }
}

@Suite("--listen with a host name")
struct ListenAddressNameTests {
    @Test("localhost:PORT is resolved (from /etc/hosts, no network) to the loopback address")
    func localhost() throws {
        let parsed = try ListenAddress(parsing: "localhost:8080")
        #expect(parsed.port == 8080)
        #expect(parsed.host == "127.0.0.1" || parsed.host == "::1")
    }

    @Test("a name that resolves to nothing is still refused as not an address")
    func unknownName() {
        #expect(throws: ListenAddressError.self) { try ListenAddress(parsing: "no-such-host.invalid:8080") }
    }
}
