import Foundation
import HTTPServer
import Lending

/// Lending from a child's page: 「絵本を貸す」 finds the Book by its scanned or typed barcode, or
/// by its title, and each Book found has its own 「貸出する」 (or, past the rules, 「特別貸出する」);
/// finding and lending are separate buttons, and all of it stays on the child's page.
extension UsersSection {
    /// Books a child's page offers at most for one search.
    static let lendToUserChoices = 20

    /// What the 「絵本を貸す」 section of `user`'s page offers, read in `tx`: the Books found for
    /// `asked` (what was typed or scanned; nil: nothing yet), each with what the rules say.
    func lendChoices(to user: User, asked: String?, policy: Policy, at now: Date, in tx: any LendingTransaction) throws -> UserPage.Lending {
        var lending = UserPage.Lending(asked: asked, found: [])
        guard user.isActive, let asked, !asked.isEmpty else { return lending }
        let found: [BookListing]
        if let exact = try tx.book(barcode: Barcode.normalize(asked)) {
            found = [BookListing(book: exact, openLoan: try tx.openLoan(book: exact.barcode), borrower: nil)]
        } else {
            found = try tx.bookListings(matching: asked, offset: 0, limit: Self.lendToUserChoices).items
        }
        for listing in found {
            let check = listing.openLoan != nil ? nil : try books.lendCheck(listing.book, user: user, policy: policy, at: now, in: tx)
            lending.found.append(UserPage.Lending.Choice(listing: listing, check: check))
        }
        return lending
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
