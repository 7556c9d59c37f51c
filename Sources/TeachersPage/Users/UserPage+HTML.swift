import Foundation
import Lending

extension UserPage {
    /// The page's content under its heading (the name). Pure: the same value renders the same.
    func content(words: any PageWords, csrf: String, printForms: PrintForms) -> [HTML] {
        func title(_ loan: Loan) -> HTML {
            .el(.a, [.href(PagePath.book(loan.book))], .text(titles[loan.book] ?? loan.book))
        }
        let openRows: [HTML] = open.map { loan, overdue in
            var due: [HTML] = [.text(words.date(loan.due))]
            if overdue { due.append(.el(.strong, [.class("overdue")], .text(words.overdue))) }
            return .el(.tr, [.class(overdue ? "is-overdue" : "")],
                       .el(.td, [HTMLAttribute(.title, words.title)], title(loan)),
                       .el(.td, [HTMLAttribute(.title, words.dueDate), .class("due")], children: due),
                       .el(.td, [.class("actions")], .el(.a, [.class("button"), .href(PagePath.confirmReturn(loan.id))], .text(words.returnBook))))
        }
        let pastRows: [HTML] = past.map { loan in
            .el(.tr,
                .el(.td, [HTMLAttribute(.title, words.title)], title(loan)),
                .el(.td, [HTMLAttribute(.title, words.lentOn)], .text(words.date(LocalDate(loan.lentAt, in: zone)))),
                .el(.td, [HTMLAttribute(.title, words.returnedOn)], .text(loan.returnedAt.map { words.date(LocalDate($0, in: zone)) } ?? "")))
        }
        let limit = user.loanLimit.map { words.count($0) } ?? words.ruleLimit + " (" + words.count(ruleLimit) + ")"
        var actions: [HTML] = [.el(.a, [.class("button"), .href(PagePath.to(.editUserForm, user.card))], .text(words.edit))]
        actions.append(user.isActive
            ? Form.post(PagePath.to(.deactivateUser, user.card), csrf: csrf, button: words.deactivate, fields: [])
            : Form.post(PagePath.to(.reactivateUser, user.card), csrf: csrf, button: words.reactivate, fields: []))
        actions.append(Form.post(PagePath.to(.removeUser, user.card), csrf: csrf, button: words.remove, style: "danger", fields: []))
        return [
            .el(.dl, [.class("facts")], children: [
                .fact(words.card, .text(user.card)),
                .fact(words.reading, .text(user.reading ?? "")),
                .fact(words.schoolClass, .text(user.className ?? words.noClass)),
                .fact(words.loanLimit, .text(limit)),
                .fact(words.state, .text(user.isActive ? words.active : words.inactive)),
            ]),
            .el(.div, [.class("actions")], children: actions),
            lendingSection(words: words, csrf: csrf),
            .el(.h2, .text(words.openLoans)),
            openRows.isEmpty ? .el(.p, [.class("empty")], .text(words.noLoans))
                : .el(.table, [.class("list")], .el(.thead, .el(.tr, .el(.th, [HTMLAttribute(.scope, "col")], .text(words.title)), .el(.th, [HTMLAttribute(.scope, "col")], .text(words.dueDate)),
                                                      .el(.th, [HTMLAttribute(.scope, "col")], .el(.span, [.class("visually-hidden")], .text(words.action))))),
                      .el(.tbody, children: openRows)),
            .el(.h2, .text(words.history)),
            .el(.p, [.class("hint")], .text(words.historyHint)),
            pastRows.isEmpty ? .el(.p, [.class("empty")], .text(words.noHistory))
                : .el(.table, [.class("list")], .el(.thead, .el(.tr, children: [words.title, words.lentOn, words.returnedOn].map { .el(.th, [HTMLAttribute(.scope, "col")], .text($0)) })),
                      .el(.tbody, children: pastRows)),
            printForms.printOne(.card, barcode: user.card, printed: cardPrinted, zone: zone, csrf: csrf),
        ]
    }

    /// 「絵本を貸す」: the field to scan or type a Book in, and each Book found with its button
    /// (or why not); all of it stays on the child's page.
    func lendingSection(words: any PageWords, csrf: String) -> HTML {
        let here = PagePath.user(user.card)
        var content: [HTML] = [
            .el(.h2, .text(words.lendToUser)),
            .el(.form, [HTMLAttribute(.method, "get"), HTMLAttribute(.action, here + "#lend"), .class("search"), HTMLAttribute(.role, "search")],
                Form.text("book", label: words.bookToLend, value: lending.asked ?? "", type: "search", hint: words.bookToLendHint,
                          extra: [HTMLAttribute(.autocomplete, "off"), HTMLAttribute(.autocapitalize, "off"), HTMLAttribute(.enterkeyhint, "search")]),
                Form.submit(words.search)),
        ]
        guard user.isActive else {
            return .el(.section, [.id("lend"), HTMLAttribute(.ariaLabel, words.lendToUser)],
                       .el(.h2, .text(words.lendToUser)), .el(.p, [.class("warning")], .text(words.refused(.userInactive))))
        }
        if let asked = lending.asked, !asked.isEmpty {
            if lending.found.isEmpty {
                content.append(.el(.p, [.class("empty")], .text(words.noBooks)))
            } else {
                let rows: [HTML] = lending.found.map { choice in
                    .el(.tr,
                        .el(.td, [HTMLAttribute(.title, words.title)], .el(.a, [.href(PagePath.book(choice.listing.book.barcode))], .text(choice.listing.book.title))),
                        .el(.td, [HTMLAttribute(.title, words.barcode)], .text(choice.listing.book.barcode)),
                        .el(.td, [.class("actions")], lendAction(choice, words: words, csrf: csrf)))
                }
                content.append(.el(.table, [.class("list")],
                    .el(.thead, .el(.tr, .el(.th, [HTMLAttribute(.scope, "col")], .text(words.title)),
                                    .el(.th, [HTMLAttribute(.scope, "col")], .text(words.barcode)),
                                    .el(.th, [HTMLAttribute(.scope, "col")], .el(.span, [.class("visually-hidden")], .text(words.action))))),
                    .el(.tbody, children: rows)))
            }
        }
        return .el(.section, [.id("lend"), HTMLAttribute(.ariaLabel, words.lendToUser)], children: content)
    }

    /// What can be done with one Book found: lend it, lend it past the rules, or why not.
    private func lendAction(_ choice: Lending.Choice, words: any PageWords, csrf: String) -> HTML {
        guard let check = choice.check else { return .el(.span, [.class("warning")], .text(words.lentOut)) }
        let path = PagePath.to(.lendToUser, user.card)
        let fields = [Form.hidden("book", choice.listing.book.barcode)]
        guard let refusal = check.refusal else {
            return .el(.div, .el(.span, [.class("hint")], .text(words.dueWouldBe(words.date(check.due)) + " ")),
                       Form.post(path, csrf: csrf, button: words.lendIt, style: "primary", fields: fields))
        }
        guard refusal == .hasOverdue || refusal == .limitReached else {
            return .el(.span, [.class("warning")], .text(words.refused(refusal)))
        }
        return .el(.div, .el(.p, [.class("warning")], .text(words.refused(refusal) + " " + words.overrideExplained)),
                   Form.post(path, csrf: csrf, button: words.lendPastRules, style: "danger",
                             fields: fields + [Form.hidden("override", "1")]))
    }
}
