import Foundation
import Lending

/// The import shown before it is done (the teachers' page's 取り込み): every change and every
/// problem, with nothing written; then the same file applied only if the library would still
/// change exactly as shown.
extension CatalogImport {
    /// What importing a file would do now.
    public struct Preview: Sendable, Equatable {
        /// One row to be added or updated.
        public struct Change: Sendable, Equatable {
            public var line: Int
            /// The barcode or card (a given number for a row without one).
            public var key: String
            /// The Book's title or the User's name.
            public var name: String
            /// The User's class (nil for Books and Users without one).
            public var className: String?
            /// For an update, each value it changes: what was there and what it becomes.
            public var differences: [Difference] = []
        }

        public var added: [Change] = []
        public var updated: [Change] = []
        public var numbered: [Numbered] = []
        /// The rows without a card that update the User of their name (they are among `updated`).
        public var matched: [Matched] = []
        public var createdClasses: [String] = []
        /// Every problem, by line; any one stops the import.
        public var problems: [ImportProblem] = []
        public var warnings: [ImportWarning] = []
        /// The encoding the file was read in (not part of what must stay the same between the
        /// preview and the import).
        public var encoding: CSVText.Encoding = .utf8
        /// The titles found by ISBN for rows that had none (not part of what must stay the same
        /// between the preview and the import: there they come from the cache).
        public var lookedUp: [LookedUp] = []

        public var canApply: Bool { problems.isEmpty }

        public static func == (lhs: Preview, rhs: Preview) -> Bool {
            lhs.added == rhs.added && lhs.updated == rhs.updated && lhs.numbered == rhs.numbered && lhs.matched == rhs.matched
                && lhs.createdClasses == rhs.createdClasses && lhs.problems == rhs.problems && lhs.warnings == rhs.warnings
        }

        public init(added: [Change] = [], updated: [Change] = [], numbered: [Numbered] = [], createdClasses: [String] = [],
                    problems: [ImportProblem] = [], warnings: [ImportWarning] = []) {
            self.added = added
            self.updated = updated
            self.numbered = numbered
            self.createdClasses = createdClasses
            self.problems = problems
            self.warnings = warnings
        }
    }

    /// What the import would do.
    public enum Outcome: Sendable, Equatable {
        /// Done, as previewed.
        case imported(Report)
        /// Nothing written: the library changed since the preview, and this is the new one.
        case changed(Preview)
    }

    /// Reads `text` against the library and writes nothing.
    public func preview(_ text: String, in repository: any LendingRepository, lookup: TitleLookup? = nil) throws -> Preview {
        try preview(CSVText(text: text, encoding: .utf8), in: repository, lookup: lookup)
    }

    /// Reads `file` against the library and writes nothing; the preview names its encoding.
    public func preview(_ file: CSVText, in repository: any LendingRepository, lookup: TitleLookup? = nil) throws -> Preview {
        var shown = try preview(reading: file.text, in: repository, lookup: lookup)
        shown.encoding = file.encoding
        return shown
    }

    private func preview(reading text: String, in repository: any LendingRepository, lookup: TitleLookup?) throws -> Preview {
        var file: (rows: [Row], plan: Plan, warnings: [ImportWarning])
        do {
            file = try read(text)
        } catch {
            return Preview(problems: error.problems)
        }
        let lookedUp = fillTitles(&file.rows, &file.plan, lookup: lookup)
        let planned = try repository.transaction { tx -> Changes in try self.changes(file.rows, file.plan, in: tx) }
        var preview = Self.preview(planned, warnings: file.warnings)
        preview.lookedUp = lookedUp
        return preview
    }

    /// Imports `text` if the library would change exactly as `shown` says, in one transaction;
    /// otherwise writes nothing and returns the new preview. Throws a `Failure` when the file
    /// has problems. `desk` (the Staff member importing) records it, in the same transaction.
    public func apply(_ text: String, asShown shown: Preview, into repository: any LendingRepository,
                      recordedBy desk: LibraryDesk, lookup: TitleLookup? = nil) throws -> Outcome {
        var file = try read(text)
        let lookedUp = fillTitles(&file.rows, &file.plan, lookup: lookup)
        let outcome = try repository.transaction { tx -> Outcome in
            let planned = try self.changes(file.rows, file.plan, in: tx)
            var now = Self.preview(planned, warnings: file.warnings)
            now.encoding = shown.encoding
            guard now == shown else {
                now.lookedUp = lookedUp
                return .changed(now)
            }
            guard planned.problems.isEmpty else { throw Failure(problems: planned.problems) }
            let written = try self.apply(planned, in: tx)
            try desk.imported(kind.imported, added: written.added, updated: written.updated, newClasses: written.createdClasses, in: tx)
            return .imported(Report(added: written.added, updated: written.updated, warnings: file.warnings + written.warnings,
                                    numbered: written.numbered, matched: written.matched, createdClasses: written.createdClasses,
                                    lookedUp: lookedUp))
        }
        return outcome
    }

    static func preview(_ changes: Changes, warnings: [ImportWarning]) -> Preview {
        var preview = Preview(numbered: changes.numbered, createdClasses: changes.createdClasses, problems: changes.problems,
                              warnings: warnings + changes.warnings)
        preview.matched = changes.matched
        for (row, isNew, differences) in changes.records {
            let change: Preview.Change = switch row {
            case .book(let book, let line, _):
                Preview.Change(line: line, key: book.barcode, name: book.title, className: nil, differences: differences)
            case .user(let user, let line, _, _):
                Preview.Change(line: line, key: user.card, name: user.name, className: user.className, differences: differences)
            }
            if isNew { preview.added.append(change) } else { preview.updated.append(change) }
        }
        return preview
    }
}
