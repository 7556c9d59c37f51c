import Foundation
import Testing

/// BookKiosk's licence (Apache-2.0) and the third-party licences the package carries, in
/// Debian's machine-readable copyright format.
@Suite("Licence")
struct LicenceTests {
    static let debianApache = URL(fileURLWithPath: "/usr/share/common-licenses/Apache-2.0")
    static let copyright = DeploymentFiles.repository.appendingPathComponent("kiosk/package/copyright")

    @Test("LICENSE is the Apache License 2.0, word for word", .enabled(if: FileManager.default.fileExists(atPath: debianApache.path), "Debian's copy of the licence (/usr/share/common-licenses/Apache-2.0) is not here"))
    func licenceIsApache() throws {
        let ours = try Data(contentsOf: DeploymentFiles.repository.appendingPathComponent("LICENSE"))
        #expect(ours == (try Data(contentsOf: Self.debianApache)))
    }

    /// The copyright file's paragraphs, each a field name → value (continuation lines joined).
    static func paragraphs(_ text: String) -> [[String: String]] {
        text.components(separatedBy: "\n\n").map { block in
            var fields: [String: String] = [:]
            var last: String?
            for line in block.split(separator: "\n", omittingEmptySubsequences: true) {
                if line.first == " ", let name = last {
                    fields[name, default: ""] += "\n" + line
                } else if let colon = line.firstIndex(of: ":") {
                    let name = String(line[..<colon])
                    fields[name] = String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
                    last = name
                }
            }
            return fields
        }.filter { !$0.isEmpty }
    }

    @Test("the package's copyright is DEP-5, BookKiosk's files Apache-2.0, every licence named has its text")
    func copyrightIsMachineReadable() throws {
        let paragraphs = Self.paragraphs(try DeploymentFiles.text(of: Self.copyright))
        let header = try #require(paragraphs.first)
        #expect(header["Format"] == "https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/")
        #expect(header["Upstream-Name"] == "BookKiosk")
        let files = paragraphs.filter { $0["Files"] != nil }
        let everything = try #require(files.first { $0["Files"] == "*" })
        #expect(everything["License"]?.hasPrefix("Apache-2.0\n") == true)
        #expect(everything["License"]?.contains("/usr/share/common-licenses/Apache-2.0") == true)
        // Each short name a Files paragraph uses has its text: in that paragraph or standalone.
        let standalone = Set(paragraphs.filter { $0["Files"] == nil && $0["License"]?.contains("\n") == true }
            .compactMap { $0["License"]?.split(separator: "\n").first.map(String.init) })
        let withText = Set(files.compactMap { $0["License"] }.filter { $0.contains("\n") }
            .compactMap { $0.split(separator: "\n").first.map(String.init) })
        for paragraph in files {
            let expression = try #require(paragraph["License"]?.split(separator: "\n").first)
            for name in expression.components(separatedBy: " and ") {
                #expect(standalone.contains(name) || withText.contains(name), "\(name) has no licence text")
            }
        }
        let program = try #require(files.first { $0["Files"] == "usr/bin/bookkiosk" })
        #expect(program["License"]?.contains("BSD-3-Clause") == true, "the romaji rules from Mozc are BSD-3-Clause")
        #expect(!(try DeploymentFiles.text(of: Self.copyright)).contains("not published"))
    }

    @Test("the package adds the voice's own licence and credit beside the voice")
    func voiceStanza() throws {
        let script = try DeploymentFiles.text(of: DeploymentFiles.packageScript)
        #expect(script.contains("License: CC-BY-3.0"))
        #expect(script.contains("MMDAgent Project Team"))
        #expect(script.contains("kiosk/voice/COPYING"))
    }

    @Test("the package's Maintainer is the control file's, and names the maintainers")
    func maintainer() throws {
        let control = try DeploymentFiles.text(of: DeploymentFiles.repository.appendingPathComponent("kiosk/package/control.in"))
        let line = try #require(control.split(separator: "\n").first { $0.hasPrefix("Maintainer: ") })
        #expect(line.hasPrefix("Maintainer: BookKiosk maintainers <"))
        #expect(!line.contains("localhost"), "lintian: bogus-mail-host")
        #expect(try DeploymentFiles.text(of: DeploymentFiles.packageScript).contains("s/^Maintainer: //p' kiosk/package/control.in"))
    }
}
