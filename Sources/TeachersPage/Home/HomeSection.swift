import Foundation
import HTTPServer
import Lending

/// ホーム: today's figures and this page's address.
struct HomeSection: PageSection {
    let shared: PageShared

    static let routes: [RouteGroup] = [
        .signedIn([
            .get("/", .home) { page, _, context in try page.home.home(context) },
            .get("/qr.svg", .qrCode) { page, _, context in page.home.qrCode(context) },
        ]),
    ]
}

extension HomeSection {
    /// `GET /`: today's lends and returns, Books out, the overdue count, this page's address.
    func home(_ context: PageContext) throws -> HTTPResponse {
        let (library, summary) = try store.read { tx in
            let library = try self.library(tx)
            let zone = library.policy.timeZone
            let day = PageClock.day(of: context.now, in: zone)
            return (library, try tx.circulationSummary(from: day.start, to: day.end, today: LocalDate(context.now, in: zone)))
        }
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
        let address = pageAddress(context.request)
        var addressPart: [HTML] = [.el(.h2, .text(words.thisPageAddress)), .el(.p, [.class("address")], .text(address))]
        if setup.qrCode != nil {
            addressPart.append(.el(.img, [HTMLAttribute(.src, PagePath.qrCode), HTMLAttribute(.alt, words.qrCodeAlt), .class("qr"),
                                          HTMLAttribute(.width, "192"), HTMLAttribute(.height, "192")]))
        }
        let today = words.date(LocalDate(context.now, in: library.policy.timeZone))
        var content: [HTML] = [.el(.p, [.class("today")], .text(words.today + ": " + today))]
        if let unsent = setup.unsentReturns?(), unsent > 0 {
            content.append(.el(.p, [.class("warning"), .id("unsent-returns")], .text(words.unsentReturns(unsent))))
        }
        return page(context, library, heading: words.home, section: .home, content: content + [
            .el(.ul, [.class("cards")], children: cards),
            .el(.section, [.class("address-box")], children: addressPart),
        ])
    }

    /// `GET /qr.svg`: this page's address as a QR code.
    func qrCode(_ context: PageContext) -> HTTPResponse {
        guard let make = setup.qrCode, let svg = make(pageAddress(context.request)) else {
            return HTTPResponse(status: 404, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Array("no QR code".utf8))
        }
        return HTTPResponse(status: 200, headers: [("Content-Type", "image/svg+xml"), ("Cache-Control", "no-store")], body: Array(svg.utf8))
    }

    /// The address the browser used to reach this page (`http://192.0.2.10:8080/`); when that
    /// was this computer's own loopback, the first address another device can open instead.
    func pageAddress(_ request: HTTPRequest) -> String {
        let host = request.header("host").flatMap { $0.isEmpty ? nil : $0 } ?? "localhost"
        let name = host.hasPrefix("[") ? String(host.prefix { $0 != "]" }.dropFirst()) : String(host.prefix { $0 != ":" })
        let isLoopback = name == "localhost" || name.hasPrefix("127.") || name == "::1"
        if isLoopback, let address = setup.publicAddresses.first { return address }
        return (request.isSecure ? "https://" : "http://") + host + "/"
    }
}
