import Foundation
import LendingSQLite

extension DoctorCommand {
    /// A kiosk on a shared server: its journal of scans the server has not seen yet (returns
    /// scanned while it was away, scans whose answer was lost). Read only.
    func checkJournal(at path: String) -> [Finding] {
        let area = Area.journal
        let summary: ReturnJournalSummary
        do {
            guard let read = try ReturnJournalSummary.read(path) else {
                return [.ok(area, say.nothingWaits(path, exists: false))]
            }
            summary = read
        } catch {
            return [.fail(area, say.journalUnreadable(path, "\(error)"))]
        }
        guard summary.returnsOwed + summary.noted > 0 else {
            return [.ok(area, say.nothingWaits(path, exists: true))]
        }
        let oldest = summary.oldestReturn.map { ISO8601DateFormatter().string(from: $0) }
        return [.warn(area, say.journalWaiting(returns: summary.returnsOwed, oldest: oldest, scans: summary.noted,
                                               capacity: SQLiteReturnJournal.defaultCapacity))]
    }
}
