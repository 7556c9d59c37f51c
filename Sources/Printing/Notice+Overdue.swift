import Foundation
import Lending

extension Notice {
    /// One notice per User with an overdue Loan at `now` (of `className` when given), graduates
    /// included, in list order (class, reading, name); each User's Books by due date.
    public static func overdue(in tx: any LendingTransaction, policy: Policy, at now: Date, className: String?) throws -> [Notice] {
        let overdue = try tx.openLoans().filter { policy.isOverdue($0, at: now) }
        var byUser: [String: [Loan]] = [:]
        for loan in overdue { if let card = loan.user { byUser[card, default: []].append(loan) } }
        // Read without locks (`users(cards:)`, one round trip): slips are shown, not decided on.
        let users = try tx.users(cards: Array(byUser.keys))
            .filter { className == nil || $0.className == className }
            .sortedForLists(classes: try tx.classes())
        return try users.map { user in
            let loans = (byUser[user.card] ?? []).sorted { $0.due < $1.due }
            let titles = Dictionary(try tx.books(barcodes: loans.map(\.book)).map { ($0.barcode, $0.title) }, uniquingKeysWith: { a, _ in a })
            return Notice(userName: user.name, className: user.className,
                          items: loans.map { Notice.Item(title: titles[$0.book] ?? $0.book, due: $0.due) })
        }
    }
}
