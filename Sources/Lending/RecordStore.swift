import Foundation

/// What the library records of what was done, as one transaction reads and writes it: the
/// audit log, when Cards and labels were printed, and how often each Book was lent.
public protocol RecordStore: AnyObject {
    /// Appends to the audit log; the entry's `id` is ignored and assigned by the store.
    func record(_ entry: AuditEntry) throws
    /// The audit log, oldest first.
    func auditEntries() throws -> [AuditEntry]
    /// The newest audit entries `filter` admits first; one page and the total.
    func auditEntries(_ filter: AuditFilter, newestFirst offset: Int, limit: Int) throws -> ListingPage<AuditEntry>
    /// Removes the User (card and name) from every audit entry recorded before `cutoff`; the
    /// entries stay (which Staff member did what, when, to which Book). Returns how many
    /// entries lost their User now; one forgotten before is not counted again. The audit
    /// side of `privacyDays`, run by the daily privacy pass.
    func forgetAuditedUsers(recordedBefore cutoff: Date) throws -> Int

    // MARK: Printing

    /// When each Card or Book label was last printed, by barcode (none: never printed).
    func printedTimes(_ kind: PrintedKind) throws -> [String: Date]
    /// Records that the Cards or Book labels with these barcodes were printed at `time`.
    func recordPrinted(_ kind: PrintedKind, barcodes: [String], at time: Date) throws

    // MARK: Lend counts

    /// How often each Book was lent, per class at the time and per month, from `month`
    /// ("2026-04") on, in no particular order. Counts name no User, so they outlive the
    /// privacy pass. Every new Loan counts itself (in the store, in the same transaction).
    func lendCounts(fromMonth month: String) throws -> [LendCount]
    /// Replaces every lend count (for `copy`, which brings another store's counts along).
    func replaceLendCounts(_ counts: [LendCount]) throws
}

extension RecordStore {
    /// The newest audit entries first; one page and the total.
    public func auditEntries(newestFirst offset: Int, limit: Int) throws -> ListingPage<AuditEntry> {
        try auditEntries(.all, newestFirst: offset, limit: limit)
    }
}

/// What `bookkiosk print` prints, so it can print only what is new.
public enum PrintedKind: String, Sendable, Hashable, CaseIterable {
    /// A User's library Card.
    case card
    /// A Book's barcode label.
    case label
}

/// One line of the audit log: a staff action or a failed PIN, who, when, and what was done.
public struct AuditEntry: Sendable, Equatable {
    public var id: Int64
    public var time: Date
    /// The Staff member; nil for a failed PIN or password (nobody is known).
    public var staff: String?
    /// What was done, with its values: barcodes, titles, dates. Never a PIN, and never the
    /// User: that is `user`, so it can be forgotten.
    public var action: AuditAction
    /// The User the action concerned (the child lent to, whose Loan was returned or extended,
    /// whose card was registered); nil when none, or once forgotten after `privacyDays`.
    public var user: AuditedUser?

    public init(id: Int64 = 0, time: Date, staff: String?, action: AuditAction, user: AuditedUser? = nil) {
        self.id = id
        self.time = time
        self.staff = staff
        self.action = action
        self.user = user
    }
}

/// The User an audit entry names, kept apart from its `detail` so the privacy window can
/// remove it and leave the rest.
public struct AuditedUser: Sendable, Equatable {
    public var card: String
    /// The name as the action saw it ("old → new" for a rename); nil when the card named no
    /// User any more.
    public var name: String?

    public init(card: String, name: String?) {
        self.card = card
        self.name = name
    }

    /// The User as `User` has it.
    public init(_ user: User) {
        self.init(card: user.card, name: user.name)
    }
}
