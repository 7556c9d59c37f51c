import Foundation
import Lending

extension JapanesePageWords {
    public var lentToday: String { "きょうの貸出" }
    public var returnedToday: String { "きょうの返却" }
    public var booksOut: String { "貸出中の絵本" }
    public var overdueCount: String { "返却期限切れ" }
    public var thisPageAddress: String { "このページのアドレス(ほかの端末からは、このコードを読み取って開けます)" }
    public var qrCodeAlt: String { "このページのアドレスの QR コード" }
    public func unsentReturns(_ count: Int) -> String {
        "このコンピューターのキオスクに、データベースにまだ届いていない返却が \(count) 件あります。サーバーにつながると、キオスクが自動で送ります。"
    }
}
