import CommandCore
import Foundation
import KioskConfiguration
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
        common = try CommonOptions(arguments, places: places)
        guard arguments.words.count == 1 else {
            throw Arguments.Invalid(description: commandWords(common.language).restoreUsage)
        }
        file = arguments.words[0]
        confirmed = arguments[Options.yes]
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
        switch try SQLiteLendingRepository.snapshot(ofBackupAt: file) {
        case .done(let held):
            backup = held
        case .refused(let refusal):
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
        let now = Date()
        let answer: RestoreAnswer<RestoreResult>
        do {
            answer = try repository.restore(fromBackupAt: file, at: now)
        } catch {
            throw CommandFailure(say.notRestored(file, "\(error)"))
        }
        let restored: RestoreResult
        switch answer {
        case .done(let result):
            restored = result
        case .refused(let refusal):
            throw CommandFailure("\(refusal.description) \(say.restoreLeftAsItWas)")
        }
        // The backup API replaced the whole file; the restored library records who did it.
        let desk = LibraryDesk(commandUserIn: environment, at: now)
        let held = restored.snapshot
        try repository.transaction { tx in
            try desk.restored(books: held.books, users: held.users, loans: held.loans, keptAt: restored.keptAt, in: tx)
        }
        console.print(say.restored(file, Self.describe(held, say), keptAt: restored.keptAt))
        return .success
    }

    static func describe(_ snapshot: LibrarySnapshot, _ say: any CommandWords) -> String {
        say.holdings(books: snapshot.books, users: snapshot.users, loans: snapshot.loans, out: snapshot.openLoans,
                     lastLoan: snapshot.lastLoan.map { String(LoanExport.timestamp($0, .current).prefix(10)) })
    }
}
