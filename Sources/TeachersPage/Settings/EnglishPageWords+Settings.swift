import Foundation
import Lending

extension EnglishPageWords {
    public var rulesHeading: String { "Lending rules" }
    public var loanDays: String { "Loan days" }
    public var closedWeekdays: String { "Closed weekdays" }
    public var closedDates: String { "Closed dates" }
    public var closedDatesHint: String { "One date a line, written like 2026-12-29." }
    public var blockOnOverdue: String { "Do not lend to someone with an overdue book" }
    public var libraryName: String { "Library name" }
    public var rulesSaved: String { "The lending rules are saved. Every kiosk follows them from its next scan." }
    public var loanLimitInvalid: String { "The loan limit must be a number from 0 to 99." }
    public var loanDaysInvalid: String { "Loan days must be a number from 1 to 365." }
    public var allWeekdaysClosed: String { "Not every weekday can be closed (no due date could be set)." }
    public func badDates(_ lines: [String]) -> String {
        "Some lines are not dates: " + lines.joined(separator: ", ") + ". Write them like 2026-12-29."
    }
    public var staffHeading: String { "Staff accounts" }
    public var pin: String { "PIN" }
    public var pinHint: String { "4 to 12 digits, for staff mode at the kiosk." }
    public var passwordHint: String { "For signing in to this page; at least 8 characters." }
    public var addStaff: String { "Add a Staff member" }
    public var newPassword: String { "New password" }
    public var setPassword: String { "Set the password" }
    public var hasPassword: String { "has a password" }
    public var noPassword: String { "no password (cannot sign in to this page)" }
    public func lockedAccount(until time: String) -> String { "paused until \(time)" }
    public func staffAdded(_ name: String) -> String { "\(name) is added." }
    public func passwordSet(_ name: String) -> String { "\(name)'s password is set (and the account is open again if it was paused)." }
    public func staffRemoved(_ name: String) -> String { "\(name)'s account is removed." }
    public var cannotRemoveYourself: String { "You cannot remove the account you are signed in with." }
    public var staffNameMissing: String { "Please type the name." }
    public func staffNameTaken(_ name: String) -> String { "There is already an account for \(name)." }
    public var pinInvalid: String { "The PIN must be 4 to 12 digits." }
    public var pinTaken: String { "Another Staff member already uses that PIN. Choose a different one." }
    public var passwordTooShort: String { "The password must be at least 8 characters." }
    public var noSuchStaff: String { "There is no Staff account by that name." }
    public var time: String { "Time" }
    public var staffMember: String { "Staff" }
    public var detail: String { "Detail" }
}
