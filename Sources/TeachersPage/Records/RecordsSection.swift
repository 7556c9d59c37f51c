import Foundation
import HTTPServer
import Lending

/// 記録: what was read, by month and by class.
struct RecordsSection: PageSection {
    let shared: PageShared

    static let routes: [RouteGroup] = [
        .signedIn([
            .get("/records", .records) { page, _, context in try page.records.records(context) },
        ]),
    ]
}

extension RecordsSection {
    /// Titles 記録 ranks.
    static let popularTop = 20

    /// `GET /records?since=2026-04&class=NAME`: the most borrowed titles (this school year by
    /// default, of one class when asked) and lends per class per month, from the counts that
    /// name nobody.
    func records(_ context: PageContext) throws -> HTTPResponse {
        let typed = (context.request.value("since") ?? "").trimmingCharacters(in: .whitespaces)
        let asked = context.request.value("class") ?? ""
        let valid = Self.month(typed)
        let (library, classes, popular, perClass, since) = try store.read { tx in
            let library = try self.library(tx)
            let yearStart = SchoolYear.start(containing: LocalDate(context.now, in: library.policy.timeZone))
            let since = valid ?? String(format: "%04d-%02d", yearStart.year, yearStart.month)
            let classes = try tx.classes()
            let counts = try tx.lendCounts(fromMonth: since)
            let books = try tx.books(barcodes: Array(Set(counts.map(\.book))))
            let chosen = classes.contains { $0.name == asked } ? asked : nil
            return (library, classes, LendReport.popular(counts, books: books, className: chosen, top: Self.popularTop),
                    LendReport.perClass(counts, classes: classes), since)
        }
        let className = classes.contains { $0.name == asked } ? asked : ""
        var extra: [HTML] = []
        if !classes.isEmpty { extra.append(Form.classFilter(classes, selected: className, words: words)) }
        let filter: HTML = .el(.form, [HTMLAttribute(.method, "get"), HTMLAttribute(.action, PagePath.records), .class("search")],
            children: [Form.text("since", label: words.since, value: valid == nil ? typed : since, type: "month", hint: words.sinceHint,
                                 error: !typed.isEmpty && valid == nil ? words.sinceInvalid : nil,
                                 extra: [HTMLAttribute(.placeholder, "2026-04")])] + extra + [Form.submit(words.filter)])
        let popularRows: [HTML] = popular.enumerated().map { index, title in
            .el(.tr,
                .el(.td, [HTMLAttribute(.title, words.rank), .class("number")], .text("\(index + 1)")),
                .el(.td, [HTMLAttribute(.title, words.title)],
                    .el(.a, [.href(PagePath.book(title.barcodes[0]))], .text(title.title))),
                .el(.td, [HTMLAttribute(.title, words.lends), .class("number")], .text(words.lendCount(title.lends))))
        }
        let classRows: [HTML] = perClass.map { row in
            .el(.tr,
                .el(.td, [HTMLAttribute(.title, words.schoolClass)], .text(row.className ?? words.noClass)),
                .el(.td, [HTMLAttribute(.title, words.month)], .text(words.monthName(row.month))),
                .el(.td, [HTMLAttribute(.title, words.lends), .class("number")], .text(words.lendCount(row.lends))))
        }
        func table(_ heads: [String], _ rows: [HTML], _ style: String) -> HTML {
            rows.isEmpty ? .el(.p, [.class("empty")], .text(words.noRecords)) :
                .el(.table, [.class("list " + style)],
                    .el(.thead, .el(.tr, children: heads.map { .el(.th, [HTMLAttribute(.scope, "col")], .text($0)) })),
                    .el(.tbody, children: rows))
        }
        let scope = [words.countsSince(since), className.isEmpty ? nil : className].compactMap { $0 }.joined(separator: " · ")
        return page(context, library, heading: words.records, section: .records, content: [
            filter,
            .el(.h2, .text(words.popularHeading)),
            .el(.p, [.class("list-caption")], .text(scope)),
            table([words.rank, words.title, words.lends], popularRows, "popular"),
            .el(.h2, .text(words.perClassHeading)),
            .el(.p, [.class("list-caption")], .text(words.countsSince(since))),
            table([words.schoolClass, words.month, words.lends], classRows, "per-class"),
        ])
    }

    /// "2026-04" as typed (a month input sends it so), or nil.
    static func month(_ text: String) -> String? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2, let year = Int(parts[0]), let month = Int(parts[1]),
              year >= 1900, (1...12).contains(month) else { return nil }
        return String(format: "%04d-%02d", year, month)
    }
}
