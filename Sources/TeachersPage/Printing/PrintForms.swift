import Foundation
import Lending
import Printing

/// The print forms other sections show too: a Book's page prints its label, a User's page its
/// Card, まとめて登録 the labels of its run. Pure: made from the sheets and the words.
struct PrintForms {
    /// The sheets to choose from: the configuration's, else the built-in ones.
    let sheets: [Sheet]
    let words: any PageWords

    init(configured: [Sheet], words: any PageWords) {
        sheets = configured.isEmpty ? Sheet.builtIn : configured
        self.words = words
    }

    /// The sheets offered for Cards (`.card`) or labels: those whose labels are card-sized for
    /// Cards, the others for labels; every sheet when none is of that kind.
    func sheets(for kind: PrintedKind) -> [Sheet] {
        let chosen = sheets.filter { $0.holdsCards == (kind == .card) }
        return chosen.isEmpty ? sheets : chosen
    }

    /// The sheet and position fields of a print form (`prefix` keeps their ids apart).
    func sheetFields(_ kind: PrintedKind, prefix: String) -> [HTML] {
        let defaultSheet = kind == .card ? Sheet.defaultCardSheet : Sheet.defaultLabelSheet
        let options: [HTML] = sheets(for: kind).map { sheet in
            var attributes: [HTMLAttribute] = [.value(sheet.name)]
            if sheet.name == defaultSheet { attributes.append(.flag(.selected)) }
            return .el(.option, attributes, .text(words.sheetChoice(sheet)))
        }
        return [.el(.div, [.class("field")], .el(.label, [.for(prefix + "-sheet")], .text(words.sheet)),
                    .el(.select, [.name("sheet"), .id(prefix + "-sheet")], children: options)),
                Form.text("startAt", label: words.startAt, value: "1", type: "number", hint: words.startAtHint,
                          extra: [HTMLAttribute(.min, "1"), HTMLAttribute(.inputmode, "numeric"), .id(prefix + "-startAt")])]
    }

    /// A child's 「カードを印刷」 or a Book's 「ラベルを印刷」: one Card or label, at a chosen
    /// position on a partly used sheet; says when it was last printed.
    func printOne(_ kind: PrintedKind, barcode: String, printed: Date?, zone: TimeZone, csrf: String) -> HTML {
        let id = kind == .card ? "print-card" : "print-label"
        let heading = kind == .card ? words.printOneCard : words.printOneLabel
        let when = printed.map { words.printedOn(words.date(LocalDate($0, in: zone))) } ?? words.notPrintedYet
        return .el(.section, [.id(id), HTMLAttribute(.ariaLabel, heading)],
            .el(.h2, .text(heading)),
            .el(.p, [.class("hint")], .text(when)),
            .el(.form, [HTMLAttribute(.method, "post"), HTMLAttribute(.action, kind == .card ? PagePath.printCards : PagePath.printLabels),
                        .class("print-one")],
                children: [Form.hidden(PageSecurity.csrfField, csrf), Form.hidden(kind == .card ? "card" : "barcode", barcode)]
                    + sheetFields(kind, prefix: id) + [Form.submit(words.downloadPDF, style: "primary")]))
    }
}

extension PageSection {
    /// The print forms, with the configuration's sheets and the page's words.
    var printForms: PrintForms { PrintForms(configured: setup.sheets, words: words) }
}
