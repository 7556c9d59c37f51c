import Foundation
import Testing
@testable import TeachersPage

@Suite struct PageRouteTests {
    @Test(arguments: [
        ("GET", "/", PageRoute.home),
        ("HEAD", "/loans", .loans),
        ("GET", "/loans/12/return", .confirmReturn(loan: 12)),
        ("POST", "/loans/12/return", .returnLoan(loan: 12)),
        ("POST", "/loans/12/extend", .extendLoan(loan: 12)),
        ("GET", "/loans/x/return", .notFound),
        ("GET", "/books/new", .newBookForm),
        ("POST", "/books/new", .addBook),
        ("GET", "/books/9784834000825", .book("9784834000825")),
        ("POST", "/books/B1/withdraw", .withdrawBook("B1")),
        ("GET", "/books/B1/withdraw", .methodNotAllowed),
        ("GET", "/covers/B1", .cover("B1")),
        ("GET", "/covers/../../etc/passwd", .notFound),
        ("POST", "/users/C1/remove", .removeUser("C1")),
        ("POST", "/settings", .saveRules),
        ("POST", "/settings/staff/佐藤/password", .resetPassword(staff: "佐藤")),
        ("GET", "/sign-out", .methodNotAllowed),
        ("DELETE", "/", .methodNotAllowed),
        ("GET", "/style.css", .stylesheet),
    ])
    func routes(method: String, path: String, expected: PageRoute) {
        #expect(PageRoute(method: method, path: path) == expected)
    }

    @Test func onlySignInAndTheStylesheetAreOpenAndEveryPostIsAChange() {
        let open = [PageRoute.stylesheet, .signInForm, .signIn]
        #expect(open.allSatisfy { $0.isPublic })
        #expect(!PageRoute.home.isPublic && !PageRoute.qrCode.isPublic && !PageRoute.cover("B").isPublic)
        for path in ["/loans/1/return", "/loans/1/extend", "/books/new", "/books/B/edit", "/books/B/withdraw", "/books/B/lend",
                     "/users/new", "/users/C/edit", "/users/C/deactivate", "/users/C/reactivate", "/users/C/remove",
                     "/settings", "/settings/staff", "/settings/staff/N/password", "/settings/staff/N/remove", "/sign-out", "/sign-in"] {
            #expect(PageRoute(method: "POST", path: path).isChange, "\(path)")
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
