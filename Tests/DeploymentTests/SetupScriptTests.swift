import Foundation
import Testing

/// `scripts/setup`, the one list of Debian packages: it runs apt-get itself as root and
/// through sudo otherwise (with stand-ins for `id`, `sudo` and `apt-get` on PATH, so nothing is
/// installed), names every package Package.swift's system libraries ask for, and is what
/// `.ci/run` and the README's first line use.
@Suite struct SetupScriptTests {
    static let script = DeploymentFiles.repository.appendingPathComponent("scripts/setup")

    /// A directory that is the whole PATH: bash and env, `id` answering `uid`, `apt-get` that
    /// writes each call to `calls.log` (with whether sudo ran it), and `sudo` when `withSudo`.
    func standIns(in directory: URL, uid: Int, withSudo: Bool) throws -> URL {
        let bin = directory.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        for tool in ["bash", "env"] {
            let real = try #require(ExternalCommand.locate(tool))
            try FileManager.default.createSymbolicLink(atPath: bin.appendingPathComponent(tool).path, withDestinationPath: real)
        }
        let log = directory.appendingPathComponent("calls.log").path
        var scripts = [
            "id": "#!/bin/bash\ncase ${1:-} in -u) echo \(uid) ;; -un) echo tester ;; *) echo \"uid=\(uid)(tester)\" ;; esac\n",
            "apt-get": "#!/bin/bash\necho \"apt-get $* via=${STAND_IN_VIA:-itself} frontend=${DEBIAN_FRONTEND:-}\" >>'\(log)'\n",
        ]
        if withSudo { scripts["sudo"] = "#!/bin/bash\necho \"sudo $1\" >>'\(log)'\nexport STAND_IN_VIA=sudo\nexec \"$@\"\n" }
        for (name, text) in scripts {
            let file = bin.appendingPathComponent(name)
            try text.write(to: file, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
        }
        return bin
    }

    func setup(_ arguments: [String], uid: Int = 0, withSudo: Bool = true) throws -> (CommandOutcome, [String]) {
        try withTemporaryDirectory { directory in
            let bin = try standIns(in: directory, uid: uid, withSudo: withSudo)
            let bash = try #require(ExternalCommand.locate("bash"))
            let outcome = try ExternalCommand.run(bash, [Self.script.path] + arguments, environment: ["PATH": bin.path])
            let log = (try? String(contentsOf: directory.appendingPathComponent("calls.log"), encoding: .utf8)) ?? ""
            return (outcome, log.split(separator: "\n").map(String.init))
        }
    }

    func printed(_ arguments: [String]) throws -> [String] {
        let (outcome, calls) = try setup(arguments + ["--print"])
        #expect(outcome.succeeded, "\(outcome.output)")
        #expect(calls.isEmpty)
        return outcome.lines
    }

    @Test(
        "shellcheck finds nothing in scripts/setup",
        .enabled(if: ExternalCommand.locate("shellcheck") != nil, "shellcheck is not installed (Debian package shellcheck)")
    )
    func shellcheckFindsNothing() throws {
        let outcome = try ExternalCommand.run(try #require(ExternalCommand.locate("shellcheck")), [Self.script.path])
        #expect(outcome.succeeded, "\(outcome.output)")
    }

    @Test func asRootItRunsAptGetItselfWithoutSudo() throws {
        let (outcome, calls) = try setup([], uid: 0)
        #expect(outcome.succeeded, "\(outcome.output)")
        #expect(calls.count == 2, "\(calls)")
        #expect(calls.first == "apt-get update via=itself frontend=noninteractive")
        let install = try #require(calls.last)
        #expect(install.hasPrefix("apt-get install -y --no-install-recommends "))
        #expect(install.hasSuffix(" via=itself frontend=noninteractive"))
        for package in try printed([]) { #expect(install.contains(" \(package) "), "\(package) is not installed") }
    }

    @Test func asRootWithoutSudoInstalledItStillWorks() throws {
        let (outcome, calls) = try setup([], uid: 0, withSudo: false)
        #expect(outcome.succeeded, "\(outcome.output)")
        #expect(calls.map { $0.components(separatedBy: " ").prefix(2).joined(separator: " ") } == ["apt-get update", "apt-get install"])
    }

    @Test func anotherUserGoesThroughSudo() throws {
        let (outcome, calls) = try setup(["--tests"], uid: 1000)
        #expect(outcome.succeeded, "\(outcome.output)")
        #expect(calls.count == 4, "\(calls)")
        #expect(calls.filter { $0.hasPrefix("sudo ") }.count == 2)
        #expect(calls.filter { $0.hasPrefix("apt-get ") }.allSatisfy { $0.contains(" via=sudo ") })
        let install = try #require(calls.last)
        for package in ["chromium", "fonts-ipafont-gothic", "python3-venv", "postgresql", "shellcheck"] {
            #expect(install.contains(" \(package) "), "\(package) is not installed with --tests")
        }
    }

    @Test func anotherUserWithoutSudoIsToldWhatToDoAndNothingRuns() throws {
        let (outcome, calls) = try setup([], uid: 1000, withSudo: false)
        #expect(outcome.status == 1)
        #expect(calls.isEmpty)
        #expect(outcome.output.contains("needs root, and sudo is not installed"))
        #expect(outcome.output.contains("su -c scripts/setup"))
        #expect(outcome.output.contains("adduser tester sudo"))
    }

    @Test func anUnknownOptionIsRefusedWithTheUsage() throws {
        let (outcome, calls) = try setup(["--everything"])
        #expect(outcome.status == 2)
        #expect(calls.isEmpty)
        #expect(outcome.output.contains("unknown option '--everything'"))
        #expect(outcome.output.contains("usage: scripts/setup"))
    }

    /// The Debian packages Package.swift's system-library targets name (`providers: [.apt([…])]`).
    static func providers() throws -> [String] {
        let manifest = try DeploymentFiles.text(of: DeploymentFiles.repository.appendingPathComponent("Package.swift"))
        let providers = try Regex(#"\.apt\(\[([^\]]*)\]\)"#)
        var named: [String] = []
        for match in manifest.matches(of: providers) {
            let list = String(match.output[1].substring ?? "")
            named += list.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \"")) }
        }
        return named
    }

    @Test func everySystemLibraryOfThePackageIsInTheList() throws {
        let named = try Self.providers()
        #expect(named.count >= 9)
        let packages = Set(try printed([]))
        for package in named { #expect(packages.contains(package), "Package.swift names \(package), scripts/setup does not") }
        for package in ["libmicrohttpd-dev", "libqrencode-dev", "anthy", "fonts-motoya-l-maruberi", "fonts-noto-cjk", "pkg-config"] {
            #expect(packages.contains(package))
        }
    }

    @Test func theCIAndTheReadmeUseTheList() throws {
        let ci = try DeploymentFiles.text(of: DeploymentFiles.repository.appendingPathComponent(".ci/run"))
        #expect(ci.contains("\nscripts/setup --tests\n"))
        #expect(!ci.contains("apt-get"))
        // The packages .ci/run checks after setup are exactly those Package.swift's targets name.
        let checked = try #require(ci.components(separatedBy: "dpkg-query --show ").dropFirst().first)
            .prefix { $0 != ">" }.split(whereSeparator: { " \\\n".contains($0) }).map(String.init)
        #expect(Set(checked) == Set(try Self.providers()))
        let readme = try DeploymentFiles.text(of: DeploymentFiles.repository.appendingPathComponent("README.md"))
        let firstCommand = readme.components(separatedBy: "```sh\n").dropFirst().first?.split(separator: "\n").first
        #expect(firstCommand == "scripts/setup && swift run bookkiosk demo")
        // A kiosk gets what it runs with from the package's Depends (scripts/package derives them
        // from Package.swift), so the install section installs the package rather than a list.
        #expect(readme.contains("sudo apt install ./bookkiosk_1.4.0_amd64.deb"))
    }
}
