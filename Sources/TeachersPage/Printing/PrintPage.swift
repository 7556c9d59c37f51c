import Foundation
import Lending

/// 印刷 as it is shown, with nothing of HTML in it: the classes to choose from, and why the
/// last try printed nothing (if it did not).
struct PrintPage {
    var classes: [SchoolClass]
    var problem: String?
}

extension PrintPage {
    /// The page's content under its heading: the forms for Cards, labels and notices. Pure: the
    /// same value renders the same.
    func content(words: any PageWords, csrf: String, printForms: PrintForms) -> [HTML] {
        let token = Form.hidden(PageSecurity.csrfField, csrf)
        func classSelect(_ id: String, everyClass: Bool) -> HTML {
            var options: [HTML] = everyClass ? [.el(.option, [.value("")], .text(words.everyClass))] : []
            options += classes.map { .el(.option, [.value($0.name)], .text($0.name)) }
            return .el(.div, [.class("field")], .el(.label, [.for(id)], .text(words.schoolClass)),
                       .el(.select, [.name("class"), .id(id)], children: options))
        }
        func which(_ legend: String) -> HTML {
            .el(.fieldset, .el(.legend, .text(legend)),
                .el(.label, .el(.input, [.type("radio"), .name("which"), .value("new"), .flag(.checked)]), .text(" " + words.newOnly)),
                .el(.label, .el(.input, [.type("radio"), .name("which"), .value("all")]), .text(" " + words.all)))
        }
        let cards: HTML = .el(.section, [HTMLAttribute(.ariaLabel, words.printCards), .id("cards")],
            .el(.h2, .text(words.printCards)), .el(.p, .text(words.printCardsExplained)),
            .el(.form, [HTMLAttribute(.method, "post"), HTMLAttribute(.action, PagePath.printCards)],
                children: [token, classSelect("cards-class", everyClass: true), which(words.whichCards)] + printForms.sheetFields(.card, prefix: "cards")
                    + [Form.submit(words.downloadPDF, style: "primary")]))
        let labels: HTML = .el(.section, [HTMLAttribute(.ariaLabel, words.printLabels), .id("labels")],
            .el(.h2, .text(words.printLabels)), .el(.p, .text(words.printLabelsExplained)),
            .el(.form, [HTMLAttribute(.method, "post"), HTMLAttribute(.action, PagePath.printLabels)],
                children: [token, which(words.whichLabels)] + printForms.sheetFields(.label, prefix: "labels") + [Form.submit(words.downloadPDF, style: "primary")]))
        let notices: HTML = .el(.section, [HTMLAttribute(.ariaLabel, words.printNotices), .id("notices")],
            .el(.h2, .text(words.printNotices)), .el(.p, .text(words.printNoticesExplained)),
            .el(.form, [HTMLAttribute(.method, "get"), HTMLAttribute(.action, PagePath.printNotices)],
                classSelect("notices-class", everyClass: true), Form.submit(words.downloadPDF, style: "primary")))
        let warning: HTML = problem.map { .el(.p, [.class("warning"), HTMLAttribute(.role, "alert")], .text($0)) } ?? .empty
        return [warning, cards, labels, notices]
    }

}
