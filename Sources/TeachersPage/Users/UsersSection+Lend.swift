import Foundation
import HTTPServer
import Lending

/// Lending from a child's page: 「絵本を貸す」 finds the Book by its scanned or typed barcode, or
/// by its title, and each Book found has its own 「貸出する」 (or, past the rules, 「特別貸出する」);
/// finding and lending are separate buttons, and all of it stays on the child's page.
extension UsersSection {
    /// Books a child's page offers at most for one search.
    static let lendToUserChoices = 20

    /// The 「絵本を貸す」 section of `user`'s page; `asked` is what was typed or scanned (nil: nothing yet).
    func lendSection(to user: User, asked: String?, policy: Policy, _ context: PageContext, in tx: any LendingTransaction) throws -> HTML {
        let here = PagePath.user(user.card)
        var content: [HTML] = [
            .el(.h2, .text(words.lendToUser)),
            .el(.form, [HTMLAttribute(.method, "get"), HTMLAttribute(.action, here + "#lend"), .class("search"), HTMLAttribute(.role, "search")],
                Form.text("book", label: words.bookToLend, value: asked ?? "", type: "search", hint: words.bookToLendHint,
                          extra: [HTMLAttribute(.autocomplete, "off"), HTMLAttribute(.autocapitalize, "off"), HTMLAttribute(.enterkeyhint, "search")]),
                Form.submit(words.search)),
        ]
        guard user.isActive else {
            return .el(.section, [.id("lend"), HTMLAttribute(.ariaLabel, words.lendToUser)],
                       .el(.h2, .text(words.lendToUser)), .el(.p, [.class("warning")], .text(words.refused(.userInactive))))
        }
        if let asked, !asked.isEmpty {
            let found: [BookListing]
            if let exact = try tx.book(barcode: Barcode.normalize(asked)) {
                found = [BookListing(book: exact, openLoan: try tx.openLoan(book: exact.barcode), borrower: nil)]
            } else {
                found = try tx.bookListings(matching: asked, offset: 0, limit: Self.lendToUserChoices).items
            }
            if found.isEmpty {
                content.append(.el(.p, [.class("empty")], .text(words.noBooks)))
            } else {
                var rows: [HTML] = []
                for listing in found {
                    rows.append(.el(.tr,
                        .el(.td, [HTMLAttribute(.title, words.title)], .el(.a, [.href(PagePath.book(listing.book.barcode))], .text(listing.book.title))),
                        .el(.td, [HTMLAttribute(.title, words.barcode)], .text(listing.book.barcode)),
                        .el(.td, [.class("actions")], try lendAction(listing, to: user, policy: policy, context, in: tx))))
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
    private func lendAction(_ listing: BookListing, to user: User, policy: Policy, _ context: PageContext,
                            in tx: any LendingTransaction) throws -> HTML {
        if listing.openLoan != nil { return .el(.span, [.class("warning")], .text(words.lentOut)) }
        let check = try books.lendCheck(listing.book, user: user, policy: policy, at: context.now, in: tx)
        let path = PagePath.to(.lendToUser, user.card)
        let fields = [Form.hidden("book", listing.book.barcode)]
        guard let refusal = check.refusal else {
            return .el(.div, .el(.span, [.class("hint")], .text(words.dueWouldBe(words.date(check.due)) + " ")),
                       Form.post(path, csrf: context.session.csrf, button: words.lendIt, style: "primary", fields: fields))
        }
        guard refusal == .hasOverdue || refusal == .limitReached else {
            return .el(.span, [.class("warning")], .text(words.refused(refusal)))
        }
        return .el(.div, .el(.p, [.class("warning")], .text(words.refused(refusal) + " " + words.overrideExplained)),
                   Form.post(path, csrf: context.session.csrf, button: words.lendPastRules, style: "danger",
                             fields: fields + [Form.hidden("override", "1")]))
    }

    /// `POST /users/CARD/lend` with `book` (and `override=1` past the rules): the same lending as
    /// from a Book's page, back on the child's page with what happened next to 「絵本を貸す」.
    func lendToUser(_ card: String, _ context: PageContext) throws -> HTTPResponse {
        let barcode = Barcode.normalize(context.request.value("book") ?? "")
        let overriding = context.request.value("override") == "1"
        enum Result { case noSuchUser, refused(String), lent(Loan, Book, User) }
        let result = try store.write { tx -> Result in
            let policy = try self.library(tx).policy
            let desk = LibraryDesk(staff: context.staff, at: context.now)
            switch try desk.lend(barcode, to: card, pastRules: overriding, whenOnLoan: .refuse, policy: policy, in: tx) {
            case .outcome(.lent(let loan, let book, let user, _), _): return .lent(loan, book, user)
            case .outcome(.refused(let refusal, _, _, _), _): return .refused(words.refused(refusal))
            case .outcome(.greeted, _), .outcome(.returned, _), .onLoan: return .refused(words.lentOut)
            case .notABook, .unknownBarcode: return .refused(words.noBooks)
            case .noSuchUser: return .noSuchUser
            }
        }
        let back = PagePath.user(card)
        switch result {
        case .noSuchUser:
            return try notFound(context)
        case .refused(let why):
            return redirect(PagePath.with(back, [("book", barcode)]) + "#lend", notice: why, refusal: true, context)
        case .lent(let loan, let book, let user):
            return redirect(back + "#lend", notice: words.lent(title: book.title, user: user.name, due: words.date(loan.due)), context)
        }
    }
}
