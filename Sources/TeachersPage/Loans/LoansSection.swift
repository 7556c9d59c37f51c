import Foundation
import HTTPServer
import Lending

/// 貸出中: the open Loans, returning and extending one.
///
/// The section to copy for a new one: its routes declared here with their options, its handlers
/// each reading once in the store, then making a page value (`LoansPage`, `ConfirmReturnPage`),
/// then HTML from it; its words in `LoansPageWords`, each language's beside them.
struct LoansSection: PageSection {
    let shared: PageShared

    static let routes: [RouteGroup] = [
        .signedIn([
            .get("/loans", .loans) { page, _, context in try page.loans.list(context) },
            .get("/loans/{n}/return", .confirmReturn) { page, values, context in try page.loans.confirmReturn(PageRoutes.loanID(values), context) },
        ]),
        .signedInChanges([
            .post("/loans/{n}/return", .returnLoan) { page, values, context in try page.loans.returnLoan(PageRoutes.loanID(values), context) },
            .post("/loans/{n}/extend", .extendLoan) { page, values, context in try page.loans.extendLoan(PageRoutes.loanID(values), context) },
        ]),
    ]
}

extension LoansSection {
    /// `GET /loans?q=&class=&overdue=1&page=N`: every open Loan, filtered, a page at a time,
    /// grouped by the User's class (youngest grade first) where classes exist.
    func list(_ context: PageContext) throws -> HTTPResponse {
        let query = LoansPage.Query(context.request, page: pageNumber(context.request))
        let read = try store.read { tx in try LoansPage.Read(query, library: self.library(tx), at: context.now, in: tx) }
        let loans = LoansPage(query, read)
        return page(context, read.library, heading: words.onLoan, section: .loans,
                    content: loans.content(words: words, csrf: context.session.csrf))
    }

    /// `GET /loans/ID/return`: are you sure?
    func confirmReturn(_ id: Int64, _ context: PageContext) throws -> HTTPResponse {
        let (library, found) = try store.read { tx in
            (try self.library(tx), try openLoan(id, in: tx))
        }
        let confirm = ConfirmReturnPage(id: id, loan: found)
        return page(context, library, heading: words.confirmReturnHeading, section: .loans, status: confirm.status,
                    content: confirm.content(words: words, csrf: context.session.csrf))
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
