import Lending

extension MessageCatalog {
    /// The grown-ups' line for `event`, for the log and staff mode: which rule refused, what to
    /// do about it, a fault's detail. Always English, whatever the children's language, so the
    /// person who installs the box can read and search it.
    public func logLine(for event: KioskEvent) -> String {
        switch event {
        case .ready:
            return "ready: waiting for a Card"
        case .outcome(.greeted(let user, let loans)):
            let refusal = loans?.lendRefusal.map { "; may not borrow now (\($0.rawValue)), told so" } ?? ""
            return "greeted \(describe(user))\(refusal)"
        case .outcome(.lent(let loan, let book, let user, _)):
            let override = loan.overrideBy.map { ", override by \($0)" } ?? ""
            return "lent \(describe(book)) to \(describe(user)), due \(loan.due)\(override)"
        case .outcome(.returned(let loan, let book, let user, let overdueDays, _)):
            let from = user.map(describe) ?? loan.user ?? "an anonymized User"
            let overdue = overdueDays > 0 ? ", \(overdueDays) day(s) overdue" : ""
            return "returned \(describe(book)) from \(from)\(overdue)"
        case .outcome(.refused(let refusal, let barcode, let user, let book)):
            return "refused \(refusal.rawValue): " + explain(refusal, barcode: barcode, user: user, book: book)
        case .pinRefused(let refusal, let retryAfterSeconds):
            let retry = retryAfterSeconds.map { "; PIN entry opens again in \($0) s" } ?? ""
            return "refused \(refusal.rawValue): "
                + (refusal == .pinLocked ? "too many wrong PINs" : "a wrong staff PIN was typed") + retry
        case .duplicate(let barcode):
            return "duplicate: \(barcode) read again within the debounce window; nothing done"
        case .sessionEnded(let user):
            return "session of \(describe(user)) ended"
        case .sessionClosed(let user, let barcode):
            return "session of \(describe(user)) closed: \(barcode) may be another child's Card, so no Book goes to \(user.card) until a Card is scanned again"
        case .staff(let staff):
            var parts = ["staff \(staff.action.rawValue) by \(staff.staff ?? "unknown staff")"]
            if let user = staff.user { parts.append("user \(describe(user))") }
            if let book = staff.book { parts.append("book \(describe(book))") }
            if let loan = staff.loan { parts.append("due \(loan.due)") }
            return parts.joined(separator: ", ")
        case .scannerLost(let scanner):
            return "scanner lost: \(scanner); it is reopened when it comes back (check its cable)"
        case .scannerBack(let scanner):
            return "scanner back: \(scanner)"
        case .error(let fault):
            return "fault \(fault.kind.rawValue): \(fault.detail)"
        case .deferred(let outcome):
            return "from the journal: " + logLine(for: .outcome(outcome))
        }
    }

    private func explain(_ refusal: Refusal, barcode: String, user: User?, book: Book?) -> String {
        let who = user.map(describe) ?? "the User"
        let what = book.map(describe) ?? barcode
        switch refusal {
        case .unknownBarcode:
            return "\(barcode) is neither a Card nor a Book; register it in staff mode (b: Book, u: User)"
        case .cardFirst:
            return "\(what) is not on loan and no Session is open; scan a Card first"
        case .userInactive:
            return "\(who) is inactive; reactivate the User (import users with active=yes)"
        case .bookNotLendable:
            let status = book.map { " is \($0.status.rawValue)" } ?? " cannot be lent"
            return "\(what)\(status); set its status to available to lend it again"
        case .hasOverdue:
            return "\(who) has an overdue Loan; return or extend it, or lend with override in staff mode (l)"
        case .limitReached:
            return "\(who) holds the loan limit; return a Book, or lend with override in staff mode (l)"
        case .pinWrong:
            return "a wrong staff PIN was typed"
        case .pinLocked:
            return "too many wrong PINs"
        }
    }

    private func describe(_ user: User) -> String { "\(user.card) (\(user.name))" }

    private func describe(_ book: Book) -> String { "\(book.barcode) “\(book.title)”" }
}
