import Foundation
import Lending

extension EnglishPageWords {
    public func userNumbered(name: String, card: String) -> String { "\(name) is saved. The card number is \(card) (print the card under Print)." }
    public var lendToUser: String { "Lend a book" }
    public var bookToLend: String { "Barcode or title" }
    public var bookToLendHint: String { "Scan the book's barcode, or type part of its title, and press Search." }
    public var loanLimitHint: String { "Leave empty to follow the rules' loan limit." }
    public var addUser: String { "Add a user" }
    public var editUserHeading: String { "Edit the user" }
    public var deactivate: String { "Deactivate" }
    public var reactivate: String { "Reactivate" }
    public var active: String { "Active" }
    public var openLoans: String { "Books on loan" }
    public var history: String { "Books borrowed before" }
    public var historyHint: String { "For privacy, a returned loan forgets its user after a set number of days and is no longer listed here." }
    public var lentOn: String { "Lent" }
    public var returnedOn: String { "Returned" }
    public var noHistory: String { "Nothing recorded." }
    public var nameMissing: String { "Please type the name." }
    public var limitInvalid: String { "The loan limit must be a number from 0 to 99, or empty." }
    public func cardIsABook(_ code: String) -> String { "\(code) is a book's barcode, so a card cannot use it. Please choose another number." }
    public func cardTaken(_ code: String) -> String { "There is already a user with card \(code). Use their Edit to change it." }
    public func userSaved(name: String) -> String { "\(name) is saved." }
    public func deactivated(name: String) -> String { "\(name) is deactivated." }
    public func reactivated(name: String) -> String { "\(name) is active again." }
    public func removed(name: String) -> String { "\(name) is removed." }
    public func removeRefused(name: String, count: Int) -> String {
        "\(name) still has \(count == 1 ? "1 book" : "\(count) books") out, so they cannot be removed. Have the books returned first, or deactivate them."
    }
}
