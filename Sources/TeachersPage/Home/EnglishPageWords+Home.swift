import Foundation
import Lending

extension EnglishPageWords {
    public var lentToday: String { "Lent today" }
    public var returnedToday: String { "Returned today" }
    public var booksOut: String { "Books on loan" }
    public var overdueCount: String { "Overdue" }
    public var thisPageAddress: String { "This page's address (scan the code to open it on another device)" }
    public var qrCodeAlt: String { "QR code of this page's address" }
    public func unsentReturns(_ count: Int) -> String {
        "The kiosk on this computer holds \(count) return(s) the database has not had yet; it sends them by itself once it reaches the server."
    }
}
