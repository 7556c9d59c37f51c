import BookLookup
import Foundation
import Lending

/// The page's words for books by their ISBN: 絵本を追加's 「調べる」, 「まとめて登録」, and the
/// credit the services' terms ask for (part of `PageWords`; each language's words are in
/// `JapanesePageWords+Lookup.swift` and `EnglishPageWords+Lookup.swift`).
public protocol LookupPageWords {
    // 絵本を追加
    var lookUp: String { get }
    var isbnLookupHint: String { get }
    var bookReadingHint: String { get }
    /// Said when a record was found: where from, and what to do now.
    func lookupFound(_ source: BookRecordSource, fromCache: Bool) -> String
    /// Said when two services disagree on the title (the NDL's is used).
    func lookupDiffering(_ other: BookRecordSource, title: String) -> String
    /// Why nothing was filled in, and that she types it.
    func lookupProblem(_ problem: LookupProblem) -> String
    var lookupNeedsISBN: String { get }
    /// The credit the services' terms ask for: 「書誌データ：国立国会図書館サーチ」.
    func attribution(_ source: BookRecordSource) -> String
    func sourceName(_ source: BookRecordSource) -> String

    // 「表紙の写真」 on a Book's page
    var coverPhoto: String { get }
    var coverPhotoExplained: String { get }
    /// Said when the covers folder has a file for the Book, which is shown instead of a photo.
    var coverPhotoFolderWins: String { get }
    var coverPhotoFile: String { get }
    var coverPhotoSave: String { get }
    var coverPhotoNoFile: String { get }
    /// A photo was kept as the Book's cover, `width`×`height` pixels.
    func coverPhotoSaved(title: String, width: Int, height: Int) -> String
    /// The file is neither a JPEG nor a PNG: what to do instead.
    func coverPhotoNotAPicture(_ fileName: String) -> String
    /// The file looks like a picture but could not be read: `reason` as the decoder said it.
    func coverPhotoUnreadable(_ fileName: String, reason: String) -> String

    // まとめて登録
    var addMany: String { get }
    var addManyExplained: String { get }
    var scanISBN: String { get }
    var scanLabel: String { get }
    var scanLabelHint: String { get }
    var scanRegister: String { get }
    var scanNothing: String { get }
    func scanAdded(title: String, barcode: String) -> String
    /// The headline after a scan found no record: why (as 「調べる」 says it), and where to type the title.
    func scanNeedsTitle(_ problem: LookupProblem) -> String
    /// The row of an ISBN waiting for its title: why, and the one thing to do on this page.
    func scanProblem(_ problem: LookupProblem) -> String
    var scanListHeading: String { get }
    var scanListEmpty: String { get }
    var scanSource: String { get }
    var scanFromCache: String { get }
    var needsTitle: String { get }
    var scanAddWithTitle: String { get }
    var undo: String { get }
    var undone: String { get }
    func scanUndone(title: String) -> String
    func scanWasLent(title: String) -> String
    var scanUnknownEntry: String { get }
    func printRunLabels(_ count: Int) -> String
    var printRunLabelsExplained: String { get }
    var scanRestart: String { get }
    var scanRestarted: String { get }

    // 取り込み
    /// The heading of the titles a books file's ISBNs found: how many, how many from the cache.
    func importLookedUp(_ count: Int, fromCache: Int) -> String
}
