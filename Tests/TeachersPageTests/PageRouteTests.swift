import Foundation
import Testing
@testable import TeachersPage

@Suite struct PageRouteTests {
    @Test(arguments: [
        ("GET", "/", PageRouting.found(PageRoute(.home))),
        ("HEAD", "/loans", .found(PageRoute(.loans))),
        ("GET", "/loans/12/return", .found(PageRoute(.confirmReturn, "12"))),
        ("POST", "/loans/12/return", .found(PageRoute(.returnLoan, "12"))),
        ("POST", "/loans/12/extend", .found(PageRoute(.extendLoan, "12"))),
        ("GET", "/loans/x/return", .notFound),
        ("GET", "/books/new", .found(PageRoute(.newBookForm))),
        ("POST", "/books/new", .found(PageRoute(.addBook))),
        ("GET", "/books/9784834000825", .found(PageRoute(.book, "9784834000825"))),
        ("POST", "/books/B1/withdraw", .found(PageRoute(.withdrawBook, "B1"))),
        ("GET", "/books/B1/withdraw", .methodNotAllowed),
        ("GET", "/covers/B1", .found(PageRoute(.cover, "B1"))),
        ("GET", "/covers/../../etc/passwd", .notFound),
        ("POST", "/users/C1/remove", .found(PageRoute(.removeUser, "C1"))),
        ("POST", "/settings", .found(PageRoute(.saveRules))),
        ("POST", "/settings/staff/佐藤/password", .found(PageRoute(.resetPassword, "佐藤"))),
        ("GET", "/sign-out", .methodNotAllowed),
        ("DELETE", "/", .methodNotAllowed),
        ("GET", "/style.css", .found(PageRoute(.stylesheet))),
    ])
    func routes(method: String, path: String, expected: PageRouting) {
        #expect(PageRouting(method: method, path: path) == expected)
    }

    @Test func onlySignInAndTheStylesheetAreOpenAndEveryPostIsAChange() {
        let open = [PageRoute(.stylesheet), PageRoute(.signInForm), PageRoute(.signIn)]
        #expect(open.allSatisfy { $0.isPublic })
        #expect(!PageRoute(.home).isPublic && !PageRoute(.qrCode).isPublic && !PageRoute(.cover, "B").isPublic)
        for path in ["/loans/1/return", "/loans/1/extend", "/books/new", "/books/B/edit", "/books/B/withdraw", "/books/B/lend",
                     "/users/new", "/users/C/edit", "/users/C/deactivate", "/users/C/reactivate", "/users/C/remove",
                     "/settings", "/settings/staff", "/settings/staff/N/password", "/settings/staff/N/remove", "/sign-out", "/sign-in"] {
            #expect(PageRouting(method: "POST", path: path).route?.isChange == true, "\(path)")
        }
    }
}

/// The route table: every endpoint declared once, in a group; what is open, what needs the
/// token, and every link come from it.
@Suite struct RouteTableTests {
    @Test func everyRouteHasOneEndpointInAGroup() {
        let declared = PageRoutes.groups.flatMap { $0.endpoints.map(\.name) }
        #expect(Set(declared) == Set(PageRoute.Name.allCases))
        #expect(declared.count == PageRoute.Name.allCases.count, "no route is declared twice")
    }

    @Test func theOpenRoutesAreTheOpenGroupsAndNothingElse() {
        #expect(Set(PageRoutes.openRoutes) == [.stylesheet, .signInForm, .signIn])
        for name in PageRoute.Name.allCases {
            let group = PageRoutes.table.group(name)
            #expect(PageRoutes.openRoutes.contains(name) == (group.access == .open), "\(name)")
        }
    }

    @Test func everyPostChecksTheTokenAndNoGetDoes() {
        for group in PageRoutes.groups {
            for endpoint in group.endpoints {
                #expect(group.checksToken == (endpoint.method == .post), "\(endpoint.name) \(endpoint.method) \(endpoint.path)")
            }
        }
    }

    /// A link made for a route leads back to that route, whatever its values hold.
    @Test(arguments: PageRoute.Name.allCases)
    func everyLinkRoutesBackToItsRoute(name: PageRoute.Name) {
        let endpoint = PageRoutes.table.endpoint(name)
        let values = endpoint.path.pieces.compactMap { piece -> String? in
            switch piece {
            case .literal: nil
            case .value: "も も/組?#%"
            case .number: "42"
            }
        }
        let route = PageRoute(name, values: values)
        let link = route.path
        #expect(!link.contains(" ") && !link.contains("?") && !link.contains("#"))
        let segments = link.split(separator: "/").map { $0.removingPercentEncoding ?? String($0) }
        #expect(segments.count == endpoint.path.pieces.count, "\(link)")
        // The daemon decodes each segment; a value with a slash stays one segment only when
        // routed segment by segment, so route the decoded segments as the table does.
        let routed = PageRoutes.table.routing(method: endpoint.method.rawValue, segments: segments)
        #expect(routed == .found(route), "\(link)")
    }
}

/// A route with one place, looked up once for a list's rows, makes the same links as the table.
@Suite struct OneValuePathTests {
    static let onePlace = PageRoute.Name.allCases.filter { name in
        PageRoutes.table.endpoint(name).path.pieces.filter { if case .literal = $0 { false } else { true } }.count == 1
    }

    @Test func theRowsLinksHaveOnePlace() {
        for name in [PageRoute.Name.book, .cover, .user, .confirmReturn, .extendLoan] { #expect(Self.onePlace.contains(name)) }
    }

    @Test(arguments: onePlace)
    func makesWhatTheTableMakes(name: PageRoute.Name) {
        for value in ["B0000001", "42", "も も/組?#%", ""] {
            #expect(OneValuePath(name)(value) == PagePath.to(name, value), "\(name) \(value)")
        }
    }
}

@Suite struct SessionTableTests {
    static let t0 = Date(timeIntervalSince1970: 1_000_000)

    @Test func aSessionIdlesOutAndIsForgotten() {
        var table = SessionTable(idleSeconds: 60)
        table.keep(PageSession(id: "a", staff: "佐藤", csrf: "t", lastSeen: Self.t0), at: Self.t0)
        #expect(table.use("a", at: Self.t0.addingTimeInterval(59))?.staff == "佐藤")
        #expect(table.use("a", at: Self.t0.addingTimeInterval(118)) != nil, "use moved the idle start")
        #expect(table.use("a", at: Self.t0.addingTimeInterval(178)) == nil)
        #expect(table.count == 0)
    }

    @Test func aNoticeIsShownOnce() {
        var table = SessionTable()
        table.keep(PageSession(id: "a", staff: nil, csrf: "t", lastSeen: Self.t0), at: Self.t0)
        table.leave(PageNotice("saved"), for: "a")
        #expect(table.takeNotice("a") == PageNotice("saved"))
        #expect(table.takeNotice("a") == nil)
    }

    @Test func theTableKeepsAtMostItsCapacityDroppingTheLeastRecentlyUsed() {
        var table = SessionTable(idleSeconds: 3_600)
        for index in 0...SessionTable.capacity {
            let time = Self.t0.addingTimeInterval(Double(index))
            table.keep(PageSession(id: "s\(index)", staff: nil, csrf: "t", lastSeen: time), at: time)
        }
        #expect(table.count == SessionTable.capacity)
        let now = Self.t0.addingTimeInterval(Double(SessionTable.capacity))
        #expect(table.use("s0", at: now) == nil)
        #expect(table.use("s\(SessionTable.capacity)", at: now) != nil)
    }
}

/// The page's links encode each value as Foundation's percent-encoding does, byte by byte.
@Suite struct PagePathEncodingTests {
    @Test("segment is addingPercentEncoding with the unreserved characters allowed",
          arguments: ["B0000001", "C000123", "ぐりとぐら", "a b&c=d", "100% Wolf", "~._-", "/?#[]@!$'()*+,;", "ｸﾞﾘ", "😀", ""])
    func segmentEncodes(text: String) {
        let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        #expect(PagePath.segment(text) == text.addingPercentEncoding(withAllowedCharacters: unreserved))
    }
}
