import Foundation
import HTTPServer
import Lending
import Printing
import Scene
import ScenePainter

/// 印刷: cards, labels and overdue notices.
struct PrintingSection: PageSection {
    let shared: PageShared
    /// まとめて登録's runs (the Books section's), whose Books' labels can be printed.
    let scanRuns: Locked<ScanRuns>

    static let routes: [RouteGroup] = [
        .signedIn([
            .get("/print", .printPage) { page, _, context in try page.printing.printPage(context) },
            .get("/print/notices", .printNotices) { page, _, context in try page.printing.printNotices(context) },
        ]),
        .signedInChanges([
            .post("/print/cards", .printCards) { page, _, context in try page.printing.printLabels(.card, context) },
            .post("/print/labels", .printLabels) { page, _, context in try page.printing.printLabels(.label, context) },
        ]),
    ]
}

/// 印刷: Cards (the Users of a class), Book labels (all or new only) on a sheet from a start
/// position, and the notices for parents, each as a PDF download. Cards and labels are recorded
/// as printed, so they are a POST; the notices change nothing, so they are a GET.
extension PrintingSection {
    /// `GET /print`.
    func printPage(_ context: PageContext, problem: String? = nil, status: Int = 200) throws -> HTTPResponse {
        let (library, classes) = try store.read { tx in (try self.library(tx), try tx.classes()) }
        let printing = PrintPage(classes: classes, problem: problem)
        return page(context, library, heading: words.print, section: .print, status: status,
                    content: printing.content(words: words, csrf: context.session.csrf, printForms: printForms))
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

    /// `POST /print/cards` (`class`, `which`, `sheet`, `startAt`) and `POST /print/labels` (`which`,
    /// `sheet`, `startAt`): the PDF, and what it holds recorded as printed. With `card` (from a
    /// child's page) or `barcode` (from a Book's page), that one Card or label; a refusal is then
    /// shown back on that page, beside its form.
    func printLabels(_ kind: PrintedKind, _ context: PageContext) throws -> HTTPResponse {
        let request = context.request
        let one = request.value(kind == .card ? "card" : "barcode").flatMap { $0.isEmpty ? nil : $0 }
        func refuse(_ problem: String) throws -> HTTPResponse {
            guard let one else { return try printPage(context, problem: problem, status: 400) }
            let back = kind == .card ? PagePath.user(one) + "#print-card" : PagePath.book(one) + "#print-label"
            return redirect(back, notice: problem, refusal: true, context)
        }
        guard let sheet = printForms.sheets.first(where: { $0.name == request.value("sheet") }) else {
            return try refuse(words.noSuchSheet)
        }
        let startText = (request.value("startAt") ?? "").trimmingCharacters(in: .whitespaces)
        guard let startAt = startText.isEmpty ? 1 : Int(startText), (1...sheet.count).contains(startAt) else {
            return try refuse(words.startAtInvalid(sheet.count))
        }
        let className = kind == .card && one == nil ? request.value("class").flatMap { $0.isEmpty ? nil : $0 } : nil
        // Cards were all of a class before 「まだ印刷していないものだけ」 was offered for them too.
        let which = request.value("which") ?? (kind == .card ? "all" : "new")
        // まとめて登録's 「ラベルを印刷」 (`which=run`): exactly the copies this session's run registered.
        let run = kind == .label && which == "run" ? scanRuns.withLock { $0[context.session.id].addedBarcodes } : nil
        let selection: PrintChoice.Selection = one.map { .barcodes([$0]) } ?? run.map { .barcodes($0) } ?? (which == "all" ? .all : .new)
        let (library, choice, classes) = try store.read { tx in
            // A copy of the run removed meanwhile (on another page) is left out, not refused.
            let still: PrintChoice.Selection = if let run { .barcodes(try run.filter { try tx.book(barcode: $0) != nil }) } else { selection }
            return (try self.library(tx), try PrintChoice.choose(still, kind: kind, className: className, in: tx), try tx.classes())
        }
        guard case .success(let chosen) = choice else { return try notFound(context) }
        if let className, !classes.contains(where: { $0.name == className }) {
            return try refuse(words.noSuchClass)
        }
        guard !chosen.isEmpty else { return try refuse(words.nothingToPrint) }
        let layout = Printing.PageLayout(sheet: sheet, startAt: startAt, libraryName: library.name,
                                         cardCaption: words.languageCode == "en" ? "Library card" : "としょかんカード")
        let laidOut: Result<[Scene], PrintRefusal> = switch kind {
            case .card: layout.cards(chosen.map(CardFace.init))
            case .label: layout.labels(chosen.map { BookLabel(title: $0.name, barcode: $0.barcode) })
        }
        let pages: [Scene]
        switch laidOut {
        case .success(let laid): pages = laid
        case .failure(let refusal):
            log("printing on \(sheet.name) was refused: \(refusal.description)")
            return try refuse(words.printRefused(cards: kind == .card, sheet: words.sheetChoice(sheet)))
        }
        let name = kind == .card ? (one == nil ? "cards" : "card") : (one == nil ? "labels" : "label")
        let response = try pdf(pages, named: name, context, library)
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
