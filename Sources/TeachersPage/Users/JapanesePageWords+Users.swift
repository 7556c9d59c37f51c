import Foundation
import Lending

extension JapanesePageWords {
    public func userNumbered(name: String, card: String) -> String { "\(name)さんを保存しました。カード番号は \(card) です(印刷からカードを作れます)。" }
    public var lendToUser: String { "絵本を貸す" }
    public var bookToLend: String { "バーコードか書名" }
    public var bookToLendHint: String { "絵本のバーコードを読み取るか、書名の一部を入力して「探す」を押してください。" }
    public var loanLimitHint: String { "空欄のときは、ルールの貸出上限になります。" }
    public var addUser: String { "利用者を追加" }
    public var editUserHeading: String { "利用者の編集" }
    public var deactivate: String { "利用停止" }
    public var reactivate: String { "利用再開" }
    public var active: String { "利用中" }
    public var openLoans: String { "借りている絵本" }
    public var history: String { "これまでに借りた絵本" }
    public var historyHint: String { "返却から一定の日数がたった記録は、プライバシーのため名前が消えて、ここには出ません。" }
    public var lentOn: String { "貸出日" }
    public var returnedOn: String { "返却した日" }
    public var noHistory: String { "記録はありません。" }
    public var nameMissing: String { "名前を入力してください。" }
    public var limitInvalid: String { "貸出上限は 0 から 99 の数字にするか、空欄にしてください。" }
    public func cardIsABook(_ code: String) -> String { "\(code) は絵本のバーコードなので、カードには使えません。別の番号にしてください。" }
    public func cardTaken(_ code: String) -> String { "カード番号 \(code) の利用者はもういます。その人の「編集」から変えてください。" }
    public func userSaved(name: String) -> String { "\(name)さんを保存しました。" }
    public func deactivated(name: String) -> String { "\(name)さんを利用停止にしました。" }
    public func reactivated(name: String) -> String { "\(name)さんの利用を再開しました。" }
    public func removed(name: String) -> String { "\(name)さんを削除しました。" }
    public func removeRefused(name: String, count: Int) -> String {
        "\(name)さんは まだ絵本を\(count)冊 借りているので、削除できません。先に返却してもらうか、「利用停止」にしてください。"
    }
}
