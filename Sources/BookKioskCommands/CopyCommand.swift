import CatalogIO
import LibraryTransfer
import CommandCore
import LendingPostgres

/// `bookkiosk copy --from library.sqlite --to postgresql://…`: moves a one-box library into a
/// shared database, all or nothing, and says how much it copied.
struct CopyCommand {
    let source: String
    let target: PostgresURL
    let console: Console

    init(_ words: [String], console: Console) throws {
        let arguments = try Arguments(words, for: Self.configuration)
        guard arguments.words.isEmpty, let from = arguments.options["from"], let to = arguments.options["to"] else {
            throw Arguments.Invalid(description: "copy needs --from library.sqlite and --to postgresql://…")
        }
        guard let url = PostgresURL(to) else {
            throw Arguments.Invalid(description: "--to must be a postgresql:// URL (got \(PostgresURL.isURL(to) ? "a URL" : "\(to)"))")
        }
        source = from
        target = url
        self.console = console
    }

    func run() throws -> BookKiosk.Status {
        let counts = try LibraryCopy.copy(from: source, to: target)
        console.print("Copied \(source) to \(target.redacted): \(counts.books) books, \(counts.users) users, \(counts.classes) classes, \(counts.loans) loans, \(counts.staff) staff accounts, \(counts.auditEntries) audit entries, \(counts.printed) printed cards and labels, \(counts.bookRecords) records found by ISBN, \(counts.covers) cover photos.")
        return .success
    }
}
