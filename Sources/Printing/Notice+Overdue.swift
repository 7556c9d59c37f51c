import Foundation
import Lending

extension Notice {
    /// One notice per User with an overdue Loan at `now` (of `className` when given), graduates
    /// included, in list order (class, reading, name); each User's Books by due date.
    public static func overdue(in tx: any LendingTransaction, policy: Policy, at now: Date, className: String?) throws -> [Notice] {
        // The desk's list (read without locks: slips are shown, not decided on), by due date;
        // a Loan whose User is no longer known has nobody to hand a slip to.
        let overdue = try LibraryDesk.overdueLoans(at: now, policy: policy, in: tx)
        var byUser: [String: [OverdueLoan]] = [:]
        var users: [User] = []
        for entry in overdue {
            guard let user = entry.user else { continue }
            if byUser[user.card] == nil { users.append(user) }
            byUser[user.card, default: []].append(entry)
        }
        return users
            .filter { className == nil || $0.className == className }
            .sortedForLists(classes: try tx.classes())
            .map { user in
                Notice(userName: user.name, className: user.className,
                       items: (byUser[user.card] ?? []).map { Notice.Item(title: $0.book?.title ?? $0.loan.book, due: $0.loan.due) })
            }
    }
}
