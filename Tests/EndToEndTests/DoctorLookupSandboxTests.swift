import Foundation
import BookLookup
import Testing
@testable import Doctor

/// `doctor` probes the lookup services from its own process, outside the teachers' page's
/// sandbox: where the page's service keeps off the internet (its unit's `IPAddressDeny=any`)
/// and `install.sh --lookups` has not opened it, it says so, or a setup person reads "answers"
/// while the page says it cannot reach them.
@Suite("bookkiosk doctor: whether the page's service may reach the lookup services")
struct DoctorLookupSandboxTests {
    static let shippedUnit = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("kiosk/bookkiosk-web.service")
    static let opened = PageServiceFiles.lookupDropIn

    /// The services' names and where they stand "now", for the tests (no DNS in a test).
    static let now: [String: [String]] = ["ndlsearch.ndl.go.jp": ["192.0.2.10", "2001:db8::10"], "api.openbd.jp": ["192.0.2.20"]]
    static let lookup = LookupSettings()
    static let allowed = "[Service]\nIPAddressAllow=192.0.2.10 2001:db8::10 192.0.2.20\n"

    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var lookupOn = true
        var unit: String? = "[Service]\nIPAddressDeny=any\n"
        var dropIns: [String: String] = [:]
        var expected: DoctorCommand.Finding.Level?
        /// A word the finding's message holds in English.
        var says: String?
        var description: String { name }
    }

    static let cases = [
        Case(name: "lookups off: nothing to say", lookupOn: false, expected: nil),
        Case(name: "the page is no service here", unit: nil, expected: nil),
        Case(name: "a unit that denies nothing", unit: "[Service]\nIPAddressAllow=any\n", expected: nil),
        Case(name: "a commented line denies nothing", unit: "#IPAddressDeny=any\n", expected: nil),
        Case(name: "denied, not opened", dropIns: ["50-database-network.conf": "[Service]\nIPAddressAllow=192.0.2.10\n"],
             expected: .warn, says: "install.sh --lookups"),
        Case(name: "denied among others, not opened", unit: "IPAddressDeny = link-local any\n", expected: .warn, says: "install.sh --lookups"),
        Case(name: "opened by install.sh --lookups", dropIns: [opened: allowed], expected: .ok, says: opened),
        Case(name: "opened, one of a service's addresses still allowed", dropIns: [opened: "[Service]\nIPAddressAllow=2001:db8::10 192.0.2.20\n"],
             expected: .ok, says: opened),
        Case(name: "opened, and a service moved since", dropIns: [opened: "[Service]\nIPAddressAllow=192.0.2.10 2001:db8::10 192.0.2.99\n"],
             expected: .warn, says: "api.openbd.jp now stands at none"),
        Case(name: "opened, both moved", dropIns: [opened: "[Service]\nIPAddressAllow=192.0.2.98 192.0.2.99\n"],
             expected: .warn, says: "ndlsearch.ndl.go.jp and api.openbd.jp now stand at none"),
    ]

    @Test(arguments: cases)
    func whatDoctorSays(_ testCase: Case) {
        let files = PageServiceFiles(unit: testCase.unit, dropIns: testCase.dropIns)
        for say in [EnglishDoctorWords(), JapaneseDoctorWords()] as [any DoctorWords] {
            let findings = DoctorCommand.checkLookupSandbox(testCase.lookupOn ? Self.lookup : nil, files,
                                                            addresses: { Self.now[$0] ?? [] }, say)
            #expect(findings.map(\.level) == (testCase.expected.map { [$0] } ?? []))
            #expect(findings.allSatisfy { $0.area == .lookup })
            if say is EnglishDoctorWords, let word = testCase.says {
                #expect(findings.first?.message.contains(word) == true, "\(findings.first?.message ?? "nothing")")
            }
        }
    }

    @Test("a service's name that does not resolve here is left to the probe; an address stands for itself")
    func namesAndAddresses() {
        let files = PageServiceFiles(unit: "IPAddressDeny=any\n", dropIns: [Self.opened: "IPAddressAllow=198.51.100.7\n"])
        let unresolved = DoctorCommand.checkLookupSandbox(Self.lookup, files, addresses: { _ in [] }, EnglishDoctorWords())
        #expect(unresolved.map(\.level) == [.ok])
        #expect(DoctorCommand.addresses(of: "198.51.100.7") == ["198.51.100.7"])
        #expect(DoctorCommand.addresses(of: "[2001:db8::1]") == ["2001:db8::1"])
        #expect(DoctorCommand.addresses(of: "localhost").contains { $0 == "127.0.0.1" || $0 == "::1" })
    }

    @Test("the shipped unit denies every address it does not allow, so the check applies to it")
    func theShippedUnitDenies() throws {
        let unit = try String(contentsOf: Self.shippedUnit, encoding: .utf8)
        #expect(PageServiceFiles(unit: unit, dropIns: [:]).deniesAddresses)
    }

    @Test("read from the folders systemd reads: the package's unit, the installer's drop-in in /etc")
    func readFromTheSystemsFolders() throws {
        let root = try TemporaryFolder()
        #expect(PageServiceFiles.read(root: root.url.path) == PageServiceFiles(unit: nil, dropIns: [:]))
        let unitFolder = root.url.appendingPathComponent("lib/systemd/system")
        try FileManager.default.createDirectory(at: unitFolder, withIntermediateDirectories: true)
        try Data("IPAddressDeny=any\n".utf8).write(to: unitFolder.appendingPathComponent(PageServiceFiles.unitName))
        let dropInFolder = root.url.appendingPathComponent("etc/systemd/system/\(PageServiceFiles.unitName).d")
        try FileManager.default.createDirectory(at: dropInFolder, withIntermediateDirectories: true)
        #expect(PageServiceFiles.read(root: root.url.path) == PageServiceFiles(unit: "IPAddressDeny=any\n", dropIns: [:]))
        try Data(Self.allowed.utf8).write(to: dropInFolder.appendingPathComponent(Self.opened))
        let files = PageServiceFiles.read(root: root.url.path)
        #expect(files.dropIns == [Self.opened: Self.allowed])
        #expect(files.lookupAddresses == ["192.0.2.10", "2001:db8::10", "192.0.2.20"])
        #expect(DoctorCommand.checkLookupSandbox(Self.lookup, files, addresses: { Self.now[$0] ?? [] }, EnglishDoctorWords()).map(\.level) == [.ok])
    }
}
