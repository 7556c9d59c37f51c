import Foundation
import Lending

/// 記録 as it is shown, with nothing of HTML in it: the month the counts start at (as typed,
/// when it was not one), the class asked for, and the two tables' rows.
struct RecordsPage {
    /// The month as typed into the filter.
    var typed: String
    /// The typed month when it is one.
    var validMonth: String?
    /// The month the counts start at.
    var since: String
    /// The class the most borrowed titles are of; empty: every class.
    var className: String
    var classes: [SchoolClass]
    var popular: [LendReport.Title]
    var perClass: [LendReport.ClassMonth]

    init(typed: String, validMonth: String?, since: String, askedClass: String, classes: [SchoolClass],
         popular: [LendReport.Title], perClass: [LendReport.ClassMonth]) {
        (self.typed, self.validMonth, self.since) = (typed, validMonth, since)
        className = classes.contains { $0.name == askedClass } ? askedClass : ""
        (self.classes, self.popular, self.perClass) = (classes, popular, perClass)
    }
}

extension RecordsPage {
    /// The page's content under its heading. Pure: the same value renders the same.
    func content(words: any PageWords) -> [HTML] {
        var extra: [HTML] = []
        if !classes.isEmpty { extra.append(Form.classFilter(classes, selected: className, words: words)) }
        let filter: HTML = .el(.form, [HTMLAttribute(.method, "get"), HTMLAttribute(.action, PagePath.records), .class("search")],
            children: [Form.text("since", label: words.since, value: validMonth == nil ? typed : since, type: "month", hint: words.sinceHint,
                                 error: !typed.isEmpty && validMonth == nil ? words.sinceInvalid : nil,
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
        return [
            filter,
            .el(.h2, .text(words.popularHeading)),
            .el(.p, [.class("list-caption")], .text(scope)),
            table([words.rank, words.title, words.lends], popularRows, "popular"),
            .el(.h2, .text(words.perClassHeading)),
            .el(.p, [.class("list-caption")], .text(words.countsSince(since))),
            table([words.schoolClass, words.month, words.lends], classRows, "per-class"),
        ]
    }
}
