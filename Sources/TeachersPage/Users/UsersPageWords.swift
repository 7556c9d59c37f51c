import Foundation
import Lending

/// The words only 利用者 uses: its list, a User's page and form, lending to a User (part of `PageWords`; each language's are beside this file).
public protocol UsersPageWords {
    func userNumbered(name: String, card: String) -> String
    /// A child's page: 「絵本を貸す」, the field to scan or type the Book in, its hint.
    var lendToUser: String { get }
    var bookToLend: String { get }
    var bookToLendHint: String { get }
    var loanLimitHint: String { get }
    var addUser: String { get }
    var editUserHeading: String { get }
    var deactivate: String { get }
    var reactivate: String { get }
    var active: String { get }
    var openLoans: String { get }
    var history: String { get }
    var historyHint: String { get }
    var lentOn: String { get }
    var returnedOn: String { get }
    var noHistory: String { get }
    var nameMissing: String { get }
    var limitInvalid: String { get }
    func cardIsABook(_ code: String) -> String
    func cardTaken(_ code: String) -> String
    func userSaved(name: String) -> String
    func deactivated(name: String) -> String
    func reactivated(name: String) -> String
    func removed(name: String) -> String
    func removeRefused(name: String, count: Int) -> String
}
