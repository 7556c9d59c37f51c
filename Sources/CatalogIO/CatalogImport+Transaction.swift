import Foundation
import Lending

/// The import's one transaction, kept pure: PostgreSQL may run it more than once.
extension CatalogImport {
    /// What the import's transaction needs to know from reading the file.
    struct Plan {
        /// Every barcode or card the file names.
        var fileKeys: Set<String>
        /// The classes the file names, in the order first named.
        var namedClasses: [String]
        /// What was wrong with the file's rows.
        var problems: [String]
        /// Whether the file has a class or reading column (else a row keeps the stored one).
        var hasClass: Bool
        var hasReading: Bool
    }

    /// What one run of the import's transaction wrote.
    struct Written {
        var added = 0
        var updated = 0
        var numbered: [Numbered] = []
        var createdClasses: [String] = []
    }

    /// What the import would do to the library `tx` reads, without writing anything: the
    /// classes to make, the numbers to give, every row as it would be saved (with whether it is
    /// new), and every problem (the file's and each conflict with the library), by line.
    struct Changes: Equatable {
        var createdClasses: [String] = []
        var numbered: [Numbered] = []
        /// Each row as it would be saved, and whether the library lacks it (added) or has it (updated).
        var records: [(row: Row, isNew: Bool)] = []
        var problems: [String] = []

        static func == (lhs: Changes, rhs: Changes) -> Bool {
            lhs.createdClasses == rhs.createdClasses && lhs.numbered == rhs.numbered && lhs.problems == rhs.problems
                && lhs.records.map(\.isNew) == rhs.records.map(\.isNew) && lhs.records.map(\.row) == rhs.records.map(\.row)
        }
    }

    /// The import's plan against the library: reads only, so a preview and the import itself
    /// see the same. Pure apart from reading `tx`.
    func changes(_ rows: [Row], _ plan: Plan, in tx: any LendingTransaction) throws -> Changes {
        var rows = rows
        var changes = Changes()
        changes.problems = plan.problems
        // Classes the file names that the library lacks are made, with no grade yet.
        let known = Set(try tx.classes().map(\.name))
        changes.createdClasses = plan.namedClasses.filter { !known.contains($0) }
        // Rows without a barcode get the next free numbers, clear of the library's barcodes
        // and of every barcode in the file.
        let unnumbered = rows.indices.filter { rows[$0].key.isEmpty }
        if !unnumbered.isEmpty {
            let taken = Set(try tx.allBooks().map(\.barcode)).union(try tx.allUsers().map(\.card)).union(plan.fileKeys)
            do throws(BarcodeNumbering.Exhausted) {
                let numbers = try numbering.next(unnumbered.count, avoiding: taken)
                for (index, number) in zip(unnumbered, numbers) {
                    rows[index].key = number
                    changes.numbered.append(Numbered(line: rows[index].line, barcode: number, name: rows[index].name))
                }
            } catch {
                changes.problems.append("\(unnumbered.count) rows have no \(kind == .books ? "barcode" : "card") to number, but \(error.description)")
            }
        }
        // Check every row against the library before writing any, so one run reports all.
        let numberedLines = Set(changes.numbered.map(\.line))
        for row in rows where !numberedLines.contains(row.line) {
            let conflict: Catalog.Conflict? = switch row {
            case .book(let book, _, _): try Catalog.conflict(saving: book, in: tx)
            case .user(let user, _, _, _): try Catalog.conflict(saving: user, in: tx)
            }
            if let conflict { changes.problems.append("line \(row.line): \(conflict)") }
        }
        changes.problems.sort { lineNumber($0) < lineNumber($1) }
        for row in rows where !row.key.isEmpty {
            switch row {
            case .book(var book, let line, let hasStatus):
                let existing = try tx.book(barcode: book.barcode)
                if let existing, !hasStatus { book.status = existing.status }
                if let existing, !plan.hasReading { book.reading = existing.reading }
                changes.records.append((.book(book, line: line, hasStatus: hasStatus), existing == nil))
            case .user(var user, let line, let hasLimit, let hasActive):
                let existing = try tx.user(card: user.card)
                if let existing {
                    if !hasLimit { user.loanLimit = existing.loanLimit }
                    if !hasActive { user.isActive = existing.isActive }
                    if !plan.hasClass { user.className = existing.className }
                    if !plan.hasReading { user.reading = existing.reading }
                }
                changes.records.append((.user(user, line: line, hasLimit: hasLimit, hasActive: hasActive), existing == nil))
            }
        }
        return changes
    }

    /// Writes `changes` (which have no problems) in `tx`. Pure apart from `tx`.
    func apply(_ changes: Changes, in tx: any LendingTransaction) throws -> Written {
        var written = Written()
        written.createdClasses = changes.createdClasses
        written.numbered = changes.numbered
        for name in changes.createdClasses { try tx.save(SchoolClass(name: name)) }
        // Each row is locked (read, then saved) in barcode or card order, the order in which
        // every path locks several rows of one table (see `PostgresLendingRepository`).
        for (row, isNew) in changes.records.sorted(by: { $0.row.key.utf8.lexicographicallyPrecedes($1.row.key.utf8) }) {
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
}
