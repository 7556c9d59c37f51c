import Foundation
import Testing

/// Runs commands as if on the running system, without changing it: in a private mount
/// namespace (`unshare --mount`) where /etc, /usr/local and /var/lib are overlays whose
/// changes land in a directory of the test. Used to run `install.sh` without `--root`.
struct OverlaidSystem {
    let changes: URL

    /// Refuses to run anything unless all three directories really are overlays.
    static let enterScript = #"""
        set -euo pipefail
        changes=$1
        shift
        for dir in /etc /usr/local /var/lib; do
            name=${dir//\//_}
            mkdir -p "$changes/$name-upper" "$changes/$name-work"
            mount -t overlay overlay -o "lowerdir=$dir,upperdir=$changes/$name-upper,workdir=$changes/$name-work" "$dir"
            [[ $(findmnt --noheadings --output FSTYPE --mountpoint "$dir" | tail -n 1) == overlay ]] || {
                echo "OverlaidSystem: $dir is not an overlay; refusing to go on" >&2
                exit 97
            }
        done
        exec "$@"
        """#

    /// Whether this machine can do it: root, unshare, overlayfs, and no systemd running (the
    /// installer would then reload the host's udev and systemd, which see no overlay).
    static let isAvailable: Bool = {
        guard ExternalCommand.isRoot,
              !FileManager.default.fileExists(atPath: "/run/systemd/system"),
              ExternalCommand.locate("unshare") != nil, ExternalCommand.locate("findmnt") != nil
        else { return false }
        return (try? withTemporaryDirectory { directory in
            try OverlaidSystem(changes: directory).run(["/bin/true"]).succeeded
        }) ?? false
    }()

    func run(_ command: [String], input: String? = nil) throws -> CommandOutcome {
        try ExternalCommand.run(
            ExternalCommand.locate("unshare") ?? "/usr/bin/unshare",
            ["--mount", "--propagation", "private", "/bin/bash", "-c", Self.enterScript, "overlaid-system", changes.path]
                + command,
            input: input
        )
    }

    func installer(_ arguments: [String], input: String? = nil) throws -> CommandOutcome {
        try run(["/bin/bash", DeploymentFiles.installer.path] + arguments, input: input)
    }
}

@Suite(
    "install.sh on the running system (seen through overlays)",
    .enabled(if: OverlaidSystem.isAvailable,
             "needs root, unshare and overlayfs, and a machine where systemd is not running")
)
struct InstallerOnThisSystemTests {
    @Test("installs, runs again without changes, and purges, with the system's own tools")
    func installAgainAndPurge() throws {
        try withTemporaryDirectory { directory in
            let standIn = try TestStandIn.create(in: directory)
            let changes = directory.appendingPathComponent("changes", isDirectory: true)
            try FileManager.default.createDirectory(at: changes, withIntermediateDirectories: false)
            let system = OverlaidSystem(changes: changes)

            let first = try system.installer(
                ["--binary", standIn.path, "--staff", "Live Test", "--scanner", "1234:5678"], input: "1357\n"
            )
            try #require(first.succeeded, "\(first.output)")
            #expect(first.output.contains("Left udev and systemd alone: systemd is not running here."))

            let look = try system.run(["/bin/bash", "-c", """
                getent passwd bookkiosk
                stat -c '%n %a %U:%G' /usr/local/bin/bookkiosk /var/lib/bookkiosk /var/lib/bookkiosk/backups \
                    /var/lib/bookkiosk/library.sqlite /etc/bookkiosk/config.json /etc/systemd/system/bookkiosk.service
                """])
            #expect(look.succeeded, "\(look.output)")
            for expected in [
                "bookkiosk:x:", ":/var/lib/bookkiosk:/usr/sbin/nologin",
                "/usr/local/bin/bookkiosk 755 root:root",
                "/var/lib/bookkiosk 700 bookkiosk:bookkiosk",
                "/var/lib/bookkiosk/backups 700 bookkiosk:bookkiosk",
                "/var/lib/bookkiosk/library.sqlite 600 bookkiosk:bookkiosk",
                "/etc/bookkiosk/config.json 644 root:root",
                "/etc/systemd/system/bookkiosk.service 644 root:root",
            ] {
                #expect(look.output.contains(expected), "\(expected) not in:\n\(look.output)")
            }

            let second = try system.installer(["--binary", standIn.path])
            #expect(second.succeeded, "\(second.output)")
            let changed = second.lines.filter { ["Installed", "Created", "Added", "Fixed"].contains(where: $0.hasPrefix) }
            #expect(changed.isEmpty, "\(changed)")

            let purge = try system.installer(["--uninstall", "--purge"])
            #expect(purge.succeeded, "\(purge.output)")
            let gone = try system.run(["/bin/bash", "-c", """
                getent passwd bookkiosk || echo "no user"
                getent group bookkiosk || echo "no group"
                ls /var/lib/bookkiosk /etc/bookkiosk /usr/local/bin/bookkiosk 2>&1 | grep -c 'No such file'
                """])
            #expect(gone.lines == ["no user", "no group", "3"], "\(gone.output)")
        }
    }
}
