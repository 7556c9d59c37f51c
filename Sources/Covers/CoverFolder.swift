import Foundation

/// A folder of book covers: `<barcode>.png|jpg` or `<isbn>.png|jpg`. `cover` looks for the file
/// each time (a few `access` calls); the screen and the page look through a `CoverIndex`.
public struct CoverFolder: Sendable, Equatable {
    public let path: String
    public static let extensions = ["png", "jpg", "jpeg", "PNG", "JPG", "JPEG"]

    public init(path: String) {
        self.path = path
    }

    /// The kiosk's covers folder unless configured otherwise: the screen and the page use the same.
    public static let defaultPath = "/var/lib/bookkiosk/covers"

    /// The cover of the Book with `barcode` (or, failing that, its `isbn`), if the folder has one.
    public func cover(barcode: String, isbn: String?) -> String? {
        for name in [barcode, isbn].compactMap({ $0 }) where CoverFolder.isPlainName(name) {
            for ext in CoverFolder.extensions {
                let file = (path as NSString).appendingPathComponent("\(name).\(ext)")
                if FileManager.default.isReadableFile(atPath: file) { return file }
            }
        }
        return nil
    }

    /// A barcode may hold any character a Scanner types: only plain names become file names.
    public static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix(".") && !name.contains("/") && !name.contains("\0")
    }
}
