import CatalogIO
import Printing
extension EnglishPageWords {
    public var print: String { "Print" }
    public var printCards: String { "Library cards" }
    public var printLabels: String { "Book labels" }
    public var printNotices: String { "Notices for parents" }
    public var printCardsExplained: String { "A PDF of a class's Cards on a sheet of labels. Printing marks them as printed." }
    public var printLabelsExplained: String { "A PDF of Book barcode labels on a sheet of labels." }
    public var printNoticesExplained: String { "A gentle slip for the parents of each child with an overdue book (several to an A4 page, with cut lines)." }
    public var everyClass: String { "Every class" }
    public var sheet: String { "Sheet" }
    public var startAt: String { "Start at label" }
    public var startAtHint: String { "1 is the top left, counting row by row: for a sheet already used in part." }
    public var whichLabels: String { "Which books" }
    public var whichCards: String { "Which cards" }
    public func sheetChoice(_ sheet: Sheet) -> String { "\(sheet.product) (\(sheet.paper.name), \(sheet.count) \(sheet.holdsCards ? "cards" : "labels"))" }
    public var printOneCard: String { "Print the card" }
    public var printOneLabel: String { "Print the label" }
    public func printedOn(_ day: String) -> String { "Last printed on \(day). On a sheet already used in part, choose a free position." }
    public var notPrintedYet: String { "Not printed yet." }
    public var newOnly: String { "Only those not printed yet" }
    public var all: String { "All" }
    public var downloadPDF: String { "Download the PDF" }
    public var nothingToPrint: String { "There is nothing to print." }
    public var noOverdueNotices: String { "No book is overdue: there are no notices to print." }
    public func startAtInvalid(_ count: Int) -> String { "Start at label is a number from 1 to \(count)." }
    public var noSuchSheet: String { "There is no such sheet; choose one from the list." }
    public func printRefused(cards: Bool, sheet: String) -> String {
        "\(cards ? "Cards" : "Labels") cannot be printed on \(sheet) (a barcode does not fit at a size scanners read, or the sheet's measurements do not work). Choose a sheet with bigger labels. Nothing was printed."
    }
    public var notices: String { "Notices" }

    public var importCSV: String { "Import" }
    public var importExplained: String { "Import a list of users or books (CSV)" }
    public var importKind: String { "A list of" }
    public var importUsers: String { "Users" }
    public var importBooks: String { "Books" }
    public var csvFile: String { "CSV file" }
    public var importCheck: String { "Check it" }
    public var importIt: String { "Import" }
    public var importNoFile: String { "Choose a CSV file." }
    public var importNotUTF8: String { "This file is neither UTF-8 nor Shift_JIS text. In Excel, save it as \"CSV UTF-8\". Nothing was changed." }
    public var importPreviewHeading: String { "Before importing" }
    public func importSummary(added: Int, updated: Int) -> String { "\(added) to add, \(updated) to update. Nothing has changed yet." }
    public var importAddedRows: String { "To be added" }
    public var importUpdatedRows: String { "To be updated" }
    public var importNewClasses: String { "New classes" }
    public var importNumbers: String { "Numbers to be given" }
    public var importProblems: String { "To fix" }
    public var importRefused: String { "The CSV has problems to fix, so it cannot be imported. Fix it and choose it again. Nothing was changed." }
    public var importNothingPending: String { "There is no CSV waiting to be imported; choose it again." }
    public func imported(added: Int, updated: Int) -> String { "Imported: \(added) added, \(updated) updated." }
    public var importChangedMeanwhile: String { "The library changed after the check, so nothing was imported. Look at the new check below." }
    public func line(_ number: Int) -> String { "Line \(number)" }
    public var importLineColumn: String { "Line" }
    public var importChangesColumn: String { "Changes" }
    public func importReadAs(_ encoding: String) -> String { "Read as \(encoding)." }
    public var catalogWords: any CatalogWords { EnglishCatalogWords() }

    public var backupHeading: String { "Backup" }
    public var backupExplained: String { "Saves the whole library as one file. Keep it somewhere safe, such as a USB stick." }
    public var backupDownload: String { "Backup" }
    public var backupOnPostgres: String { "The library is on a PostgreSQL server. Back it up and restore it on the server with pg_dump and pg_restore:" }
    public var backupUnavailable: String { "This library is not a file, so it cannot be backed up or restored here." }
    public var restoreHeading: String { "Restore" }
    public var restoreExplained: String { "Choose a backup file: the page shows what it holds next to the library now, and restores it when you confirm." }
    public var backupFile: String { "Backup file" }
    public var restoreCheck: String { "Check the backup" }
    public var restoreNoFile: String { "Choose a backup file." }
    public func restoreRefused(_ fileName: String) -> String { "\(fileName) is not a BookKiosk backup, so it cannot be restored. Choose a file downloaded with Backup on Settings (library-DATE.sqlite). Nothing was changed." }
    public func restoreCompare(_ fileName: String) -> String { "What \(fileName) holds, and the library now. Nothing has changed yet." }
    public var loansCount: String { "Loans" }
    public var lastLoan: String { "Last loan" }
    public var restoreBackupRow: String { "Backup" }
    public var restoreCurrentRow: String { "The library now" }
    public var restoreWarning: String { "Restoring replaces the library with this backup. The library as it is now is kept beside it as a copy." }
    public var restoreIt: String { "Restore it" }
    public var restoreFailed: String { "The backup was not restored. Nothing was changed: the library is as it was. Try again; if it keeps failing, tell whoever looks after the kiosk (the log says more)." }
    public func restored(keptAt path: String) -> String { "Restored. The library as it was is kept at \(path)." }
}
