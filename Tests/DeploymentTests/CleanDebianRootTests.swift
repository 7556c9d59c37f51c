import Foundation
import Testing

/// Whether this machine is one the script runs on: Debian, with dpkg and flock.
private var onDebianWithFlock: Bool {
    let release = (try? String(contentsOfFile: "/etc/os-release", encoding: .utf8)) ?? ""
    return release.contains("VERSION_CODENAME=") && ExternalCommand.locate("dpkg") != nil
        && ExternalCommand.locate("flock") != nil
}

/// `scripts/clean-debian-root`, the cached clean Debian root that `scripts/package-test` and
/// the VM harness start from: made as a tar file (mmdebstrap 1.3.5 takes the format from the
/// target's name, and once made a folder that the script then called a tar), and a cache that
/// is not a whole tarball of a Debian root is said, removed and made again. Here mmdebstrap is
/// a stand-in that decides the format as mmdebstrap does and writes a tiny root;
/// `scripts/package-test` runs the real one.
@Suite(
    "scripts/clean-debian-root",
    .enabled(if: ExternalCommand.isRoot, "the script needs root"),
    .enabled(if: onDebianWithFlock, "the script runs on Debian (VERSION_CODENAME, dpkg, flock)")
)
struct CleanDebianRootTests {
    static let script = DeploymentFiles.repository.appendingPathComponent("scripts/clean-debian-root")

    /// A stand-in for mmdebstrap: records its arguments (one call a line) in $MMDEBSTRAP_CALLS,
    /// chooses the format as mmdebstrap 1.3.5 does (--format, else from the target's name: a
    /// name ending in .tar is a tar, anything else a folder), and writes a root holding only
    /// var/lib/dpkg/status. MMDEBSTRAP_FAIL=1 fails after writing half a file;
    /// MMDEBSTRAP_GARBAGE=1 writes a file that is no tar and succeeds.
    static let standIn = #"""
        #!/bin/bash
        set -euo pipefail
        echo "$*" >>"$MMDEBSTRAP_CALLS"
        format=auto positional=()
        for argument in "$@"; do
            case $argument in
            --format=*) format=${argument#--format=} ;;
            --*) ;;
            *) positional+=("$argument") ;;
            esac
        done
        target=${positional[1]}
        if [[ ${MMDEBSTRAP_FAIL:-0} == 1 ]]; then printf 'half' >"$target"; echo "E: stand-in fails" >&2; exit 1; fi
        if [[ ${MMDEBSTRAP_GARBAGE:-0} == 1 ]]; then echo "not a tar" >"$target"; exit 0; fi
        if [[ $format == auto ]]; then
            if [[ $target == *.tar ]]; then format=tar; else format=directory; fi
        fi
        staging=$(mktemp -d)
        mkdir -p "$staging/var/lib/dpkg" "$staging/usr/bin"
        echo "Package: dpkg" >"$staging/var/lib/dpkg/status"
        case $format in
        tar) tar -cf "$target" -C "$staging" . ;;
        directory) mkdir -p "$target"; cp -a "$staging/." "$target/" ;;
        *) echo "stand-in: format $format" >&2; exit 1 ;;
        esac
        rm -rf "$staging"
        """#

    /// A folder with the stand-in on PATH and an empty cache folder.
    struct Setting {
        let directory: URL
        let cache: URL
        let calls: URL
        let bin: URL

        init(in directory: URL) throws {
            self.directory = directory
            cache = directory.appendingPathComponent("cache", isDirectory: true)
            calls = directory.appendingPathComponent("mmdebstrap-calls")
            bin = directory.appendingPathComponent("bin", isDirectory: true)
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            let mmdebstrap = bin.appendingPathComponent("mmdebstrap")
            try CleanDebianRootTests.standIn.write(to: mmdebstrap, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: mmdebstrap.path)
            try Data().write(to: calls)
        }

        func run(_ extra: [String: String] = [:]) throws -> CommandOutcome {
            try ExternalCommand.run("/bin/bash", [CleanDebianRootTests.script.path], environment: [
                "PATH": bin.path + ":" + ExternalCommand.searchPath.joined(separator: ":"),
                "BOOKKIOSK_CLEAN_ROOT_CACHE": cache.path,
                "MMDEBSTRAP_CALLS": calls.path,
            ].merging(extra) { _, new in new })
        }

        var mmdebstrapCalls: [String] {
            ((try? String(contentsOf: calls, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }

        /// The cache folder's entries but its lock.
        var cacheEntries: [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: cache.path)) ?? []).filter { $0 != ".lock" }.sorted()
        }

        /// The cached tarball's path, as a first run prints it (its name holds this machine's
        /// release and architecture).
        func makeCache() throws -> String {
            let outcome = try run()
            try #require(outcome.succeeded, "\(outcome.output)")
            return try #require(outcome.lines.last)
        }
    }

    static func isRootTarball(_ path: String) throws -> Bool {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { return false }
        let listing = try ExternalCommand.run("/usr/bin/env", ["tar", "-tf", path])
        return listing.succeeded && listing.lines.contains("./var/lib/dpkg/status")
    }

    @Test("from an empty cache it asks mmdebstrap for a tar by format and by name, and prints the tarball")
    func emptyCache() throws {
        try withTemporaryDirectory { directory in
            let setting = try Setting(in: directory)
            let outcome = try setting.run()
            #expect(outcome.succeeded, "\(outcome.output)")
            let cache = try #require(outcome.lines.last)
            #expect(cache.hasPrefix(setting.cache.path + "/") && cache.hasSuffix("-minbase.tar"), "\(cache)")
            #expect(try Self.isRootTarball(cache), "\(cache) is not a tar of a root")
            let call = try #require(setting.mmdebstrapCalls.first)
            #expect(call.contains("--format=tar"), "\(call)")
            #expect(call.split(separator: " ").contains { $0.hasPrefix(setting.cache.path) && $0.hasSuffix(".tar") }, "\(call)")
            #expect(setting.cacheEntries == [URL(fileURLWithPath: cache).lastPathComponent], "nothing partial is left")
        }
    }

    @Test("a second run uses the cached tarball without making it again")
    func cachedTarballIsUsed() throws {
        try withTemporaryDirectory { directory in
            let setting = try Setting(in: directory)
            let cache = try setting.makeCache()
            let again = try setting.run()
            #expect(again.succeeded, "\(again.output)")
            #expect(again.output == cache + "\n", "only the path: \(again.output)")
            #expect(setting.mmdebstrapCalls.count == 1)
        }
    }

    @Test(
        "a cache that is not a whole tarball of a Debian root is said, removed and made again",
        arguments: [
            ("folder", "it is a folder, not a tar file"),
            ("garbage", "tar cannot read it to its end"),
            // Cut at a header, tar may list what is left without an error; the dpkg status is gone.
            ("cut-off", ""),
            ("empty", "it is empty"),
            ("not-a-root", "it holds no var/lib/dpkg/status"),
        ]
    )
    func brokenCacheIsRemade(kind: String, reason: String) throws {
        try withTemporaryDirectory { directory in
            let setting = try Setting(in: directory)
            let cache = try setting.makeCache()
            let manager = FileManager.default
            switch kind {
            case "folder":
                // What the old script left: mmdebstrap's folder under the tarball's name.
                try manager.removeItem(atPath: cache)
                try manager.createDirectory(atPath: cache + "/var/lib/dpkg", withIntermediateDirectories: true)
                try Data("Package: dpkg\n".utf8).write(to: URL(fileURLWithPath: cache + "/var/lib/dpkg/status"))
            case "garbage":
                try Data("<html>not a tar</html>\n".utf8).write(to: URL(fileURLWithPath: cache))
            case "cut-off":
                let whole = try #require(manager.contents(atPath: cache))
                try whole.prefix(1000).write(to: URL(fileURLWithPath: cache))
            case "empty":
                try Data().write(to: URL(fileURLWithPath: cache))
            default:
                let other = directory.appendingPathComponent("other")
                try manager.createDirectory(at: other, withIntermediateDirectories: true)
                try Data("x\n".utf8).write(to: other.appendingPathComponent("file"))
                let tar = try ExternalCommand.run("/usr/bin/env", ["tar", "-cf", cache, "-C", other.path, "."])
                try #require(tar.succeeded, "\(tar.output)")
            }
            let outcome = try setting.run()
            #expect(outcome.succeeded, "\(outcome.output)")
            #expect(outcome.output.contains("the cached root \(cache) is no use: \(reason)"), "\(outcome.output)")
            #expect(outcome.output.contains("removing it and making it again"), "\(outcome.output)")
            #expect(outcome.lines.last == cache)
            #expect(try Self.isRootTarball(cache), "\(cache) was not made again as a tar")
            #expect(setting.mmdebstrapCalls.count == 2)
        }
    }

    @Test("what an earlier run left half-made is removed, and said")
    func leftoversAreRemoved() throws {
        try withTemporaryDirectory { directory in
            let setting = try Setting(in: directory)
            let cache = try setting.makeCache()
            try FileManager.default.removeItem(atPath: cache)
            try FileManager.default.createDirectory(atPath: cache + ".partial/etc", withIntermediateDirectories: true)
            let outcome = try setting.run()
            #expect(outcome.succeeded, "\(outcome.output)")
            #expect(outcome.output.contains("removing \(cache).partial, left by an earlier run"), "\(outcome.output)")
            #expect(try Self.isRootTarball(cache))
            #expect(setting.cacheEntries == [URL(fileURLWithPath: cache).lastPathComponent])
        }
    }

    @Test(
        "when mmdebstrap fails or makes no tar, it says so and caches nothing",
        arguments: [
            ("MMDEBSTRAP_FAIL", "mmdebstrap could not make a"),
            ("MMDEBSTRAP_GARBAGE", "(removed it; nothing is cached)"),
        ]
    )
    func failedMakeCachesNothing(variable: String, said: String) throws {
        try withTemporaryDirectory { directory in
            let setting = try Setting(in: directory)
            let outcome = try setting.run([variable: "1"])
            #expect(!outcome.succeeded)
            #expect(outcome.output.contains(said), "\(outcome.output)")
            #expect(setting.cacheEntries.isEmpty, "\(setting.cacheEntries)")
            // The next run, with mmdebstrap working, makes it.
            let again = try setting.run()
            #expect(again.succeeded, "\(again.output)")
        }
    }
}
