import Covers
import Foundation
import HTTPServer
import Language
import Lending
import Printing
import TeachersPage
import POSIX

/// Everything the teachers' page is assembled from besides its library, as plain values:
/// `serve` fills it from the configuration, the bench and the tests from their own.
public struct PageSettings: Sendable {
    public var language: Language
    /// The configured Policy (its time zone; the rules seed an empty database).
    public var policy: Policy
    /// The configured library name (seeds the database's rules).
    public var libraryName: String
    /// Minutes a session may sit unused before it ends.
    public var sessionMinutes: Int
    /// The folder of covers (`<barcode>.png|jpg` or `<isbn>.png|jpg`), the kiosk's screen's own.
    public var covers: String
    /// The sheets Cards and labels can be printed on.
    public var sheets: [Sheet]
    /// Where the page listens; HTTPS when `tls` is given.
    public var listen: ListenAddress
    public var tls: TLSCredentials?
    /// The daemon's threads, and so the most requests answered at once. The library's
    /// connections are as many: each request reads or writes on one of its own.
    public var threads: Int
    /// How long a SQLite connection waits for another's write lock before failing busy.
    public var busyTimeout: Duration
    /// Whether the QR code of the page's address is drawn on ホーム.
    public var drawsQRCode: Bool
    /// Finding a Book by its ISBN, when the box can; nil: the page offers no lookup.
    public var lookup: (any ISBNLookup)?
    /// How a User or Book added without a card or barcode is numbered (the configuration's).
    public var cardNumbering = BarcodeNumbering.cards
    public var bookNumbering = BarcodeNumbering.books
    /// Names the page answers to besides `localhost` and the computer's addresses (`web.hostNames`).
    public var hostNames: [String] = []

    public init(language: Language = .default, policy: Policy = Policy(), libraryName: String = "",
                sessionMinutes: Int = SessionTable.defaultIdleMinutes, covers: String = PageSettings.defaultCovers,
                sheets: [Sheet] = Sheet.builtIn, listen: ListenAddress = .loopback(port: 0), tls: TLSCredentials? = nil,
                threads: Int = HTTPDaemonConfiguration.defaultThreadCount,
                busyTimeout: Duration = .seconds(5), drawsQRCode: Bool = true, lookup: (any ISBNLookup)? = nil) {
        self.language = language
        self.policy = policy
        self.libraryName = libraryName
        self.sessionMinutes = sessionMinutes
        self.covers = covers
        self.sheets = sheets
        self.listen = listen
        self.tls = tls
        self.threads = threads
        self.busyTimeout = busyTimeout
        self.drawsQRCode = drawsQRCode
        self.lookup = lookup
    }

    /// The kiosk's own covers folder.
    public static let defaultCovers = CoverFolder.defaultPath
}
