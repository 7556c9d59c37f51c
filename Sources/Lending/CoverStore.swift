import Foundation

/// Covers photographed on the teachers' page (`BookCover.swift`), as one transaction reads and
/// writes them: one a Book, kept in the library's database so every kiosk shows it.
public protocol CoverStore: AnyObject {
    /// When the stored cover of each of these Books was saved; Books without one are absent.
    func coverTimes(barcodes: [String]) throws -> [String: Date]
    /// The stored cover of the Book, if it has one.
    func cover(barcode: String) throws -> BookCover?
    /// Keeps a Book's cover, replacing the one it had. Removing the Book removes it.
    func save(_ cover: BookCover) throws
    /// The barcodes of every Book with a stored cover, in order (for `copy`, one cover at a time).
    func coveredBarcodes() throws -> [String]
}
