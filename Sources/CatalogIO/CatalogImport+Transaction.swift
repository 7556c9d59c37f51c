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

    /// The import's transaction: numbers the rows that have none, checks every row against the
    /// library (throwing a `Failure` with `problems` and every conflict found), and writes them.
    /// Pure apart from `tx`.
    func write(_ rows: [Row], _ plan: Plan, in tx: any LendingTransaction) throws -> Written {
        var rows = rows
        var problems = plan.problems
        var written = Written()
        // Classes the file names that the library lacks are made, with no grade yet.
        let known = Set(try tx.classes().map(\.name))
        written.createdClasses = plan.namedClasses.filter { !known.contains($0) }
        for name in written.createdClasses { try tx.save(SchoolClass(name: name)) }
        // Rows without a barcode get the next free numbers, clear of the library's barcodes
        // and of every barcode in the file.
        let unnumbered = rows.indices.filter { rows[$0].key.isEmpty }
        if !unnumbered.isEmpty {
            let taken = Set(try tx.allBooks().map(\.barcode)).union(try tx.allUsers().map(\.card)).union(plan.fileKeys)
            let numbers: [String]
            do throws(BarcodeNumbering.Exhausted) {
                numbers = try numbering.next(unnumbered.count, avoiding: taken)
            } catch {
                throw Failure(problems: ["\(unnumbered.count) rows have no \(kind == .books ? "barcode" : "card") to number, but \(error.description)"])
            }
            for (index, number) in zip(unnumbered, numbers) {
                rows[index].key = number
                written.numbered.append(Numbered(line: rows[index].line, barcode: number, name: rows[index].name))
            }
        }
        // Check every row against the library before writing any, so one run reports all.
        let numberedLines = Set(written.numbered.map(\.line))
        for row in rows where !numberedLines.contains(row.line) {
            let conflict: Catalog.Conflict? = switch row {
            case .book(let book, _, _): try Catalog.conflict(saving: book, in: tx)
            case .user(let user, _, _, _): try Catalog.conflict(saving: user, in: tx)
            }
            if let conflict { problems.append("line \(row.line): \(conflict)") }
        }
        guard problems.isEmpty else {
            throw Failure(problems: problems.sorted { lineNumber($0) < lineNumber($1) })
        }
        // Each row is locked (read, then saved) in barcode or card order, the order in which
        // every path locks several rows of one table (see `PostgresLendingRepository`).
        for row in rows.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
            switch row {
            case .book(var book, _, let hasStatus):
                let existing = try tx.book(barcode: book.barcode)
                if let existing, !hasStatus { book.status = existing.status }
                if let existing, !plan.hasReading { book.reading = existing.reading }
                try tx.save(book)
                if existing == nil { written.added += 1 } else { written.updated += 1 }
            case .user(var user, _, let hasLimit, let hasActive):
                let existing = try tx.user(card: user.card)
                if let existing {
                    if !hasLimit { user.loanLimit = existing.loanLimit }
                    if !hasActive { user.isActive = existing.isActive }
                    if !plan.hasClass { user.className = existing.className }
                    if !plan.hasReading { user.reading = existing.reading }
                }
                try tx.save(user)
                if existing == nil { written.added += 1 } else { written.updated += 1 }
            }
        }
        return written
    }
}
