import Foundation

// The library's rules and the Staff accounts. PINs and passwords arrive hashed: hashing takes
// a while on purpose, so the caller does it before the transaction.
extension LibraryDesk {
    /// Saves the rules every kiosk follows from its next scan; `current` is what they were
    /// (the config's when the database had none). Records each rule that changed.
    public func changeRules(to rules: LibraryRules, from current: LibraryRules, in tx: any LendingTransaction) throws {
        try tx.save(rules)
        func days(_ set: Set<Weekday>) -> String { Weekday.allCases.filter(set.contains).map(\.rawValue).joined(separator: ",") }
        func dates(_ set: Set<LocalDate>) -> String { set.sorted().map(\.description).joined(separator: ",") }
        let changes = [
            AuditChange(.loanLimit, from: String(current.loanLimit), to: String(rules.loanLimit)),
            AuditChange(.loanDays, from: String(current.loanDays), to: String(rules.loanDays)),
            AuditChange(.closedWeekdays, from: days(current.closedWeekdays), to: days(rules.closedWeekdays)),
            AuditChange(.closedDates, from: dates(current.closedDates), to: dates(rules.closedDates)),
            AuditChange(.blockOnOverdue, from: String(current.blockOnOverdue), to: String(rules.blockOnOverdue)),
            AuditChange(.libraryName, from: current.libraryName, to: rules.libraryName),
        ].filter { $0.from != $0.to }
        try record(.changedRules(changes: changes), in: tx)
    }

    /// Whether a Staff account operation was done.
    public enum StaffChange: Sendable, Hashable {
        case done
        /// There is an account by this name already (adding).
        case nameTaken
        /// There is no account by this name.
        case missing
    }

    /// A new Staff account with a PIN for staff mode and, when given, a page password.
    /// Whether the PIN is another account's is checked by the caller, against the PIN itself.
    public func addStaff(_ name: String, pinHash: String, passwordHash: String?, in tx: any LendingTransaction) throws -> StaffChange {
        guard try !tx.staffAccounts().contains(where: { $0.name == name }) else { return .nameTaken }
        try tx.save(StaffAccount(name: name, pinHash: pinHash))
        if let passwordHash { _ = try tx.setPasswordHash(passwordHash, staff: name) }
        try record(.addedStaff(name: name, withPassword: passwordHash != nil), in: tx)
        return .done
    }

    /// A new PIN for the account `name`.
    public func changePIN(of name: String, pinHash: String, in tx: any LendingTransaction) throws -> StaffChange {
        guard try tx.staffAccounts().contains(where: { $0.name == name }) else { return .missing }
        try tx.save(StaffAccount(name: name, pinHash: pinHash))
        try record(.changedPIN(name: name), in: tx)
        return .done
    }

    /// A new page password for the account `name`; it also lifts the account's sign-in lock.
    public func setPassword(of name: String, passwordHash: String, in tx: any LendingTransaction) throws -> StaffChange {
        guard try tx.setPasswordHash(passwordHash, staff: name) else { return .missing }
        try tx.save(SignInRecord(), staff: name)
        try record(.setPassword(name: name), in: tx)
        return .done
    }

    /// Removes the account `name`: its PIN no longer opens staff mode, its password no longer
    /// signs in. (The page ends its sessions; that is the page's, outside the transaction.)
    public func removeStaff(_ name: String, in tx: any LendingTransaction) throws -> StaffChange {
        guard try tx.removeStaffAccount(name: name) else { return .missing }
        try record(.removedStaff(name: name), in: tx)
        return .done
    }
}
