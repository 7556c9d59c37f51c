import Foundation
import Testing

@Suite("the teachers' page's unit (bookkiosk-web.service)")
struct WebUnitTests {
    static func unit() throws -> UnitFile {
        UnitFile(parsing: try DeploymentFiles.text(of: DeploymentFiles.webService))
    }

    @Test("it runs `bookkiosk serve` with the service's config")
    func commandLine() throws {
        let execStart = try #require(try Self.unit().values("Service", "ExecStart").first)
        #expect(execStart.split(separator: " ") == ["/usr/bin/bookkiosk", "serve", "--config", "/etc/bookkiosk/config.json"])
    }

    @Test("without --db it opens the kiosk's database: XDG_DATA_HOME points at the state directory's parent")
    func sameDatabaseAsTheKiosk() throws {
        let unit = try Self.unit()
        #expect(unit.values("Service", "Environment").contains("XDG_DATA_HOME=/var/lib"))
        #expect(unit.values("Service", "StateDirectory") == ["bookkiosk"])
        // The kiosk's unit finds that very file the same way, and passes no --db, which would
        // override the config's shared server.
        let kiosk = UnitFile(parsing: try DeploymentFiles.text(of: DeploymentFiles.kioskService))
        #expect(kiosk.values("Service", "Environment").contains("XDG_DATA_HOME=/var/lib"))
        #expect(kiosk.values("Service", "ExecStart").first?.contains("--db") == false)
        #expect(unit.values("Service", "Nice") == ["10"])
    }

    @Test("as the kiosk's user, with the kiosk's directories and restart rule", arguments: [
        "User", "Group", "StateDirectory", "StateDirectoryMode", "ConfigurationDirectory", "WorkingDirectory", "UMask",
        "Restart", "ProtectSystem", "ProtectHome", "PrivateTmp", "NoNewPrivileges", "CapabilityBoundingSet",
        "SystemCallFilter", "SystemCallArchitectures", "MemoryDenyWriteExecute", "RestrictNamespaces", "DevicePolicy",
    ])
    func mirrorsTheKiosk(key: String) throws {
        let kiosk = UnitFile(parsing: try DeploymentFiles.text(of: DeploymentFiles.kioskService))
        #expect(try Self.unit().values("Service", key) == kiosk.values("Service", key), "\(key)=")
    }

    @Test("its own sandbox: network for IP only, no devices, nothing writable but the state directory", arguments: [
        ("Service", "RestrictAddressFamilies", ["AF_INET AF_INET6 AF_UNIX"]),
        ("Service", "PrivateDevices", ["yes"]),
        ("Service", "DeviceAllow", []),
        ("Service", "SupplementaryGroups", []),
        ("Service", "PrivateNetwork", []),
        ("Service", "ReadWritePaths", []),
        ("Service", "TTYPath", []),
        ("Service", "AmbientCapabilities", [""]),
        ("Service", "IPAddressDeny", ["any"]),
        ("Install", "WantedBy", ["multi-user.target"]),
    ] as [(String, String, [String])])
    func ownSandbox(section: String, key: String, values: [String]) throws {
        #expect(try Self.unit().values(section, key) == values, "[\(section)] \(key)=")
    }

    @Test("it answers on this computer and on private and link-local networks")
    func addressesAllowed() throws {
        let allowed = try Self.unit().values("Service", "IPAddressAllow").flatMap { $0.split(separator: " ").map(String.init) }
        for range in ["localhost", "link-local", "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"] {
            #expect(allowed.contains(range), "\(range)")
        }
        #expect(!allowed.contains("any") && !allowed.contains("0.0.0.0/0"))
    }
}
