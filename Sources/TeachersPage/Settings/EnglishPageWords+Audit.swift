import Foundation
import Lending

extension EnglishPageWords {
    public var auditHeading: String { "Staff actions (newest first)" }
    public var auditChanges: String { "Changes" }
    public var auditSignIns: String { "Sign-ins and staff mode" }
    public var noAudit: String { "Nothing recorded yet." }

    public func auditAction(_ kind: AuditAction.Kind) -> String {
        switch kind {
        case .enteredStaffMode: "Entered staff mode"
        case .leftStaffMode: "Left staff mode"
        case .wrongPIN: "Wrong PIN"
        case .pinLocked: "PIN entry locked"
        case .signedIn: "Signed in"
        case .signedOut: "Signed out"
        case .signInFailed: "Failed sign-in"
        case .signInLocked: "Sign-in locked"
        case .lent: "Lent (by staff)"
        case .lentPastRules: "Lent past the rules"
        case .returned: "Returned"
        case .forcedReturn: "Returned by staff"
        case .extended: "Extended"
        case .withdrew: "Withdrew"
        case .registeredBook: "Registered a book"
        case .removedBook: "Removed a book registered by mistake"
        case .editedBook: "Edited a book"
        case .savedCoverPhoto: "Saved a cover photo"
        case .registeredUser: "Registered a user"
        case .editedUser: "Edited a user"
        case .deactivatedUser: "Deactivated a user"
        case .reactivatedUser: "Reactivated a user"
        case .removedUser: "Removed a user"
        case .changedRules: "Changed the rules"
        case .addedStaff: "Added a Staff member"
        case .changedPIN: "Changed a PIN"
        case .setPassword: "Set a password"
        case .removedStaff: "Removed a Staff member"
        case .addedClass: "Added a class"
        case .setClassGrade: "Set a class's grade"
        case .renamedClass: "Renamed a class"
        case .removedClass: "Removed a class"
        case .promoted: "Promotion"
        case .printedCards: "Printed Cards"
        case .printedLabels: "Printed labels"
        case .imported: "Imported a CSV"
        case .restored: "Restored a backup"
        }
    }

    public func auditDetail(_ action: AuditAction) -> String {
        func book(_ book: AuditedBook) -> String { "「\(book.title)」 (\(book.barcode))" }
        func grade(_ grade: Int?) -> String { grade.map { "\($0)" } ?? "none" }
        switch action {
        case .enteredStaffMode, .leftStaffMode, .wrongPIN, .signedIn, .signedOut, .registeredUser,
             .deactivatedUser, .reactivatedUser, .removedUser:
            return ""
        case .pinLocked(let seconds): return "PIN entry paused for \(seconds) s"
        case .signInFailed(let account): return "a wrong password for \(account)"
        case .signInLocked(let account, let minutes): return "wrong passwords for \(account): sign-in paused for \(minutes) min"
        case .lent(let lent, let due): return "\(book(lent)), due \(date(due))"
        case .lentPastRules(let lent, let due, let refusal):
            let rule = switch refusal {
            case .hasOverdue: "despite an overdue book"
            case .limitReached: "past the loan limit"
            case .unknownBarcode, .cardFirst, .userInactive, .bookNotLendable, .pinWrong, .pinLocked, nil: "past the rules"
            }
            return "\(book(lent)), due \(date(due)), \(rule)"
        case .returned(let returned): return "\(book(returned)) came back"
        case .forcedReturn(let returned): return book(returned)
        case .extended(let extended, let from, let to): return "\(book(extended)): due \(date(from)) → \(date(to))"
        case .withdrew(let withdrawn, let wasOnLoan): return book(withdrawn) + (wasOnLoan ? "; it was on loan and was returned" : "")
        case .registeredBook(let added, let author): return book(added) + (author.map { " by \($0)" } ?? "")
        case .removedBook(let removed): return book(removed)
        case .editedBook(let barcode, let changes): return "\(barcode): " + describe(changes)
        case .savedCoverPhoto(let photographed, let width, let height): return "\(book(photographed)), \(width)×\(height) px"
        case .editedUser(let changes): return changes.isEmpty ? "name" : describe(changes)
        case .changedRules(let changes): return changes.isEmpty ? "saved unchanged" : describe(changes)
        case .addedStaff(let name, let withPassword): return name + (withPassword ? " (PIN and page password)" : " (PIN)")
        case .changedPIN(let name): return name
        case .setPassword(let name): return "\(name) (any sign-in lock lifted)"
        case .removedStaff(let name): return name
        case .addedClass(let name, let classGrade): return "\(name), grade \(grade(classGrade))"
        case .setClassGrade(let name, let from, let to): return "\(name): grade \(grade(from)) → \(grade(to))"
        case .renamedClass(let from, let to): return "\(from) → \(to)"
        case .removedClass(let name): return name
        case .promoted(let moves, let graduated):
            return (moves.map { "\($0.from) → \($0.to): \($0.users)" } + ["graduated: \(graduated)"]).joined(separator: "; ")
        case .printed(let kind, let count, let className, let sheet, let position):
            return "\(count) \(kind == .card ? "Cards" : "labels")\(className.map { " of \($0)" } ?? "") on \(sheet) from position \(position)"
        case .imported(let kind, let added, let updated, let newClasses):
            return "\(kind.rawValue): \(added) added, \(updated) updated" + (newClasses.isEmpty ? "" : "; new classes " + newClasses.joined(separator: ", "))
        case .restored(let books, let users, let loans, let keptAt):
            return "\(books) books, \(users) users, \(loans) loans; the library as it was is kept at \(keptAt)"
        case .earlier(_, let detail):
            return detail
        }
    }

    public func auditField(_ field: AuditField) -> String {
        switch field {
        case .title: "title"
        case .author: "author"
        case .isbn: "ISBN"
        case .reading: "reading"
        case .className: "class"
        case .loanLimit: "loan limit"
        case .loanDays: "loan days"
        case .closedWeekdays: "closed weekdays"
        case .closedDates: "closed dates"
        case .blockOnOverdue: "block on overdue"
        case .libraryName: "library name"
        }
    }

    /// "class ひよこ組 → うさぎ組; loan limit rules → 3"
    private func describe(_ changes: [AuditChange]) -> String {
        changes.map { change in
            "\(auditField(change.field)) \(value(change.from, of: change.field)) → \(value(change.to, of: change.field))"
        }.joined(separator: "; ")
    }

    private func value(_ text: String?, of field: AuditField) -> String {
        guard let text, !text.isEmpty else {
            return switch field {
            case .loanLimit: "the rules'"
            case .title, .author, .isbn, .reading, .className, .loanDays, .closedWeekdays, .closedDates, .blockOnOverdue, .libraryName: "none"
            }
        }
        switch field {
        case .closedWeekdays:
            return text.split(separator: ",").map { Weekday(rawValue: String($0)).map(weekday) ?? String($0) }.joined(separator: ", ")
        case .blockOnOverdue:
            return text == "true" ? "yes" : "no"
        case .closedDates:
            return text.split(separator: ",").map { LocalDate(String($0)).map(date) ?? String($0) }.joined(separator: ", ")
        case .title, .author, .isbn, .reading, .className, .loanLimit, .loanDays, .libraryName:
            return text
        }
    }
}
