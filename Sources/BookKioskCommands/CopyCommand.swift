import CatalogIO
import LibraryTransfer
import CommandCore
import KioskConfiguration
import LendingPostgres

/// `bookkiosk copy --from library.sqlite --to postgresql://…`: moves a one-box library into a
/// shared database, all or nothing, and says how much it copied. It takes no `--config`: it
/// speaks the language of the default configuration file, if there is one.
struct CopyCommand {
    let source: String
    let target: PostgresURL
    let console: Console
    let say: any CommandWords

    init(_ words: [String], places: Places, console: Console) throws {
        let arguments = try Arguments(words, for: Self.configuration)
        say = commandWords((try? CommonOptions(configurationFile: nil, database: nil, places: places))?.language ?? .default)
        guard arguments.words.isEmpty, let from = arguments[Options.from], let to = arguments[Options.to] else {
            throw Arguments.Invalid(description: say.copyUsage)
        }
        guard let url = PostgresURL(to) else {
            throw Arguments.Invalid(description: say.copyTargetUsage(got: PostgresURL.isURL(to) ? "a URL" : to))
        }
        source = from
        target = url
        self.console = console
    }

    func run() throws -> BookKiosk.Status {
        let counts = try LibraryCopy.copy(from: source, to: target)
        console.print(say.copied(source, to: target.redacted, CopiedCounts(
            books: counts.books, users: counts.users, classes: counts.classes, loans: counts.loans, staff: counts.staff,
            auditEntries: counts.auditEntries, printed: counts.printed, bookRecords: counts.bookRecords, covers: counts.covers)))
        return .success
    }
}
