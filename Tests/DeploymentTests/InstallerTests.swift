import Foundation
import Testing

@Suite(
    "install.sh in a throwaway root",
    .enabled(if: ExternalCommand.isRoot, "install.sh creates a system user and sets owners: it needs root")
)
struct InstallerTests {
    static let installedCopies: [(source: URL, path: String, mode: Int)] = [
        (DeploymentFiles.udevRules, "/etc/udev/rules.d/70-bookkiosk.rules", 0o644),
        (DeploymentFiles.kioskService, "/etc/systemd/system/bookkiosk.service", 0o644),
        (DeploymentFiles.backupService, "/etc/systemd/system/bookkiosk-backup.service", 0o644),
        (DeploymentFiles.backupTimer, "/etc/systemd/system/bookkiosk-backup.timer", 0o644),
        (DeploymentFiles.backupScript, "/usr/local/lib/bookkiosk/backup.sh", 0o755),
    ]

    @Test("installs the program, user, directories, config, udev rule and units")
    func installsEverything() throws {
        try withThrowawayRoot { root, standIn in
            let outcome = try runInstaller(root: root, ["--binary", standIn.path, "--no-staff"])
            try #require(outcome.succeeded, "\(outcome.output)")

            let program = try #require(root.entry("/usr/local/bin/bookkiosk"))
            #expect(program.contents == FileManager.default.contents(atPath: standIn.path))
            #expect(program.mode == 0o755 && program.owner == 0 && program.group == 0)
            for (source, path, mode) in Self.installedCopies {
                let installed = try #require(root.entry(path), "\(path) missing")
                #expect(installed.contents == FileManager.default.contents(atPath: source.path), "\(path)")
                #expect(installed.mode == mode && installed.owner == 0, "\(path): \(installed)")
            }

            let user = try #require(root.account("bookkiosk", in: "passwd"))
            let group = try #require(root.account("bookkiosk", in: "group"))
            let uid = try #require(Int(user[2])), gid = try #require(Int(group[2]))
            #expect(user[3] == group[2], "the user's primary group is bookkiosk")
            #expect(uid < 1000, "a system user")
            #expect(user[5] == "/var/lib/bookkiosk")
            #expect(user[6] == "/usr/sbin/nologin")

            for directory in ["/var/lib/bookkiosk", "/var/lib/bookkiosk/backups"] {
                let entry = try #require(root.entry(directory))
                #expect(entry.isDirectory && entry.mode == 0o700, "\(directory): \(entry)")
                #expect(entry.owner == uid && entry.group == gid, "\(directory): \(entry)")
            }
            let configDirectory = try #require(root.entry("/etc/bookkiosk"))
            #expect(configDirectory.mode == 0o755 && configDirectory.owner == 0)
            let config = try #require(root.entry("/etc/bookkiosk/config.json"))
            #expect(config.contents == Data("{}\n".utf8) && config.mode == 0o644)
            let localRules = try #require(root.entry("/etc/udev/rules.d/71-bookkiosk-local.rules"))
            #expect(localRules.mode == 0o644)
            #expect(try UdevRulesFile(parsing: String(decoding: localRules.contents ?? Data(), as: UTF8.self)).rules.isEmpty)

            // Without a first staff member, the kiosk creates the database when it first starts.
            #expect(!root.exists("/var/lib/bookkiosk/library.sqlite"))
            #expect(outcome.output.contains("creates its database"))
            #expect(outcome.output.contains("Left udev and systemd alone"))
            // The screen's fonts are Debian packages: never installed into another root, only named.
            #expect(outcome.output.contains("the screen needs fonts-motoya-l-maruberi fonts-noto-cjk"), "\(outcome.output)")
        }
    }

    @Test("without --binary, it builds a release with the Swift runtime built in, and installs that")
    func buildsRelease() throws {
        try withThrowawayRoot { root, _ in
            let tools = root.url.deletingLastPathComponent().appendingPathComponent("tools", isDirectory: true)
            let built = root.url.deletingLastPathComponent().appendingPathComponent("built", isDirectory: true)
            try FileManager.default.createDirectory(at: tools, withIntermediateDirectories: false)
            let swift = tools.appendingPathComponent("swift")
            try #"""
                #!/bin/bash
                # Test stand-in for the Swift toolchain, written by Tests/DeploymentTests.
                if [[ " $* " == *" --show-bin-path "* ]]; then echo "$STAND_IN_BIN_DIR"; exit 0; fi
                mkdir -p "$STAND_IN_BIN_DIR"
                printf '#!/bin/sh\necho built by the stand-in for swift\n' >"$STAND_IN_BIN_DIR/bookkiosk"
                chmod 0755 "$STAND_IN_BIN_DIR/bookkiosk"
                printf '%s\n' "$*" >"$STAND_IN_BIN_DIR/arguments"
                """#.write(to: swift, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: swift.path)

            let outcome = try runInstaller(root: root, ["--no-staff"], environment: [
                "PATH": ([tools.path] + ExternalCommand.searchPath).joined(separator: ":"),
                "STAND_IN_BIN_DIR": built.path,
                "SUDO_USER": "",
            ])
            try #require(outcome.succeeded, "\(outcome.output)")
            let arguments = try String(contentsOf: built.appendingPathComponent("arguments"), encoding: .utf8)
            #expect(arguments == "build --package-path \(DeploymentFiles.repository.path) -c release --static-swift-stdlib\n")
            #expect(root.entry("/usr/local/bin/bookkiosk")?.contents
                == FileManager.default.contents(atPath: built.appendingPathComponent("bookkiosk").path))
            #expect(outcome.output.contains("Built \(built.path)/bookkiosk"))
        }
    }

    @Test("a strict umask in the calling shell does not lock the kiosk's user out")
    func strictUmask() throws {
        try withThrowawayRoot { root, standIn in
            let outcome = try ExternalCommand.run("/bin/bash", [
                "-c", #"umask 077 && exec /bin/bash "$@""#, "strict-umask",
                DeploymentFiles.installer.path, "--root", root.url.path, "--binary", standIn.path, "--no-staff",
            ])
            try #require(outcome.succeeded, "\(outcome.output)")
            for directory in ["/usr/local/lib/bookkiosk", "/usr/local/bin", "/etc/systemd/system", "/etc/udev/rules.d"] {
                #expect(root.entry(directory)?.mode == 0o755, "\(directory): \(root.entry(directory).map(\.description) ?? "missing")")
            }
        }
    }

    @Test("every ExecStart= of the installed units is an installed program")
    func unitsFindTheirPrograms() throws {
        try withThrowawayRoot { root, standIn in
            try #require(try runInstaller(root: root, ["--binary", standIn.path, "--no-staff"]).succeeded)
            for unit in ["bookkiosk.service", "bookkiosk-backup.service"] {
                let text = try String(contentsOfFile: root.path("/etc/systemd/system/\(unit)"), encoding: .utf8)
                let execStart = try #require(UnitFile(parsing: text).values("Service", "ExecStart").first)
                let program = String(try #require(execStart.split(separator: " ").first))
                #expect(FileManager.default.isExecutableFile(atPath: root.path(program)), "\(unit): \(program)")
            }
        }
    }

    @Test("running it a second time changes nothing and says so")
    func secondRunChangesNothing() throws {
        try withThrowawayRoot { root, standIn in
            let arguments = ["--binary", standIn.path, "--no-staff", "--scanner", "05ac:021e"]
            try #require(try runInstaller(root: root, arguments).succeeded)
            let first = root.snapshot()
            let again = try runInstaller(root: root, arguments)
            #expect(again.succeeded, "\(again.output)")
            let second = root.snapshot()
            #expect(first == second, "changed: \(Set(first.keys).union(second.keys).filter { first[$0] != second[$0] }.sorted())")
            let changes = again.lines.filter {
                ["Installed", "Created", "Added", "Fixed"].contains(where: $0.hasPrefix)
            }
            #expect(changes.isEmpty, "\(changes)")
        }
    }

    @Test("a second run puts back a directory mode that was changed")
    func fixesModes() throws {
        try withThrowawayRoot { root, standIn in
            try #require(try runInstaller(root: root, ["--binary", standIn.path, "--no-staff"]).succeeded)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root.path("/var/lib/bookkiosk"))
            let again = try runInstaller(root: root, ["--binary", standIn.path, "--no-staff"])
            #expect(again.succeeded)
            #expect(root.entry("/var/lib/bookkiosk")?.mode == 0o700)
            #expect(again.lines.contains { $0.hasPrefix("Fixed library data directory") }, "\(again.output)")
        }
    }

    @Test("the first staff member is created with the database, as the kiosk's user, once")
    func firstStaffMember() throws {
        try withThrowawayRoot { root, standIn in
            let outcome = try runInstaller(
                root: root, ["--binary", standIn.path, "--staff", "Hanako Sensei"], input: "2468\n"
            )
            try #require(outcome.succeeded, "\(outcome.output)")
            let uid = try #require(root.account("bookkiosk", in: "passwd").flatMap { Int($0[2]) })
            let database = try #require(root.entry("/var/lib/bookkiosk/library.sqlite"))
            #expect(database.contents == Data("staff Hanako Sensei pin 2468\n".utf8))
            #expect(database.owner == uid && database.mode == 0o600, "\(database)")

            let again = try runInstaller(root: root, ["--binary", standIn.path, "--staff", "Someone Else"], input: "1111\n")
            #expect(again.succeeded, "\(again.output)")
            #expect(root.entry("/var/lib/bookkiosk/library.sqlite")?.contents == database.contents)
            #expect(again.output.contains("The database exists"))
        }
    }

    @Test("without a terminal or --staff, it refuses to guess the first staff member")
    func staffNeedsAName() throws {
        try withThrowawayRoot { root, standIn in
            let outcome = try runInstaller(root: root, ["--binary", standIn.path])
            #expect(!outcome.succeeded)
            #expect(outcome.output.contains("--staff NAME"), "\(outcome.output)")
        }
    }

    @Test("--scanner adds a complete scanner rule for this kiosk, once")
    func addsScanner() throws {
        try withThrowawayRoot { root, standIn in
            for _ in 1...2 {
                let outcome = try runInstaller(root: root, ["--binary", standIn.path, "--no-staff", "--scanner", "05AC:021E"])
                try #require(outcome.succeeded, "\(outcome.output)")
            }
            let text = try String(contentsOfFile: root.path("/etc/udev/rules.d/71-bookkiosk-local.rules"), encoding: .utf8)
            let rules = try UdevRulesFile(parsing: text).rules
            try #require(rules.count == 1, "\(text)")
            #expect(rules[0].value("ATTRS", "idVendor", .equal) == "05ac")
            #expect(rules[0].value("ATTRS", "idProduct", .equal) == "021e")
            #expect(ScannerRuleRequirements.problems(in: rules[0]).isEmpty, "\(ScannerRuleRequirements.problems(in: rules[0]))")
        }
    }

    @Test("--uninstall removes the program, units and rules, and keeps the library data")
    func uninstallKeepsData() throws {
        try withThrowawayRoot { root, standIn in
            try #require(try runInstaller(root: root, ["--binary", standIn.path, "--no-staff"]).succeeded)
            let data = Data("the library\n".utf8)
            try data.write(to: URL(fileURLWithPath: root.path("/var/lib/bookkiosk/library.sqlite")))

            for _ in 1...2 {
                let outcome = try runInstaller(root: root, ["--uninstall"])
                #expect(outcome.succeeded, "\(outcome.output)")
            }
            let removed = ["/usr/local/bin/bookkiosk", "/usr/local/lib/bookkiosk",
                           "/etc/udev/rules.d/71-bookkiosk-local.rules"] + Self.installedCopies.map(\.path)
            for path in removed { #expect(!root.exists(path), "\(path) is still there") }
            #expect(root.entry("/var/lib/bookkiosk/library.sqlite")?.contents == data)
            #expect(root.exists("/var/lib/bookkiosk/backups"))
            #expect(root.exists("/etc/bookkiosk/config.json"))
            #expect(root.account("bookkiosk", in: "passwd") != nil)
        }
    }

    @Test("--uninstall --purge also deletes the data, the config, and the user and group")
    func purgeDeletesData() throws {
        try withThrowawayRoot { root, standIn in
            try #require(try runInstaller(root: root, ["--binary", standIn.path, "--staff", "Hanako"], input: "2468\n").succeeded)
            let outcome = try runInstaller(root: root, ["--uninstall", "--purge"])
            #expect(outcome.succeeded, "\(outcome.output)")
            for path in ["/var/lib/bookkiosk", "/etc/bookkiosk", "/usr/local/bin/bookkiosk",
                         "/etc/systemd/system/bookkiosk.service"] {
                #expect(!root.exists(path), "\(path) is still there")
            }
            #expect(root.account("bookkiosk", in: "passwd") == nil)
            #expect(root.account("bookkiosk", in: "group") == nil)
            #expect(root.account("bookkiosk", in: "shadow") == nil)
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
        for option in ["--binary", "--staff", "--no-staff", "--scanner", "--root", "--uninstall", "--purge", "--help"] {
            #expect(outcome.output.contains(option), "\(option) is not explained")
        }
    }

    @Test("every option the install guide uses is one the installer has")
    func guideUsesRealOptions() throws {
        let guide = try DeploymentFiles.text(of: DeploymentFiles.repository.appendingPathComponent("README.md"))
        func options(in text: String) -> Set<String> {
            let separators: Set<Character> = [" ", "`", ",", ":", "(", ")", "\n"]
            let words = text.split(whereSeparator: { separators.contains($0) })
            return Set(words.filter { $0.hasPrefix("--") }.map(String.init))
        }
        let helpOptions = options(in: try installer(["--help"]).output)
        let invocations = guide.split(separator: "\n").filter { $0.contains("install.sh") }
        #expect(invocations.count >= 3)
        for line in invocations {
            let unknown = options(in: String(line)).subtracting(helpOptions)
            #expect(unknown.isEmpty, "the guide uses \(unknown.sorted()), which --help does not list")
        }
    }

    @Test("wrong options are refused with a reason", arguments: [
        (["--purge"], "--purge goes with --uninstall"),
        (["--frobnicate"], "unknown option '--frobnicate'"),
        (["--scanner", "5ac:21e"], "give the USB vendor and product ID"),
        (["--root"], "--root needs a directory"),
        (["--root", "/nonexistent/bookkiosk-root"], "no such directory"),
    ])
    func refused(arguments: [String], reason: String) throws {
        let outcome = try installer(arguments)
        #expect(!outcome.succeeded)
        #expect(outcome.output.contains(reason), "\(outcome.output)")
    }

    @Test(
        "shellcheck finds nothing in the installer and the backup script",
        .enabled(if: ExternalCommand.locate("shellcheck") != nil, "shellcheck is not installed (Debian package shellcheck)"),
        arguments: [DeploymentFiles.installer, DeploymentFiles.backupScript]
    )
    func shellcheck(script: URL) throws {
        let outcome = try ExternalCommand.run(try #require(ExternalCommand.locate("shellcheck")), [script.path])
        #expect(outcome.succeeded, "\(outcome.output)")
    }
}
