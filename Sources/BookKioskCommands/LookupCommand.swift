import BookLookup
import CommandCore
import Feedback
import Foundation
import KioskConfiguration
import Language
import Lending
import CatalogIO

/// `bookkiosk lookup ISBN… [--json]`: what the NDL or openBD (or the library's lookup cache)
/// knows of each ISBN: one block each, or one JSON object a line. Exit 0 when every ISBN was
/// found, 1 otherwise. A record found at a service is kept in the cache.
struct LookupCommand {
    let isbns: [String]
    let json: Bool
    let common: CommonOptions
    let console: Console

    init(_ words: [String], places: Places, console: Console) throws {
        let arguments = try Arguments(words, for: Self.configuration)
        common = try CommonOptions(arguments, places: places)
        guard !arguments.words.isEmpty else {
            throw Arguments.Invalid(description: commandWords(common.language).lookupUsage)
        }
        isbns = arguments.words
        json = arguments[Options.json]
        self.console = console
    }

    func run() throws -> BookKiosk.Status {
        let repository = try common.openRepository()
        let cache = RepositoryLookupCache(repository)
        let service = common.lookupService(version: BookKiosk.programVersion)
        var allFound = true
        for (index, text) in isbns.enumerated() {
            let answer = LookupService.lookUp(text, service: service, cache: cache)
            if answer.record == nil { allFound = false }
            if json {
                console.print(LookupCommand.json(answer, asked: text))
            } else {
                if index > 0 { console.print("") }
                for line in LookupCommand.block(answer, asked: text, language: common.language) { console.print(line) }
            }
        }
        return allFound ? .success : .failure
    }

    /// One ISBN's block of text, in `language` (a service out of reach in the words the page uses).
    static func block(_ answer: LookupAnswer, asked: String, language: Language) -> [String] {
        let say = commandWords(language)
        switch answer {
        case .found(let record, let origin, let differing):
            let authors = record.authors.isEmpty ? say.noneGiven : record.authors.joined(separator: language == .ja ? "、" : ", ")
            var lines = ["\(record.isbn)  \(record.title)",
                         "  \(say.readingLabel) \(record.reading ?? say.noneGiven)",
                         "  \(say.authorsLabel) \(authors)",
                         "  \(say.publisherLabel) \(record.publisher ?? say.noneGiven)",
                         "  \(say.sourceLabel) \(sourceName(record.source, say))\(origin == .cache ? say.fromLookupCache : "")"]
            if let differing {
                lines.append("  \(say.noteLabel) " + say.differingTitle(source: sourceName(differing.source, say), title: differing.title))
            }
            return lines
        case .notFound(let problem):
            let isbn = (try? ISBN(asked).digits) ?? asked
            return ["\(isbn)  \(problem.isWorthRetrying ? say.notLookedUp : say.notFound)", "  \(catalogWords(language).lookupCommandProblem(problem))"]
        }
    }

    /// One ISBN's JSON object: `isbn` (13 digits), `title`, `reading`, `authors`, `publisher`,
    /// `source` (`ndl`, `openbd` or `cache`); or `isbn`, `found: false` and `reason`.
    static func json(_ answer: LookupAnswer, asked: String) -> String {
        var object = JSONObjectWriter()
        switch answer {
        case .found(let record, let origin, _):
            object.add("isbn", record.isbn)
            object.add("title", record.title)
            if let reading = record.reading { object.add("reading", reading) } else { object.add("reading", json: "null") }
            object.add("authors", json: "[" + record.authors.map(JSONObjectWriter.quoted).joined(separator: ",") + "]")
            if let publisher = record.publisher { object.add("publisher", publisher) } else { object.add("publisher", json: "null") }
            object.add("source", origin.name)
        case .notFound(let problem):
            object.add("isbn", (try? ISBN(asked).digits) ?? asked)
            object.add("found", false)
            object.add("reason", problem.description)
        }
        return object.text
    }

    static func sourceName(_ source: BookRecordSource, _ say: any CommandWords) -> String {
        switch source {
        case .ndl: say.ndlName
        case .openBD: "openBD"
        }
    }
}

extension BookKiosk {
    /// The version the lookup's `User-Agent` names: the program's one version (Package.swift's).
    static var programVersion: String { version }
}
