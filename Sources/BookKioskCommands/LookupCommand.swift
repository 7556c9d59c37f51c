import BookLookup
import CommandCore
import Feedback
import Foundation
import KioskConfiguration
import Lending

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
        guard !arguments.words.isEmpty else {
            throw Arguments.Invalid(description: "give one or more ISBNs: `bookkiosk lookup 9784834000825` (hyphens allowed)")
        }
        isbns = arguments.words
        json = arguments.flags.contains("json")
        common = try CommonOptions(arguments, places: places)
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
                for line in LookupCommand.block(answer, asked: text) { console.print(line) }
            }
        }
        return allFound ? .success : .failure
    }

    /// One ISBN's block of text.
    static func block(_ answer: LookupAnswer, asked: String) -> [String] {
        switch answer {
        case .found(let record, let origin, let differing):
            var lines = ["\(record.isbn)  \(record.title)",
                         "  reading:   \(record.reading ?? "(none given)")",
                         "  authors:   \(record.authors.isEmpty ? "(none given)" : record.authors.joined(separator: ", "))",
                         "  publisher: \(record.publisher ?? "(none given)")",
                         "  source:    \(sourceName(record.source))\(origin == .cache ? ", from the library's lookup cache" : "")"]
            if let differing {
                lines.append("  note:      \(sourceName(differing.source)) gives the title as 「\(differing.title)」; the NDL's is used")
            }
            return lines
        case .notFound(let problem):
            let isbn = (try? ISBN(asked).digits) ?? asked
            return ["\(isbn)  not found", "  \(problem.description)"]
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

    static func sourceName(_ source: BookRecordSource) -> String {
        switch source {
        case .ndl: "NDL Search (国立国会図書館サーチ)"
        case .openBD: "openBD"
        }
    }
}

extension BookKiosk {
    /// The version the lookup's `User-Agent` names: the program's one version (Package.swift's).
    static var programVersion: String { version }
}
