import Foundation
import Testing

/// `doctor` warns when the page listens on every interface and `web.hostNames` names nothing
/// (issue 27): it answers only to the computer's addresses, and every network can reach it.
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
