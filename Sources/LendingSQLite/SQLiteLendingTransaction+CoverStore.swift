import Foundation
import Lending

// Covers photographed on the teachers' page (migration 9): one per Book, its bytes as a BLOB.
extension SQLiteLendingTransaction: CoverStore {
    func coverTimes(barcodes: [String]) throws -> [String: Date] {
        try checkOpen()
        guard !barcodes.isEmpty else { return [:] }
        // One parameter per barcode: a list page asks for 50 at most.
        let places = Array(repeating: "?", count: barcodes.count).joined(separator: ", ")
        let rows = try connection.rows("SELECT barcode, saved_at FROM book_covers WHERE barcode IN (\(places))",
                                       barcodes.map { .text($0) }) { ($0.text(0), Date(timeIntervalSince1970: $0.double(1))) }
        return Dictionary(rows, uniquingKeysWith: { first, _ in first })
    }

    func cover(barcode: String) throws -> BookCover? {
        try checkOpen()
        return try connection.firstRow("SELECT barcode, image, format, saved_at FROM book_covers WHERE barcode = ?", [.text(barcode)]) { row in
            let formatText = row.text(2)
            guard let format = BookCoverFormat(rawValue: formatText) else {
                throw LibraryFileError.unreadableValue(path: connection.path, column: "book_covers.format", value: formatText)
            }
            return BookCover(barcode: row.text(0), image: row.blob(1), format: format, savedAt: Date(timeIntervalSince1970: row.double(3)))
        }
    }

    func save(_ cover: BookCover) throws {
        try checkOpen()
        try connection.execute("""
            INSERT INTO book_covers (barcode, image, format, saved_at) VALUES (?, ?, ?, ?)
            ON CONFLICT (barcode) DO UPDATE SET image = excluded.image, format = excluded.format, saved_at = excluded.saved_at
            """, [.text(cover.barcode), .blob(cover.image), .text(cover.format.rawValue), .real(cover.savedAt.timeIntervalSince1970)])
    }

    func coveredBarcodes() throws -> [String] {
        try checkOpen()
        return try connection.rows("SELECT barcode FROM book_covers ORDER BY barcode", []) { $0.text(0) }
    }
}
