import Foundation
import HTTPServer
import Language
import Lending
import Printing
import ScenePainter

/// The teachers' page: turns each `HTTPRequest` into an `HTTPResponse`, reading and writing
/// through the library's repository. No socket here: `HTTPDaemon` admits each request's head
/// and has it answered from its threads (`PageAdmission`), and tests call `handle` directly. The clock is an argument, so tests need no sleeps.
/// The page only composes its sections (a folder each: `Loans/`, `Books/`, …) and carries what
/// they share (`PageShared`: the setup, the words, the library, the sessions, the clock); each
/// section declares its routes (composed in `PageRoutes`), its handlers and their state.
public final class TeachersPage: PageSection {
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
        /// Where the library is kept, for 設定's backup and restore.
        public var storage: LibraryStorage = .elsewhere
        /// The sheets Cards and labels can be printed on (the configuration's, with the built-in ones).
        public var sheets: [Sheet] = []
        /// How a User or Book added without a card or barcode is numbered (the configuration's numbering).
        public var cardNumbering = BarcodeNumbering.cards
        public var bookNumbering = BarcodeNumbering.books
        /// How many returns the kiosk on this computer holds in its journal, not yet applied on
        /// the shared server (shown on ホーム when there are any); nil where there is none.
        public var unsentReturns: (@Sendable () -> Int?)?
        /// Finding a Book by its ISBN, when the box can; nil: the page offers no lookup.
        public var lookup: (any ISBNLookup)?
        /// The options that name this library to a command (` --config F --db D`, as `serve` was
        /// given them; empty when it used the defaults), so the command the sign-in page quotes
        /// while nobody can sign in adds a teacher to this library and not another.
        public var libraryOptions = ""
        /// 「使い方」, the teachers' guide the page serves; nil: the page says it is not here.
        public var guide: TeachersGuide?
        /// A photo (「表紙の写真」) made ready to keep as a cover: upright, small, encoded.
        public var prepareCoverPhoto: @Sendable ([UInt8]) -> Result<CoverPhoto.Prepared, CoverPhoto.Refusal> = { CoverPhoto.prepare($0) }

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
    /// The library: reads side by side, writes in the store's own transactions.
    let store: RepositoryPool
    let sessions: Locked<SessionTable>
    let now: @Sendable () -> Date
    /// What every section is given.
    let shared: PageShared

    // The sections, each with its routes, handlers and the state they lock.
    let signIn: SignInSection
    let home: HomeSection
    let loans: LoansSection
    let books: BooksSection
    let users: UsersSection
    let classes: ClassesSection
    let records: RecordsSection
    let printing: PrintingSection
    let transfer: TransferSection
    let settings: SettingsSection
    let guide: GuideSection

    /// The page on `store` (`PageAssembly` builds it from the configuration and an opened library).
    public init(store: RepositoryPool, setup: Setup, now: @escaping @Sendable () -> Date = { Date() }) {
        self.setup = setup
        self.words = setup.language.pageWords
        self.store = store
        self.sessions = Locked(SessionTable(idleSeconds: Double(setup.sessionMinutes) * 60))
        self.now = now
        let shared = PageShared(setup: setup, words: words, store: store, sessions: sessions, now: now)
        self.shared = shared
        signIn = SignInSection(shared: shared)
        home = HomeSection(shared: shared)
        loans = LoansSection(shared: shared)
        books = BooksSection(shared: shared)
        users = UsersSection(shared: shared, books: books)
        classes = ClassesSection(shared: shared)
        records = RecordsSection(shared: shared)
        printing = PrintingSection(shared: shared, scanRuns: books.scanRuns)
        transfer = TransferSection(shared: shared)
        settings = SettingsSection(shared: shared)
        guide = GuideSection(shared: shared)
    }

    /// Answers one request: its head admitted (`admit`) and answered at once, at one time.
    /// The daemon takes the two steps apart (`HTTPResponder`); tests and the bench call this.
    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        let time = now()
        return answer(request, admitted: admit(request, at: time), at: time)
    }

    /// Every response carries the security headers.
    func answer(_ request: HTTPRequest, admitted admission: PageAdmission, at time: Date) -> HTTPResponse {
        var response = PageSecurity.secured(respond(to: request, admitted: admission, at: time), overHTTPS: request.isSecure)
        if request.method == "HEAD" { response.body = [] }
        return response
    }

    /// The route table (`PageRoutes`) decides: an open route answers at once (its group's token
    /// checked first); anything else needs a signed-in session, and its group's token. The
    /// route and the session are the ones the head was admitted with.
    private func respond(to request: HTTPRequest, admitted admission: PageAdmission, at time: Date) -> HTTPResponse {
        let routing = admission.routing
        let route = routing.route
        let endpoint = route.map { PageRoutes.table.endpoint($0.name) }
        let group = route.map { PageRoutes.table.group($0.name) }
        let cookie = request.cookies[PageSecurity.cookieName]
        let session = admission.session
        if let endpoint, let group, group.access == .open, case .open(let handler) = endpoint.handler {
            if group.checksToken, PageSecurity.check(request, token: signInToken(request, session: session, at: time)) != nil {
                return forbidden(session: nil)
            }
            return handler(self, request, session, time)
        }
        guard let session, let staff = session.staff else {
            // Nothing of the library without a session: only the way to sign in (which says why
            // when the browser's session ended while it was away).
            let ended = cookie.map { !$0.isEmpty && !SignInTicket.isTicket($0) } == true
            return HTTPResponse(status: 303, headers: [("Location", ended ? PagePath.signIn + "?ended=1" : PagePath.signIn),
                                                       ("Cache-Control", "no-store")])
        }
        if group?.checksToken == true, PageSecurity.check(request, token: session.csrf) != nil {
            return forbidden(session: session)
        }
        let context = PageContext(request: request, session: session, staff: staff, now: time, words: words)
        do {
            guard let route, let endpoint, case .signedIn(let handler) = endpoint.handler else {
                return try notFound(context, status: routing == .methodNotAllowed ? 405 : 404)
            }
            return try handler(self, route.values, context)
        } catch {
            return fault(error, context: context)
        }
    }

    /// `GET /style.css`: the one stylesheet.
    func stylesheet() -> HTTPResponse {
        HTTPResponse(status: 200, headers: [("Content-Type", "text/css; charset=utf-8"), ("Cache-Control", "no-cache")],
                     body: Array(Stylesheet.text.utf8))
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
