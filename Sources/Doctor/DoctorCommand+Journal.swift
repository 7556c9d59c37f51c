import Foundation
import LendingSQLite

extension DoctorCommand {
    /// A kiosk on a shared server: its journal of scans the server has not seen yet (returns
    /// scanned while it was away, scans whose answer was lost). Read only.
    func checkJournal(at path: String) -> [Finding] {
        let area = "journal"
        let summary: ReturnJournalSummary
        do {
            guard let read = try ReturnJournalSummary.read(path) else {
                return [.ok(area, "nothing waits for the database server (no return journal at \(path) yet)")]
            }
            summary = read
        } catch {
            return [.fail(area, "the return journal \(path) cannot be read (\(error)) — check its owner and mode (the kiosk's user, 0600)")]
        }
        guard summary.returnsOwed + summary.noted > 0 else {
            return [.ok(area, "nothing waits for the database server (\(path))")]
        }
        let oldest = summary.oldestReturn.map { " (the oldest scanned \(ISO8601DateFormatter().string(from: $0)))" } ?? ""
        return [.warn(area, "\(summary.returnsOwed) return(s) scanned while the database server was away wait to be applied\(oldest), "
            + "and \(summary.noted) scan(s) to be looked up: the kiosk applies them itself once it reaches the server, so keep it running; "
            + "it keeps at most \(SQLiteReturnJournal.defaultCapacity) returns, past that a child is asked to keep the Book")]
    }
}
