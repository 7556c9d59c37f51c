import Foundation
import HTTPServer

/// Every URL of the page, declared once, by the section it belongs to: its method, its path,
/// its handler, whether it takes an upload, and — by the group it is in — whether it needs a
/// signed-in session and a CSRF token. The dispatcher (`TeachersPage.handle`), the list of open
/// routes, the body limit and the links (`PagePath`) all come from here.
enum PageRoutes {
    static let table = RouteTable(groups)

    /// The sections' routes, composed: the page's own first, then sign-in (so the routes open
    /// without a session come first), then each section's. The most specific pattern answers a
    /// path (`RouteTable.routing`), whichever section declares it.
    static let groups: [RouteGroup] = TeachersPage.routes + SignInSection.routes + HomeSection.routes + LoansSection.routes
        + BooksSection.routes + UsersSection.routes + SettingsSection.routes + ClassesSection.routes + RecordsSection.routes
        + PrintingSection.routes + TransferSection.routes + GuideSection.routes

    /// A loan's number from a `{n}` place (digits that fit an Int64: the pattern checked them).
    static func loanID(_ values: [String]) -> Int64 {
        Int64(values[0]) ?? 0
    }

    /// The routes anyone may open without signing in.
    static var openRoutes: [PageRoute.Name] { table.openRoutes }
}

extension PageRoute {
    /// Whether the route's group checks the CSRF token (everything that changes something).
    public var isChange: Bool { PageRoutes.table.group(name).checksToken }

    /// Whether the route is open without a session.
    public var isPublic: Bool { PageRoutes.table.group(name).access == .open }

    /// The route's path, with its values percent-encoded: the link to it.
    public var path: String { PageRoutes.table.path(name, values) }
}

extension PageRoute.Name {
    /// Whether the route takes a file (a backup, a CSV, a cover photo): the only routes a large
    /// body may go to. Declared on the endpoint (`takesUpload:`).
    public var takesUpload: Bool { PageRoutes.table.endpoint(self).takesUpload }
}

extension TeachersPage {
    /// The page's own route: the one stylesheet, open to anyone.
    static let routes: [RouteGroup] = [
        .open([
            .get("/style.css", .stylesheet, open: { page, _, _, _ in page.stylesheet() }),
        ]),
    ]
}
