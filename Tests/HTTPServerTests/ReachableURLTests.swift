import Testing
@testable import HTTPServer
import POSIX

@Suite("The page's address as others reach it")
struct ReachableURLTests {
    static let interfaces = [
        InterfaceAddress(interface: "lo", family: .ipv4, host: "127.0.0.1", isLoopback: true, isUp: true),
        InterfaceAddress(interface: "lo", family: .ipv6, host: "::1", isLoopback: true, isUp: true),
        InterfaceAddress(interface: "eth0", family: .ipv6, host: "fe80::1234", isLoopback: false, isUp: true),
        InterfaceAddress(interface: "eth0", family: .ipv6, host: "fd00::20", isLoopback: false, isUp: true),
        InterfaceAddress(interface: "eth0", family: .ipv4, host: "192.168.1.20", isLoopback: false, isUp: true),
        InterfaceAddress(interface: "wlan0", family: .ipv4, host: "10.0.0.5", isLoopback: false, isUp: false),
    ]

    @Test("what a browser elsewhere can open", arguments: [
        ("0.0.0.0:8080", false, ["http://192.168.1.20:8080/"]),
        ("[::]:8443", true, ["https://192.168.1.20:8443/", "https://[fd00::20]:8443/"]),
        ("192.168.1.20:8080", false, ["http://192.168.1.20:8080/"]),
        ("127.0.0.1:8080", false, ["http://127.0.0.1:8080/"]),
    ])
    func reachable(listen: String, secure: Bool, urls: [String]) throws {
        #expect(try ListenAddress(parsing: listen).reachableURLs(secure: secure, interfaces: Self.interfaces) == urls)
    }

    @Test("a wildcard with only loopback gives no URL for others")
    func onlyLoopback() {
        #expect(ListenAddress.anyIPv4(port: 80).reachableURLs(secure: false, interfaces: Array(Self.interfaces.prefix(2))).isEmpty)
    }

    @Test("what a teacher types: the page's names first, then the addresses, each once", arguments: [
        ("0.0.0.0:8080", ["toshokan.local"], ["http://toshokan.local:8080/", "http://192.168.1.20:8080/"]),
        ("0.0.0.0:8080", [], ["http://192.168.1.20:8080/"]),
        ("192.168.1.20:8080", ["toshokan.local", "192.168.1.20"], ["http://toshokan.local:8080/", "http://192.168.1.20:8080/"]),
    ])
    func teacherURLs(listen: String, names: [String], urls: [String]) throws {
        #expect(try ListenAddress(parsing: listen).teacherURLs(secure: false, hostNames: names, interfaces: Self.interfaces) == urls)
    }

    @Test("a wildcard with neither a network nor a name: nothing for a teacher to type")
    func noTeacherURL() {
        #expect(ListenAddress.anyIPv4(port: 80).teacherURLs(secure: false, hostNames: [], interfaces: Array(Self.interfaces.prefix(2))).isEmpty)
    }

    @Test("this computer's interfaces include its loopback address")
    func current() {
        #expect(InterfaceAddress.current().contains { $0.isLoopback && $0.host == "127.0.0.1" && $0.family == .ipv4 })
    }
}
