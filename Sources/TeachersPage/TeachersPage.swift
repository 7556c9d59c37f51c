import Feedback
import Foundation
import HTTPServer
import Lending
import Printing

/// The teachers' page: turns each `HTTPRequest` into an `HTTPResponse`, reading and writing
/// through the library's repository. No socket here: `HTTPDaemon` calls `handle` from its
/// threads, and tests call it directly. The clock is an argument, so tests need no sleeps.
public final class TeachersPage: Sendable {
    /// What the page is set up with, from the configuration.
    public struct Setup: Sendable {
        public var language: Language
        /// The configuration's Policy: its time zone (and, until the database has rules of its
        /// own, its rules).
        public var policy: Policy
        /// The configuration's library name, used until the database has rules.
        public var libraryName: String
        /// Minutes a session may sit unused before it ends.
        public var sessionMinutes: Int
        /// The cover image file of a Book, if the covers folder has one (as the kiosk's screen
        /// finds it: by barcode, then by ISBN).
        public var cover: @Sendable (Book) -> String?
        /// The SVG of a QR code for a text (the page's address); nil draws none.
        public var qrCode: (@Sendable (String) -> String?)?
        /// The addresses other devices can open (the server's LAN addresses), shown on ホーム
        /// when the page itself was opened on this computer (`localhost`).
        public var publicAddresses: [String]
        /// Where the library is kept, for 設定's backup and restore (pageyear-b).
        public var storage: LibraryStorage = .elsewhere
        /// The sheets Cards and labels can be printed on (the configuration's, with the built-in ones).
        public var sheets: [Sheet] = []
        /// How a User or Book added without a card or barcode is numbered (the configuration's numbering).
        public var cardNumbering = BarcodeNumbering.cards
        public var bookNumbering = BarcodeNumbering.books

        public init(language: Language = .default, policy: Policy = Policy(), libraryName: String = "",
                    sessionMinutes: Int = SessionTable.defaultIdleMinutes,
                    cover: @escaping @Sendable (Book) -> String? = { _ in nil },
                    qrCode: (@Sendable (String) -> String?)? = nil, publicAddresses: [String] = []) {
            self.language = language
            self.policy = policy
            self.libraryName = libraryName
            self.sessionMinutes = sessionMinutes
            self.cover = cover
            self.qrCode = qrCode
            self.publicAddresses = publicAddresses
        }
    }

    /// Rows on one page of a long list.
    public static let pageSize = 50

    let setup: Setup
    let words: any PageWords
    let store: RepositoryGate
    let sessions: Locked<SessionTable>
    let now: @Sendable () -> Date
    /// A yescrypt hash checked for names that have no password, so a wrong name takes as long
    /// as a wrong password. Made on first use.
    let decoyHash = Locked<String?>(nil)
    /// One password check at a time: yescrypt is slow on purpose, so a flood of sign-ins uses
    /// one core at most and the kiosk on the same box keeps the other for its scans.
    let passwordCheck = NSLock()
    /// Uploads waiting for their confirmation (a CSV to import, a backup to restore), by session.
    let uploads = Locked(PendingUploads())

    public init(repository: any LendingRepository, setup: Setup, now: @escaping @Sendable () -> Date = { Date() }) {
        self.setup = setup
        self.words = setup.language.pageWords
        self.store = RepositoryGate(repository)
        self.sessions = Locked(SessionTable(idleSeconds: Double(setup.sessionMinutes) * 60))
        self.now = now
    }

    /// The page as the daemon's handler.
    public var handler: HTTPHandler {
        { [self] request in handle(request) }
    }

    /// Answers one request. Every response carries the security headers.
    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        var response = PageSecurity.secured(respond(to: request, at: now()))
        if request.method == "HEAD" { response.body = [] }
        return response
    }

    private func respond(to request: HTTPRequest, at time: Date) -> HTTPResponse {
        let route = PageRoute(method: request.method, path: request.path)
        if route == .stylesheet {
            return HTTPResponse(status: 200, headers: [("Content-Type", "text/css; charset=utf-8"), ("Cache-Control", "no-cache")],
                                body: Array(Stylesheet.text.utf8))
        }
        let session = request.cookies[PageSecurity.cookieName].flatMap { id in sessions.withLock { $0.use(id, at: time) } }
        switch route {
        case .signInForm:
            return signInForm(request, session: session, at: time)
        case .signIn:
            if PageSecurity.check(request, token: session?.csrf) != nil { return forbidden(session: nil) }
            return signIn(request, session: session, at: time)
        default:
            break
        }
        guard let session, let staff = session.staff else {
            // Nothing of the library without a session: only the way to sign in (which says why
            // when the browser's session ended while it was away).
            let ended = session == nil && request.cookies[PageSecurity.cookieName].map { !$0.isEmpty } == true
            return HTTPResponse(status: 303, headers: [("Location", ended ? PagePath.signIn + "?ended=1" : PagePath.signIn),
                                                       ("Cache-Control", "no-store")])
        }
        if route.isChange, PageSecurity.check(request, token: session.csrf) != nil {
            return forbidden(session: session)
        }
        var context = PageContext(request: request, session: session, staff: staff, now: time, words: words)
        do {
            let response = try respond(route, context: &context)
            return response
        } catch {
            return fault(error, context: context)
        }
    }

    private func respond(_ route: PageRoute, context: inout PageContext) throws -> HTTPResponse {
        switch route {
        case .signOut: return signOut(context)
        case .home: return try home(context)
        case .qrCode: return qrCode(context)
        case .loans: return try loans(context)
        case .confirmReturn(let id): return try confirmReturn(id, context)
        case .returnLoan(let id): return try returnLoan(id, context)
        case .extendLoan(let id): return try extendLoan(id, context)
        case .books: return try books(context)
        case .newBookForm: return try bookForm(nil, context)
        case .addBook: return try saveBook(nil, context)
        case .book(let barcode): return try book(barcode, context)
        case .editBookForm(let barcode): return try bookForm(barcode, context)
        case .editBook(let barcode): return try saveBook(barcode, context)
        case .withdrawBook(let barcode): return try withdrawBook(barcode, context)
        case .lendForm(let barcode): return try lendForm(barcode, context)
        case .lend(let barcode): return try lend(barcode, context)
        case .cover(let barcode): return try cover(barcode)
        case .users: return try users(context)
        case .newUserForm: return try userForm(nil, context)
        case .addUser: return try saveUser(nil, context)
        case .user(let card): return try user(card, context)
        case .editUserForm(let card): return try userForm(card, context)
        case .editUser(let card): return try saveUser(card, context)
        case .deactivateUser(let card): return try setActive(card, false, context)
        case .reactivateUser(let card): return try setActive(card, true, context)
        case .removeUser(let card): return try removeUser(card, context)
        case .settings: return try settings(context)
        case .saveRules: return try saveRules(context)
        case .addStaff: return try addStaff(context)
        case .resetPassword(let name): return try resetPassword(name, context)
        case .removeStaff(let name): return try removeStaff(name, context)
        case .classes: return try classes(context)
        case .addClass: return try addClass(context)
        case .setClassGrade(let name): return try setClassGrade(name, context)
        case .renameClass(let name): return try renameClass(name, context)
        case .removeClass(let name): return try removeClass(name, context)
        case .confirmPromotion: return try confirmPromotion(context)
        case .promote: return try promote(context)
        case .records: return try records(context)
        // 印刷, 取り込み, backup and restore (pageyear-b)
        case .printPage: return try printPage(context)
        case .printNotices: return try printNotices(context)
        case .printCards: return try printLabels(.card, context)
        case .printLabels: return try printLabels(.label, context)
        case .importForm: return try importForm(context)
        case .previewImport: return try previewImport(context)
        case .applyImport: return try applyImport(context)
        case .backup: return try backup(context)
        case .previewRestore: return try previewRestore(context)
        case .restore: return try restore(context)
        case .notFound, .methodNotAllowed, .stylesheet, .signInForm, .signIn:
            return try notFound(context, status: route == .methodNotAllowed ? 405 : 404)
        }
    }
}

/// One signed-in request as the handlers see it.
struct PageContext {
    var request: HTTPRequest
    var session: PageSession
    var staff: String
    var now: Date
    var words: any PageWords

    var signedIn: PageLayout.SignedIn { PageLayout.SignedIn(staff: staff, csrf: session.csrf) }
}
