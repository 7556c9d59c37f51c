import Foundation
import Feedback
import Lending

// The shared database server away and back (DESIGN.md §12), decided here so the rule is in one
// pure place: returns scanned with no Session are journalled while the server is away; lends
// and Cards are refused kindly (the `databaseUnreachable` fault's words); every scan and every
// `serverRetrySeconds` tries the server again; once it answers, the journal's returns are
// announced as deferred Outcomes and the kiosk says `ready` again.
extension KioskMachine {
    /// Follows the library's rules as changed in the database (the teachers' page): the
    /// Session timeout and debounce of `policy` are the box's own and stay as they were.
    public mutating func follow(_ rules: LibraryRules) {
        policy = rules.applied(to: policy)
    }

    /// A scan the runtime could not carry out. An unreachable server starts (or continues) an
    /// absence: a Book with no Session goes into the journal (under the id it was noted under,
    /// `scan`, as it may have been written), a scan in a Session is remembered as a lend whose
    /// answer may have been lost (its note stays in the journal, to be looked up). Any other
    /// fault rolled the scan back: its note is forgotten, there is nothing to look up. Either
    /// way, a scan in a Session that was a Card (`isCard`, where the store could still be read),
    /// or may have been one (by the library's numbering, where it could not), closes the Session.
    mutating func failed(_ fault: KioskFault, barcode: String, isCard: Bool? = nil, scan: String? = nil,
                         at now: Date) -> [KioskEffect] {
        let session = sessionUser
        let mayBeCard = isCard ?? barcodeRules.mayBeCard(barcode)
        let closed = session != nil && mayBeCard ? closeSession(scanning: barcode, at: now) : []
        guard fault.kind == .databaseUnreachable else {
            let rolledBack: [KioskEffect] = scan.map { [.forgetScan($0, at: now)] } ?? []
            return rolledBack + closed + [announcement(.error(fault), at: now)]
        }
        var effects: [KioskEffect] = []
        var absence: ServerAbsence
        if let known = serverAbsence {
            absence = known
            absence.lastAttempt = now
        } else {
            absence = ServerAbsence(since: now, lastAttempt: now)
            effects.append(.log(.serverAway(detail: fault.detail, retrySeconds: serverRetrySeconds), at: now))
        }
        absence.fault = fault
        serverAbsence = absence
        guard let user = session else {
            // Told once the journal has it (`journalled`): "leave it here" only if it is kept.
            return effects + [.keepInJournal(barcode: barcode, scan: scan, at: now)]
        }
        serverAbsence?.uncertainLends.append(UncertainLend(barcode: barcode, user: user, time: now))
        return effects + closed + [announcement(.error(fault), at: now)]
    }

    /// What keeping a return came to: kept, the child hears to leave the Book here; at the
    /// journal's bound (or with no journal), to keep it and call a teacher (`returnNotKept`).
    mutating func journalled(_ barcode: String, kept: Bool, at now: Date) -> [KioskEffect] {
        if kept {
            let fault = serverAbsence?.fault ?? KioskFault(kind: .databaseUnreachable, detail: "the database server is away")
            return [announcement(.error(fault), at: now)]
        }
        let fault = KioskFault(kind: .returnNotKept,
                               detail: "The database server is away and this kiosk could not keep the return of \(barcode) (see the log); the child keeps the Book.")
        return [announcement(.error(fault), at: now)]
    }

    /// The kiosk started with scans in its journal: tried at once, as a server away would be.
    mutating func journalFound(at now: Date) -> [KioskEffect] {
        if serverAbsence == nil { serverAbsence = ServerAbsence(since: now, lastAttempt: now) }
        return retryServer(at: now)
    }

    /// Tries the server again now, if it is away.
    mutating func retryServer(at now: Date) -> [KioskEffect] {
        guard var absence = serverAbsence else { return [] }
        absence.lastAttempt = now
        serverAbsence = absence
        return [.retryServer(lends: absence.uncertainLends, skipping: resolvedScans, at: now)]
    }

    /// What a retry came to: its deferred Outcomes are announced either way, each journal entry
    /// forgotten right after its own (a kill between the two tells it again at the next start:
    /// the window is one write), an entry that came to nothing at once; when the server answered
    /// everything, the absence ends, the log says for how long, and a kiosk waiting for a Card
    /// says `ready` (a Session or staff mode keeps its own screen).
    mutating func retried(_ retry: ServerRetry, at now: Date) -> [KioskEffect] {
        resolvedScans += retry.resolved.map(\.id)
        guard var absence = serverAbsence else { return retry.resolved.map { .forgetScan($0.id, at: now) } }
        var effects: [KioskEffect] = retry.resolved.filter { $0.outcome == nil }.map { .forgetScan($0.id, at: now) }
        for scan in retry.resolved {
            guard let outcome = scan.outcome else { continue }
            effects += [announcement(.deferred(outcome), at: now), .forgetScan(scan.id, at: now)]
        }
        effects += retry.deferred.map { announcement(.deferred($0), at: now) }
        absence.uncertainLends.removeFirst(min(retry.lendsLookedUp, absence.uncertainLends.count))
        if let fault = retry.fault {
            serverAbsence = absence
            if fault.kind != .databaseUnreachable { effects.append(.log(.journalNotApplied(detail: fault.detail), at: now)) }
            return effects
        }
        absence.journalApplied += retry.journalled
        absence.returnsApplied += retry.told.count
        guard retry.remaining == 0 else {
            // The server answers; the rest of the journal goes in at the next try.
            serverAbsence = absence
            return effects
        }
        serverAbsence = nil
        let lendsFound = retry.told.filter { if case .lent = $0 { true } else { false } }.count
        effects.append(.log(.serverBack(afterSeconds: now.timeIntervalSince(absence.since), journalled: absence.journalApplied,
                                        returned: absence.returnsApplied - lendsFound, lendsFound: lendsFound), at: now))
        if sessionUser == nil, !isInStaffMode { effects.append(announcement(.ready, at: now)) }
        return effects
    }
}
