import Foundation
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

    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var lookupOn: Bool
        var unit: String?
        var dropIns: Set<String>
        var expected: DoctorCommand.Finding.Level?
        var description: String { name }
    }

    static let cases = [
        Case(name: "lookups off: nothing to say", lookupOn: false, unit: "IPAddressDeny=any\n", dropIns: [], expected: nil),
        Case(name: "the page is no service here", lookupOn: true, unit: nil, dropIns: [], expected: nil),
        Case(name: "a unit that denies nothing", lookupOn: true, unit: "[Service]\nIPAddressAllow=any\n", dropIns: [], expected: nil),
        Case(name: "denied, not opened", lookupOn: true, unit: "[Service]\nIPAddressDeny=any\n", dropIns: ["50-database-network.conf"], expected: .warn),
        Case(name: "denied among others, not opened", lookupOn: true, unit: "IPAddressDeny = link-local any\n", dropIns: [], expected: .warn),
        Case(name: "denied, opened by install.sh --lookups", lookupOn: true, unit: "IPAddressDeny=any\n", dropIns: [opened], expected: .ok),
        Case(name: "a commented line denies nothing", lookupOn: true, unit: "#IPAddressDeny=any\n", dropIns: [], expected: nil),
    ]

    @Test(arguments: cases)
    func whatDoctorSays(_ testCase: Case) {
        for say in [EnglishDoctorWords(), JapaneseDoctorWords()] as [any DoctorWords] {
            let findings = DoctorCommand.checkLookupSandbox(lookupOn: testCase.lookupOn,
                                                            PageServiceFiles(unit: testCase.unit, dropIns: testCase.dropIns), say)
            #expect(findings.map(\.level) == (testCase.expected.map { [$0] } ?? []))
            #expect(findings.allSatisfy { $0.area == .lookup })
            if testCase.expected == .warn {
                #expect(findings.first?.message.contains("install.sh --lookups") == true, "says what to do")
            }
        }
    }

    @Test("the shipped unit denies every address it does not allow, so the check applies to it")
    func theShippedUnitDenies() throws {
        let unit = try String(contentsOf: Self.shippedUnit, encoding: .utf8)
        #expect(PageServiceFiles(unit: unit, dropIns: []).deniesAddresses)
    }

    @Test("read from the folders systemd reads: the package's unit, the installer's drop-in in /etc")
    func readFromTheSystemsFolders() throws {
        let root = try TemporaryFolder()
        #expect(PageServiceFiles.read(root: root.url.path) == PageServiceFiles(unit: nil, dropIns: []))
        let unitFolder = root.url.appendingPathComponent("lib/systemd/system")
        try FileManager.default.createDirectory(at: unitFolder, withIntermediateDirectories: true)
        try Data("IPAddressDeny=any\n".utf8).write(to: unitFolder.appendingPathComponent(PageServiceFiles.unitName))
        let dropInFolder = root.url.appendingPathComponent("etc/systemd/system/\(PageServiceFiles.unitName).d")
        try FileManager.default.createDirectory(at: dropInFolder, withIntermediateDirectories: true)
        #expect(PageServiceFiles.read(root: root.url.path) == PageServiceFiles(unit: "IPAddressDeny=any\n", dropIns: []))
        try Data("[Service]\n".utf8).write(to: dropInFolder.appendingPathComponent(Self.opened))
        let files = PageServiceFiles.read(root: root.url.path)
        #expect(files.dropIns == [Self.opened])
        #expect(DoctorCommand.checkLookupSandbox(lookupOn: true, files, EnglishDoctorWords()).map(\.level) == [.ok])
    }
}
