import BookLookup
import Foundation
import Lending

/// `bookkiosk import books|users F.csv`: a header row, columns found by name in any order,
/// every row checked before anything is written, and then all rows written in one transaction.
/// Importing again updates the rows with the same barcode or card.
public struct CatalogImport {
    public enum Kind: String, Sendable, CaseIterable {
        case books, users

        /// The audit log's name for it.
        var imported: ImportedKind {
            switch self {
            case .books: .books
            case .users: .users
            }
        }

        public var columns: [String] {
            switch self {
            case .books: ["barcode", "title", "author", "isbn", "status", "reading"]
            case .users: ["card", "name", "reading", "class", "limit", "active"]
            }
        }

        /// The columns a file must have: a users file its cards and names; a books file a title,
        /// or an ISBN to look the title up by (a barcode column is optional: rows without a
        /// barcode are numbered).
        func missingColumns(_ columns: [String: Int]) -> String? {
            switch self {
            case .books:
                columns["title"] == nil && columns["isbn"] == nil
                    ? "the header has no title or isbn column; it needs at least a title column, or an isbn column to look the titles up"
                    : nil
            case .users:
                ["card", "name"].contains { columns[$0] == nil }
                    ? "the header has no \(["card", "name"].filter { columns[$0] == nil }.joined(separator: " or ")) column; it needs at least: card,name"
                    : nil
            }
        }
    }

    /// What an import did.
    public struct Report: Sendable, Equatable {
        public var added = 0
        public var updated = 0
        /// Things worth knowing that did not stop the import (unknown columns).
        public var warnings: [String] = []
        /// The rows that came without a barcode or card, and the number each was given.
        public var numbered: [Numbered] = []
        /// Classes the file named that the library did not have: made, with no grade yet.
        public var createdClasses: [String] = []
        /// The titles found by ISBN for rows that had none.
        public var lookedUp: [LookedUp] = []
    }

    /// A row imported without a barcode, and the one it was given.
    public struct Numbered: Sendable, Equatable {
        public var line: Int
        public var barcode: String
        /// The Book's title or the User's name.
        public var name: String
    }

    /// Why nothing was imported: every problem found, each with its line number.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public var problems: [String]
        public var description: String {
            (["Nothing was imported. Fix these lines and import the file again:"] + problems.map { "  " + $0 })
                .joined(separator: "\n")
        }
    }

    enum Row: Equatable {
        case book(Book, line: Int, hasStatus: Bool)
        case user(User, line: Int, hasLimit: Bool, hasActive: Bool)
    }

    public let kind: Kind
    /// How rows without a barcode or card are numbered.
    public let numbering: BarcodeNumbering

    public init(kind: Kind, numbering: BarcodeNumbering? = nil) {
        self.kind = kind
        self.numbering = numbering ?? (kind == .books ? .books : .cards)
    }

    /// Imports `text` (the CSV file's contents) into `repository`, all or nothing; `desk` (the
    /// person importing) records it in the audit log, in the same transaction. A books row
    /// with an ISBN and no title is looked up with `lookup` first, outside any transaction.
    public func run(_ text: String, into repository: any LendingRepository, recordedBy desk: LibraryDesk,
                    lookup: TitleLookup? = nil) throws -> Report {
        var file = try read(text)
        let lookedUp = fillTitles(&file.rows, &file.plan, lookup: lookup)
        // The transaction's body may run more than once (PostgreSQL runs it again after a
        // conflict with another kiosk), so it changes nothing outside itself: the numbers it
        // gave and the rows it counted come back as its result, from its last run only.
        let written = try repository.transaction { tx in
            let written = try write(file.rows, file.plan, in: tx)
            try desk.imported(kind.imported, added: written.added, updated: written.updated, newClasses: written.createdClasses, in: tx)
            return written
        }
        var report = Report()
        report.warnings = file.warnings
        report.added = written.added
        report.updated = written.updated
        report.numbered = written.numbered
        report.createdClasses = written.createdClasses
        report.lookedUp = lookedUp
        return report
    }

    /// The file read and checked on its own: its rows, what the transaction needs to know, and
    /// the warnings about unknown columns. Throws a `Failure` for a file that cannot be read at
    /// all (not CSV, empty, a required column missing); a bad row is a problem in the plan.
    func read(_ text: String) throws(Failure) -> (rows: [Row], plan: Plan, warnings: [String]) {
        var records: [CSV.Record]
        do {
            records = try CSV.records(text)
        } catch {
            throw Failure(problems: [error.description])
        }
        guard var header = records.first else {
            throw Failure(problems: ["the file is empty; it needs a header row naming the columns: \(kind.columns.joined(separator: ","))"])
        }
        // A column of ISBNs and nothing else, as a scanner types them into a spreadsheet: no
        // header, each line a Book to look up.
        if kind == .books, header.fields.count == 1, (try? ISBN(header.fields[0])) != nil {
            header = CSV.Record(line: 0, fields: ["isbn"])
            records.insert(header, at: 0)
        }
        var warnings: [String] = []
        var columns: [String: Int] = [:]
        for (index, name) in header.fields.enumerated() {
            let key = name.trimmingCharacters(in: .whitespaces).lowercased()
            if kind.columns.contains(key), columns[key] == nil {
                columns[key] = index
            } else {
                warnings.append("line \(header.line): column \"\(name)\" is not one BookKiosk knows, so it was ignored (known: \(kind.columns.joined(separator: ", ")))")
            }
        }
        if let missing = kind.missingColumns(columns) {
            throw Failure(problems: ["line \(header.line): \(missing)"])
        }
        var problems: [String] = []
        var rows: [Row] = []
        var seen: [String: Int] = [:]
        for record in records.dropFirst() {
            func cell(_ name: String) -> String? {
                guard let index = columns[name] else { return nil }
                return index < record.fields.count ? CSV.unguarded(record.fields[index].trimmingCharacters(in: .whitespacesAndNewlines)) : ""
            }
            if record.fields.count > header.fields.count {
                problems.append("line \(record.line): \(record.fields.count) fields but the header has \(header.fields.count); is a comma missing its quotes?")
                continue
            }
            switch parse(record.line, cell) {
            case .failure(let problem):
                problems.append(problem.message)
            case .success(let row):
                let key = row.key
                if key.isEmpty {
                    rows.append(row)  // numbered below
                } else if let first = seen[key] {
                    problems.append("line \(record.line): \(key) is already on line \(first); each \(kind == .books ? "barcode" : "card") may appear once")
                } else {
                    seen[key] = record.line
                    rows.append(row)
                }
            }
        }
        let namedClasses = rows.compactMap { row -> String? in
            if case .user(let user, _, _, _) = row { user.className } else { nil }
        }.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        let plan = Plan(fileKeys: Set(seen.keys), namedClasses: namedClasses, problems: problems,
                        hasClass: columns["class"] != nil, hasReading: columns["reading"] != nil)
        return (rows, plan, warnings)
    }

    /// The line number a problem starts with ("line 12: …"), for sorting.
    func lineNumber(_ problem: String) -> Int {
        Int(problem.dropFirst("line ".count).prefix { $0.isNumber }) ?? 0
    }

    struct Problem: Error {
        var message: String
    }

    private func parse(_ line: Int, _ cell: (String) -> String?) -> Result<Row, Problem> {
        func fail(_ text: String) -> Result<Row, Problem> { .failure(Problem(message: "line \(line): \(text)")) }
        switch kind {
        case .books:
            let barcode = Barcode.normalize(cell("barcode") ?? "")
            let title = cell("title") ?? ""
            var isbn: String?
            if let text = cell("isbn"), !text.isEmpty {
                do {
                    isbn = try ISBN(text).digits
                } catch {
                    return fail(error.description)
                }
            }
            // A row with an ISBN and no title is looked up before anything is written (`fillTitles`).
            guard !title.isEmpty || isbn != nil else { return fail(barcode.isEmpty ? "the book has no title" : "book \(barcode) has no title") }
            var status = BookStatus.available
            let statusText = cell("status") ?? ""
            if !statusText.isEmpty {
                guard let parsed = BookStatus(rawValue: statusText.lowercased()) else {
                    return fail("status \"\(statusText)\" is not one of available, withdrawn, lost")
                }
                status = parsed
            }
            let author = cell("author").flatMap { $0.isEmpty ? nil : $0 }
            let reading: String?
            do {
                reading = try Reading.normalize(cell("reading") ?? "")
            } catch {
                return fail("\(error.description) (the reading is in hiragana or katakana, like ぐりとぐら)")
            }
            return .success(.book(Book(barcode: barcode, title: title, author: author, isbn: isbn, status: status, reading: reading),
                                  line: line, hasStatus: !statusText.isEmpty))
        case .users:
            let card = Barcode.normalize(cell("card") ?? "")
            let name = cell("name") ?? ""
            guard !name.isEmpty else { return fail(card.isEmpty ? "the user has no name" : "user \(card) has no name") }
            var limit: Int?
            let limitText = cell("limit") ?? ""
            if !limitText.isEmpty {
                guard let value = Int(limitText), value >= 0 else {
                    return fail("limit \"\(limitText)\" is not a whole number of 0 or more")
                }
                limit = value
            }
            var active = true
            let activeText = cell("active") ?? ""
            if !activeText.isEmpty {
                switch activeText.lowercased() {
                case "yes", "y", "true", "1": active = true
                case "no", "n", "false", "0": active = false
                default: return fail("active \"\(activeText)\" should be yes or no")
                }
            }
            let reading: String?
            do {
                reading = try Reading.normalize(cell("reading") ?? "")
            } catch {
                return fail("\(error.description) (the reading is in hiragana or katakana, like さとう はると)")
            }
            let className = cell("class").flatMap { $0.isEmpty ? nil : $0 }
            return .success(.user(User(card: card, name: name, loanLimit: limit, isActive: active, reading: reading, className: className),
                                  line: line, hasLimit: !limitText.isEmpty, hasActive: !activeText.isEmpty))
        }
    }
}

extension CatalogImport.Row {
    var line: Int {
        switch self {
        case .book(_, let line, _): line
        case .user(_, let line, _, _): line
        }
    }

    /// The barcode or card; empty for a row that is to be given a number.
    var key: String {
        get {
            switch self {
            case .book(let book, _, _): book.barcode
            case .user(let user, _, _, _): user.card
            }
        }
        set {
            switch self {
            case .book(var book, let line, let hasStatus):
                book.barcode = newValue
                self = .book(book, line: line, hasStatus: hasStatus)
            case .user(var user, let line, let hasLimit, let hasActive):
                user.card = newValue
                self = .user(user, line: line, hasLimit: hasLimit, hasActive: hasActive)
            }
        }
    }

    /// The Book's title or the User's name.
    var name: String {
        switch self {
        case .book(let book, _, _): book.title
        case .user(let user, _, _, _): user.name
        }
    }
}
