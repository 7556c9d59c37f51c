import Foundation

// What is recorded beside its own mechanism: printing, an import (written by `CatalogImport`
// in its own transaction, which records through here), a restore (the SQLite backup API, which
// replaces the whole file: recorded here afterwards), staff mode, the PIN lock and sign-ins.
extension LibraryDesk {
    /// Cards or labels were printed: when each was printed, and one entry.
    public func printed(_ kind: PrintedKind, barcodes: [String], className: String?, sheet: String, position: Int,
                        in tx: any LendingTransaction) throws {
        try tx.recordPrinted(kind, barcodes: barcodes, at: time)
        try record(.printed(kind, count: barcodes.count, className: className, sheet: sheet, position: position), in: tx)
    }

    /// A CSV import, recorded in the import's own transaction.
    public func imported(_ kind: ImportedKind, added: Int, updated: Int, newClasses: [String], in tx: any LendingTransaction) throws {
        try record(.imported(kind, added: added, updated: updated, newClasses: newClasses), in: tx)
    }

    /// A backup replaced the library (in the restored library, the first thing it records).
    public func restored(books: Int, users: Int, loans: Int, keptAt: String, in tx: any LendingTransaction) throws {
        try record(.restored(books: books, users: users, loans: loans, keptAt: keptAt), in: tx)
    }

    /// The Staff member entered or left staff mode, signed in to or out of the page.
    public func recordVisit(_ visit: Visit, in tx: any LendingTransaction) throws {
        let action: AuditAction = switch visit {
        case .enteredStaffMode: .enteredStaffMode
        case .leftStaffMode: .leftStaffMode
        case .signedIn: .signedIn
        case .signedOut: .signedOut
        }
        try record(action, in: tx)
    }

    /// Coming and going, recorded under the Staff member's name.
    public enum Visit: Sendable, Hashable {
        case enteredStaffMode, leftStaffMode, signedIn, signedOut
    }

    /// Keeps the kiosk's PIN lock, so a restart does not open it; a wrong PIN (`failedAttempt`)
    /// is recorded with it, and how long it locked entry.
    public static func keepPINLock(_ lock: PINLock, failedAttempt: Bool, at time: Date, in tx: any LendingTransaction) throws {
        try tx.save(lock)
        guard failedAttempt else { return }
        try recordWrongSecret(.pin, lockedFor: lock.isLocked(at: time) ? lock.secondsLeft(at: time) : nil, at: time, in: tx)
    }

    /// A wrong PIN at the kiosk, or a wrong page password: nobody is known, so no Staff member
    /// is named. `lockedFor` is how long the wrong try locked entry (nil: not locked).
    public static func recordWrongSecret(_ secret: Secret, lockedFor seconds: Int?, at time: Date,
                                         in tx: any LendingTransaction) throws {
        let action: AuditAction = switch (secret, seconds) {
        case (.pin, nil): .wrongPIN
        case (.pin, let seconds?): .pinLocked(seconds: seconds)
        case (.password(let account), nil): .signInFailed(account: account)
        case (.password(let account), let seconds?): .signInLocked(account: account, minutes: max(1, seconds / 60))
        }
        try tx.record(AuditEntry(time: time, staff: nil, action: action))
    }

    /// What was typed wrong.
    public enum Secret: Sendable, Hashable {
        case pin
        /// The page password of this account.
        case password(account: String)
    }
}
