import CommandCore
import Foundation
import KioskConfiguration
import Lending
import CatalogIO
import Lending
import LendingSQLite

/// `bookkiosk restore FILE [--yes]`: puts a backup back in place of the SQLite library. It
/// says what the backup holds first; on a terminal it asks, without one it needs `--yes`. The
/// library as it was is kept beside it, named with the date and time, and the backup is written
/// into the live database (SQLite's backup API), so a kiosk or the page that has it open keeps
/// answering. On PostgreSQL it shows the `pg_restore` command instead.
struct RestoreCommand {
    let file: String
    let confirmed: Bool
    let common: CommonOptions
    let console: Console
    let environment: [String: String]

    init(_ words: [String], places: Places, console: Console) throws {
        environment = places.environment
        let arguments = try Arguments(words, for: Self.configuration)
        guard arguments.words.count == 1 else {
            throw Arguments.Invalid(description: "say which backup to restore: `bookkiosk restore /path/to/backup.sqlite`")
        }
        file = arguments.words[0]
        confirmed = arguments.flags.contains("yes")
        common = try CommonOptions(arguments, places: places)
        self.console = console
    }

    func run() throws -> BookKiosk.Status {
        if let url = common.postgresURL {
            throw CommandFailure("""
                The library is on the PostgreSQL server \(url.redacted). Restore a dump made with pg_dump there:
                  pg_restore --clean --if-exists --no-owner --dbname '\(url.redacted)' \(file)
                (stop the kiosks and the page first, and keep a new dump of the current library beside it).
                """)
        }
        guard FileManager.default.fileExists(atPath: file) else {
            throw CommandFailure("There is no file \(file). Give the path of a backup made with `bookkiosk backup`.")
        }
        let backup: LibrarySnapshot
        do {
            backup = try SQLiteLendingRepository.snapshot(ofBackupAt: file)
        } catch let refusal as RestoreRefusal {
            throw CommandFailure("\(refusal.description) Nothing was changed.")
        }
        console.print("\(file) holds \(Self.describe(backup)).")
        if FileManager.default.fileExists(atPath: common.databasePath) {
            let current = try common.openSQLiteRepository().snapshot()
            console.print("The library now (\(common.databasePath)) holds \(Self.describe(current)).")
        }
        if !confirmed {
            guard isatty(STDIN_FILENO) == 1 else {
                throw CommandFailure("Nothing was changed. To replace the library with this backup, run it again with --yes.")
            }
            console.print("Replace the library with this backup? The library as it is now is kept beside it. [y/N]")
            let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
            guard answer == "y" || answer == "yes" else {
                console.print("Nothing was changed.")
                return .success
            }
        }
        let repository = try common.openSQLiteRepository()
        let now = Date()
        let restored: RestoreResult
        do {
            restored = try repository.restore(fromBackupAt: file, at: now)
        } catch let refusal as RestoreRefusal {
            throw CommandFailure("\(refusal.description) Nothing was changed: the library is as it was.")
        } catch {
            throw CommandFailure("\(file) was not restored: \(error). Nothing was changed: the library is as it was.")
        }
        // The backup API replaced the whole file; the restored library records who did it.
        let desk = LibraryDesk(commandUserIn: environment, at: now)
        let held = restored.snapshot
        try repository.transaction { tx in
            try desk.restored(books: held.books, users: held.users, loans: held.loans, keptAt: restored.keptAt, in: tx)
        }
        console.print("Restored \(file): the library now holds \(Self.describe(held)). The library as it was is kept at \(restored.keptAt).")
        return .success
    }

    static func describe(_ snapshot: LibrarySnapshot) -> String {
        let last = snapshot.lastLoan.map { ", the last Loan made \(LoanExport.timestamp($0, .current).prefix(10))" } ?? ", no Loans yet"
        return "\(snapshot.books) books, \(snapshot.users) users, \(snapshot.loans) loans (\(snapshot.openLoans) out)\(last)"
    }
}
