import Foundation
import Lending

extension JapanesePageWords {
    public var searchBooks: String { "書名・著者・バーコード・ISBN で探す" }
    public var cover: String { "表紙" }
    public var author: String { "著者" }
    public var available: String { "貸出可" }
    public var withdrawnState: String { "除籍済み" }
    public var lostState: String { "紛失" }
    public var addBook: String { "絵本を追加" }
    public var withdraw: String { "除籍" }
    public var withdrawIt: String { "除籍する" }
    public var lend: String { "貸出" }
    public var whoHasIt: String { "借りている人" }
    public var editBookHeading: String { "絵本の編集" }
    public var bookBarcodeHint: String { "絵本に貼ったラベルの番号です。ISBN のバーコードをそのまま使うこともできます。" }
    public func withdrawWarning(user: String, due: String) -> String {
        "この絵本は いま \(user)さんに貸出中です(返却期限 \(due))。除籍すると、この貸出は返却済みになり、絵本はもう貸し出せません。手もとに絵本があるときだけ除籍してください。"
    }
    public func withdrawn(title: String) -> String { "「\(title)」を除籍しました。" }
    public func bookSaved(title: String) -> String { "「\(title)」を保存しました。" }
    public func bookNumbered(title: String, barcode: String) -> String { "「\(title)」を保存しました。バーコードは \(barcode) です(印刷からラベルを作れます)。" }
    public var titleMissing: String { "書名を入力してください。" }
    public var isbnInvalid: String { "ISBN が正しくありません。本の裏の 978 から始まる13桁(または10桁)を入力するか、空欄にしてください。" }
    public func barcodeIsACard(_ code: String) -> String { "\(code) は利用者カードの番号なので、絵本には使えません。別の番号にしてください。" }
    public func barcodeTaken(_ code: String) -> String { "\(code) の絵本はもうあります。その絵本の「編集」から変えてください。" }
    public var lendHeading: String { "貸出" }
    public var chooseUser: String { "借りる人を選んでください" }
}
