import Foundation
import HTTPServer
import Lending
import Printing
import Scene
import ScenePainter

/// 印刷: Cards (the Users of a class), Book labels (all or new only) on a sheet from a start
/// position, and the notices for parents, each as a PDF download. Cards and labels are recorded
/// as printed, so they are a POST; the notices change nothing, so they are a GET.
extension TeachersPage {
    /// The sheets to choose from: the configuration's, else the built-in ones.
    var sheets: [Sheet] { setup.sheets.isEmpty ? Sheet.builtIn : setup.sheets }

    /// `GET /print`.
    func printPage(_ context: PageContext, problem: String? = nil, status: Int = 200) throws -> HTTPResponse {
        let (library, classes) = try store.read { tx in (try self.library(tx), try tx.classes()) }
        let csrf = Form.hidden(PageSecurity.csrfField, context.session.csrf)
        func classSelect(_ id: String, everyClass: Bool) -> HTML {
            var options: [HTML] = everyClass ? [.el(.option, [.value("")], .text(words.everyClass))] : []
            options += classes.map { .el(.option, [.value($0.name)], .text($0.name)) }
            return .el(.div, [.class("field")], .el(.label, [.for(id)], .text(words.schoolClass)),
                       .el(.select, [.name("class"), .id(id)], children: options))
        }
        func sheetFields(_ prefix: String, defaultSheet: String) -> [HTML] {
            let options: [HTML] = sheets.map { sheet in
                var attributes: [HTMLAttribute] = [.value(sheet.name)]
                if sheet.name == defaultSheet { attributes.append(.flag(.selected)) }
                return .el(.option, attributes, .text("\(sheet.name) — \(sheet.title) (\(sheet.count))"))
            }
            return [.el(.div, [.class("field")], .el(.label, [.for(prefix + "-sheet")], .text(words.sheet)),
                        .el(.select, [.name("sheet"), .id(prefix + "-sheet")], children: options)),
                    Form.text("startAt", label: words.startAt, value: "1", type: "number", hint: words.startAtHint,
                              extra: [HTMLAttribute(.min, "1"), HTMLAttribute(.inputmode, "numeric"), .id(prefix + "-startAt")])]
        }
        let cards: HTML = .el(.section, [HTMLAttribute(.ariaLabel, words.printCards), .id("cards")],
            .el(.h2, .text(words.printCards)), .el(.p, .text(words.printCardsExplained)),
            .el(.form, [HTMLAttribute(.method, "post"), HTMLAttribute(.action, PagePath.printCards)],
                children: [csrf, classSelect("cards-class", everyClass: true)] + sheetFields("cards", defaultSheet: Sheet.defaultCardSheet)
                    + [Form.submit(words.downloadPDF, style: "primary")]))
        let labels: HTML = .el(.section, [HTMLAttribute(.ariaLabel, words.printLabels), .id("labels")],
            .el(.h2, .text(words.printLabels)), .el(.p, .text(words.printLabelsExplained)),
            .el(.form, [HTMLAttribute(.method, "post"), HTMLAttribute(.action, PagePath.printLabels)],
                children: [csrf,
                           .el(.fieldset, .el(.legend, .text(words.whichLabels)),
                               .el(.label, .el(.input, [.type("radio"), .name("which"), .value("new"), .flag(.checked)]), .text(" " + words.newOnly)),
                               .el(.label, .el(.input, [.type("radio"), .name("which"), .value("all")]), .text(" " + words.all)))]
                    + sheetFields("labels", defaultSheet: Sheet.defaultLabelSheet) + [Form.submit(words.downloadPDF, style: "primary")]))
        let notices: HTML = .el(.section, [HTMLAttribute(.ariaLabel, words.printNotices), .id("notices")],
            .el(.h2, .text(words.printNotices)), .el(.p, .text(words.printNoticesExplained)),
            .el(.form, [HTMLAttribute(.method, "get"), HTMLAttribute(.action, PagePath.printNotices)],
                classSelect("notices-class", everyClass: true), Form.submit(words.downloadPDF, style: "primary")))
        let warning: HTML = problem.map { .el(.p, [.class("warning"), HTMLAttribute(.role, "alert")], .text($0)) } ?? .empty
        return page(context, library, heading: words.print, section: .print, status: status, content: [warning, cards, labels, notices])
    }

    /// `GET /print/notices?class=NAME`: the notices PDF, or 印刷 saying there are none.
    func printNotices(_ context: PageContext) throws -> HTTPResponse {
        let className = context.request.value("class").flatMap { $0.isEmpty ? nil : $0 }
        let (library, notices, classes) = try store.read { tx in
            let library = try self.library(tx)
            return (library, try Notice.overdue(in: tx, policy: library.policy, at: context.now, className: className), try tx.classes())
        }
        if let className, !classes.contains(where: { $0.name == className }) {
            return try printPage(context, problem: words.noSuchClass, status: 400)
        }
        guard !notices.isEmpty else { return try printPage(context, problem: words.noOverdueNotices) }
        let layout = NoticeLayout(words: .forLanguage(words.languageCode), libraryName: library.name,
                                  today: LocalDate(context.now, in: library.policy.timeZone))
        return try pdf(layout.pages(notices), named: "notices", context, library)
    }

    /// `POST /print/cards` (`class`, `sheet`, `startAt`) and `POST /print/labels` (`which`, `sheet`,
    /// `startAt`): the PDF, and what it holds recorded as printed.
    func printLabels(_ kind: PrintedKind, _ context: PageContext) throws -> HTTPResponse {
        let request = context.request
        guard let sheet = sheets.first(where: { $0.name == request.value("sheet") }) else {
            return try printPage(context, problem: words.noSuchSheet, status: 400)
        }
        let startText = (request.value("startAt") ?? "").trimmingCharacters(in: .whitespaces)
        guard let startAt = startText.isEmpty ? 1 : Int(startText), (1...sheet.count).contains(startAt) else {
            return try printPage(context, problem: words.startAtInvalid(sheet.count), status: 400)
        }
        let className = kind == .card ? request.value("class").flatMap { $0.isEmpty ? nil : $0 } : nil
        let selection: PrintChoice.Selection = kind == .card ? .all : (request.value("which") == "all" ? .all : .new)
        let (library, chosen, classes) = try store.read { tx in
            (try self.library(tx), try PrintChoice.choose(selection, kind: kind, className: className, in: tx).get(), try tx.classes())
        }
        if let className, !classes.contains(where: { $0.name == className }) {
            return try printPage(context, problem: words.noSuchClass, status: 400)
        }
        guard !chosen.isEmpty else { return try printPage(context, problem: words.nothingToPrint) }
        let layout = Printing.PageLayout(sheet: sheet, startAt: startAt, libraryName: library.name,
                                         cardCaption: words.languageCode == "en" ? "Library card" : "としょかんカード")
        let laidOut = Result { () throws(PrintRefusal) -> [Scene] in
            switch kind {
            case .card: try layout.cards(chosen.map(CardFace.init))
            case .label: try layout.labels(chosen.map { BookLabel(title: $0.name, barcode: $0.barcode) })
            }
        }
        let pages: [Scene]
        switch laidOut {
        case .success(let laid): pages = laid
        case .failure(let refusal): return try printPage(context, problem: refusal.description, status: 400)
        }
        let response = try pdf(pages, named: kind == .card ? "cards" : "labels", context, library)
        try store.write { tx in
            try LibraryDesk(staff: context.staff, at: context.now)
                .printed(kind, barcodes: chosen.map(\.barcode), className: className, sheet: sheet.name, position: startAt, in: tx)
        }
        return response
    }

    /// Pages painted as a PDF attachment, `NAME-YYYY-MM-DD.pdf`.
    private func pdf(_ pages: [Scene], named name: String, _ context: PageContext, _ library: LibraryState) throws -> HTTPResponse {
        let data = try ScenePainter().pdfData(pages)
        let day = LocalDate(context.now, in: library.policy.timeZone)
        return HTTPResponse(status: 200, headers: [("Content-Type", "application/pdf"),
                                                   ("Content-Disposition", "attachment; filename=\"\(name)-\(day).pdf\""),
                                                   ("Cache-Control", "no-store")], body: data)
    }
}
