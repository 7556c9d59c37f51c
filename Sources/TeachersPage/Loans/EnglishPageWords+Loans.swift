import Foundation
import Lending

extension EnglishPageWords {
    public var searchUserOrTitle: String { "Search by name or title" }
    public var overdueOnly: String { "Overdue only" }
    public var extend: String { "Extend" }
    public var confirmReturnHeading: String { "Confirm the return" }
    public func confirmReturn(title: String, user: String) -> String { "Mark \"\(title)\", lent to \(user), as returned?" }
    public var returnIt: String { "Return it" }
    public func returned(title: String) -> String { "\"\(title)\" is returned." }
    public func extended(title: String, due: String) -> String { "\"\(title)\" is now due \(due)." }
    public var loanGone: String { "This loan has already been returned." }
}
