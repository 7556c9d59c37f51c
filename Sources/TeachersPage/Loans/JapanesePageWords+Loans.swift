import Foundation
import Lending

extension JapanesePageWords {
    public var searchUserOrTitle: String { "名前・書名で探す" }
    public var overdueOnly: String { "期限切れのみ" }
    public var extend: String { "延長" }
    public var confirmReturnHeading: String { "返却の確認" }
    public func confirmReturn(title: String, user: String) -> String { "\(user)さんの「\(title)」を返却済みにしますか?" }
    public var returnIt: String { "返却する" }
    public func returned(title: String) -> String { "「\(title)」を返却しました。" }
    public func extended(title: String, due: String) -> String { "「\(title)」の返却期限を \(due) に延ばしました。" }
    public var loanGone: String { "この貸出は、もう返却されています。" }
}
