import Foundation

// The one list of overdue Loans, for the kiosk's staff mode, the page, the notices and the
// commands.
extension LibraryDesk {
    /// Every Loan overdue at `now` under `policy`, the longest overdue first, each with its Book
    /// and User (nil where they are no longer known) and how many days late it is. A list, so
    /// nothing is locked: its Books and Users are read in one go each.
    public static func overdueLoans(at now: Date, policy: Policy, in tx: any LendingTransaction) throws -> [OverdueLoan] {
        let loans = try tx.openLoans().filter { policy.isOverdue($0, at: now) }.sorted { $0.due < $1.due }
        let books = Dictionary(try tx.books(barcodes: loans.map(\.book)).map { ($0.barcode, $0) }, uniquingKeysWith: { first, _ in first })
        let users = Dictionary(try tx.users(cards: loans.compactMap(\.user)).map { ($0.card, $0) }, uniquingKeysWith: { first, _ in first })
        return loans.map { loan in
            OverdueLoan(loan: loan, book: books[loan.book], user: loan.user.flatMap { users[$0] },
                        days: policy.overdueDays(due: loan.due, at: now))
        }
    }
}
