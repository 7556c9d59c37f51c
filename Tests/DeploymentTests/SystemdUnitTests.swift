import Foundation
import Testing

/// The settings of a systemd unit file: section name to its `Key=Value` lines, in order.
struct UnitFile {
    var sections: [String: [(key: String, value: String)]] = [:]

    init(parsing text: String) {
        var section = ""
        for line in text.split(separator: "\n") {
            let line = line.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
            if line.hasPrefix("["), line.hasSuffix("]") {
                section = String(line.dropFirst().dropLast())
                continue
            }
            guard let equals = line.firstIndex(of: "=") else { continue }
            sections[section, default: []].append(
                (String(line[..<equals]), String(line[line.index(after: equals)...]))
            )
        }
    }

    func values(_ section: String, _ key: String) -> [String] {
        sections[section, default: []].filter { $0.key == key }.map(\.value)
    }
}

@Suite("systemd units")
struct SystemdUnitTests {
    static let hasSystemdAnalyze = ExternalCommand.locate("systemd-analyze") != nil

    /// The exposure level `systemd-analyze security` reports, from its last line:
    /// "→ Overall exposure level for bookkiosk.service: 0.6 SAFE 😀".
    static func overallExposure(in output: String) -> Double? {
        guard let line = output.split(separator: "\n").last(where: { $0.contains("Overall exposure level for") }),
              let colon = line.lastIndex(of: ":")
        else { return nil }
        return line[line.index(after: colon)...].split(separator: " ").first.flatMap { Double($0) }
    }

    @Test("the exposure level is read from systemd-analyze's summary line")
    func readsExposure() {
        let output = "✗ PrivateDevices=   Service potentially has access   0.2\n\n→ Overall exposure level for x.service: 0.6 SAFE 😀\n"
        #expect(Self.overallExposure(in: output) == 0.6)
        #expect(Self.overallExposure(in: "→ Overall exposure level for x.service: 9.6 UNSAFE 😨") == 9.6)
        #expect(Self.overallExposure(in: "no summary") == nil)
    }

    @Test(
        "systemd-analyze security rates each service 1.0 or lower (SAFE; the page, which serves the network, OK at 1.0)",
        .enabled(if: hasSystemdAnalyze, "systemd-analyze is not installed (Debian package systemd)"),
        arguments: [DeploymentFiles.kioskService, DeploymentFiles.backupService, DeploymentFiles.webService]
    )
    func sandboxIsSafe(service: URL) throws {
        let analyze = try #require(ExternalCommand.locate("systemd-analyze"))
        let outcome = try ExternalCommand.run(analyze, ["security", "--offline=yes", "--no-pager", service.path])
        #expect(outcome.succeeded, "\(outcome.output)")
        let exposure = try #require(Self.overallExposure(in: outcome.output), "\(outcome.output)")
        print("systemd-analyze security --offline=yes: \(service.lastPathComponent) exposure \(exposure)")
        #expect(exposure <= 1.0, "\(service.lastPathComponent): exposure \(exposure)\n\(outcome.output)")
    }

    @Test(
        "systemd-analyze verify finds nothing wrong with the units",
        .enabled(if: hasSystemdAnalyze, "systemd-analyze is not installed (Debian package systemd)")
    )
    func unitsVerify() throws {
        let analyze = try #require(ExternalCommand.locate("systemd-analyze"))
        try withTemporaryDirectory { directory in
            // verify insists that ExecStart= programs exist: point them at /bin/true in a copy.
            var copies: [String] = []
            for unit in DeploymentFiles.units {
                var text = try DeploymentFiles.text(of: unit)
                for program in ["/usr/bin/bookkiosk", "/usr/lib/bookkiosk/backup.sh"] {
                    text = text.replacingOccurrences(of: "ExecStart=\(program)", with: "ExecStart=/bin/true")
                }
                #expect(!text.contains("ExecStart=/usr/bin/bookkiosk") && !text.contains("ExecStart=/usr/lib/bookkiosk"), "\(unit.lastPathComponent): ExecStart= not rewritten")
                let copy = directory.appendingPathComponent(unit.lastPathComponent)
                try text.write(to: copy, atomically: true, encoding: .utf8)
                copies.append(copy.path)
            }
            let outcome = try ExternalCommand.run(analyze, ["verify", "--man=no"] + copies)
            #expect(outcome.succeeded, "\(outcome.output)")
            let aboutOurUnits = outcome.lines.filter { $0.contains("bookkiosk") }
            #expect(aboutOurUnits.isEmpty, "\(aboutOurUnits.joined(separator: "\n"))")
        }
    }

    @Test("the kiosk runs as its own user on tty1, offline, restarting on failure, with its devices (display card included)", arguments: [
        ("Unit", "Conflicts", "getty@tty1.service"),
        ("Service", "User", "bookkiosk"),
        ("Service", "Group", "bookkiosk"),
        ("Service", "SupplementaryGroups", "audio"),
        ("Service", "SupplementaryGroups", "video"),
        ("Service", "StateDirectory", "bookkiosk"),
        ("Service", "StateDirectoryMode", "0700"),
        ("Service", "ConfigurationDirectory", "bookkiosk"),
        ("Service", "TTYPath", "/dev/tty1"),
        ("Service", "StandardInput", "tty"),
        ("Service", "StandardOutput", "tty"),
        ("Service", "Restart", "on-failure"),
        ("Service", "PrivateNetwork", "yes"),
        ("Service", "RestrictAddressFamilies", "AF_UNIX AF_NETLINK"),
        ("Service", "DevicePolicy", "closed"),
        ("Service", "DeviceAllow", "char-input rw"),
        ("Service", "DeviceAllow", "char-alsa rw"),
        ("Service", "DeviceAllow", "char-drm rw"),
        ("Service", "ProtectSystem", "strict"),
        ("Service", "CapabilityBoundingSet", ""),
        ("Install", "WantedBy", "multi-user.target"),
    ])
    func kioskService(section: String, key: String, value: String) throws {
        let unit = UnitFile(parsing: try DeploymentFiles.text(of: DeploymentFiles.kioskService))
        #expect(unit.values(section, key).contains(value), "[\(section)] \(key)=\(value)")
    }

    @Test("the kiosk's command line names the service's config; its database is the config's, else the state directory's file")
    func kioskCommandLine() throws {
        let unit = UnitFile(parsing: try DeploymentFiles.text(of: DeploymentFiles.kioskService))
        let execStart = try #require(unit.values("Service", "ExecStart").first)
        // No --db: it would override the config's "database", the server `install.sh --database` wrote.
        #expect(execStart.split(separator: " ") == ["/usr/bin/bookkiosk", "run", "--config", "/etc/bookkiosk/config.json"])
        #expect(unit.values("Service", "Environment").contains("XDG_DATA_HOME=/var/lib"))
    }

    @Test("the backup runs daily as the kiosk's user, catching up after the box was off")
    func backupTimer() throws {
        let timer = UnitFile(parsing: try DeploymentFiles.text(of: DeploymentFiles.backupTimer))
        #expect(timer.values("Timer", "Persistent") == ["true"])
        #expect(timer.values("Timer", "OnCalendar").count == 1)
        #expect(timer.values("Install", "WantedBy") == ["timers.target"])
        let service = UnitFile(parsing: try DeploymentFiles.text(of: DeploymentFiles.backupService))
        #expect(service.values("Service", "User") == ["bookkiosk"])
        #expect(service.values("Service", "Type") == ["oneshot"])
        #expect(service.values("Service", "StateDirectoryMode") == ["0700"])
        #expect(service.values("Service", "ExecStart") == ["/usr/lib/bookkiosk/backup.sh"])
    }
}
