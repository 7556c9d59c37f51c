import Foundation
import Lending

// Which scan made each Loan change (`loan_scans`), so a kiosk whose COMMIT's reply was lost
// with the server can ask, once it is back, what its scan did (DESIGN.md §12).
extension PostgresLendingTransaction: ScanRecordingTransaction {
    /// A new row, which waits for nobody (the lock order's last table).
    func recordScan(_ scan: String, changed loan: Int64, _ change: LoanChange) throws {
        checkOpen()
        do {
            try connection.execute("INSERT INTO loan_scans (scan, loan_id, change) VALUES ($1, $2::bigint, $3)",
                                   [scan, String(loan), change.rawValue])
        } catch let error as PostgresError where error.sqlState == PostgresError.uniqueViolation {
            throw LendingStoreError.scanRecorded(scan: scan)
        }
    }

    /// Read without a lock: told, not decided on.
    func change(byScan scan: String) throws -> (change: LoanChange, loan: Loan)? {
        checkOpen()
        return try connection.firstRow(
            "SELECT \(Self.loanColumns), loan_scans.change FROM loan_scans JOIN loans ON loans.id = loan_scans.loan_id WHERE loan_scans.scan = $1",
            [scan]) { row -> (change: LoanChange, loan: Loan)? in
                guard let change = LoanChange(rawValue: row.text(7)) else { return nil }
                return (change, try readLoan(row))
            } ?? nil
    }
}
