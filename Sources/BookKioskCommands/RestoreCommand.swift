import CommandCore
import Foundation
import KioskConfiguration
import Lending
import CatalogIO
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

    init(_ words: [String], places: Places, console: Console) throws {
        let arguments = try Arguments(words, valued: CommonOptions.valued, flags: ["yes"])
        common = try CommonOptions(arguments, places: places)
        guard arguments.words.count == 1 else {
            throw Arguments.Invalid(description: commandWords(common.language).restoreUsage)
        }
        file = arguments.words[0]
        confirmed = arguments.flags.contains("yes")
        self.console = console
    }

    func run() throws -> BookKiosk.Status {
        let say = commandWords(common.language)
        if let url = common.postgresURL {
            throw CommandFailure(say.restoreOnPostgres(server: url.redacted, file: file))
        }
        guard FileManager.default.fileExists(atPath: file) else {
            throw CommandFailure(say.noBackupFile(file))
        }
        let backup: LibrarySnapshot
        do {
            backup = try SQLiteLendingRepository.snapshot(ofBackupAt: file)
        } catch let refusal as RestoreRefusal {
            throw CommandFailure("\(refusal.description) \(say.nothingChanged)")
        }
        console.print(say.backupHolds(file, Self.describe(backup, say)))
        if FileManager.default.fileExists(atPath: common.databasePath) {
            let current = try common.openSQLiteRepository().snapshot()
            console.print(say.libraryHolds(common.databasePath, Self.describe(current, say)))
        }
        if !confirmed {
            guard isatty(STDIN_FILENO) == 1 else {
                throw CommandFailure(say.restoreNeedsYes)
            }
            console.print(say.restoreQuestion)
            let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
            guard answer == "y" || answer == "yes" else {
                console.print(say.nothingChanged)
                return .success
            }
        }
        let repository = try common.openSQLiteRepository()
        let kept = SQLiteLendingRepository.keptCopyPath(for: common.databasePath, at: Date())
        let restored = try repository.restore(fromBackupAt: file, keepingCopyAt: kept)
        console.print(say.restored(file, Self.describe(restored, say), keptAt: kept))
        return .success
    }

    static func describe(_ snapshot: LibrarySnapshot, _ say: any CommandWords) -> String {
        say.holdings(books: snapshot.books, users: snapshot.users, loans: snapshot.loans, out: snapshot.openLoans,
                     lastLoan: snapshot.lastLoan.map { String(LoanExport.timestamp($0, .current).prefix(10)) })
    }
}
