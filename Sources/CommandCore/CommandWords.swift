import Feedback
import Lending

/// Every word the commands say (prompts, reports, refusals), in one language. Each language is
/// a type of its own (`JapaneseCommandWords`, `EnglishCommandWords`), so the compiler checks
/// that none lacks a word; a command takes the words of the configuration's `language`
/// (`commandWords(common.language)`). The files' own words (import and export) are
/// `CatalogWords`, in CatalogIO, which the teachers' page shares.
public protocol CommandWords: Sendable {
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
    /// Wrote N cards or labels on P pages of the sheet, from position S, to F.
    func wrote(_ count: Int, cards: Bool, pages: Int, sheet: String, startAt: Int, to out: String?) -> String
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
}

/// The words of `language`.
public func commandWords(_ language: Language) -> any CommandWords {
    switch language {
    case .ja: JapaneseCommandWords()
    case .en: EnglishCommandWords()
    }
}
