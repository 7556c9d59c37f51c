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

        public var columns: [CatalogColumn] {
            switch self {
            case .books: [.barcode, .title, .author, .isbn, .status, .reading]
            case .users: [.card, .name, .reading, .class, .limit, .active]
            }
        }

        /// The columns a file must have, if any is missing: a users file its names (a users
        /// file without a card column is fine: every row is given a number, as a row with an
        /// empty card is); a books file a title, or an ISBN to look the title up by (a barcode
        /// column is optional: rows without a barcode are numbered).
        func missingColumns(_ columns: [CatalogColumn: Int]) -> ImportProblem.Reason? {
            switch self {
            case .books:
                columns[.title] == nil && columns[.isbn] == nil ? .missingTitleOrISBNColumn : nil
            case .users:
                columns[.name] == nil ? .missingColumns([.name], kind: self) : nil
            }
        }
    }

    /// What an import did.
    public struct Report: Sendable, Equatable {
        public var added = 0
        public var updated = 0
        /// Things worth knowing that did not stop the import (unknown columns).
        public var warnings: [ImportWarning] = []
        /// The rows that came without a barcode or card, and the number each was given.
        public var numbered: [Numbered] = []
        /// The rows that came without a card and updated the User of their name and class.
        public var matched: [Matched] = []
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

    /// A row without a card that names a User the library has, and that User's card: the row
    /// updates it rather than adding the child again.
    public struct Matched: Sendable, Equatable {
        public var line: Int
        public var card: String
        /// The User's name, as the row writes it.
        public var name: String
    }

    /// Why nothing was imported: every problem found, each with its line number.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public var problems: [ImportProblem]
        public var description: String { rendered(EnglishCatalogWords()) }

        /// Every problem in `words`' language, under a line saying nothing was imported.
        public func rendered(_ words: any CatalogWords) -> String {
            ([words.nothingImported] + problems.map { "  " + words.problem($0) }).joined(separator: "\n")
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
        report.warnings = file.warnings + written.warnings
        report.added = written.added
        report.updated = written.updated
        report.numbered = written.numbered
        report.matched = written.matched
        report.createdClasses = written.createdClasses
        report.lookedUp = lookedUp
        return report
    }

    /// The column a header names, in any language's words (trimmed, A–Z in either case).
    func column(named header: String) -> CatalogColumn? {
        let name = header.trimmingCharacters(in: .whitespaces)
        return kind.columns.first { column in
            everyCatalogWords.contains { $0.header(column).lowercased() == name.lowercased() }
        }
    }

    /// The file read and checked on its own: its rows, what the transaction needs to know, and
    /// the warnings about unknown columns. Throws a `Failure` for a file that cannot be read at
    /// all (not CSV, empty, a required column missing); a bad row is a problem in the plan.
    func read(_ text: String) throws(Failure) -> (rows: [Row], plan: Plan, warnings: [ImportWarning]) {
        var records: [CSV.Record]
        do {
            records = try CSV.records(text)
        } catch {
            throw Failure(problems: [ImportProblem(line: error.line, .syntax(error.reason))])
        }
        guard var header = records.first else {
            throw Failure(problems: [ImportProblem(line: nil, .emptyFile(kind))])
        }
        // A column of ISBNs and nothing else, as a scanner types them into a spreadsheet: no
        // header, each line a Book to look up.
        if kind == .books, header.fields.count == 1, (try? ISBN(header.fields[0])) != nil {
            header = CSV.Record(line: 0, fields: [EnglishCatalogWords().header(.isbn)])
            records.insert(header, at: 0)
        }
        var warnings: [ImportWarning] = []
        var columns: [CatalogColumn: Int] = [:]
        for (index, name) in header.fields.enumerated() {
            if let column = column(named: name), columns[column] == nil {
                columns[column] = index
            } else {
                warnings.append(ImportWarning(line: header.line, .unknownColumn(name, kind: kind)))
            }
        }
        if let missing = kind.missingColumns(columns) {
            throw Failure(problems: [ImportProblem(line: header.line, missing)])
        }
        var problems: [ImportProblem] = []
        var rows: [Row] = []
        var seen: [String: Int] = [:]
        for record in records.dropFirst() {
            func cell(_ column: CatalogColumn) -> String? {
                guard let index = columns[column] else { return nil }
                return index < record.fields.count ? CSV.unguarded(record.fields[index].trimmingCharacters(in: .whitespacesAndNewlines)) : ""
            }
            if record.fields.count > header.fields.count {
                problems.append(ImportProblem(line: record.line, .tooManyFields(count: record.fields.count, header: header.fields.count)))
                continue
            }
            switch parse(record.line, cell) {
            case .failure(let problem):
                problems.append(problem)
            case .success(let row):
                let key = row.key
                if key.isEmpty {
                    rows.append(row)  // numbered below
                } else if let first = seen[key] {
                    problems.append(ImportProblem(line: record.line, .repeated(key: key, firstLine: first, kind: kind)))
                } else {
                    seen[key] = record.line
                    rows.append(row)
                }
            }
        }
        var namedClasses: [(name: String, line: Int)] = []
        for row in rows {
            if case .user(let user, let line, _, _) = row, let name = user.className, !namedClasses.contains(where: { $0.name == name }) {
                namedClasses.append((name, line))
            }
        }
        let plan = Plan(fileKeys: Set(seen.keys), namedClasses: namedClasses, problems: problems,
                        hasClass: columns[.class] != nil, hasReading: columns[.reading] != nil)
        return (rows, plan, warnings)
    }

    private func parse(_ line: Int, _ cell: (CatalogColumn) -> String?) -> Result<Row, ImportProblem> {
        func fail(_ reason: ImportProblem.Reason) -> Result<Row, ImportProblem> { .failure(ImportProblem(line: line, reason)) }
        switch kind {
        case .books:
            let barcode = Barcode.normalize(cell(.barcode) ?? "")
            let title = cell(.title) ?? ""
            var isbn: String?
            if let text = cell(.isbn), !text.isEmpty {
                do {
                    isbn = try ISBN(text).digits
                } catch {
                    return fail(.invalidISBN(error))
                }
            }
            // A row with an ISBN and no title is looked up before anything is written (`fillTitles`).
            guard !title.isEmpty || isbn != nil else { return fail(.missingName(key: barcode, kind: kind)) }
            var status = BookStatus.available
            let statusText = cell(.status) ?? ""
            if !statusText.isEmpty {
                let parsed = BookStatus.allCases.first { status in
                    everyCatalogWords.contains { $0.status(status).lowercased() == statusText.lowercased() }
                }
                guard let parsed else { return fail(.invalidStatus(statusText)) }
                status = parsed
            }
            let author = cell(.author).flatMap { $0.isEmpty ? nil : $0 }
            let reading: String?
            do {
                reading = try Reading.normalize(cell(.reading) ?? "")
            } catch {
                return fail(.invalidReading(error.character, kind: kind))
            }
            return .success(.book(Book(barcode: barcode, title: title, author: author, isbn: isbn, status: status, reading: reading),
                                  line: line, hasStatus: !statusText.isEmpty))
        case .users:
            let card = Barcode.normalize(cell(.card) ?? "")
            let name = cell(.name) ?? ""
            guard !name.isEmpty else { return fail(.missingName(key: card, kind: kind)) }
            var limit: Int?
            let limitText = cell(.limit) ?? ""
            if !limitText.isEmpty {
                guard let value = Int(limitText), value >= 0 else { return fail(.invalidLimit(limitText)) }
                limit = value
            }
            var active = true
            let activeText = cell(.active) ?? ""
            if !activeText.isEmpty {
                switch activeText.lowercased() {
                case "yes", "y", "true", "1", "はい": active = true
                case "no", "n", "false", "0", "いいえ": active = false
                default: return fail(.invalidActive(activeText))
                }
            }
            let reading: String?
            do {
                reading = try Reading.normalize(cell(.reading) ?? "")
            } catch {
                return fail(.invalidReading(error.character, kind: kind))
            }
            let className = cell(.class).flatMap { $0.isEmpty ? nil : $0 }
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
