import BookLookup
import Foundation
import Lending

/// Books files with ISBNs and no titles: each such row is looked up (the library's lookup cache
/// first, then the NDL and openBD) after the file is read and before any transaction begins, so
/// no lookup ever runs while the database is held. A row found nowhere is a problem with its
/// line, and as with every problem nothing is written.
extension CatalogImport {
    /// How an import looks up the titles its file leaves blank.
    public struct TitleLookup {
        /// Looks one ISBN-13 up (cache first, then the services; keeps what it finds).
        public var lookUp: (String) -> LookupAnswer
        /// Told before each lookup: how many are done, how many in all, and the ISBN.
        public var progress: ((_ done: Int, _ total: Int, _ isbn: String) -> Void)?

        public init(lookUp: @escaping (String) -> LookupAnswer, progress: ((_ done: Int, _ total: Int, _ isbn: String) -> Void)? = nil) {
            self.lookUp = lookUp
            self.progress = progress
        }

        /// Lookups through `LookupService` with `cache` (nil `service`: lookups are off, the
        /// cache alone answers).
        public static func service(_ service: LookupService?, cache: (any LookupCache)?,
                                   progress: ((_ done: Int, _ total: Int, _ isbn: String) -> Void)? = nil) -> TitleLookup {
            TitleLookup(lookUp: { LookupService.lookUp($0, service: service, cache: cache) }, progress: progress)
        }
    }

    /// A title an import found by its ISBN.
    public struct LookedUp: Sendable, Equatable {
        public var line: Int
        public var isbn: String
        public var title: String
        /// `ndl`, `openbd` or `cache`.
        public var origin: String
        /// Where the record came from in the first place (what the attribution names).
        public var source: BookRecordSource
    }

    /// Fills the title (and the reading and author where the file gave none) of every books row
    /// with an ISBN and no title; a row found nowhere becomes a problem. Returns what was found.
    func fillTitles(_ rows: inout [Row], _ plan: inout Plan, lookup: TitleLookup?) -> [LookedUp] {
        let blank = rows.indices.filter { index in
            if case .book(let book, _, _) = rows[index] { book.title.isEmpty && book.isbn != nil } else { false }
        }
        guard !blank.isEmpty else { return [] }
        var found: [LookedUp] = []
        var answers: [String: LookupAnswer] = [:]
        let isbns = Set(blank.compactMap { index -> String? in
            if case .book(let book, _, _) = rows[index] { book.isbn } else { nil }
        })
        var done = 0
        for index in blank {
            guard case .book(var book, let line, let hasStatus) = rows[index], let isbn = book.isbn else { continue }
            guard let lookup else {
                plan.problems.append(ImportProblem(line: line, .untitledWithoutLookup(isbn: isbn)))
                continue
            }
            let answer: LookupAnswer
            if let known = answers[isbn] {
                answer = known
            } else {
                lookup.progress?(done, isbns.count, isbn)
                answer = lookup.lookUp(isbn)
                answers[isbn] = answer
                done += 1
            }
            switch answer {
            case .found(let record, let origin, _):
                book.title = record.title
                if book.reading == nil { book.reading = record.reading }
                if book.author == nil { book.author = record.author }
                rows[index] = .book(book, line: line, hasStatus: hasStatus)
                // A second copy in the same file is the cache's, whatever the first one's was.
                found.append(LookedUp(line: line, isbn: isbn, title: record.title,
                                      origin: found.contains { $0.isbn == isbn } ? LookupOrigin.cache.name : origin.name,
                                      source: record.source))
            case .notFound(let problem):
                plan.problems.append(ImportProblem(line: line, .titleNotFound(problem)))
            }
        }
        if done > 0 { lookup?.progress?(done, isbns.count, "") }
        plan.problems.sort { ($0.line ?? 0) < ($1.line ?? 0) }
        return found
    }
}
