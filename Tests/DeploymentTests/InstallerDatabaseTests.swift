import Foundation
import Testing

/// `install.sh --database URL`: the config names the shared database, and only then does a
/// drop-in open the kiosk's network, to that server's address alone.
@Suite(
    "install.sh --database in a throwaway root",
    .enabled(if: ExternalCommand.isRoot, "install.sh creates a system user and sets owners: it needs root")
)
struct InstallerDatabaseTests {
    static let dropIn = "/etc/systemd/system/bookkiosk.service.d/50-database-network.conf"

    @Test("a server elsewhere: the URL in the config, a drop-in allowing its address only, the unit itself unchanged")
    func serverElsewhere() throws {
        try withThrowawayRoot { root, standIn in
            let url = "postgresql://kiosk@192.0.2.10:5432/library?sslmode=require"
            let outcome = try runInstaller(root: root, ["--binary", standIn.path, "--no-staff", "--database", url])
            try #require(outcome.succeeded, "\(outcome.output)")
            let config = try #require(root.entry("/etc/bookkiosk/config.json"))
            #expect(config.contents == Data("{\"database\": \"\(url)\"}\n".utf8))
            let dropIn = try #require(root.entry(Self.dropIn))
            let text = String(decoding: dropIn.contents ?? Data(), as: UTF8.self)
            #expect(text.contains("PrivateNetwork=no\n"))
            #expect(text.contains("IPAddressAllow=192.0.2.10\n"))
            #expect(dropIn.mode == 0o644)
            let unit = try #require(root.entry("/etc/systemd/system/bookkiosk.service"))
            #expect(unit.contents == FileManager.default.contents(atPath: DeploymentFiles.kioskService.path))

            let again = try runInstaller(root: root, ["--binary", standIn.path, "--no-staff", "--database", url])
            #expect(again.succeeded)
            #expect(again.output.contains("Kept the database network drop-in"))
            #expect(again.output.contains("names this database"))

            let removed = try runInstaller(root: root, ["--uninstall"])
            #expect(removed.succeeded)
            #expect(!root.exists(Self.dropIn))
        }
    }

    @Test("an SQLite kiosk and a local socket get no drop-in: the sandbox stays closed")
    func noNetworkWithoutAServerElsewhere() throws {
        try withThrowawayRoot { root, standIn in
            let plain = try runInstaller(root: root, ["--binary", standIn.path, "--no-staff"])
            try #require(plain.succeeded, "\(plain.output)")
            #expect(!root.exists(Self.dropIn))
        }
        try withThrowawayRoot { root, standIn in
            let socket = try runInstaller(root: root, ["--binary", standIn.path, "--no-staff",
                                                       "--database", "postgresql:///library?host=/run/postgresql"])
            try #require(socket.succeeded, "\(socket.output)")
            #expect(!root.exists(Self.dropIn))
            #expect(socket.output.contains("local socket"))
        }
    }

    @Test("a path or a URL with a quote is refused with a reason", arguments: [
        (["--database", "/var/lib/bookkiosk/library.sqlite"], "give a postgresql:// URL"),
        (["--database", "postgresql://kiosk@host/li\"brary"], "may not hold quotes"),
    ])
    func refused(arguments: [String], reason: String) throws {
        let outcome = try ExternalCommand.run("/bin/bash", [DeploymentFiles.installer.path] + arguments)
        #expect(!outcome.succeeded)
        #expect(outcome.output.contains(reason), "\(outcome.output)")
    }
}
