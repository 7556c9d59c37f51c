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
            rulesChanged(rules)
        } catch {
            debugLog("The library's rules could not be read (the kiosk keeps the ones it has): \(KioskLogLine.oneLine(String(describing: error)))")
        }
    }

    /// Keeps a Book scanned with no Session as a return owed, under `id` where the scan was
    /// noted (it may have been written; `resolve` finds out). False when it cannot be kept: no
    /// journal (a kiosk on a local file is never away), or the journal at its bound or
    /// unwritable; the log says so.
    func keepInJournal(_ barcode: String, as id: String?, at now: Date) -> Bool {
        guard let journal else {
            if !toldNoJournal {
                toldNoJournal = true
                log("Returns scanned while the database is away cannot be kept: this kiosk has no return journal; return those Books again when it is back.")
            }
            debugLog("The scan \(barcode) was not kept (no return journal).")
            return false
        }
        let scan = JournalledScan(id: id ?? JournalledScan.newID(), barcode: barcode, scannedAt: now, kind: .returnOwed)
        do {
            try journal.keep(scan)
            debugLog("The scan \(barcode) is kept in the journal, to be applied as a return when the database is back.")
            return true
        } catch {
            log("Could not keep the scan \(barcode) in the journal (the child was asked to keep the Book; return it again when the database is back): \(error)")
            return false
        }
    }

    /// Notes a scan in the journal before its transaction; nil with no journal, or when it
    /// cannot be written (the scan is carried out all the same, without an id).
    func note(_ barcode: String, session: User?, at now: Date) -> JournalledScan? {
        guard let journal else { return nil }
        let scan = JournalledScan(id: JournalledScan.newID(), barcode: barcode, card: session?.card, scannedAt: now, kind: .noted)
        do {
            try journal.begin(scan)
            return scan
        } catch {
            debugLog("The scan \(barcode) could not be noted in the journal (carried out without it): \(error)")
            return nil
        }
    }

    /// Forgets a scan in the journal (the machine says when: once what it came to is told).
    func forget(_ id: String) {
        do {
            try journal?.finish(scan: id)
        } catch {
            log("Could not forget the scan \(id) in the journal (it will be looked up again, and told once): \(error)")
        }
    }

    /// At start: scans left in the journal by the kiosk before (the server was away, or the
    /// kiosk was killed mid-scan) are looked up and applied now, as when the server comes back.
    public func replayJournal(at now: Date) {
        guard let journal else { return }
        do {
            guard !(try journal.entries()).isEmpty else { return }
        } catch {
            log("Could not read the return journal: \(error)")
            return
        }
        feed(.journalFound(at: now))
    }

    /// Journal entries resolved in one transaction.
    static let journalBatch = 50
    /// How long one retry goes on resolving the journal before it lets the scan that asked for
    /// it be answered (the rest wait for the next retry, which the next scan or timer makes).
    static let journalTimeBudget: Duration = .milliseconds(300)

    /// Tries the server: resolves the scans in the journal (returns owed applied at their scan
    /// times, scans whose answer was lost looked up by their ids), in batches, for at most
    /// `journalTimeBudget`; without a journal, looks up the lends whose answer was lost; when
    /// nothing was pending, asks with one empty transaction whether it answers. Whatever was
    /// resolved before a fault is in the result too; the machine says when each entry is forgotten.
    func retryServer(lends: [UncertainLend], skipping: [String], at now: Date) -> ServerRetry {
        var retry = ServerRetry()
        let clock = ContinuousClock()
        let started = clock.now
        do {
            if let journal {
                var entries = try journal.entries().filter { !skipping.contains($0.id) }
                while !entries.isEmpty {
                    // A scan that may name an ISBN locks its copies in one statement: alone.
                    let mayBeISBN = { (scan: JournalledScan) in Barcode.isbn13(scan.barcode) != nil }
                    let count = mayBeISBN(entries[0]) ? 1
                        : min(Self.journalBatch, entries.firstIndex(where: mayBeISBN) ?? entries.count)
                    let batch = Array(entries.prefix(count))
                    let outcomes = try circulation.resolve(batch, in: repository)
                    entries.removeFirst(count)
                    retry.resolved += zip(batch, outcomes).map { ResolvedScan(id: $0.id, outcome: $1) }
                    retry.journalled += batch.filter { $0.kind == .returnOwed }.count
                    if !entries.isEmpty, clock.now - started > Self.journalTimeBudget {
                        retry.remaining = entries.count
                        break
                    }
                }
                // The lends whose answer was lost are in the journal, looked up by their ids.
                retry.lendsLookedUp = lends.count
            } else {
                for lend in lends {
                    if let outcome = try circulation.lendWritten(lend.barcode, to: lend.user, at: lend.time, in: repository) {
                        retry.deferred.append(outcome)
                    }
                    retry.lendsLookedUp += 1
                }
            }
            if retry.told.isEmpty { try repository.transaction { _ in } }
        } catch {
            retry.fault = KioskFault(storeError: error)
            debugLog("The database server was tried again: \(KioskLogLine.oneLine(retry.fault?.detail ?? ""))")
        }
        return retry
    }
}
