import Foundation

/// Where the files under test are: the repository's `udev/` and `kiosk/` directories.
enum DeploymentFiles {
    /// The repository root, three levels up from this file (`Tests/DeploymentTests/…`).
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()

    static let udevRules = repository.appendingPathComponent("udev/70-bookkiosk.rules")
    static let installer = repository.appendingPathComponent("kiosk/install.sh")
    static let backupScript = repository.appendingPathComponent("kiosk/backup.sh")
    static let kioskService = repository.appendingPathComponent("kiosk/bookkiosk.service")
    static let backupService = repository.appendingPathComponent("kiosk/bookkiosk-backup.service")
    static let backupTimer = repository.appendingPathComponent("kiosk/bookkiosk-backup.timer")
    static let webService = repository.appendingPathComponent("kiosk/bookkiosk-web.service")
    static let units = [kioskService, backupService, backupTimer, webService]
    /// The Debian package: the scripts that build and prove it, and its maintainer scripts.
    static let packageScript = repository.appendingPathComponent("scripts/package")
    static let packageScripts = [packageScript, repository.appendingPathComponent("scripts/package-test"),
                                 repository.appendingPathComponent("scripts/clean-debian-root")]
        + ["postinst", "prerm", "postrm"].map { repository.appendingPathComponent("kiosk/package/\($0)") }

    static func text(of file: URL) throws -> String {
        try String(contentsOf: file, encoding: .utf8)
    }
}

/// Runs `body` with a fresh directory of its own, world-traversable (mode 0755) so that the
/// kiosk's system user can reach files in it, and removes the directory afterwards.
func withTemporaryDirectory<Result>(_ body: (URL) throws -> Result) throws -> Result {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("DeploymentTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(
        at: directory,
        withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o755]
    )
    defer { try? FileManager.default.removeItem(at: directory) }
    return try body(directory)
}
