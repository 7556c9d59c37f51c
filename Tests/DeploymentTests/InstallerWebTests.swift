import Foundation
import Testing

@Suite(
    "install.sh --web in a throwaway root",
    .enabled(if: ExternalCommand.isRoot, "install.sh creates a system user and sets owners: it needs root")
)
struct InstallerWebTests {
    static let unitPath = "/etc/systemd/system/bookkiosk-web.service"

    @Test("--web installs the page's unit beside the kiosk's; without it there is none")
    func installsWebUnit() throws {
        try withThrowawayRoot { root, standIn in
            let plain = try runInstaller(root: root, ["--binary", standIn.path, "--no-staff"])
            try #require(plain.succeeded, "\(plain.output)")
            #expect(!root.exists(Self.unitPath))
            #expect(!plain.output.contains("password"))

            let outcome = try runInstaller(root: root, ["--binary", standIn.path, "--no-staff", "--web"])
            try #require(outcome.succeeded, "\(outcome.output)")
            let unit = try #require(root.entry(Self.unitPath))
            #expect(unit.contents == FileManager.default.contents(atPath: DeploymentFiles.webService.path))
            #expect(unit.mode == 0o644 && unit.owner == 0 && unit.group == 0, "\(unit)")
            #expect(outcome.lines.contains("Installed systemd unit: \(Self.unitPath)"), "\(outcome.output)")
            #expect(outcome.output.contains("staff password NAME --config /etc/bookkiosk/config.json --db /var/lib/bookkiosk/library.sqlite"))
            // Its program is the one installed.
            let execStart = try #require(UnitFile(parsing: String(decoding: unit.contents ?? Data(), as: UTF8.self)).values("Service", "ExecStart").first)
            #expect(FileManager.default.isExecutableFile(atPath: root.path(String(execStart.split(separator: " ")[0]))))
        }
    }

    @Test("once installed, a run without --web keeps the page's unit up to date, and changes nothing when it is")
    func keptUpToDate() throws {
        try withThrowawayRoot { root, standIn in
            try #require(try runInstaller(root: root, ["--binary", standIn.path, "--no-staff", "--web"]).succeeded)
            try Data("[Service]\nExecStart=/bin/false\n".utf8).write(to: URL(fileURLWithPath: root.path(Self.unitPath)))
            let repaired = try runInstaller(root: root, ["--binary", standIn.path, "--no-staff"])
            #expect(repaired.succeeded, "\(repaired.output)")
            #expect(repaired.output.contains("The teachers' page is installed"))
            #expect(root.entry(Self.unitPath)?.contents == FileManager.default.contents(atPath: DeploymentFiles.webService.path))

            let before = root.snapshot()
            let again = try runInstaller(root: root, ["--binary", standIn.path, "--no-staff", "--web"])
            #expect(again.succeeded, "\(again.output)")
            #expect(root.snapshot() == before)
            #expect(again.lines.contains("Systemd unit is up to date: \(Self.unitPath)"), "\(again.output)")
        }
    }

    @Test("--uninstall removes the page's unit and keeps the library data")
    func uninstallRemovesIt() throws {
        try withThrowawayRoot { root, standIn in
            try #require(try runInstaller(root: root, ["--binary", standIn.path, "--no-staff", "--web"]).succeeded)
            let outcome = try runInstaller(root: root, ["--uninstall"])
            #expect(outcome.succeeded, "\(outcome.output)")
            #expect(!root.exists(Self.unitPath))
            #expect(outcome.lines.contains("Removed systemd unit of the teachers' page: \(Self.unitPath)"), "\(outcome.output)")
            #expect(root.exists("/var/lib/bookkiosk"))
        }
    }

    @Test("with a database server elsewhere, the page may reach it too; --uninstall removes that drop-in")
    func sharedDatabase() throws {
        try withThrowawayRoot { root, standIn in
            let url = "postgresql://kiosk@203.0.113.5:5432/library"
            let dropIn = "/etc/systemd/system/bookkiosk-web.service.d/50-database-network.conf"
            let outcome = try runInstaller(root: root, ["--binary", standIn.path, "--no-staff", "--web", "--database", url])
            try #require(outcome.succeeded, "\(outcome.output)")
            let entry = try #require(root.entry(dropIn), "\(outcome.output)")
            let text = String(decoding: entry.contents ?? Data(), as: UTF8.self)
            #expect(UnitFile(parsing: text).values("Service", "IPAddressAllow") == ["203.0.113.5"])
            #expect(UnitFile(parsing: text).sections.keys.sorted() == ["Service"])
            #expect(entry.mode == 0o644)
            // The page's own unit is the repository's, unchanged; no --db in the password hint.
            #expect(root.entry(Self.unitPath)?.contents == FileManager.default.contents(atPath: DeploymentFiles.webService.path))
            #expect(outcome.output.contains("staff password NAME --config /etc/bookkiosk/config.json\n"), "\(outcome.output)")

            let again = try runInstaller(root: root, ["--binary", standIn.path, "--no-staff", "--database", url])
            #expect(again.output.contains("Kept the page's database network drop-in"), "\(again.output)")
            #expect(try runInstaller(root: root, ["--uninstall"]).succeeded)
            #expect(!root.exists(dropIn))
            #expect(!root.exists("/etc/systemd/system/bookkiosk-web.service.d"))
        }
    }

    @Test("--web does not go with --uninstall")
    func webWithUninstall() throws {
        try withThrowawayRoot { root, _ in
            let outcome = try runInstaller(root: root, ["--uninstall", "--web"])
            #expect(!outcome.succeeded)
            #expect(outcome.output.contains("--uninstall removes the page too"), "\(outcome.output)")
        }
    }
}
