import Foundation

extension PromotionPlan {
    /// The plan for the library as `tx` sees it (`bookkiosk promote` and the page's 組 both
    /// work it out here; `LibraryDesk.promote` applies it).
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
}
