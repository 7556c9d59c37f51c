import Foundation
import HTTPServer
import Lending

extension TeachersPage {
    /// `GET /loans?q=&class=&overdue=1&page=N`: every open Loan, filtered, a page at a time,
    /// grouped by the User's class (youngest grade first) where classes exist.
    func loans(_ context: PageContext) throws -> HTTPResponse {
        let request = context.request
        let text = (request.value("q") ?? "").trimmingCharacters(in: .whitespaces)
        let overdueOnly = request.value("overdue") == "1"
        let number = pageNumber(request)
        let (library, classes, listing, today) = try store.read { tx in
            let library = try self.library(tx)
            let classes = try tx.classes()
            let chosen = request.value("class").flatMap { name in classes.contains { $0.name == name } ? name : nil }
            let today = LocalDate(context.now, in: library.policy.timeZone)
            let query = LoanQuery(text: text, className: chosen, overdueOn: overdueOnly ? today : nil,
                                  offset: (number - 1) * Self.pageSize, limit: Self.pageSize)
            return (library, classes, try tx.loanListings(query), today)
        }
        let className = request.value("class").flatMap { name in classes.contains { $0.name == name } ? name : nil } ?? ""
        let filters: [(String, String)] = [("q", text), ("class", className), ("overdue", overdueOnly ? "1" : "")]
        let here = PagePath.with(PagePath.loans, filters + [("page", number > 1 ? "\(number)" : "")])
        var extra: [HTML] = []
        if !classes.isEmpty { extra.append(Form.classFilter(classes, selected: className, words: words)) }
        extra.append(Form.checkbox("overdue", label: words.overdueOnly, checked: overdueOnly))
        let filter = Form.search(PagePath.loans, label: words.searchUserOrTitle, value: text, button: words.filter, extra: extra)
        // The store lists Loans in the order of their Users (class, reading, name), so a class's
        // Loans come together: one heading and table each.
        var groups: [(name: String?, rows: [LoanListing])] = []
        for item in listing.items {
            let name = classes.isEmpty ? nil : item.user?.className
            if let last = groups.last, last.name == name { groups[groups.count - 1].rows.append(item) } else { groups.append((name, [item])) }
        }
        var tables: [HTML] = []
        for group in groups {
            if !classes.isEmpty {
                tables.append(.el(.h2, [.class("group")], .text(group.name ?? words.noClass)))
            }
            tables.append(.el(.table, [.class("list loans")],
                .el(.thead, .el(.tr,
                    .el(.th, [HTMLAttribute(.scope, "col")], .text(words.user)),
                    .el(.th, [HTMLAttribute(.scope, "col")], .text(words.title)),
                    .el(.th, [HTMLAttribute(.scope, "col")], .text(words.dueDate)),
                    .el(.th, [HTMLAttribute(.scope, "col")], .el(.span, [.class("visually-hidden")], .text(words.action))))),
                .el(.tbody, rows(group.rows, library.policy, today: today, back: here, context))))
        }
        if tables.isEmpty { tables.append(.el(.p, [.class("empty")], .text(words.noLoans))) }
        // Says on paper what the list is and on which day it was printed.
        let printed = words.today + ": " + words.date(today)
        let what = [className.isEmpty ? nil : className, overdueOnly ? words.overdueOnly : nil, printed].compactMap { $0 }
        let caption: HTML = .el(.p, [.class("list-caption")], .text(what.joined(separator: " · ")))
        return page(context, library, heading: words.onLoan, section: .loans, content: [filter, caption] + tables + [
            Pager(words: words, path: PagePath.loans, query: filters,
                  page: number, total: listing.total, pageSize: Self.pageSize).html,
        ])
    }

    private func rows(_ listings: [LoanListing], _ policy: Policy, today: LocalDate, back: String, _ context: PageContext) -> HTML {
        let row = LoanRow(words: words, policy: policy, today: today, back: back, csrf: context.session.csrf)
        var rows = HTMLWriter()
        for listing in listings { row.write(listing, into: &rows) }
        return rows.html
    }

    /// `GET /loans/ID/return`: are you sure?
    func confirmReturn(_ id: Int64, _ context: PageContext) throws -> HTTPResponse {
        let (library, found) = try store.read { tx in
            (try self.library(tx), try openLoan(id, in: tx))
        }
        guard let found else {
            return page(context, library, heading: words.confirmReturnHeading, section: .loans, status: 404,
                        content: [.el(.p, .text(words.loanGone)), .el(.p, .el(.a, [.href(PagePath.loans)], .text(words.onLoan)))])
        }
        let who = found.user?.name ?? words.unnamedUser
        return page(context, library, heading: words.confirmReturnHeading, section: .loans, content: [
            .el(.p, [.class("question")], .text(words.confirmReturn(title: found.book.title, user: who))),
            .el(.p, .text(words.dueDate + ": " + words.date(found.loan.due))),
            .el(.div, [.class("choices")],
                Form.post(PagePath.to(.returnLoan, "\(id)"), csrf: context.session.csrf, button: words.returnIt, style: "primary", fields: []),
                .el(.a, [.class("button quiet"), .href(PagePath.loans)], .text(words.cancel))),
        ])
    }

    /// `POST /loans/ID/return`: the Book is back, as a staff return, with an audit entry.
    func returnLoan(_ id: Int64, _ context: PageContext) throws -> HTTPResponse {
        let title: String? = try store.write { tx in
            let change = try LibraryDesk(staff: context.staff, at: context.now).forceReturn(.loan(id), in: tx)
            guard case .done(_, let book, _, _) = change else { return nil }
            return book.title
        }
        return redirect(PagePath.loans, notice: title.map { words.returned(title: $0) } ?? words.loanGone, refusal: title == nil, context)
    }

    /// `POST /loans/ID/extend`: the due date moves as staff mode's extend moves it.
    func extendLoan(_ id: Int64, _ context: PageContext) throws -> HTTPResponse {
        let result: (title: String, due: LocalDate)? = try store.write { tx in
            let policy = try self.library(tx).policy
            let change = try LibraryDesk(staff: context.staff, at: context.now).extend(.loan(id), policy: policy, in: tx)
            guard case .done(let loan, let book, _, _) = change else { return nil }
            return (book.title, loan.due)
        }
        let notice = result.map { words.extended(title: $0.title, due: words.date($0.due)) } ?? words.loanGone
        return redirect(localPath(context.request.value("back")) ?? PagePath.loans, notice: notice, refusal: result == nil, context)
    }

    /// The open Loan with this id, its Book and User; nil when it is returned or never was.
    func openLoan(_ id: Int64, in tx: any LendingTransaction) throws -> LoanListing? {
        guard let loan = try tx.openLoans().first(where: { $0.id == id }),
              let book = try tx.book(barcode: loan.book) else { return nil }
        return LoanListing(loan: loan, book: book, user: try loan.user.flatMap { try tx.user(card: $0) })
    }

    /// A path on this page to go back to, from a form; nil unless it is plainly one of ours.
    func localPath(_ text: String?) -> String? {
        guard let text, text.hasPrefix("/"), !text.hasPrefix("//"), !text.contains("\\"),
              !text.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F }) else { return nil }
        return text
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
