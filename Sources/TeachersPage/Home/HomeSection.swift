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
        let home = HomePage(summary: summary, today: LocalDate(context.now, in: library.policy.timeZone), address: pageAddress(context.request),
                            showsQRCode: setup.qrCode != nil, unsentReturns: setup.unsentReturns?() ?? 0)
        return page(context, library, heading: words.home, section: .home, content: home.content(words: words))
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
