import Foundation
import HTTPServer
import Lending

extension BooksSection {
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

    /// Users a lend form offers at most (a class has far fewer).
    static let lendChoices = 200

    /// `GET /books/BARCODE/lend?class=&q=&user=CARD`: choose the class, then the User (a GET
    /// form each, so it works without a script), see the due date and whether the rules allow it.
    func lendForm(_ barcode: String, _ context: PageContext) throws -> HTTPResponse {
        let text = (context.request.value("q") ?? "").trimmingCharacters(in: .whitespaces)
        let card = context.request.value("user")
        let asked = context.request.value("class") ?? ""
        let found = try store.read { tx -> (LibraryState, LendCheck, ListingPage<User>, [SchoolClass])? in
            let library = try self.library(tx)
            let classes = try tx.classes()
            let chosen = classes.contains { $0.name == asked } ? asked : nil
            guard let book = try tx.book(barcode: barcode) else { return nil }
            let user = try card.flatMap { try tx.user(card: $0) }
            let check = try lendCheck(book, user: user, policy: library.policy, at: context.now, in: tx)
            let candidates = user == nil ? try tx.users(matching: text, inClass: chosen, offset: 0, limit: Self.lendChoices)
                                         : ListingPage(items: [], total: 0)
            return (library, check, candidates, classes)
        }
        guard let (library, check, candidates, classes) = found else { return try notFound(context) }
        let lendForm = LendFormPage(barcode: barcode, check: check, text: text, askedClass: asked, classes: classes, candidates: candidates.items)
        return page(context, library, heading: words.lendHeading, section: .books,
                    content: lendForm.content(words: words, csrf: context.session.csrf))
    }

    /// `POST /books/BARCODE/lend` with `user` (and `override=1` past the rules): lends under the
    /// kiosk's rules; a Staff member may lend past a loan limit or an overdue block, recorded as
    /// an override. An inactive User or a Book that cannot be lent is refused either way.
    func lend(_ barcode: String, _ context: PageContext) throws -> HTTPResponse {
        let card = context.request.value("user") ?? ""
        let overriding = context.request.value("override") == "1"
        enum Result { case missing, refused(Refusal?), lent(Loan, Book, User) }
        let result = try store.write { tx -> Result in
            let policy = try self.library(tx).policy
            let desk = LibraryDesk(staff: context.staff, at: context.now)
            switch try desk.lend(barcode, to: card, pastRules: overriding, whenOnLoan: .refuse, policy: policy, in: tx) {
            case .outcome(.lent(let loan, let book, let user, _), _): return .lent(loan, book, user)
            case .outcome(.refused(let refusal, _, _, _), _): return .refused(refusal)
            case .outcome(.greeted, _), .outcome(.returned, _), .onLoan: return .refused(nil)
            case .notABook, .unknownBarcode, .noSuchUser: return .missing
            }
        }
        switch result {
        case .missing:
            return try notFound(context)
        case .refused(let refusal):
            return redirect(PagePath.with(PagePath.to(.lendForm, barcode), [("user", card)]),
                            notice: refusal.map { words.refused($0) } ?? words.lentOut, refusal: true, context)
        case .lent(let loan, let book, let user):
            return redirect(PagePath.book(book.barcode), notice: words.lent(title: book.title, user: user.name, due: words.date(loan.due)), context)
        }
    }
}

extension HTML {
    static func strong(_ text: String) -> HTML { .el(.strong, .text(text)) }
}
