import Foundation
import Lending

/// The words only 設定 uses: the rules and the staff accounts (part of `PageWords`; each language's are beside this file; the audit log's are `AuditPageWords`).
public protocol SettingsPageWords {
    var rulesHeading: String { get }
    var loanDays: String { get }
    var closedWeekdays: String { get }
    var closedDates: String { get }
    var closedDatesHint: String { get }
    var blockOnOverdue: String { get }
    var libraryName: String { get }
    var rulesSaved: String { get }
    var loanLimitInvalid: String { get }
    var loanDaysInvalid: String { get }
    var allWeekdaysClosed: String { get }
    func badDates(_ lines: [String]) -> String
    var staffHeading: String { get }
    var pin: String { get }
    var pinHint: String { get }
    var passwordHint: String { get }
    var addStaff: String { get }
    var newPassword: String { get }
    var setPassword: String { get }
    var hasPassword: String { get }
    var noPassword: String { get }
    func lockedAccount(until time: String) -> String
    func staffAdded(_ name: String) -> String
    func passwordSet(_ name: String) -> String
    func staffRemoved(_ name: String) -> String
    var cannotRemoveYourself: String { get }
    var staffNameMissing: String { get }
    func staffNameTaken(_ name: String) -> String
    var pinInvalid: String { get }
    var pinTaken: String { get }
    var passwordTooShort: String { get }
    var noSuchStaff: String { get }
    var time: String { get }
    var staffMember: String { get }
    var detail: String { get }
}
