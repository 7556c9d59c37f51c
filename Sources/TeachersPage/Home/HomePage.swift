import Foundation
import Lending

/// ホーム as it is shown, with nothing of HTML in it: the day's figures and this page's address.
struct HomePage {
    var summary: CirculationSummary
    var today: LocalDate
    /// This page's address, for other devices.
    var address: String
    /// Whether the setup draws the address as a QR code (`/qr.svg`).
    var showsQRCode: Bool
    /// Returns the kiosk on this computer holds, not yet on the database server.
    var unsentReturns: Int
}

extension HomePage {
    /// The page's content under its heading. Pure: the same value renders the same.
    func content(words: any PageWords) -> [HTML] {
        let figures: [(String, Int, String?)] = [
            (words.lentToday, summary.lent, nil),
            (words.returnedToday, summary.returned, nil),
            (words.booksOut, summary.onLoan, PagePath.loans),
            (words.overdueCount, summary.overdue, PagePath.with(PagePath.loans, [("overdue", "1")])),
        ]
        let cards: [HTML] = figures.map { label, number, link in
            let value: HTML = .el(.span, [.class("figure")], .text(words.count(number)))
            return .el(.li, [.class(label == words.overdueCount && number > 0 ? "card alert" : "card")],
                       .el(.span, [.class("label")], .text(label)),
                       link.map { .el(.a, [.href($0)], value) } ?? value)
        }
        var addressPart: [HTML] = [.el(.h2, .text(words.thisPageAddress)), .el(.p, [.class("address")], .text(address))]
        if showsQRCode {
            addressPart.append(.el(.img, [HTMLAttribute(.src, PagePath.qrCode), HTMLAttribute(.alt, words.qrCodeAlt), .class("qr"),
                                          HTMLAttribute(.width, "192"), HTMLAttribute(.height, "192")]))
        }
        var content: [HTML] = [.el(.p, [.class("today")], .text(words.today + ": " + words.date(today)))]
        if unsentReturns > 0 {
            content.append(.el(.p, [.class("warning"), .id("unsent-returns")], .text(words.unsentReturns(unsentReturns))))
        }
        return content + [
            .el(.ul, [.class("cards")], children: cards),
            .el(.section, [.class("address-box")], children: addressPart),
        ]
    }
}
