import Foundation
import Lending

/// The words only ホーム uses (part of `PageWords`; each language's are beside this file).
public protocol HomePageWords {
    var lentToday: String { get }
    var returnedToday: String { get }
    var booksOut: String { get }
    var overdueCount: String { get }
    var thisPageAddress: String { get }
    var qrCodeAlt: String { get }
    /// The kiosk on this computer holds returns the database server has not had yet.
    func unsentReturns(_ count: Int) -> String
}
