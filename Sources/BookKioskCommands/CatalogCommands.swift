import BookLookup
import CatalogIO
import Language
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
        let common = try CommonOptions(arguments, places: places)
        guard arguments.words.count == 2, let kind = CatalogImport.Kind(rawValue: arguments.words[0]) else {
            throw Arguments.Invalid(description: catalogWords(common.language).importUsage)
        }
        self.kind = kind
        file = arguments.words[1]
        self.common = common
        self.console = console
    }

    func run() throws -> BookKiosk.Status {
        let words = catalogWords(common.language)
        // Read whole before the database is touched: a pipe can be read only once.
        let source = ImportSource(argument: file)
        let text: CSVText
        do {
            text = try source.text(of: try source.read())
        } catch {
            throw CommandFailure(words.source(error))
        }
        let file = source.name
        let repository = try common.openRepository()
        do {
            let numbering = kind == .books ? common.configuration.bookNumbering : common.configuration.cardNumbering
            let desk = LibraryDesk(commandUserIn: environment, at: Date())
            let progress = LookupProgressBar(console: console)
            let lookup = CatalogImport.TitleLookup.service(common.lookupService(version: BookKiosk.programVersion),
                                                           cache: RepositoryLookupCache(repository), progress: progress.show)
            let report = try CatalogImport(kind: kind, numbering: numbering).run(text.text, into: repository, recordedBy: desk, lookup: lookup)
            for warning in report.warnings { console.error("\(file): \(words.warning(warning))") }
            if !report.lookedUp.isEmpty {
                let fromCache = report.lookedUp.filter { $0.origin == "cache" }.count
                console.print(words.lookedUpHeading(rows: report.lookedUp.count, fromCache: fromCache))
                for found in report.lookedUp {
                    console.print("  \(words.line(found.line)): \(found.isbn) \(found.title) (\(found.origin))")
                }
            }
            console.print(words.imported(file, kind: kind, added: report.added, updated: report.updated, encoding: text.encoding))
            if !report.createdClasses.isEmpty {
                console.print(words.createdClasses(report.createdClasses))
            }
            if !report.matched.isEmpty {
                console.print(words.matchedHeading)
                for matched in report.matched {
                    console.print("  \(words.line(matched.line)): \(matched.card) \(matched.name)")
                }
            }
            if !report.numbered.isEmpty {
                console.print(words.numberedHeading(kind))
                for given in report.numbered {
                    console.print("  \(words.line(given.line)): \(given.barcode) \(given.name)")
                }
            }
            return .success
        } catch let failure as CatalogImport.Failure {
            console.error("\(file): \(failure.rendered(words))")
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
        // An export only reads: a mistake in a key it does not need is a warning.
        let common = try CommonOptions(arguments, places: places, needing: CommonOptions.readingKeys, console: console)
        guard arguments.words.count == 1, let what = What(rawValue: arguments.words[0]) else {
            throw Arguments.Invalid(description: catalogWords(common.language).exportUsage)
        }
        self.what = what
        out = arguments[Options.csvOut]
        self.common = common
        self.console = console
    }

    func run() throws -> BookKiosk.Status {
        let words = catalogWords(common.language)
        let repository = try common.openRepository()
        let text = switch what {
        case .books: try CatalogExport.text(.books, of: repository, words: words)
        case .users: try CatalogExport.text(.users, of: repository, words: words)
        case .loans: try LoanExport.text(of: repository, timeZone: common.configuration.policy.timeZone)
        }
        guard let out, out != "-" else {
            console.write(bytes: Array(text.utf8))
            return .success
        }
        guard !FileManager.default.fileExists(atPath: out) else {
            throw CommandFailure(words.alreadyExists(out))
        }
        guard FileManager.default.createFile(atPath: out, contents: Data(text.utf8)) else {
            throw CommandFailure(words.cannotWrite(out))
        }
        console.error(words.exported(what.rawValue, to: out))
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
        // A report only reads: a mistake in a key it does not need is a warning.
        common = try CommonOptions(arguments, places: places, needing: CommonOptions.readingKeys, console: console)
        guard arguments.words.count == 1, ["overdue", "audit", "popular", "classes"].contains(arguments.words[0]) else {
            throw Arguments.Invalid(description: commandWords(common.language).reportUsage)
        }
        self.console = console
    }

    func run() throws -> BookKiosk.Status {
        if arguments.words == ["audit"] { return try AuditReport(common: common, console: console).run() }
        if arguments.words == ["popular"] || arguments.words == ["classes"] { return try countsReport() }
        let policy = common.configuration.policy
        let now = try currentTime(arguments, timeZone: policy.timeZone)
        let repository = try common.openRepository()
        // A report: read in one go each, nothing locked.
        let rows = try repository.transaction { tx in try LibraryDesk.overdueLoans(at: now, policy: policy, in: tx) }
        let today = LocalDate(now, in: policy.timeZone)
        let say = commandWords(common.language)
        guard !rows.isEmpty else {
            console.print(say.noOverdue(on: today))
            return .success
        }
        console.print(say.overdueHeading(on: today, count: rows.count))
        for entry in rows {
            let (loan, book, user, days) = (entry.loan, entry.book, entry.user, entry.days)
            let who = user.map { "\($0.name) (\($0.card))" } ?? (loan.user ?? say.unknownUser)
            let what = book.map { "\($0.title) (\($0.barcode))" } ?? loan.book
            console.print(say.overdueLine(who: who, what: what, due: loan.due, days: days))
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
        common = try CommonOptions(arguments, places: places, needing: CommonOptions.readingKeys, console: console)
        guard arguments.words.count == 1 else {
            throw Arguments.Invalid(description: commandWords(common.language).backupUsage)
        }
        destination = arguments.words[0]
        self.console = console
    }

    func run() throws -> BookKiosk.Status {
        if let url = common.postgresURL {
            throw CommandFailure(PostgresBackup.advice(for: url, destination: destination))
        }
        let say = commandWords(common.language)
        guard FileManager.default.fileExists(atPath: common.databasePath) else {
            throw CommandFailure(say.noDatabase(common.databasePath))
        }
        guard !FileManager.default.fileExists(atPath: destination) else {
            throw CommandFailure(catalogWords(common.language).alreadyExists(destination))
        }
        let repository = try common.openSQLiteRepository()
        try repository.backup(to: destination)
        console.print(say.backedUp(common.databasePath, to: destination))
        return .success
    }
}
