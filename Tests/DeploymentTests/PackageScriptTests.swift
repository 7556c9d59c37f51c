import Foundation
import Testing

/// `scripts/package` refuses clearly before it builds anything; `scripts/package-test` (run by
/// .ci/run) builds the package and proves it in a clean Debian root.
@Suite("scripts/package")
struct PackageScriptTests {
    func package(environment: [String: String]) throws -> CommandOutcome {
        try ExternalCommand.run("/bin/bash", [DeploymentFiles.packageScript.path], environment: environment)
    }

    @Test(
        "without a Swift toolchain for this architecture it says so, and how to get one",
        .enabled(if: !["/usr/bin/swift", "/bin/swift", "/usr/sbin/swift"].contains(where: FileManager.default.fileExists(atPath:)),
                 "swift is in a system folder here, so no PATH without it can be made")
    )
    func noToolchain() throws {
        // A PATH with the system's tools but no swift (it lives in /opt or /usr/local).
        let outcome = try package(environment: ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin"])
        #expect(!outcome.succeeded)
        #expect(outcome.output.contains("there is no Swift toolchain for"), "\(outcome.output)")
        #expect(outcome.output.contains("built on a machine of that architecture"), "\(outcome.output)")
    }

    @Test(
        "a version that is not a Debian version is refused before the build",
        .enabled(if: ExternalCommand.locate("swift") != nil, "needs the Swift toolchain on PATH")
    )
    func badVersion() throws {
        let outcome = try package(environment: ["BOOKKIOSK_VERSION": "v1.4 beta"])
        #expect(!outcome.succeeded)
        #expect(outcome.output.contains("BOOKKIOSK_VERSION=v1.4 beta is not a Debian version"), "\(outcome.output)")
    }

    @Test("the version it packages is the one Package.swift names")
    func versionFromPackageSwift() throws {
        let manifest = try String(contentsOf: DeploymentFiles.repository.appendingPathComponent("Package.swift"), encoding: .utf8)
        let line = try #require(manifest.split(separator: "\n").first { $0.hasPrefix("let version = ") })
        #expect(line.contains(#"Context.environment["BOOKKIOSK_VERSION"] ?? ""#), "scripts/package reads this line: \(line)")
        let script = try String(contentsOf: DeploymentFiles.packageScript, encoding: .utf8)
        #expect(script.contains(#"let version = Context.environment\["BOOKKIOSK_VERSION"\] ?? "#))
    }

    @Test("the package carries the Japanese guides and the pictures they show, where the page looks for them")
    func guides() throws {
        let script = try String(contentsOf: DeploymentFiles.packageScript, encoding: .utf8)
        // TeachersGuide looks in /usr/share/bookkiosk/guide/ for ja/teachers.md, laid out as docs/.
        #expect(script.contains("guide=usr/share/$name/guide"))
        #expect(script.contains("for file in docs/ja/teachers.md docs/ja/setup.md; do"))
        #expect(script.contains(#"put "$file" "$guide/${file#docs/}" 0644"#))
        #expect(script.contains(#"put "$source" "$guide/${source#docs/}" 0644"#))
        for guide in ["docs/ja/teachers.md", "docs/ja/setup.md"] {
            #expect(FileManager.default.fileExists(atPath: DeploymentFiles.repository.appendingPathComponent(guide).path))
        }
    }
}
