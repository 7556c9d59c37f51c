import Foundation

extension PromotionPlan {
    /// The plan for the library as `tx` sees it (`bookkiosk promote` and the page's 組 both
    /// work it out here).
    public static func plan(in tx: any LendingTransaction, mapping: [String: String]) throws -> PromotionPlan {
        let users = try tx.allUsers()
        let open = try tx.openLoans()
        // One read of every Book out (no locks: the plan shows them, it does not decide on them).
        let books = Dictionary(try tx.books(barcodes: open.map(\.book)).map { ($0.barcode, $0) }, uniquingKeysWith: { first, _ in first })
        var booksOut: [String: [Book]] = [:]
        for loan in open {
            guard let card = loan.user, let book = books[loan.book] else { continue }
            booksOut[card, default: []].append(book)
        }
        return PromotionPlan.make(classes: try tx.classes(), users: users, mapping: mapping, booksOut: booksOut)
    }

    /// Saves every changed User and records one audit entry naming `who` ran it.
    public static func apply(_ plan: PromotionPlan, by who: String, at time: Date, in tx: any LendingTransaction) throws {
        // In card order, as every path that writes several Users locks them (PostgresLendingRepository).
        for user in plan.changedUsers.sorted(by: { ListingSearch.precedes($0.card, $1.card) }) { try tx.save(user) }
        let moved = plan.moves.map { "\($0.from) → \($0.to): \($0.users.count)" }
        let detail = (moved + ["graduated: \(plan.graduates.count)"]).joined(separator: "; ")
        try tx.record(AuditEntry(time: time, staff: who, action: "promoted", detail: detail))
    }
}
