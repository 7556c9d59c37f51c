import Foundation
import Testing

/// `install.sh` installs the Debian package (scripts/package-test proves that in a clean Debian
/// root) and then writes this kiosk's own settings; with `--root` it writes only those, into a
/// throwaway root, which is what these tests look at.
@Suite(
    "install.sh: this kiosk's own settings, in a throwaway root",
    .enabled(if: ExternalCommand.isRoot, "install.sh runs as root")
)
struct InstallerTests {
    static let dropIn = "/etc/systemd/system/bookkiosk.service.d/50-database-network.conf"
    static let webDropIn = "/etc/systemd/system/bookkiosk-web.service.d/50-database-network.conf"

    @Test("with --root no package is installed, nothing of the package's is written, and udev and systemd are left alone")
    func rootWritesOnlySettings() throws {
        try withThrowawayRoot { root, _ in
            let outcome = try runInstaller(root: root, ["--no-staff"])
            try #require(outcome.succeeded, "\(outcome.output)")
            #expect(outcome.output.contains("Installed no package into"))
            #expect(outcome.output.contains("Left udev and systemd alone"))
            #expect(root.snapshot().isEmpty, "\(root.snapshot().keys.sorted())")
        }
    }

    @Test("--scanner adds a complete scanner rule for this kiosk, once")
    func addsScanner() throws {
        try withThrowawayRoot { root, _ in
            for _ in 1...2 {
                let outcome = try runInstaller(root: root, ["--no-staff", "--scanner", "05AC:021E"])
                try #require(outcome.succeeded, "\(outcome.output)")
            }
            let text = try String(contentsOfFile: root.path("/etc/udev/rules.d/71-bookkiosk-local.rules"), encoding: .utf8)
            let rules = try UdevRulesFile(parsing: text).rules
            try #require(rules.count == 1, "\(text)")
            #expect(rules[0].value("ATTRS", "idVendor", .equal) == "05ac")
            #expect(rules[0].value("ATTRS", "idProduct", .equal) == "021e")
            #expect(ScannerRuleRequirements.problems(in: rules[0]).isEmpty, "\(ScannerRuleRequirements.problems(in: rules[0]))")
            #expect(root.entry("/etc/udev/rules.d/71-bookkiosk-local.rules")?.mode == 0o644)
        }
    }

    @Test("a server elsewhere: the URL in the config, drop-ins allowing its address only; again changes nothing")
    func serverElsewhere() throws {
        try withThrowawayRoot { root, _ in
            let url = "postgresql://kiosk@192.0.2.10:5432/library?sslmode=require"
            let outcome = try runInstaller(root: root, ["--no-staff", "--database", url])
            try #require(outcome.succeeded, "\(outcome.output)")
            #expect(root.entry("/etc/bookkiosk/config.json")?.contents == Data("{\"database\": \"\(url)\"}\n".utf8))
            let dropIn = try #require(root.entry(Self.dropIn))
            let text = String(decoding: dropIn.contents ?? Data(), as: UTF8.self)
            #expect(UnitFile(parsing: text).values("Service", "PrivateNetwork") == ["no"])
            #expect(UnitFile(parsing: text).values("Service", "IPAddressAllow") == ["192.0.2.10"])
            #expect(dropIn.mode == 0o644)
            let web = String(decoding: root.entry(Self.webDropIn)?.contents ?? Data(), as: UTF8.self)
            #expect(UnitFile(parsing: web).values("Service", "IPAddressAllow") == ["192.0.2.10"])
            #expect(UnitFile(parsing: web).sections.keys.sorted() == ["Service"])

            let before = root.snapshot()
            let again = try runInstaller(root: root, ["--no-staff", "--database", url])
            #expect(again.succeeded)
            #expect(root.snapshot() == before)
            #expect(again.output.contains("Kept the database network drop-in"))
            #expect(again.output.contains("names this database"))

            let removed = try runInstaller(root: root, ["--uninstall"])
            #expect(removed.succeeded, "\(removed.output)")
            #expect(!root.exists(Self.dropIn) && !root.exists(Self.webDropIn))
            #expect(!root.exists("/etc/systemd/system/bookkiosk.service.d"))
            #expect(root.exists("/etc/bookkiosk/config.json"), "the config stays with --uninstall")
        }
    }

    @Test("--lookups: the page may reach the lookup services' addresses and no others; the unit itself stays closed")
    func lookupNetwork() throws {
        try withThrowawayRoot { root, _ in
            let dropIn = "/etc/systemd/system/bookkiosk-web.service.d/60-lookup-network.conf"
            // Addresses in place of the services' names: no DNS in a test.
            let hosts = ["BOOKKIOSK_LOOKUP_HOSTS": "192.0.2.20 2001:db8::21"]
            let outcome = try runInstaller(root: root, ["--no-staff", "--lookups"], environment: hosts)
            try #require(outcome.succeeded, "\(outcome.output)")
            let written = try #require(root.entry(dropIn))
            let unit = UnitFile(parsing: String(decoding: written.contents ?? Data(), as: UTF8.self))
            #expect(unit.values("Service", "IPAddressAllow") == ["192.0.2.20 2001:db8::21"])
            #expect(unit.sections.keys.sorted() == ["Service"])
            #expect(unit.values("Service", "IPAddressDeny").isEmpty && unit.values("Service", "RestrictAddressFamilies").isEmpty)
            #expect(written.mode == 0o644)
            let before = root.snapshot()
            #expect(try runInstaller(root: root, ["--no-staff", "--lookups"], environment: hosts).succeeded)
            #expect(root.snapshot() == before)
            #expect(try runInstaller(root: root, ["--uninstall"]).succeeded)
            #expect(!root.exists(dropIn))
            #expect(!(try runInstaller(root: root, ["--uninstall", "--lookups"])).succeeded)
        }
    }

    @Test("the package's own config gets the database added, keeping the teacher's settings")
    func databaseIntoThePackagesConfig() throws {
        try withThrowawayRoot { root, _ in
            try FileManager.default.createDirectory(atPath: root.path("/etc/bookkiosk"), withIntermediateDirectories: true)
            let packaged = try String(contentsOf: DeploymentFiles.repository.appendingPathComponent("kiosk/package/config.json"), encoding: .utf8)
            try packaged.write(toFile: root.path("/etc/bookkiosk/config.json"), atomically: true, encoding: .utf8)
            let url = "postgresql://kiosk@192.0.2.10/library"
            let outcome = try runInstaller(root: root, ["--no-staff", "--database", url])
            try #require(outcome.succeeded, "\(outcome.output)")
            let data = try #require(root.entry("/etc/bookkiosk/config.json")?.contents)
            let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect(object["database"] as? String == url)
            #expect(object["loanDays"] as? Int == 7)

            let other = try runInstaller(root: root, ["--no-staff", "--database", "postgresql://kiosk@192.0.2.11/library"])
            #expect(!other.succeeded)
            #expect(other.output.contains("names another database"), "\(other.output)")
        }
    }

    @Test("an SQLite kiosk and a local socket get no drop-in: the sandbox stays closed")
    func noNetworkWithoutAServerElsewhere() throws {
        try withThrowawayRoot { root, _ in
            let socket = try runInstaller(root: root, ["--no-staff", "--database", "postgresql:///library?host=/run/postgresql"])
            try #require(socket.succeeded, "\(socket.output)")
            #expect(!root.exists(Self.dropIn))
            #expect(socket.output.contains("local socket"))
        }
    }

    @Test("--uninstall --purge also deletes this kiosk's scanner rules")
    func purgeDeletesLocalRules() throws {
        try withThrowawayRoot { root, _ in
            try #require(try runInstaller(root: root, ["--no-staff", "--scanner", "1234:5678"]).succeeded)
            let kept = try runInstaller(root: root, ["--uninstall"])
            #expect(kept.output.contains("Kept this kiosk's scanner rules"), "\(kept.output)")
            #expect(root.exists("/etc/udev/rules.d/71-bookkiosk-local.rules"))
            let purged = try runInstaller(root: root, ["--uninstall", "--purge"])
            #expect(purged.succeeded, "\(purged.output)")
            #expect(!root.exists("/etc/udev/rules.d/71-bookkiosk-local.rules"))
        }
    }
}

@Suite("install.sh options")
struct InstallerOptionTests {
    func installer(_ arguments: [String]) throws -> CommandOutcome {
        try ExternalCommand.run("/bin/bash", [DeploymentFiles.installer.path] + arguments)
    }

    @Test("--help explains every option")
    func help() throws {
        let outcome = try installer(["--help"])
        #expect(outcome.succeeded)
        for option in ["--deb", "--staff", "--no-staff", "--scanner", "--database", "--web", "--lookups", "--root", "--uninstall", "--purge", "--help"] {
            #expect(outcome.output.contains(option), "\(option) is not explained")
        }
    }

    @Test("every option the guides use is one the installer has")
    func guideUsesRealOptions() throws {
        // The README and every guide under docs/ (the install guide, the Japanese 導入の手引き, …).
        let docs = DeploymentFiles.repository.appendingPathComponent("docs")
        let guides = [DeploymentFiles.repository.appendingPathComponent("README.md")]
            + (FileManager.default.enumerator(at: docs, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL }
                .filter { $0.pathExtension == "md" } ?? [])
        let guide = try guides.map { try DeploymentFiles.text(of: $0) }.joined(separator: "\n")
        func options(in text: String) -> Set<String> {
            let separators: Set<Character> = [" ", "`", ",", ":", "(", ")", "\n"]
            let words = text.split(whereSeparator: { separators.contains($0) })
            return Set(words.filter { $0.hasPrefix("--") }.map(String.init))
        }
        let helpOptions = options(in: try installer(["--help"]).output)
        let invocations = guide.split(separator: "\n").filter { $0.contains("install.sh") }
        #expect(invocations.count >= 2)
        for line in invocations {
            let unknown = options(in: String(line)).subtracting(helpOptions)
            #expect(unknown.isEmpty, "the guide uses \(unknown.sorted()), which --help does not list")
        }
    }

    @Test("wrong options are refused with a reason", arguments: [
        (["--purge"], "--purge goes with --uninstall"),
        (["--frobnicate"], "unknown option '--frobnicate'"),
        (["--binary", "/usr/bin/true"], "unknown option '--binary'"),
        (["--scanner", "5ac:21e"], "give the USB vendor and product ID"),
        (["--root"], "--root needs a directory"),
        (["--root", "/nonexistent/bookkiosk-root"], "no such directory"),
        (["--deb", "/nonexistent/bookkiosk_1.0_amd64.deb"], "no such file"),
        (["--database", "/var/lib/bookkiosk/library.sqlite"], "give a postgresql:// URL"),
        (["--database", "postgresql://kiosk@host/li\"brary"], "may not hold quotes"),
        (["--uninstall", "--web"], "--uninstall removes the page too"),
    ])
    func refused(arguments: [String], reason: String) throws {
        let outcome = try installer(arguments)
        #expect(!outcome.succeeded)
        #expect(outcome.output.contains(reason), "\(outcome.output)")
    }

    @Test(
        "shellcheck finds nothing in the installer, the package's scripts and the backup script",
        .enabled(if: ExternalCommand.locate("shellcheck") != nil, "shellcheck is not installed (Debian package shellcheck)"),
        arguments: [DeploymentFiles.installer, DeploymentFiles.backupScript] + DeploymentFiles.packageScripts
    )
    func shellcheck(script: URL) throws {
        let outcome = try ExternalCommand.run(try #require(ExternalCommand.locate("shellcheck")), [script.path])
        #expect(outcome.succeeded, "\(outcome.output)")
    }
}
