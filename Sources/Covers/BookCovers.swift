import Foundation
import Lending

/// Where a Book's cover is found, in one order wherever one is shown: the covers folder's file,
/// by the Book's barcode and then by its ISBN; else the photo taken on the teachers' page and
/// kept in the library (「表紙の写真」). A file someone copied into the folder is a deliberate
/// choice, so it wins over a photo. The kiosk's screen and the teachers' page both ask here.
public struct BookCovers: Sendable {
    /// The covers folder, as its index sees it.
    public let folder: CoverIndex
    /// The kiosk's copies of the photos kept in the library; nil on the page, which answers
    /// with a photo read in its own transaction.
    public let stored: StoredCovers?

    public init(folder: CoverIndex, stored: StoredCovers? = nil) {
        self.folder = folder
        self.stored = stored
    }

    /// The covers folder at `path`, looked into through its index.
    public init(folderPath: String, stored: StoredCovers? = nil) {
        self.init(folder: CoverIndex(CoverFolder(path: folderPath)), stored: stored)
    }

    /// The picture the kiosk's screen shows for the Book on the frame of `now`: the folder's
    /// file, else its copy of the photo kept in the library.
    public func file(barcode: String, isbn: String?, now: Date) -> String? {
        folder.cover(barcode: barcode, isbn: isbn) ?? stored?.cover(barcode: barcode, now: now)
    }

    /// The folder's file for the Book, if it has one.
    public func folderFile(for book: Book) -> String? {
        folder.cover(barcode: book.barcode, isbn: book.isbn)
    }

    /// The media type of a file of the covers folder, by its name (the folder holds PNGs and JPEGs).
    public static func mediaType(ofFile file: String) -> String {
        file.lowercased().hasSuffix(".png") ? "image/png" : "image/jpeg"
    }

    /// How long a browser may keep a cover, for itself only. A new photo has a new address
    /// (`version`), so it shows at once; a file copied into the folder shows within that time.
    public static let cacheControl = "private, max-age=300"

    /// The name a photo kept in the library goes by: the time it was saved, in milliseconds.
    /// The kiosk's copy of it and the page's address carry it, so a new photo is a new file and
    /// a new address, and shows at once.
    public static func version(savedAt: Date) -> String {
        String(Int64((savedAt.timeIntervalSince1970 * 1000).rounded()))
    }
}
