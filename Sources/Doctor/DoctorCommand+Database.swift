import Foundation
import Lending
import LendingSQLite

extension DoctorCommand {
    /// Whether the database exists and is a BookKiosk database, its schema version, SQLite's
    /// integrity check, the free space on its disk and whether it may be written. The file is
    /// read through a read-only connection and never created or migrated.
    func checkDatabase(at path: String) -> [Finding] {
        let area = "database"
        let folder = Self.folder(of: path)
        var findings: [Finding] = []
        guard FileManager.default.fileExists(atPath: path) else {
            findings.append(.warn(area, "\(path) does not exist yet; the kiosk creates it when it first starts (or give the right file with --db)"))
            let existing = Self.nearestExistingFolder(of: folder)
            if access(existing, W_OK | X_OK) != 0 {
                findings.append(.fail(area, "\(existing) cannot be written by user “\(Self.userName)”, so the database cannot be created there — create \(folder) for the kiosk's user (the installer does), or choose another place with --db"))
            }
            findings.append(freeSpaceFinding(folder: existing))
            return findings
        }
        let (contents, isLibrary) = checkDatabaseContents(at: path)
        findings += contents
        guard isLibrary else { return findings }
        findings.append(freeSpaceFinding(folder: folder))
        findings.append(writableFinding(path: path, folder: folder))
        if let mode = try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int, mode & 0o077 != 0 {
            findings.append(.warn(area, "\(path) may be read by other users of this computer (mode 0\(String(mode & 0o777, radix: 8))), and it holds the children's names — `chmod 600 \(path)`"))
        }
        return findings
    }

    /// What the file holds, and whether it is (or will become) the kiosk's library, so that
    /// the checks of a library's file are worth running.
    private func checkDatabaseContents(at path: String) -> (findings: [Finding], isLibrary: Bool) {
        let area = "database"
        let version: Int
        do {
            version = try SQLiteLendingRepository.inspectFile(at: path)
        } catch let error as SQLiteError where error.faultKind == .corrupt {
            return ([.fail(area, "\(path) is damaged (\(error.message)) — \(Self.restore)")], true)
        } catch let error as SQLiteError where error.faultKind == .readOnly {
            // Most likely the folder: the lines that follow say which file or folder it is.
            return ([.fail(area, error.description)], true)
        } catch {
            return ([.fail(area, String(describing: error))], false)
        }
        let latest = SQLiteLendingRepository.latestSchemaVersion
        var findings: [Finding] = []
        if version == 0 {
            return ([.warn(area, "\(path) is empty; the kiosk makes it a library when it first starts")], true)
        } else if version < latest {
            findings.append(.warn(area, "\(path) is a BookKiosk database with schema version \(version), older than this BookKiosk's \(latest); it will be upgraded when the kiosk starts"))
        } else {
            findings.append(.ok(area, "\(path) is a BookKiosk database, schema version \(version) (current)"))
        }
        do {
            // Read-write (SQLite falls back to reading only when the file is write-protected) so
            // that, as the last connection, it removes the -wal and -shm files `inspectFile`'s
            // read-only connection left; integrity_check itself writes nothing.
            let connection = try SQLiteConnection(path: path, mode: .readWrite)
            try connection.setBusyTimeout(SQLiteLendingRepository.defaultBusyTimeout)
            // One row per problem, some of several lines, under a heading naming the schema.
            let problems = try connection.rows("PRAGMA integrity_check") { $0.text(0) }
                .flatMap { $0.split(separator: "\n").map(String.init) }
                .filter { !$0.hasPrefix("*** in database") }
            if problems == ["ok"] {
                findings.append(.ok(area, "SQLite's integrity check found no damage"))
            } else {
                let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
                findings.append(.fail(area, "\(path) is damaged: SQLite's integrity check found \(count) (first: \(problems.first ?? "")) — \(Self.restore)"))
            }
        } catch let error as SQLiteError where error.faultKind == .corrupt {
            findings.append(.fail(area, "\(path) is damaged: the integrity check stopped at “\(error.message)” — \(Self.restore)"))
        } catch {
            findings.append(.fail(area, "the integrity check could not run: \(error)"))
        }
        return (findings, true)
    }

    static let restore = "stop the kiosk and restore the database from a backup (an installed kiosk keeps daily ones in /var/lib/bookkiosk/backups)"

    /// Free space for the kiosk's user on the disk holding `folder` (`statvfs`).
    func freeSpaceFinding(folder: String) -> Finding {
        var stats = statvfs()
        guard statvfs(folder, &stats) == 0 else {
            return .warn("database", "the free space on the disk holding \(folder) cannot be read (\(String(cString: strerror(errno))))")
        }
        return Self.freeSpaceFinding(bytes: UInt64(stats.f_bavail) * UInt64(stats.f_frsize), folder: folder)
    }

    static func freeSpaceFinding(bytes: UInt64, folder: String) -> Finding {
        let free = "\(formatBytes(bytes)) free on the disk holding \(folder)"
        if bytes < criticalFreeSpace {
            return .fail("database", "only \(free): a lend may not be written — free some space (old backups, logs) or move the database with --db")
        }
        if bytes < lowFreeSpace {
            return .warn("database", "only \(free) — free some space soon (old backups, logs); under \(formatBytes(criticalFreeSpace)) lends may fail")
        }
        return .ok("database", free)
    }

    static func formatBytes(_ bytes: UInt64) -> String {
        if bytes >= 1_000_000_000 { return String(format: "%.1f GB", Double(bytes) / 1e9) }
        return "\(bytes / 1_000_000) MB"
    }

    /// SQLite writes the file, and beside it the `-wal` and `-shm` files: all must be writable.
    private func writableFinding(path: String, folder: String) -> Finding {
        let user = Self.userName
        let files: [String] = [path, path + "-wal", path + "-shm"]
        var unwritable = files.filter { file in access(file, F_OK) == 0 && access(file, R_OK | W_OK) != 0 }
        if access(folder, W_OK | X_OK) != 0 { unwritable.append(folder) }
        guard unwritable.isEmpty else {
            return .fail("database", "user “\(user)” cannot write \(unwritable.joined(separator: ", ")) — give the database and its folder to the kiosk's user, e.g. `sudo chown bookkiosk: \(unwritable.joined(separator: " "))` (run doctor as the kiosk's user to check what it may do)")
        }
        return .ok("database", "the file and its folder may be written by user “\(user)”")
    }
}
