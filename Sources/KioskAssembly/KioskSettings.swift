import Foundation
import Feedback
import Kiosk
import Covers
import Language
import Lending
import ScannerInput
import ScenePainter
import TextInput

/// Everything a kiosk is assembled from besides its repository, as plain values: the commands
/// fill it from the configuration (`run`, `demo`, `simulate`), the bench from its own figures.
/// Where scans come from, where frames go and which clock drives the kiosk are not settings:
/// each caller brings its own.
public struct KioskSettings: Sendable {
    /// The rules and timeouts as configured. The database's rules, once it holds some, win
    /// over the configured ones (`LibraryRules`); the configured ones seed an empty database.
    public var policy: Policy
    /// The library's name as configured (seeds the database's rules; shown on the waiting screen).
    public var libraryName: String
    /// Language, sound, speech, the time zone, and where the status line and event stream go.
    public var feedback: FeedbackSettings
    /// Whether an `Announcer` plays cues and writes the status line and event stream. Off for
    /// `simulate` and the bench, which take events as they come (`KioskAssembly.onEvent`).
    public var announces: Bool
    /// Days a returned Loan and an audit entry keep their User (the daily privacy pass).
    public var privacyDays: Int
    /// How staff registration numbers a Book that has no label yet.
    public var bookNumbering: BarcodeNumbering
    /// How the library numbers its Cards: with `bookNumbering`, what tells a Book not yet
    /// registered from a Card nobody knows (`BarcodeRules`).
    public var cardNumbering: BarcodeNumbering
    public var staffKey: KeyPress
    /// The screen, when the caller gives the assembly somewhere to draw it.
    public var screen: ScreenSettings
    /// Where returns scanned while a shared database server is away are kept; nil for a
    /// kiosk on a local file (never away).
    public var returnJournal: String?
    /// Seconds between tries of a server that is away.
    public var serverRetrySeconds: TimeInterval
    /// Whether lines about each scan (a fault answered, an Outcome, a return journalled) go to
    /// the log too (`BOOKKIOSK_LOG=debug`). Off: the log holds what a grown-up acts on.
    public var logsEachScan: Bool
    /// Whether kana typed in staff mode can become kanji (anthy, loaded at first use).
    public var convertsKana: Bool

    public init(policy: Policy = Policy(), libraryName: String = "", feedback: FeedbackSettings = FeedbackSettings(),
                announces: Bool = true, privacyDays: Int = PrivacyPass.defaultDays, bookNumbering: BarcodeNumbering = .books,
                cardNumbering: BarcodeNumbering = .cards,
                staffKey: KeyPress = .function(12), screen: ScreenSettings = ScreenSettings(), returnJournal: String? = nil,
                serverRetrySeconds: TimeInterval = KioskMachine.defaultServerRetrySeconds, logsEachScan: Bool = false,
                convertsKana: Bool = true) {
        self.policy = policy
        self.libraryName = libraryName
        self.feedback = feedback
        self.announces = announces
        self.privacyDays = privacyDays
        self.bookNumbering = bookNumbering
        self.cardNumbering = cardNumbering
        self.staffKey = staffKey
        self.screen = screen
        self.returnJournal = returnJournal
        self.serverRetrySeconds = serverRetrySeconds
        self.logsEachScan = logsEachScan
        self.convertsKana = convertsKana
    }
}

/// How the screen is drawn, where there is one.
public struct ScreenSettings: Sendable, Equatable {
    /// The fontconfig family.
    public var font: String
    /// The folder of covers (`<barcode>.png|jpg` or `<isbn>.png|jpg`).
    public var covers: String
    /// A name shown in place of the library's (`simulate --library-name`); nil: the library's.
    public var libraryName: String?
    /// Where the kiosk writes its copies of the covers photographed on the page (`StoredCovers`);
    /// nil: a folder of its own under the temporary directory.
    public var storedCovers: String?

    public init(font: String = ScreenSettings.defaultFont, covers: String = ScreenSettings.defaultCovers, libraryName: String? = nil,
                storedCovers: String? = nil) {
        self.font = font
        self.covers = covers
        self.libraryName = libraryName
        self.storedCovers = storedCovers
    }

    /// The painter's own: the rounded Japanese font of `fonts-motoya-l-maruberi`.
    public static let defaultFont = ScenePainter.defaultFamily
    public static let defaultCovers = CoverFolder.defaultPath
}
