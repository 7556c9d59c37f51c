import BookLookup
import CatalogIO
import Foundation
import HTTPServer
import Lending

/// 取り込み, backup and restore: files in and out of the library, each upload waiting for
/// its confirmation.
struct TransferSection: PageSection {
    let shared: PageShared
    /// Uploads waiting for their confirmation (a CSV to import, a backup to restore), by session.
    let uploads = Locked(PendingUploads())

    static let routes: [RouteGroup] = [
        .signedIn([
            .get("/import", .importForm) { page, _, context in try page.transfer.importForm(context) },
            .get("/settings/backup", .backup) { page, _, context in try page.transfer.backup(context) },
        ]),
        .signedInChanges([
            .post("/import", .previewImport, takesUpload: true) { page, _, context in try page.transfer.previewImport(context) },
            .post("/import/apply", .applyImport) { page, _, context in try page.transfer.applyImport(context) },
            .post("/settings/restore", .previewRestore, takesUpload: true) { page, _, context in try page.transfer.previewRestore(context) },
            .post("/settings/restore/confirm", .restore) { page, _, context in try page.transfer.restore(context) },
        ]),
    ]
}

/// 取り込み: a users or books CSV is uploaded, every change and every problem is shown with its
/// line before anything is written, and 「取り込む」 applies it all or nothing. The file waits
/// with the session, so what is applied is the file that was shown; if the library changed in
/// between, nothing is written and the new preview is shown.
extension TransferSection {
    /// `GET /import`.
    func importForm(_ context: PageContext, problem: String? = nil, status: Int = 200) throws -> HTTPResponse {
        let library = try store.read { try self.library($0) }
        return page(context, library, heading: words.importCSV, section: .settings, status: status, content: [
            problem.map { .el(.p, [.class("warning"), HTMLAttribute(.role, "alert")], .text($0)) } ?? .empty,
            .el(.p, .text(words.importExplained)),
            uploadForm(context),
        ])
    }

    private func uploadForm(_ context: PageContext) -> HTML {
        .el(.form, [HTMLAttribute(.method, "post"), HTMLAttribute(.action, PagePath.importCSV), HTMLAttribute(.enctype, "multipart/form-data")],
            Form.hidden(PageSecurity.csrfField, context.session.csrf),
            .el(.fieldset, .el(.legend, .text(words.importKind)),
                .el(.label, .el(.input, [.type("radio"), .name("kind"), .value("users"), .flag(.checked)]), .text(" " + words.importUsers)),
                .el(.label, .el(.input, [.type("radio"), .name("kind"), .value("books")]), .text(" " + words.importBooks))),
            .el(.div, [.class("field")],
                .el(.label, [.for("field-csv")], .text(words.csvFile)),
                .el(.input, [.type("file"), .name("csv"), .id("field-csv"), HTMLAttribute(.accept, ".csv,text/csv"), .flag(.required)])),
            Form.submit(words.importCheck, style: "primary"))
    }

    /// `POST /import` (multipart: `kind`, file `csv`): the preview; nothing is written.
    func previewImport(_ context: PageContext) throws -> HTTPResponse {
        let kind = CatalogImport.Kind(rawValue: context.request.value("kind") ?? "") ?? .users
        guard let file = context.request.files.first(where: { $0.field == "csv" }), !file.data.isEmpty else {
            return try importForm(context, problem: words.importNoFile, status: 400)
        }
        guard let csv = CSVText(decoding: file.data) else {
            return try importForm(context, problem: words.importNotUTF8, status: 400)
        }
        let text = csv.text
        let lookup = kind == .books ? try titlesLookedUp(csv) : nil
        let shown = try store.withConnection { try catalogImport(kind).preview(csv, in: $0, lookup: lookup) }
        uploads.withLock { $0.keepCatalog(.init(kind: kind, text: text, shown: shown), session: context.session.id) }
        return try previewPage(shown, context, kind: kind)
    }

    /// `POST /import/apply`: the file shown, imported all or nothing if the library would still
    /// change as shown; an audit entry names who did it.
    func applyImport(_ context: PageContext) throws -> HTTPResponse {
        guard let upload = uploads.withLock({ $0.takeCatalog(session: context.session.id) }) else {
            return redirect(PagePath.importCSV, notice: words.importNothingPending, refusal: true, context)
        }
        let outcome: CatalogImport.Outcome
        do {
            let desk = LibraryDesk(staff: context.staff, at: context.now)
            outcome = try store.withConnection { repository in
                // The titles the preview found are in the library's lookup cache now: no request here.
                let cached = CatalogImport.TitleLookup.service(nil, cache: RepositoryLookupCache(repository))
                return try catalogImport(upload.kind).apply(upload.text, asShown: upload.shown, into: repository, recordedBy: desk,
                                                            lookup: upload.kind == .books ? cached : nil)
            }
        } catch let failure as CatalogImport.Failure {
            var refused = CatalogImport.Preview(problems: failure.problems)
            refused.encoding = upload.shown.encoding
            return try previewPage(refused, context, kind: upload.kind, status: 400)
        }
        switch outcome {
        case .changed(let now):
            uploads.withLock { $0.keepCatalog(.init(kind: upload.kind, text: upload.text, shown: now), session: context.session.id) }
            return try previewPage(now, context, kind: upload.kind, problem: words.importChangedMeanwhile, status: 409)
        case .imported(let report):
            return redirect(PagePath.importCSV, notice: words.imported(added: report.added, updated: report.updated), context)
        }
    }

    /// The titles a books file leaves blank, looked up before the preview takes a connection:
    /// a first reading of the file only names the ISBNs it would look up; each is then looked
    /// up outside every transaction (the cache, then the services; a record found is kept);
    /// the preview is given the answers.
    private func titlesLookedUp(_ csv: CSVText) throws -> CatalogImport.TitleLookup {
        let wanted = Locked<[String]>([])
        let naming = CatalogImport.TitleLookup(lookUp: { isbn in
            wanted.withLock { $0.append(isbn) }
            return .notFound(.lookupsOff(isbn: isbn))
        })
        _ = try store.withConnection { try catalogImport(.books).preview(csv, in: $0, lookup: naming) }
        var answers: [String: LookupAnswer] = [:]
        for isbn in wanted.withLock({ $0 }) where answers[isbn] == nil {
            answers[isbn] = lookUp(isbn)
        }
        return CatalogImport.TitleLookup(lookUp: { answers[$0] ?? .notFound(.lookupsOff(isbn: $0)) })
    }

    /// An import numbered as the configuration numbers (as `bookkiosk import` does).
    private func catalogImport(_ kind: CatalogImport.Kind) -> CatalogImport {
        CatalogImport(kind: kind, numbering: kind == .books ? setup.bookNumbering : setup.cardNumbering)
    }

    private func previewPage(_ preview: CatalogImport.Preview, _ context: PageContext, kind: CatalogImport.Kind,
                             problem: String? = nil, status: Int = 200) throws -> HTTPResponse {
        let library = try store.read { try self.library($0) }
        let catalog = words.catalogWords
        func table(_ heading: String, _ changes: [CatalogImport.Preview.Change], showingDifferences: Bool = false) -> HTML {
            guard !changes.isEmpty else { return .empty }
            let hasClass = changes.contains { $0.className != nil }
            // For an update, each value it changes: 「組: ひよこ組 → うさぎ組」, 「貸出上限: ルールどおり → 3」.
            func shown(_ column: CatalogColumn, _ raw: String) -> String {
                guard raw.isEmpty else { return catalog.cell(column, raw) }
                return column == .limit ? words.ruleLimit : words.noValue
            }
            func differences(_ change: CatalogImport.Preview.Change) -> HTML {
                .el(.ul, [.class("differences")], children: change.differences.map { difference in
                    .el(.li, .text(catalog.header(difference.column) + ": "),
                        .el(.del, .text(shown(difference.column, difference.before))), .text(" → "),
                        .el(.ins, .text(shown(difference.column, difference.after))))
                })
            }
            let rows: [HTML] = changes.map { change in
                .el(.tr, children: [.el(.td, .text(words.line(change.line))), .el(.td, .text(change.key)), .el(.td, .text(change.name))]
                        + (hasClass ? [.el(.td, .text(change.className ?? ""))] : [])
                        + (showingDifferences ? [.el(.td, differences(change))] : []))
            }
            let columns = [words.importLineColumn, kind == .users ? words.card : words.barcode, kind == .users ? words.name : words.title]
                + (hasClass ? [words.schoolClass] : []) + (showingDifferences ? [words.importChangesColumn] : [])
            return .el(.section, [HTMLAttribute(.ariaLabel, heading)],
                .el(.h2, .text(heading + " (\(changes.count))")),
                .el(.table, [.class("list import")],
                    .el(.thead, .el(.tr, children: columns.map { .el(.th, [HTMLAttribute(.scope, "col")], .text($0)) })),
                    .el(.tbody, children: rows)))
        }
        func list(_ heading: String, _ lines: [String], style: String = "") -> HTML {
            guard !lines.isEmpty else { return .empty }
            if heading.isEmpty { return .el(.ul, [.class("hints")], children: lines.map { .el(.li, .text($0)) }) }
            return .el(.section, [HTMLAttribute(.ariaLabel, heading)], .el(.h2, .text(heading)),
                       .el(.ul, [.class(style)], children: lines.map { .el(.li, .text($0)) }))
        }
        var content: [HTML] = [
            problem.map { .el(.p, [.class("warning"), HTMLAttribute(.role, "alert")], .text($0)) } ?? .empty,
            .el(.p, .text(words.importSummary(added: preview.added.count, updated: preview.updated.count) + " "
                               + words.importReadAs(catalog.encoding(preview.encoding)))),
            list(words.importProblems, preview.problems.map(catalog.problem), style: "errors"),
            list(words.importNewClasses, preview.createdClasses),
            list(words.importNumbers, preview.numbered.map { "\(words.line($0.line)): \($0.name) → \($0.barcode)" }),
            list(preview.lookedUp.isEmpty ? "" : words.importLookedUp(preview.lookedUp.count, fromCache: preview.lookedUp.count { $0.origin == LookupOrigin.cache.name }),
                 preview.lookedUp.map { "\(words.line($0.line)): \($0.isbn) → \($0.title) (\(words.sourceName($0.source)))" }),
            .fragment(Set(preview.lookedUp.map(\.source)).sorted { $0.rawValue < $1.rawValue }.map(attribution)),
            table(words.importAddedRows, preview.added),
            table(words.importUpdatedRows, preview.updated, showingDifferences: true),
            list("", preview.warnings.map(catalog.warning)),
        ]
        if preview.canApply {
            content.append(Form.post(PagePath.applyImport, csrf: context.session.csrf, button: words.importIt, style: "primary", fields: []))
        } else {
            content.append(.el(.p, [.class("warning")], .text(words.importRefused)))
        }
        content.append(.el(.p, .el(.a, [.href(PagePath.importCSV)], .text(words.cancel))))
        return page(context, library, heading: words.importPreviewHeading, section: .settings, status: status, content: content)
    }
}
