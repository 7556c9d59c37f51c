import Foundation
import Feedback
import Lending

// Carrying out what the machine decides about the shared database server and the library's
// rules: the journal, the retry, the rules read before a Card.
extension KioskRuntime {
    /// Reads the library's rules and follows them when they changed. A server that is away
    /// is not asked (the scan will find out); a rules read that fails keeps the rules as they were.
    func followLibraryRules() {
        guard let libraryRules, !machine.isServerAway else { return }
        do {
            guard let rules = try libraryRules(), rules != followedRules else { return }
            followedRules = rules
            machine.follow(rules)
            circulation.policy = machine.policy
            desk.circulation = circulation
            rulesChanged(rules)
        } catch {
            debugLog("The library's rules could not be read (the kiosk keeps the ones it has): \(KioskLogLine.oneLine(String(describing: error)))")
        }
    }

    /// Keeps a Book scanned with no Session in the journal. Without a journal (a kiosk on a
    /// local file is never away) or when it cannot be written, the log says so.
    func keepInJournal(_ barcode: String, at now: Date) {
        guard let journal else {
            if !toldNoJournal {
                toldNoJournal = true
                log("Returns scanned while the database is away cannot be kept: this kiosk has no return journal; return those Books again when it is back.")
            }
            debugLog("The scan \(barcode) was not kept (no return journal).")
            return
        }
        do {
            try journal.keep(barcode: barcode, scannedAt: now)
            debugLog("The scan \(barcode) is kept in the journal, to be applied as a return when the database is back.")
        } catch {
            log("Could not keep the scan \(barcode) in the journal (return the Book again when the database is back): \(error)")
        }
    }

    /// Tries the server: applies the journal's returns at their scan times, looks up the lends
    /// whose answer was lost, and, when nothing was pending, asks with one empty transaction
    /// whether it answers. Whatever was written before a fault is in the result too.
    func retryServer(lends: [UncertainLend], at now: Date) -> ServerRetry {
        var retry = ServerRetry()
        do {
            let entries = try journal?.entries() ?? []
            retry.journalled = entries.count
            for entry in entries {
                if let outcome = try circulation.applyJournalledReturn(entry.barcode, scannedAt: entry.scannedAt, in: repository) {
                    retry.deferred.append(outcome)
                }
                try journal?.remove(entry)
            }
            for lend in lends {
                if let outcome = try circulation.lendWritten(lend.barcode, to: lend.user, at: lend.time, in: repository) {
                    retry.deferred.append(outcome)
                }
                retry.lendsLookedUp += 1
            }
            try repository.transaction { _ in }
        } catch {
            retry.fault = KioskFault(storeError: error)
            debugLog("The database server was tried again: \(KioskLogLine.oneLine(retry.fault?.detail ?? ""))")
        }
        return retry
    }
}
