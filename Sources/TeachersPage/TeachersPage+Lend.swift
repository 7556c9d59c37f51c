import Foundation
import HTTPServer
import Lending

extension TeachersPage {
    /// What the rules say about lending a Book to a User now.
    struct LendCheck {
        var book: Book
        var user: User?
        var onLoan: Bool
        var due: LocalDate
        /// The rule that stops it, before any override.
        var refusal: Refusal?
    }

    func lendCheck(_ book: Book, user: User?, policy: Policy, at now: Date, in tx: any LendingTransaction) throws -> LendCheck {
        let onLoan = try tx.openLoan(book: book.barcode) != nil
        var refusal: Refusal?
        if let user {
            refusal = Circulation(policy: policy).lendRefusal(book: book, user: user, openLoans: try tx.openLoans(user: user.card), at: now)
        } else if book.status != .available {
            refusal = .bookNotLendable
        }
        return LendCheck(book: book, user: user, onLoan: onLoan, due: policy.dueDate(lentAt: now), refusal: refusal)
    }

    /// `GET /books/BARCODE/lend?q=&user=CARD`: choose the User (searching by name or card), see
    /// the due date and whether the rules allow it.
    func lendForm(_ barcode: String, _ context: PageContext) throws -> HTTPResponse {
        let text = (context.request.value("q") ?? "").trimmingCharacters(in: .whitespaces)
        let card = context.request.value("user")
        let found = try store.read { tx -> (LibraryState, LendCheck, ListingPage<User>)? in
            let library = try self.library(tx)
            guard let book = try tx.book(barcode: barcode) else { return nil }
            let user = try card.flatMap { try tx.user(card: $0) }
            let check = try lendCheck(book, user: user, policy: library.policy, at: context.now, in: tx)
            let candidates = user == nil ? try tx.users(matching: text, offset: 0, limit: Self.pageSize) : ListingPage(items: [], total: 0)
            return (library, check, candidates)
        }
        guard let (library, check, candidates) = found else { return try notFound(context) }
        var content: [HTML] = [.el(.p, .el(.a, [.href(PagePath.book(barcode))], .text(check.book.title)))]
        if check.onLoan {
            content.append(.el(.p, [.class("warning")], .text(words.lentOut)))
        } else if let user = check.user {
            content.append(.el(.dl, [.class("facts")], fact(words.user, .text(user.name)), fact(words.card, .text(user.card))))
            content.append(.el(.p, .strong(words.dueWouldBe(words.date(check.due)))))
            let fields = [Form.hidden("user", user.card)]
            if let refusal = check.refusal {
                content.append(.el(.p, [.class("warning"), HTMLAttribute(.role, "alert")], .text(words.refused(refusal))))
                if refusal == .hasOverdue || refusal == .limitReached {
                    content.append(.el(.p, .text(words.overrideExplained)))
                    content.append(Form.post(PagePath.book(barcode, "lend"), csrf: context.session.csrf, button: words.lendPastRules,
                                             style: "danger", fields: fields + [Form.hidden("override", "1")]))
                }
            } else {
                content.append(Form.post(PagePath.book(barcode, "lend"), csrf: context.session.csrf, button: words.lendIt,
                                         style: "primary", fields: fields))
            }
            content.append(.el(.p, .el(.a, [.href(PagePath.book(barcode, "lend"))], .text(words.chooseUser))))
        } else if let refusal = check.refusal {
            content.append(.el(.p, [.class("warning")], .text(words.refused(refusal))))
        } else {
            content.append(.el(.h2, .text(words.chooseUser)))
            content.append(Form.search(PagePath.book(barcode, "lend"), label: words.searchUsers, value: text, button: words.search))
            let rows: [HTML] = candidates.items.map { user in
                .el(.li, .el(.a, [.class("button quiet"), .href(PagePath.with(PagePath.book(barcode, "lend"), [("user", user.card)]))],
                             .text(user.name + " (" + user.card + ")" + (user.isActive ? "" : " · " + words.inactive))))
            }
            content.append(rows.isEmpty ? .el(.p, [.class("empty")], .text(words.noUsersFound)) : .el(.ul, [.class("choose")], children: rows))
        }
        return page(context, library, heading: words.lendHeading, section: .books, content: content)
    }

    /// `POST /books/BARCODE/lend` with `user` (and `override=1` past the rules): lends under the
    /// kiosk's rules; a Staff member may lend past a loan limit or an overdue block, recorded as
    /// an override. An inactive User or a Book that cannot be lent is refused either way.
    func lend(_ barcode: String, _ context: PageContext) throws -> HTTPResponse {
        let card = context.request.value("user") ?? ""
        let overriding = context.request.value("override") == "1"
        enum Result { case missing, refused(Refusal?), lent(Loan, Book, User) }
        let result = try store.transaction { tx -> Result in
            let policy = try self.library(tx).policy
            guard let book = try tx.book(barcode: barcode), let user = try tx.user(card: card) else { return .missing }
            let check = try lendCheck(book, user: user, policy: policy, at: context.now, in: tx)
            if check.onLoan { return .refused(nil) }
            let overridable = check.refusal == .hasOverdue || check.refusal == .limitReached
            if let refusal = check.refusal, !(overriding && overridable) { return .refused(refusal) }
            let overrideBy = check.refusal == nil ? nil : context.staff
            let loan = try tx.addLoan(book: book.barcode, user: user.card, lentAt: context.now, due: check.due, overrideBy: overrideBy)
            let detail = "lent \(book.barcode) 「\(book.title)」, due \(loan.due), on the teachers' page"
                + (check.refusal.map { ", past the rules (\($0.rawValue))" } ?? "")
            try tx.record(AuditEntry(time: context.now, staff: context.staff,
                                     action: (overrideBy == nil ? PageAction.lent : .override).rawValue, detail: detail, user: AuditedUser(user)))
            return .lent(loan, book, user)
        }
        switch result {
        case .missing:
            return try notFound(context)
        case .refused(let refusal):
            return redirect(PagePath.with(PagePath.book(barcode, "lend"), [("user", card)]),
                            notice: refusal.map { words.refused($0) } ?? words.lentOut, refusal: true, context)
        case .lent(let loan, let book, let user):
            return redirect(PagePath.book(book.barcode), notice: words.lent(title: book.title, user: user.name, due: words.date(loan.due)), context)
        }
    }
}

extension HTML {
    static func strong(_ text: String) -> HTML { .el(.strong, .text(text)) }
}
