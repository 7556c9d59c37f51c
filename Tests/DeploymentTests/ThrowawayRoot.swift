import Foundation

/// One file or directory of an installed tree, as `install.sh` left it.
struct InstalledEntry: Equatable, CustomStringConvertible {
    var mode: Int
    var owner: Int
    var group: Int
    var isDirectory: Bool
    var contents: Data?

    var description: String {
        "\(isDirectory ? "d" : "-")\(String(mode, radix: 8)) \(owner):\(group)\(contents.map { " \($0.count) bytes" } ?? "")"
    }
}

/// A throwaway root that `install.sh --root` installs into.
struct ThrowawayRoot {
    let url: URL

    func path(_ relative: String) -> String { url.path + relative }

    func entry(_ relative: String) -> InstalledEntry? {
        let path = path(relative)
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
        let isDirectory = attributes[.type] as? FileAttributeType == .typeDirectory
        return InstalledEntry(
            mode: (attributes[.posixPermissions] as? Int) ?? -1,
            owner: (attributes[.ownerAccountID] as? Int) ?? -1,
            group: (attributes[.groupOwnerAccountID] as? Int) ?? -1,
            isDirectory: isDirectory,
            contents: isDirectory ? nil : FileManager.default.contents(atPath: path)
        )
    }

    /// Every file and directory under the root, with its mode, owners and contents.
    func snapshot() -> [String: InstalledEntry] {
        var entries: [String: InstalledEntry] = [:]
        let enumerator = FileManager.default.enumerator(atPath: url.path)
        while let relative = enumerator?.nextObject() as? String {
            entries["/" + relative] = entry("/" + relative)
        }
        return entries
    }

    /// The fields of NAME's line in the root's etc/passwd or etc/group, or nil.
    func account(_ name: String, in file: String) -> [String]? {
        guard let text = try? String(contentsOfFile: path("/etc/\(file)"), encoding: .utf8) else { return nil }
        return text.split(separator: "\n")
            .map { $0.split(separator: ":", omittingEmptySubsequences: false).map(String.init) }
            .first { $0.first == name }
    }

    func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: path(relative)) }
}

/// Runs the installer; `arguments` follow `--root ROOT`.
func runInstaller(
    root: ThrowawayRoot, _ arguments: [String], input: String? = nil, environment: [String: String] = [:]
) throws -> CommandOutcome {
    try ExternalCommand.run(
        "/bin/bash", [DeploymentFiles.installer.path, "--root", root.url.path] + arguments,
        input: input, environment: environment
    )
}

/// Runs `body` with a fresh throwaway root and a test stand-in for the bookkiosk program.
func withThrowawayRoot<Result>(_ body: (ThrowawayRoot, URL) throws -> Result) throws -> Result {
    try withTemporaryDirectory { directory in
        let standIn = try TestStandIn.create(in: directory)
        let rootURL = directory.appendingPathComponent("root", isDirectory: true)
        try FileManager.default.createDirectory(at: rootURL, withIntermediateDirectories: false)
        return try body(ThrowawayRoot(url: rootURL), standIn)
    }
}
