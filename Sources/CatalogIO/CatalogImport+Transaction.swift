import Foundation
import Lending

/// The import's one transaction, kept pure: PostgreSQL may run it more than once.
extension CatalogImport {
    /// What the import's transaction needs to know from reading the file.
    struct Plan {
        /// Every barcode or card the file names.
        var fileKeys: Set<String>
        /// The classes the file names, in the order first named, each with the line it is first on.
        var namedClasses: [(name: String, line: Int)]
        /// What was wrong with the file's rows.
        var problems: [ImportProblem]
        /// Whether the file has a class or reading column (else a row keeps the stored one).
        var hasClass: Bool
        var hasReading: Bool
    }

    /// What one run of the import's transaction wrote.
    struct Written {
        var added = 0
        var updated = 0
        var numbered: [Numbered] = []
        var matched: [Matched] = []
        var createdClasses: [String] = []
        var warnings: [ImportWarning] = []
    }

    /// What the import would do to the library `tx` reads, without writing anything: the
    /// classes to make, the numbers to give, every row as it would be saved (with whether it is
    /// new), and every problem (the file's and each conflict with the library), by line.
    struct Changes: Equatable {
        var createdClasses: [String] = []
        var numbered: [Numbered] = []
        /// The rows without a card that update a User the library has (see `CardlessMatching`).
        var matched: [Matched] = []
        /// What the rows without a barcode or card bring to mind: a name several Users have, a
        /// title the library has.
        var warnings: [ImportWarning] = []
        /// Each row as it would be saved, whether the library lacks it (added) or has it
        /// (updated), and for an update what it changes.
        var records: [(row: Row, isNew: Bool, differences: [Difference])] = []
        var problems: [ImportProblem] = []

        static func == (lhs: Changes, rhs: Changes) -> Bool {
            lhs.createdClasses == rhs.createdClasses && lhs.numbered == rhs.numbered && lhs.problems == rhs.problems
                && lhs.matched == rhs.matched && lhs.warnings == rhs.warnings
                && lhs.records.map(\.isNew) == rhs.records.map(\.isNew) && lhs.records.map(\.row) == rhs.records.map(\.row)
                && lhs.records.map(\.differences) == rhs.records.map(\.differences)
        }
    }

    /// The import's plan against the library: reads only, so a preview and the import itself
    /// see the same. Pure apart from reading `tx`.
    func changes(_ rows: [Row], _ plan: Plan, in tx: any LendingTransaction) throws -> Changes {
        var rows = rows
        var changes = Changes()
        changes.problems = plan.problems
        // Classes the file names that the library lacks are made, with no grade yet, unless
        // the name is close to one the library has (or one named earlier in the file): then
        // it is most likely a typo, and the import stops and names the class it probably meant.
        var known = try tx.classes().map(\.name)
        for (name, line) in plan.namedClasses where !known.contains(name) {
            if let meant = known.first(where: { Self.classKey($0) == Self.classKey(name) }) {
                changes.problems.append(ImportProblem(line: line, .probableTypo(written: name, meant: meant)))
            } else {
                changes.createdClasses.append(name)
            }
            known.append(name)
        }
        // Rows without a card are first matched to the Users the library has, so a file imported
        // twice updates its children rather than adding them again; rows without a barcode are
        // only warned about (copies of one title are many Books).
        switch kind {
        case .users: try matchCardless(&rows, &changes, plan, in: tx)
        case .books: try warnAboutUnnumberedTitles(rows, &changes, in: tx)
        }
        // Rows without a barcode get the next free numbers, clear of the library's barcodes
        // and of every barcode in the file.
        let unnumbered = rows.indices.filter { rows[$0].key.isEmpty }
        if !unnumbered.isEmpty {
            let taken = try LibraryDesk.barcodesInUse(in: tx).union(plan.fileKeys)
            do throws(BarcodeNumbering.Exhausted) {
                let numbers = try numbering.next(unnumbered.count, avoiding: taken)
                for (index, number) in zip(unnumbered, numbers) {
                    rows[index].key = number
                    changes.numbered.append(Numbered(line: rows[index].line, barcode: number, name: rows[index].name))
                }
            } catch {
                changes.problems.append(ImportProblem(line: nil, .cannotNumber(rows: unnumbered.count, error, kind: kind)))
            }
        }
        // Check every row against the library before writing any, so one run reports all.
        let numberedLines = Set(changes.numbered.map(\.line))
        for row in rows where !numberedLines.contains(row.line) {
            let conflict: Catalog.Conflict? = switch row {
            case .book(let book, _, _): try Catalog.conflict(saving: book, in: tx)
            case .user(let user, _, _, _): try Catalog.conflict(saving: user, in: tx)
            }
            if let conflict { changes.problems.append(ImportProblem(line: row.line, .conflict(conflict))) }
        }
        changes.problems.sort { ($0.line ?? 0) < ($1.line ?? 0) }
        for row in rows where !row.key.isEmpty {
            switch row {
            case .book(var book, let line, let hasStatus):
                let existing = try tx.book(barcode: book.barcode)
                if let existing, !hasStatus { book.status = existing.status }
                if let existing, !plan.hasReading { book.reading = existing.reading }
                changes.records.append((.book(book, line: line, hasStatus: hasStatus), existing == nil,
                                        existing.map { Difference.between($0, book) } ?? []))
            case .user(var user, let line, let hasLimit, let hasActive):
                let existing = try tx.user(card: user.card)
                if let existing {
                    if !hasLimit { user.loanLimit = existing.loanLimit }
                    if !hasActive { user.isActive = existing.isActive }
                    if !plan.hasClass { user.className = existing.className }
                    if !plan.hasReading { user.reading = existing.reading }
                }
                changes.records.append((.user(user, line: line, hasLimit: hasLimit, hasActive: hasActive), existing == nil,
                                        existing.map { Difference.between($0, user) } ?? []))
            }
        }
        return changes
    }

    /// Gives each users row without a card the card of the stored User it names, if exactly one,
    /// and leaves out the rows that cannot be told apart (`CardlessMatching`).
    private func matchCardless(_ rows: inout [Row], _ changes: inout Changes, _ plan: Plan, in tx: any LendingTransaction) throws {
        let users: [CardlessMatching.Row] = rows.compactMap { row in
            if case .user(let user, let line, _, _) = row { CardlessMatching.Row(line: line, user: user) } else { nil }
        }
        guard users.contains(where: { $0.user.card.isEmpty }) else { return }
        let matching = CardlessMatching(rows: users, stored: try tx.allUsers(), comparingClass: plan.hasClass)
        var leftOut = Set<Int>()
        for (line, decision) in matching.decisions() {
            if let warning = decision.warning { changes.warnings.append(warning) }
            guard let index = rows.firstIndex(where: { $0.line == line }) else { continue }
            switch decision.outcome {
            case .add: break
            case .update(let card):
                rows[index].key = card
                changes.matched.append(Matched(line: line, card: card, name: rows[index].name))
            case .leftOut: leftOut.insert(line)
            }
        }
        rows.removeAll { leftOut.contains($0.line) }
    }

    /// Warns about each books row without a barcode whose ISBN, or title, the library's Books
    /// have: it is added as one more copy, as the file says, but a file imported twice doubles.
    private func warnAboutUnnumberedTitles(_ rows: [Row], _ changes: inout Changes, in tx: any LendingTransaction) throws {
        let unnumbered: [(book: Book, line: Int)] = rows.compactMap { row in
            if case .book(let book, let line, _) = row, book.barcode.isEmpty { (book, line) } else { nil }
        }
        guard !unnumbered.isEmpty else { return }
        var byTitle: [String: [Book]] = [:], byISBN: [String: [Book]] = [:]
        for book in try tx.allBooks() {
            byTitle[CardlessMatching.folded(book.title), default: []].append(book)
            if let isbn = book.isbn { byISBN[isbn, default: []].append(book) }
        }
        for (book, line) in unnumbered {
            let title = CardlessMatching.folded(book.title)
            var same = book.isbn.flatMap { byISBN[$0] } ?? []
            if !title.isEmpty { same += (byTitle[title] ?? []).filter { stored in !same.contains { $0.barcode == stored.barcode } } }
            guard !same.isEmpty else { continue }
            let name = book.title.isEmpty ? same[0].title : book.title
            changes.warnings.append(ImportWarning(line: line, .sameTitleInLibrary(title: name, barcodes: same.map(\.barcode).sorted())))
        }
    }

    /// Writes `changes` (which have no problems) in `tx`. Pure apart from `tx`.
    func apply(_ changes: Changes, in tx: any LendingTransaction) throws -> Written {
        var written = Written()
        written.createdClasses = changes.createdClasses
        written.numbered = changes.numbered
        written.matched = changes.matched
        written.warnings = changes.warnings
        for name in changes.createdClasses { try tx.save(SchoolClass(name: name)) }
        // Each row is locked (read, then saved) in barcode or card order, the order in which
        // every path locks several rows of one table (see `PostgresLendingRepository`).
        for (row, isNew, _) in changes.records.sorted(by: { $0.row.key.utf8.lexicographicallyPrecedes($1.row.key.utf8) }) {
            switch row {
            case .book(let book, _, _):
                _ = try tx.book(barcode: book.barcode)
                try tx.save(book)
            case .user(let user, _, _, _):
                _ = try tx.user(card: user.card)
                try tx.save(user)
            }
            if isNew { written.added += 1 } else { written.updated += 1 }
        }
        return written
    }

    /// The import's transaction: the changes against the library, refused with every problem
    /// as a `Failure`, else written. Pure apart from `tx`.
    func write(_ rows: [Row], _ plan: Plan, in tx: any LendingTransaction) throws -> Written {
        let planned = try self.changes(rows, plan, in: tx)
        guard planned.problems.isEmpty else { throw Failure(problems: planned.problems) }
        return try apply(planned, in: tx)
    }

    /// What a class name is compared by when looking for typos: folded as a search folds it
    /// (kana, width, case), without spaces, and without a trailing 組, ぐみ or くみ, so
    /// ひよこぐみ, ﾋﾖｺ組 and 「ひよこ組 」 all compare equal to ひよこ組.
    public static func classKey(_ name: String) -> String {
        var key = ListingSearch.folded(name).filter { !$0.isWhitespace }
        for suffix in ["組", "ぐみ", "くみ"] where key.hasSuffix(suffix) && key.count > suffix.count {
            key.removeLast(suffix.count)
            break
        }
        return key
    }
}

/// One value an import changes on a row the library has: the column, what was there and what
/// it becomes, as the export writes them in English (`CatalogWords.cell` words them).
public struct Difference: Sendable, Equatable {
    public var column: CatalogColumn
    public var before: String
    public var after: String

    public init(column: CatalogColumn, before: String, after: String) {
        self.column = column
        self.before = before
        self.after = after
    }

    /// The values that differ, in the columns' order.
    private static func changed(_ pairs: [(CatalogColumn, String, String)]) -> [Difference] {
        pairs.filter { $0.1 != $0.2 }.map { Difference(column: $0.0, before: $0.1, after: $0.2) }
    }

    static func between(_ old: Book, _ new: Book) -> [Difference] {
        let title: (CatalogColumn, String, String) = (.title, old.title, new.title)
        let author: (CatalogColumn, String, String) = (.author, old.author ?? "", new.author ?? "")
        let isbn: (CatalogColumn, String, String) = (.isbn, old.isbn ?? "", new.isbn ?? "")
        let status: (CatalogColumn, String, String) = (.status, old.status.rawValue, new.status.rawValue)
        let reading: (CatalogColumn, String, String) = (.reading, old.reading ?? "", new.reading ?? "")
        return changed([title, author, isbn, status, reading])
    }

    static func between(_ old: User, _ new: User) -> [Difference] {
        let name: (CatalogColumn, String, String) = (.name, old.name, new.name)
        let reading: (CatalogColumn, String, String) = (.reading, old.reading ?? "", new.reading ?? "")
        let className: (CatalogColumn, String, String) = (.class, old.className ?? "", new.className ?? "")
        let limit: (CatalogColumn, String, String) = (.limit, old.loanLimit.map(String.init) ?? "", new.loanLimit.map(String.init) ?? "")
        let active: (CatalogColumn, String, String) = (.active, old.isActive ? "yes" : "no", new.isActive ? "yes" : "no")
        return changed([name, reading, className, limit, active])
    }
}
