import Language
import Lending
import POSIX

/// Every word the commands say (prompts, reports, refusals), in one language. Each language is
/// a type of its own (`JapaneseCommandWords`, `EnglishCommandWords`), so the compiler checks
/// that none lacks a word; a command takes the words of the configuration's `language`
/// (`commandWords(common.language)`). The files' own words (import and export) are
/// `CatalogWords`, in CatalogIO, which the teachers' page shares.
public protocol CommandWords: Sendable {
    /// The language these words are in, for what other modules word themselves (`SpeechChoice`).
    var language: Language { get }
    // Every command
    /// A configuration key the command does not need is wrong, so it was left at its default.
    func configurationWarning(_ problem: String) -> String
    var nothingChanged: String { get }

    // bookkiosk classes
    var classesUsage: String { get }
    var gradeUsage: String { get }
    var classNeedsName: String { get }
    func classGradeSet(_ name: String, grade: Int?) -> String
    func classGradeUnchanged(_ name: String, grade: Int?) -> String
    func classNameTaken(_ name: String) -> String
    func classHasUsers(_ name: String, count: Int) -> String
    func classAdded(_ name: String, grade: Int?) -> String
    func noSuchClass(_ name: String) -> String
    func classRenamed(_ old: String, to new: String) -> String
    func classRemoved(_ name: String) -> String
    var noClassesYet: String { get }
    func classLine(_ name: String, grade: Int?, users: Int) -> String

    // bookkiosk restore
    var restoreUsage: String { get }
    func restoreOnPostgres(server: String, file: String) -> String
    func noBackupFile(_ file: String) -> String
    func backupHolds(_ file: String, _ contents: String) -> String
    func libraryHolds(_ path: String, _ contents: String) -> String
    var restoreNeedsYes: String { get }
    var restoreQuestion: String { get }
    func restored(_ file: String, _ contents: String, keptAt kept: String) -> String
    /// After a refusal: nothing was changed, the library is as it was.
    var restoreLeftAsItWas: String { get }
    func notRestored(_ file: String, _ error: String) -> String
    /// What a library holds: "12 books, 30 users, …".
    func holdings(books: Int, users: Int, loans: Int, out: Int, lastLoan: String?) -> String

    // bookkiosk backup
    var backupUsage: String { get }
    func noDatabase(_ path: String) -> String
    func backedUp(_ path: String, to destination: String) -> String

    // bookkiosk staff
    var staffUsage: String { get }
    var staffListTakesNoName: String { get }
    func staffNeedsName(_ action: String) -> String
    var noStaffYet: String { get }
    func noSuchStaff(_ name: String) -> String
    func noSuchStaffToChange(_ name: String) -> String
    func staffRemoved(_ name: String) -> String
    func staffHasPIN(_ name: String) -> String
    var pinTaken: String { get }
    func staffAdded(_ name: String) -> String
    func staffAddedMeanwhile(_ name: String) -> String
    func staffRemovedMeanwhile(_ name: String) -> String
    func pinChanged(_ name: String) -> String
    func pinPrompt(_ name: String) -> String
    var pinAgainPrompt: String { get }
    var noPINGiven: String { get }
    var pinShape: String { get }
    var pinsDiffer: String { get }

    // bookkiosk promote
    var promoteUsage: String { get }
    var mapUsage: String { get }
    var promotionBlocked: String { get }
    func promoteHow(_ command: String) -> String
    var promotionRaced: String { get }
    func promoted(moved: Int, graduated: Int) -> String
    var nothingToPromote: String { get }
    var promotionEmpty: String { get }
    func move(from: String, to: String, users: [String]) -> String
    func graduates(_ count: Int) -> String
    func graduate(_ name: String, card: String, booksOut: [String]) -> String
    func cannotGuess(_ problem: PromotionPlan.Problem) -> String

    // bookkiosk print
    var printUsage: String { get }
    var booksOptionUsage: String { get }
    var usersOptionUsage: String { get }
    func outUsage(_ what: String) -> String
    func outIsATerminal(_ what: String) -> String
    func noSuchSheet(_ name: String, sheets: [String]) -> String
    func startAtUsage(count: Int, sheet: String) -> String
    var symbologyUsage: String { get }
    var cardCaption: String { get }
    func nothingNewToPrint(cards: Bool, option: String) -> String
    func nothingToPrint(cards: Bool) -> String
    func notPrinted(_ reason: String) -> String
    func notRecordedAsPrinted(_ reason: String) -> String
    /// Wrote N cards or labels on P pages of the sheet (its product, as on the packet, with
    /// `labelsPerSheet` labels), from position S, to F.
    func wrote(_ count: Int, cards: Bool, pages: Int, sheet: String, labelsPerSheet: Int, startAt: Int, to out: String?) -> String
    func notInLibrary(_ barcodes: [String], cards: Bool) -> String
    func noSuchClassToPrint(_ name: String) -> String
    func noOverdueNotices(inClass: String?, on day: LocalDate) -> String
    func wroteNotices(_ count: Int, pages: Int, to out: String?) -> String
    /// The columns of `bookkiosk print sheets`.
    var sheetTableHeader: [String] { get }

    // bookkiosk report overdue
    var reportUsage: String { get }
    func noOverdue(on day: LocalDate) -> String
    func overdueHeading(on day: LocalDate, count: Int) -> String
    func overdueLine(who: String, what: String, due: LocalDate, days: Int) -> String
    var unknownUser: String { get }

    // bookkiosk report audit, popular and classes
    var auditLogEmpty: String { get }
    var sinceUsage: String { get }
    var topUsage: String { get }
    /// "since 2026-04, ひよこ組": what a count report covers.
    func lendScope(sinceMonth month: String, className: String?) -> String
    func nothingLent(_ scope: String) -> String
    func mostLentHeading(_ scope: String) -> String
    /// After a title lent as several copies: " (3 copies)".
    func copies(_ count: Int) -> String
    func lendsPerClassHeading(_ scope: String) -> String
    /// The row of lends by Users in no class.
    var noClass: String { get }

    // bookkiosk staff password
    func noSuchStaffForPassword(_ name: String) -> String
    /// After `staff add` on a terminal: set the page password now?
    func offerPassword(_ name: String) -> String
    func noPasswordYet(_ name: String) -> String
    /// A refusal, then how to set the password later.
    func setPasswordLater(_ refusal: String, name: String) -> String
    /// The password could not be kept (the system's hashing failed): `detail` says why.
    func passwordNotKept(_ detail: String) -> String
    func passwordSet(_ name: String) -> String
    func passwordPrompt(_ name: String, minimum: Int) -> String
    var passwordAgainPrompt: String { get }
    var noPasswordGiven: String { get }
    func passwordTooShort(_ count: Int, minimum: Int) -> String
    var passwordsDiffer: String { get }

    // bookkiosk serve
    var serveUsage: String { get }
    /// A `--listen` value that is not `ADDRESS:PORT`: what is wrong with it, and what to write.
    func listenUsage(_ error: ListenAddressError) -> String
    func pageDidNotStart(_ detail: String) -> String
    /// `bookkiosk NAME` where NAME is no command.
    func notACommand(_ name: String) -> String
    /// One address a teacher types to open the page, as `serve` lists them.
    func pageAt(_ url: String) -> String
    func serving(_ address: String, database: String) -> String
    /// `serve`, when no Staff member of the library has a page password: nobody can sign in yet,
    /// and the command that adds a teacher to it (`libraryOptions` after it).
    func nobodyCanSignIn(database: String, libraryOptions: String) -> String
    func pageStopTimedOut(seconds: Int) -> String
    var pageStopped: String { get }
    func certificateUnreadable(_ path: String) -> String
    func keyUnreadable(_ path: String) -> String

    // bookkiosk copy
    var copyUsage: String { get }
    func copyTargetUsage(got: String) -> String
    func copied(_ source: String, to target: String, _ counts: CopiedCounts) -> String

    // bookkiosk init
    func initTakesNoWords(_ word: String) -> String
    func libraryReady(_ place: String) -> String
    func madeEmptyLibrary(_ place: String) -> String

    // bookkiosk lookup (the JSON of `--json` is data, its keys and values the same in every language)
    var lookupUsage: String { get }
    var readingLabel: String { get }
    var authorsLabel: String { get }
    var publisherLabel: String { get }
    var sourceLabel: String { get }
    var noteLabel: String { get }
    var noneGiven: String { get }
    var fromLookupCache: String { get }
    func differingTitle(source: String, title: String) -> String
    var notFound: String { get }
    /// `bookkiosk lookup`: no service could answer (not the same as not found).
    var notLookedUp: String { get }
    var ndlName: String { get }

    // bookkiosk simulate
    func simulateTakesNoWords(got: String) -> String
    /// `simulate`'s first line: it works on a copy of the library at `place`, which stays as it was.
    func simulateOnCopy(_ place: String) -> String
    /// `simulate`'s first line: there is no library at `place` yet; it works on an empty one it does not keep.
    func simulateOnEmptyLibrary(_ place: String) -> String
    /// `simulate`'s first line with `--write`: its lends and returns go into the library at `place`.
    func simulateWrites(_ place: String) -> String
    /// `simulate`'s only line on a shared PostgreSQL library without `--write`: why it does not run.
    func simulateRefusedOnSharedLibrary(_ place: String) -> String
    func kioskNotStarted(_ detail: String) -> String
    func lineSkipped(_ number: Int, problem: String) -> String
    func speechFolderNotMade(_ folder: String, _ detail: String) -> String
    func speechNotWritten(_ name: String, text: String, _ detail: String) -> String
    func speechFolderNotWritable(_ folder: String, _ detail: String) -> String

    // bookkiosk demo
    var demoTakesNoWords: String { get }
    var languageUsage: String { get }
    func screenSizeUsage(got: String) -> String
    var demoNoDesktop: String { get }
    func demoWindow(_ size: String) -> String
    func demoWindowFailed(_ detail: String) -> String
    var demoWindowTitle: String { get }
    /// After an inactive User's name in the demo's list of Cards.
    var inactiveMark: String { get }
    /// How the demo reads scans: typed on a terminal, or lines of standard input.
    func demoTyping(interactive: Bool) -> String
    func demoInstructions(database: String, typing: String, cards: [String], books: [String], pin: String) -> String

    // bookkiosk say
    var sayUsage: String { get }
    func notSpoken(_ text: String, _ detail: String) -> String
    func wavNotWritten(_ path: String, _ detail: String) -> String
    func wroteWAV(_ path: String, seconds: Double) -> String
    var playerIsNone: String { get }
    func noSpeechEngine(_ problems: [String]) -> String
}

/// What `bookkiosk copy` copied, counted.
public struct CopiedCounts: Sendable, Equatable {
    public var books = 0, users = 0, classes = 0, loans = 0, staff = 0, auditEntries = 0, printed = 0, bookRecords = 0, covers = 0
    public init(books: Int, users: Int, classes: Int, loans: Int, staff: Int, auditEntries: Int, printed: Int, bookRecords: Int,
                covers: Int = 0) {
        (self.books, self.users, self.classes, self.loans) = (books, users, classes, loans)
        (self.staff, self.auditEntries, self.printed, self.bookRecords, self.covers) = (staff, auditEntries, printed, bookRecords, covers)
    }
}

/// The words of `language`.
public func commandWords(_ language: Language) -> any CommandWords {
    switch language {
    case .ja: JapaneseCommandWords()
    case .en: EnglishCommandWords()
    }
}
