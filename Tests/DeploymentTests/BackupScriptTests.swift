import Foundation
import Testing

@Suite("backup.sh: the daily backup")
struct BackupScriptTests {
    /// A kiosk's state directory in `directory`: a database and a backups directory.
    struct StateDirectory {
        let database: URL
        let backups: URL
        let standIn: URL

        init(in directory: URL) throws {
            standIn = try TestStandIn.create(in: directory)
            database = directory.appendingPathComponent("library.sqlite")
            backups = directory.appendingPathComponent("backups", isDirectory: true)
            try FileManager.default.createDirectory(at: backups, withIntermediateDirectories: false)
        }

        func backUp(failing: Bool = false) throws -> CommandOutcome {
            try ExternalCommand.run("/bin/bash", [DeploymentFiles.backupScript.path], environment: [
                "BOOKKIOSK_BIN": standIn.path,
                "BOOKKIOSK_DB": database.path,
                "BOOKKIOSK_BACKUP_DIR": backups.path,
                "BOOKKIOSK_TEST_STAND_IN_FAIL": failing ? "1" : "0",
            ])
        }

        func backupNames() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: backups.path).sorted()
        }

        /// Backups from `count` days of January 2000, oldest first.
        func makeOldBackups(_ count: Int) throws -> [String] {
            try (1...count).map { day in
                let name = "library-2000-01-\(day < 10 ? "0" : "")\(day).sqlite"
                try Data("old \(day)\n".utf8).write(to: backups.appendingPathComponent(name))
                return name
            }
        }
    }

    @Test("writes today's backup and keeps the newest 14")
    func keepsTheLast14() throws {
        try withTemporaryDirectory { directory in
            let state = try StateDirectory(in: directory)
            try Data("the library\n".utf8).write(to: state.database)
            let old = try state.makeOldBackups(16)

            let outcome = try state.backUp()
            #expect(outcome.succeeded, "\(outcome.output)")

            let names = try state.backupNames()
            #expect(names.count == 14, "\(names)")
            let new = names.filter { !old.contains($0) }
            try #require(new.count == 1, "\(names)")
            #expect(new[0].wholeMatch(of: /library-\d{4}-\d{2}-\d{2}\.sqlite/) != nil, "\(new[0])")
            #expect(FileManager.default.contents(atPath: state.backups.appendingPathComponent(new[0]).path)
                == Data("the library\n".utf8))
            #expect(Set(names) == Set(old.suffix(13) + new), "the oldest three are deleted")
        }
    }

    @Test("with no database yet, there is nothing to back up and nothing fails")
    func noDatabaseYet() throws {
        try withTemporaryDirectory { directory in
            let state = try StateDirectory(in: directory)
            let outcome = try state.backUp()
            #expect(outcome.succeeded, "\(outcome.output)")
            #expect(try state.backupNames().isEmpty)
            #expect(outcome.output.contains("nothing to back up"))
        }
    }

    @Test("a failed backup fails the run and deletes no older backup")
    func failedBackupKeepsOldOnes() throws {
        try withTemporaryDirectory { directory in
            let state = try StateDirectory(in: directory)
            try Data("the library\n".utf8).write(to: state.database)
            let old = try state.makeOldBackups(16)

            let outcome = try state.backUp(failing: true)
            #expect(!outcome.succeeded)
            #expect(try state.backupNames() == old)
        }
    }
}
