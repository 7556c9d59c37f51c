import BookLookup
import CatalogIO
import LibraryTransfer
import CommandCore
import Foundation
import KioskConfiguration
import Lending

/// `bookkiosk import books|users F.csv`; `-` for standard input (see `ImportSource`).
struct ImportCommand {
    let kind: CatalogImport.Kind
    let file: String
    let common: CommonOptions
    let console: Console
    let environment: [String: String]

    init(_ words: [String], places: Places, console: Console) throws {
        environment = places.environment
        let arguments = try Arguments(words, for: Self.configuration)
        guard arguments.words.count == 2, let kind = CatalogImport.Kind(rawValue: arguments.words[0]) else {
            throw Arguments.Invalid(description: "say what to import and from which file: `bookkiosk import books books.csv` or `bookkiosk import users users.csv`")
        }
        self.kind = kind
        file = arguments.words[1]
        common = try CommonOptions(arguments, places: places)
        self.console = console
    }

    func run() throws -> BookKiosk.Status {
        // Read whole before the database is touched: a pipe can be read only once.
        let source = ImportSource(argument: file)
        let text = try source.text(of: try source.read())
        let file = source.name
        let repository = try common.openRepository()
        do {
            let numbering = kind == .books ? common.configuration.bookNumbering : common.configuration.cardNumbering
            let desk = LibraryDesk(commandUserIn: environment, at: Date())
            let progress = LookupProgressBar(console: console)
            let lookup = CatalogImport.TitleLookup.service(common.lookupService(version: BookKiosk.programVersion),
                                                           cache: RepositoryLookupCache(repository), progress: progress.show)
            let report = try CatalogImport(kind: kind, numbering: numbering).run(text, into: repository, recordedBy: desk, lookup: lookup)
            for warning in report.warnings { console.error("\(file): \(warning)") }
            if !report.lookedUp.isEmpty {
                let fromCache = report.lookedUp.filter { $0.origin == "cache" }.count
                console.print("Titles found by ISBN for \(report.lookedUp.count) rows (\(fromCache) from the library's lookup cache; 書誌データ：国立国会図書館サーチ / openBD):")
                for found in report.lookedUp {
                    console.print("  line \(found.line): \(found.isbn) \(found.title) (\(found.origin))")
                }
            }
            let noun = report.added == 1 ? String(kind.rawValue.dropLast()) : kind.rawValue
            console.print("Imported \(file): \(report.added) \(noun) added, \(report.updated) updated.")
            if !report.createdClasses.isEmpty {
                console.print("New classes, with no grade yet (give each one with `bookkiosk classes grade NAME N`): \(report.createdClasses.joined(separator: ", "))")
            }
            if !report.numbered.isEmpty {
                let what = kind == .books ? "barcodes" : "card numbers"
                console.print("New \(what) for the rows without one (print them with `bookkiosk print \(kind == .books ? "labels --books" : "cards --users") new`):")
                for given in report.numbered {
                    console.print("  line \(given.line): \(given.barcode) \(given.name)")
                }
            }
            return .success
        } catch let failure as CatalogImport.Failure {
            console.error("\(file): \(failure.description)")
            return .failure
        }
    }
}

/// `bookkiosk export books|users|loans [--out F]`: CSV with the import's own columns (books and
/// users), UTF-8 with a byte-order mark, on standard output or into F.
struct ExportCommand {
    enum What: String { case books, users, loans }
    let what: What
    let out: String?
    let common: CommonOptions
    let console: Console

    init(_ words: [String], places: Places, console: Console) throws {
        let arguments = try Arguments(words, for: Self.configuration)
        guard arguments.words.count == 1, let what = What(rawValue: arguments.words[0]) else {
            throw Arguments.Invalid(description: "say what to export: `bookkiosk export books`, `bookkiosk export users` or `bookkiosk export loans` (add --out F.csv for a file)")
        }
        self.what = what
        out = arguments.options["out"]
        common = try CommonOptions(arguments, places: places)
        self.console = console
    }

    func run() throws -> BookKiosk.Status {
        let repository = try common.openRepository()
        let text = switch what {
        case .books: try CatalogExport.text(.books, of: repository)
        case .users: try CatalogExport.text(.users, of: repository)
        case .loans: try LoanExport.text(of: repository, timeZone: common.configuration.policy.timeZone)
        }
        guard let out, out != "-" else {
            console.write(bytes: Array(text.utf8))
            return .success
        }
        guard !FileManager.default.fileExists(atPath: out) else {
            throw CommandFailure("\(out) already exists; BookKiosk does not overwrite files. Choose a new name or remove it first.")
        }
        guard FileManager.default.createFile(atPath: out, contents: Data(text.utf8)) else {
            throw CommandFailure("Could not write \(out); check that its folder exists and can be written.")
        }
        console.error("Exported \(what.rawValue) to \(out).")
        return .success
    }
}

/// ISO 8601 with the time zone's offset, as the event stream writes times.
func timestamp(_ date: Date, _ timeZone: TimeZone) -> String {
    LoanExport.timestamp(date, timeZone)
}

/// `bookkiosk report overdue [--now T]`: who has which Book past its due date;
/// `bookkiosk report audit`: the audit log.
struct ReportCommand {
    let arguments: Arguments
    let common: CommonOptions
    let console: Console

    init(_ words: [String], places: Places, console: Console) throws {
        arguments = try Arguments(words, for: Self.configuration)
        guard arguments.words.count == 1, ["overdue", "audit", "popular", "classes"].contains(arguments.words[0]) else {
            throw Arguments.Invalid(description: "the reports are `bookkiosk report overdue`, `report audit`, `report popular` and `report classes`")
        }
        common = try CommonOptions(arguments, places: places)
        self.console = console
    }

    func run() throws -> BookKiosk.Status {
        if arguments.words == ["audit"] { return try AuditReport(common: common, console: console).run() }
        if arguments.words == ["popular"] || arguments.words == ["classes"] { return try countsReport() }
        let policy = common.configuration.policy
        let now = try currentTime(arguments, timeZone: policy.timeZone)
        let repository = try common.openRepository()
        // A report: read in one go each, nothing locked.
        let rows = try repository.transaction { tx in
            let loans = try tx.openLoans().filter { policy.isOverdue($0, at: now) }
            let books = try tx.books(barcodes: loans.map(\.book))
            let users = try tx.users(cards: loans.compactMap(\.user))
            return loans.map { loan in
                (loan, books.first { $0.barcode == loan.book }, loan.user.flatMap { card in users.first { $0.card == card } })
            }
        }
        let today = LocalDate(now, in: policy.timeZone)
        guard !rows.isEmpty else {
            console.print("No Loans are overdue on \(today).")
            return .success
        }
        console.print("Overdue on \(today): \(rows.count) Loan\(rows.count == 1 ? "" : "s")")
        for (loan, book, user) in rows.sorted(by: { $0.0.due < $1.0.due }) {
            let days = policy.overdueDays(due: loan.due, at: now)
            let who = user.map { "\($0.name) (\($0.card))" } ?? (loan.user ?? "unknown User")
            let what = book.map { "\($0.title) (\($0.barcode))" } ?? loan.book
            console.print("  \(who): \(what), due \(loan.due), \(days) day\(days == 1 ? "" : "s") overdue")
        }
        return .success
    }
}

/// `bookkiosk backup DEST`: SQLite's online backup, safe while the kiosk runs.
struct BackupCommand {
    let destination: String
    let common: CommonOptions
    let console: Console

    init(_ words: [String], places: Places, console: Console) throws {
        let arguments = try Arguments(words, for: Self.configuration)
        guard arguments.words.count == 1 else {
            throw Arguments.Invalid(description: "say where the copy goes: `bookkiosk backup /path/to/copy.sqlite`")
        }
        destination = arguments.words[0]
        common = try CommonOptions(arguments, places: places)
        self.console = console
    }

    func run() throws -> BookKiosk.Status {
        if let url = common.postgresURL {
            throw CommandFailure(PostgresBackup.advice(for: url, destination: destination))
        }
        guard FileManager.default.fileExists(atPath: common.databasePath) else {
            throw CommandFailure("There is no database at \(common.databasePath) to back up. Give its path with --db.")
        }
        guard !FileManager.default.fileExists(atPath: destination) else {
            throw CommandFailure("\(destination) already exists; BookKiosk does not overwrite files. Choose a new name or remove it first.")
        }
        let repository = try common.openSQLiteRepository()
        try repository.backup(to: destination)
        console.print("Backed up \(common.databasePath) to \(destination).")
        return .success
    }
}
