import Foundation

/// A photo of a Book's front taken on the teachers' page (「表紙の写真」), upright and scaled for
/// the kiosk's screen, kept in the library's database so every kiosk of a shared library shows
/// it. A file of the covers folder wins over it where the folder has one for the Book.
public struct BookCover: Sendable, Equatable {
    /// The Book's barcode.
    public var barcode: String
    /// The encoded picture, as `format` says.
    public var image: [UInt8]
    public var format: BookCoverFormat
    /// When it was saved: the page and the kiosk name a new photo by it, so it shows at once.
    public var savedAt: Date

    public init(barcode: String, image: [UInt8], format: BookCoverFormat, savedAt: Date) {
        self.barcode = barcode
        self.image = image
        self.format = format
        self.savedAt = savedAt
    }
}

/// How a stored cover is encoded.
public enum BookCoverFormat: String, Sendable, Hashable, CaseIterable {
    case jpeg
    case png

    /// Its media type, for the page's answer.
    public var mediaType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        }
    }

    /// The file name extension the kiosk gives a copy of it.
    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .png: "png"
        }
    }
}
