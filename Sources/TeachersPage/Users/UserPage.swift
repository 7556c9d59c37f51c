import Foundation
import Lending

/// A User's page as it is shown, with nothing of HTML in it: the User, their open Loans (each
/// marked when overdue), the history the privacy window keeps, what 「絵本を貸す」 found, and
/// when their Card was printed.
struct UserPage {
    /// 「絵本を貸す」: what was asked for, and each Book found with what the rules say.
    struct Lending {
        struct Choice {
            var listing: BookListing
            /// What the rules say about lending it; nil when it is on loan.
            var check: BooksSection.LendCheck?
        }

        /// What was typed or scanned; nil: nothing yet.
        var asked: String?
        var found: [Choice]
    }

    var user: User
    var open: [(loan: Loan, overdue: Bool)]
    var past: [Loan]
    /// The titles of the Books of those Loans, by barcode.
    var titles: [String: String]
    /// The User's own loan limit, else the rules'.
    var ruleLimit: Int
    var zone: TimeZone
    var lending: Lending
    var cardPrinted: Date?

    init(user: User, loans: [Loan], books: [Book], policy: Policy, now: Date, lending: Lending, cardPrinted: Date?) {
        self.user = user
        open = loans.filter(\.isOpen).map { ($0, policy.isOverdue($0, at: now)) }
        past = loans.filter { !$0.isOpen }
        titles = Dictionary(books.map { ($0.barcode, $0.title) }, uniquingKeysWith: { first, _ in first })
        ruleLimit = policy.loanLimit
        zone = policy.timeZone
        self.lending = lending
        self.cardPrinted = cardPrinted
    }
}
