import Foundation
import Lending

extension LoansPage {
    /// The page's content under its heading: the filter, a caption for paper, a table per class
    /// (or a line saying there are none), the pager. Pure: the same value renders the same.
    func content(words: any PageWords, csrf: String) -> [HTML] {
        var extra: [HTML] = []
        if !classes.isEmpty { extra.append(Form.classFilter(classes, selected: className, words: words)) }
        extra.append(Form.checkbox("overdue", label: words.overdueOnly, checked: overdueOnly))
        let filter = Form.search(PagePath.loans, label: words.searchUserOrTitle, value: text, button: words.filter, extra: extra)
        let row = LoanRow(words: words, policy: policy, today: today, back: here, csrf: csrf)
        var tables: [HTML] = []
        for group in groups {
            if !classes.isEmpty {
                tables.append(.el(.h2, [.class("group")], .text(group.className ?? words.noClass)))
            }
            tables.append(.el(.table, [.class("list loans")],
                .el(.thead, .el(.tr,
                    .el(.th, [HTMLAttribute(.scope, "col")], .text(words.user)),
                    .el(.th, [HTMLAttribute(.scope, "col")], .text(words.title)),
                    .el(.th, [HTMLAttribute(.scope, "col")], .text(words.dueDate)),
                    .el(.th, [HTMLAttribute(.scope, "col")], .el(.span, [.class("visually-hidden")], .text(words.action))))),
                .el(.tbody, row.rows(group.rows))))
        }
        if tables.isEmpty { tables.append(.el(.p, [.class("empty")], .text(words.noLoans))) }
        // Says on paper what the list is and on which day it was printed.
        let printed = words.today + ": " + words.date(today)
        let what = [className.isEmpty ? nil : className, overdueOnly ? words.overdueOnly : nil, printed].compactMap { $0 }
        let caption: HTML = .el(.p, [.class("list-caption")], .text(what.joined(separator: " · ")))
        return [filter, caption] + tables + [
            Pager(words: words, path: PagePath.loans, query: filters, page: page, total: total, pageSize: LoansSection.pageSize).html,
        ]
    }
}

extension ConfirmReturnPage {
    /// The question and its two answers, or that the Loan is gone.
    func content(words: any PageWords, csrf: String) -> [HTML] {
        guard let found = loan else {
            return [.el(.p, .text(words.loanGone)), .el(.p, .el(.a, [.href(PagePath.loans)], .text(words.onLoan)))]
        }
        let who = found.user?.name ?? words.unnamedUser
        return [
            .el(.p, [.class("question")], .text(words.confirmReturn(title: found.book.title, user: who))),
            .el(.p, .text(words.dueDate + ": " + words.date(found.loan.due))),
            .el(.div, [.class("choices")],
                Form.post(PagePath.to(.returnLoan, "\(id)"), csrf: csrf, button: words.returnIt, style: "primary", fields: []),
                .el(.a, [.class("button quiet"), .href(PagePath.loans)], .text(words.cancel))),
        ]
    }
}

/// A Loan's row of 貸出中, written straight to bytes (a page has fifty): what every row shares
/// (the cells' labels, the words, the extend form's token and button) is made once for the page.
private struct LoanRow {
    let words: any PageWords
    let policy: Policy
    let today: LocalDate
    let userCell, titleCell, dueCell, actionsCell, overdueRow, plainRow, overdueMark: [HTMLAttribute]
    let unnamedUser, overdueWord, returnBook: String
    let extendFields: HTMLWriter.Written

    init(words: any PageWords, policy: Policy, today: LocalDate, back: String, csrf: String) {
        (self.words, self.policy, self.today) = (words, policy, today)
        userCell = [HTMLAttribute(.title, words.user)]
        titleCell = [HTMLAttribute(.title, words.title)]
        dueCell = [HTMLAttribute(.title, words.dueDate), .class("due")]
        actionsCell = [.class("actions")]
        overdueRow = [.class("is-overdue")]
        plainRow = [.class("")]
        overdueMark = [.class("overdue")]
        (unnamedUser, overdueWord, returnBook) = (words.unnamedUser, words.overdue, words.returnBook)
        extendFields = Form.postFields(csrf: csrf, button: words.extend, hidden: [("back", back)])
    }

    /// The rows of `listings`, as one node of the table's body.
    func rows(_ listings: [LoanListing]) -> HTML {
        var rows = HTMLWriter()
        for listing in listings { write(listing, into: &rows) }
        return rows.html
    }

    func write(_ listing: LoanListing, into rows: inout HTMLWriter) {
        let overdue = policy.isOverdue(listing.loan, on: today)
        rows.element(.tr, overdue ? overdueRow : plainRow) { row in
            row.element(.td, userCell) { cell in
                if let user = listing.user {
                    cell.element(.a, [.href(PagePath.user(user.card))], text: user.name)
                } else {
                    cell.text(unnamedUser)
                }
            }
            row.element(.td, titleCell) { cell in
                cell.element(.a, [.href(PagePath.book(listing.book.barcode))], text: listing.book.title)
            }
            row.element(.td, dueCell) { cell in
                cell.text(words.date(listing.loan.due))
                if overdue { cell.element(.strong, overdueMark, text: overdueWord) }
            }
            row.element(.td, actionsCell) { cell in
                cell.element(.a, [.class("button"), .href(PagePath.confirmReturn(listing.loan.id))], text: returnBook)
                Form.post(PagePath.extendLoan(listing.loan.id), fields: extendFields, into: &cell)
            }
        }
    }
}
