import Foundation
import HTTPServer
import POSIX
import Testing

/// `doctor` warns when the page listens on every interface and `web.hostNames` names nothing
///: it answers only to the computer's addresses, and every network can reach it.
@Suite("bookkiosk doctor: the page's host names")
struct DoctorWebHostTests {
    func webLines(_ config: String) throws -> [String] {
        let folder = try TemporaryFolder()
        let path = try folder.write("config.json", config)
        let result = try BookKioskBinary.run(["doctor", "--config", path, "--db", folder.path("library.sqlite")], in: folder.url)
        return result.lines.filter { $0.hasPrefix("warn web") || $0.hasPrefix("ok   web") }
    }

    @Test("every interface without web.hostNames: a warning that says what to do")
    func everyInterfaceWithoutNames() throws {
        let lines = try webLines(#"{"language": "en", "player": "none", "web": {"listen": "0.0.0.0:1"}}"#)
        #expect(lines.contains { $0.contains("listens on every interface and web.hostNames is empty") && $0.contains("web.hostNames") })
    }

    @Test("with web.hostNames, or on one address: no such warning", arguments: [
        #"{"language": "en", "player": "none", "web": {"listen": "0.0.0.0:1", "hostNames": ["toshokan.local"]}}"#,
        #"{"language": "en", "player": "none", "web": {"listen": "127.0.0.1:1"}}"#,
    ])
    func namedOrOneAddress(_ config: String) throws {
        #expect(try !webLines(config).contains { $0.contains("web.hostNames is empty") })
    }
}

/// `doctor` says where teachers open the page: the addresses `serve` prints, never
/// `0.0.0.0`, which no teacher can open.
@Suite("bookkiosk doctor: where teachers open the page")
struct DoctorPageAddressTests {
    @Test("a page on every interface: doctor names web.hostNames and this computer's network addresses, as serve prints them",
          arguments: [("en", "teachers open it at "), ("ja", "先生たちは ")])
    // (`"lookup": false`: doctor asks no book service.)
    func addressesTeachersType(language: String, phrase: String) throws {
        // Something listening where doctor knocks (this computer's loopback), standing in for the page.
        let (descriptor, port) = try ServeListenTests.occupiedPort()
        defer { close(descriptor) }
        let folder = try TemporaryFolder()
        let config = try folder.write("config.json", #"{"language": "\#(language)", "player": "none", "lookup": false, "web": {"listen": "0.0.0.0:\#(port)", "hostNames": ["toshokan.local"]}}"#)
        let result = try BookKioskBinary.run(["doctor", "--config", config, "--db", folder.path("library.sqlite")], in: folder.url)
        let line = try #require(result.lines.first { $0.hasPrefix("ok   ") && $0.contains(phrase) }, "\(result.output)")
        let expected = try ListenAddress(parsing: "0.0.0.0:\(port)")
            .teacherURLs(secure: false, hostNames: ["toshokan.local"], interfaces: InterfaceAddress.current())
        #expect(expected.first == "http://toshokan.local:\(port)/")
        #expect(line.contains(phrase + expected.joined(separator: language == "ja" ? " か " : " or ")), "\(line)")
        #expect(!line.contains("0.0.0.0"), "\(line)")
    }
}
