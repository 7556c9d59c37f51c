import Foundation
import Lending

/// The words only 貸出中 uses (part of `PageWords`; each language's are beside this file).
public protocol LoansPageWords {
    var searchUserOrTitle: String { get }
    var overdueOnly: String { get }
    var extend: String { get }
    var confirmReturnHeading: String { get }
    func confirmReturn(title: String, user: String) -> String
    var returnIt: String { get }
    func returned(title: String) -> String
    func extended(title: String, due: String) -> String
    var loanGone: String { get }
}
