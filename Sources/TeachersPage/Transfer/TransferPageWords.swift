import CatalogIO
import Printing

/// The words of 印刷, 取り込み and 設定's backup and restore, in one language (part of
/// `PageWords`; each language's words are in `JapanesePageWords+Transfer.swift` and
/// `EnglishPageWords+Transfer.swift`).
public protocol TransferPageWords {
    // 印刷
    var print: String { get }
    var printCards: String { get }
    var printLabels: String { get }
    var printNotices: String { get }
    var printCardsExplained: String { get }
    var printLabelsExplained: String { get }
    var printNoticesExplained: String { get }
    var schoolClass: String { get }
    var everyClass: String { get }
    var sheet: String { get }
    var startAt: String { get }
    var startAtHint: String { get }
    var whichLabels: String { get }
    var whichCards: String { get }
    /// A sheet as the lists of 印刷 name it: what is on the packet, the paper and how many.
    func sheetChoice(_ sheet: Sheet) -> String
    // One Card or label, from a child's or a Book's page
    var printOneCard: String { get }
    var printOneLabel: String { get }
    func printedOn(_ day: String) -> String
    var notPrintedYet: String { get }
    var newOnly: String { get }
    var all: String { get }
    var downloadPDF: String { get }
    var nothingToPrint: String { get }
    var noOverdueNotices: String { get }
    func startAtInvalid(_ count: Int) -> String
    var noSuchSheet: String { get }
    /// The sheet cannot take these Cards or labels (a barcode does not fit at a size scanners
    /// read, or the sheet's measurements do not work); the detail goes to the log.
    func printRefused(cards: Bool, sheet: String) -> String
    var noSuchClass: String { get }
    var notices: String { get }

    // 取り込み
    var importCSV: String { get }
    var importExplained: String { get }
    var importKind: String { get }
    var importUsers: String { get }
    var importBooks: String { get }
    var csvFile: String { get }
    var importCheck: String { get }
    var importIt: String { get }
    var importNoFile: String { get }
    var importNotUTF8: String { get }
    var importPreviewHeading: String { get }
    func importSummary(added: Int, updated: Int) -> String
    var importAddedRows: String { get }
    var importUpdatedRows: String { get }
    var importNewClasses: String { get }
    var importNumbers: String { get }
    var importProblems: String { get }
    var importRefused: String { get }
    var importNothingPending: String { get }
    func imported(added: Int, updated: Int) -> String
    var importChangedMeanwhile: String { get }
    func line(_ number: Int) -> String
    var importLineColumn: String { get }
    /// The column that shows what an update changes.
    var importChangesColumn: String { get }
    func importReadAs(_ encoding: String) -> String
    /// The import's problems, warnings and headers in this language.
    var catalogWords: any CatalogWords { get }

    // Backup and restore
    var backupHeading: String { get }
    var backupExplained: String { get }
    var backupDownload: String { get }
    var backupOnPostgres: String { get }
    var backupUnavailable: String { get }
    var restoreHeading: String { get }
    var restoreExplained: String { get }
    var backupFile: String { get }
    var restoreCheck: String { get }
    var restoreNoFile: String { get }
    func restoreRefused(_ fileName: String) -> String
    func restoreCompare(_ fileName: String) -> String
    var loansCount: String { get }
    var lastLoan: String { get }
    var restoreBackupRow: String { get }
    var restoreCurrentRow: String { get }
    var restoreWarning: String { get }
    var restoreIt: String { get }
    /// The restore failed at some step; the live library was not changed.
    var restoreFailed: String { get }
    func restored(keptAt path: String) -> String
}
