import Foundation
import HTTPServer

/// Every URL of the page, declared once: its method, its path, its handler, and — by the group
/// it is in — whether it needs a signed-in session and a CSRF token. The dispatcher
/// (`TeachersPage.handle`), the list of open routes and the links (`PagePath`) all come from here.
enum PageRoutes {
    static let table = RouteTable(groups)

    static let groups: [RouteGroup] = [
        .open([
            .get("/style.css", .stylesheet, open: { page, _, _, _ in page.stylesheet() }),
            .get("/sign-in", .signInForm, open: { page, request, session, time in page.signInForm(request, session: session, at: time) }),
        ]),
        .openWithToken([
            .post("/sign-in", .signIn, open: { page, request, session, time in page.signIn(request, session: session, at: time) }),
        ]),
        .signedIn([
            .get("/", .home) { page, _, context in try page.home(context) },
            .get("/qr.svg", .qrCode) { page, _, context in page.qrCode(context) },
            .get("/loans", .loans) { page, _, context in try page.loans(context) },
            .get("/loans/{n}/return", .confirmReturn) { page, values, context in try page.confirmReturn(loanID(values), context) },
            .get("/books", .books) { page, _, context in try page.books(context) },
            .get("/books/new", .newBookForm) { page, _, context in try page.bookForm(nil, context) },
            .get("/books/scan", .scanBooks) { page, _, context in try page.scanBooks(context) },
            .get("/books/{}", .book) { page, values, context in try page.book(values[0], context) },
            .get("/books/{}/edit", .editBookForm) { page, values, context in try page.bookForm(values[0], context) },
            .get("/books/{}/lend", .lendForm) { page, values, context in try page.lendForm(values[0], context) },
            .get("/covers/{}", .cover) { page, values, _ in try page.cover(values[0]) },
            .get("/users", .users) { page, _, context in try page.users(context) },
            .get("/users/new", .newUserForm) { page, _, context in try page.userForm(nil, context) },
            .get("/users/{}", .user) { page, values, context in try page.user(values[0], context) },
            .get("/users/{}/edit", .editUserForm) { page, values, context in try page.userForm(values[0], context) },
            .get("/settings", .settings) { page, _, context in try page.settings(context) },
            .get("/classes", .classes) { page, _, context in try page.classes(context) },
            .get("/classes/promote", .confirmPromotion) { page, _, context in try page.confirmPromotion(context) },
            .get("/records", .records) { page, _, context in try page.records(context) },
            .get("/print", .printPage) { page, _, context in try page.printPage(context) },
            .get("/print/notices", .printNotices) { page, _, context in try page.printNotices(context) },
            .get("/import", .importForm) { page, _, context in try page.importForm(context) },
            .get("/settings/backup", .backup) { page, _, context in try page.backup(context) },
            .get("/guide", .guide) { page, _, context in try page.guide(context) },
            .get("/guide/{}", .guidePicture) { page, values, _ in page.guidePicture(values[0]) },
        ]),
        .signedInChanges([
            .post("/sign-out", .signOut) { page, _, context in page.signOut(context) },
            .post("/loans/{n}/return", .returnLoan) { page, values, context in try page.returnLoan(loanID(values), context) },
            .post("/loans/{n}/extend", .extendLoan) { page, values, context in try page.extendLoan(loanID(values), context) },
            .post("/books/new", .addBook) { page, _, context in try page.saveBook(nil, context) },
            .post("/books/scan", .scanBook) { page, _, context in try page.scanBook(context) },
            .post("/books/scan/title", .titleScannedBook) { page, _, context in try page.titleScannedBook(context) },
            .post("/books/scan/undo", .undoScannedBook) { page, _, context in try page.undoScannedBook(context) },
            .post("/books/scan/restart", .restartScanning) { page, _, context in page.restartScanning(context) },
            .post("/books/{}/edit", .editBook) { page, values, context in try page.saveBook(values[0], context) },
            .post("/books/{}/cover", .saveCoverPhoto) { page, values, context in try page.saveCoverPhoto(values[0], context) },
            .post("/books/{}/withdraw", .withdrawBook) { page, values, context in try page.withdrawBook(values[0], context) },
            .post("/books/{}/lend", .lend) { page, values, context in try page.lend(values[0], context) },
            .post("/users/new", .addUser) { page, _, context in try page.saveUser(nil, context) },
            .post("/users/{}/edit", .editUser) { page, values, context in try page.saveUser(values[0], context) },
            .post("/users/{}/deactivate", .deactivateUser) { page, values, context in try page.setActive(values[0], false, context) },
            .post("/users/{}/reactivate", .reactivateUser) { page, values, context in try page.setActive(values[0], true, context) },
            .post("/users/{}/remove", .removeUser) { page, values, context in try page.removeUser(values[0], context) },
            .post("/users/{}/lend", .lendToUser) { page, values, context in try page.lendToUser(values[0], context) },
            .post("/settings", .saveRules) { page, _, context in try page.saveRules(context) },
            .post("/settings/staff", .addStaff) { page, _, context in try page.addStaff(context) },
            .post("/settings/staff/{}/password", .resetPassword) { page, values, context in try page.resetPassword(values[0], context) },
            .post("/settings/staff/{}/remove", .removeStaff) { page, values, context in try page.removeStaff(values[0], context) },
            .post("/classes", .addClass) { page, _, context in try page.addClass(context) },
            .post("/classes/{}/grade", .setClassGrade) { page, values, context in try page.setClassGrade(values[0], context) },
            .post("/classes/{}/rename", .renameClass) { page, values, context in try page.renameClass(values[0], context) },
            .post("/classes/{}/remove", .removeClass) { page, values, context in try page.removeClass(values[0], context) },
            .post("/classes/promote", .promote) { page, _, context in try page.promote(context) },
            .post("/print/cards", .printCards) { page, _, context in try page.printLabels(.card, context) },
            .post("/print/labels", .printLabels) { page, _, context in try page.printLabels(.label, context) },
            .post("/import", .previewImport) { page, _, context in try page.previewImport(context) },
            .post("/import/apply", .applyImport) { page, _, context in try page.applyImport(context) },
            .post("/settings/restore", .previewRestore) { page, _, context in try page.previewRestore(context) },
            .post("/settings/restore/confirm", .restore) { page, _, context in try page.restore(context) },
        ]),
    ]

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
