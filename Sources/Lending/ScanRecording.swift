import Foundation

/// What one scan did to a Loan.
public enum LoanChange: String, Sendable, Hashable, CaseIterable {
    case lent
    case returned
}

/// A store whose transactions remember which scan made each Loan change (DESIGN.md §12): on a
/// shared server a COMMIT's reply can be lost with the connection, so the kiosk gives each scan
/// an id of its own before its transaction, the id is written with the change, and after
/// reconnecting the kiosk asks what that scan changed and tells exactly that, once.
public protocol ScanRecordingTransaction: LendingTransaction {
    /// Records, in this transaction, that scan `scan` made `change` to Loan `loan`.
    func recordScan(_ scan: String, changed loan: Int64, _ change: LoanChange) throws
    /// What scan `scan` changed, with the Loan as it stands now; nil when it changed nothing
    /// (its transaction rolled back, or it was a Card, a refusal, a duplicate).
    func change(byScan scan: String) throws -> (change: LoanChange, loan: Loan)?
}

extension Circulation {
    /// Records `change` under `scan` when the store keeps scans (a store that cannot lose a
    /// COMMIT's reply does not).
    func record(_ scan: String?, changed loan: Int64, _ change: LoanChange, in tx: any LendingTransaction) throws {
        guard let scan, let recording = tx as? any ScanRecordingTransaction else { return }
        try recording.recordScan(scan, changed: loan, change)
    }

    /// The Outcome a recorded change is told as: the Loan as it stands, its Book and User as
    /// they are now (read without locks: shown, not decided on). Nil when the Book or the User is
    /// gone (removed, or the privacy pass forgot who borrowed).
    func outcome(of change: LoanChange, _ loan: Loan, in tx: any LendingTransaction) throws -> Outcome? {
        guard let book = try tx.books(barcodes: [loan.book]).first else { return nil }
        let user = try loan.user.flatMap { try tx.users(cards: [$0]).first }
        switch change {
        case .lent:
            guard let user else { return nil }
            return .lent(loan, book: book, user: user)
        case .returned:
            let time = loan.returnedAt ?? loan.lentAt
            return .returned(loan, book: book, user: user, overdueDays: policy.overdueDays(due: loan.due, at: time))
        }
    }
}
