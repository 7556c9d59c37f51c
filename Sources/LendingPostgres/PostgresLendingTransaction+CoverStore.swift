import Foundation
import Lending

// Covers photographed on the teachers' page (migration 10), shared by every kiosk and the page
// of the library: the bytes are a bytea, sent and read as hexadecimal text (the connection's
// parameters and results are text). Nothing here locks what a lend or a return decides on.
extension PostgresLendingTransaction: CoverStore {
    func coverTimes(barcodes: [String]) throws -> [String: Date] {
        checkOpen()
        guard !barcodes.isEmpty else { return [:] }
        // One array parameter, its elements quoted as PostgreSQL's array text asks.
        let array = "{" + barcodes.map { "\"" + $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\"" }
            .joined(separator: ",") + "}"
        let rows = try connection.rows("""
            SELECT barcode, extract(epoch FROM saved_at)::float8 FROM book_covers WHERE barcode = ANY($1::text[])
            """, [array]) { ($0.text(0), Date(timeIntervalSince1970: Double($0.text(1)) ?? 0)) }
        return Dictionary(rows, uniquingKeysWith: { first, _ in first })
    }

    func cover(barcode: String) throws -> BookCover? {
        checkOpen()
        return try connection.firstRow("""
            SELECT barcode, encode(image, 'hex'), format, extract(epoch FROM saved_at)::float8 FROM book_covers WHERE barcode = $1
            """, [barcode]) { row in
            BookCover(barcode: row.text(0), image: Hexadecimal.bytes(row.text(1)), format: BookCoverFormat(rawValue: row.text(2)) ?? .jpeg,
                      savedAt: Date(timeIntervalSince1970: Double(row.text(3)) ?? 0))
        }
    }

    func save(_ cover: BookCover) throws {
        checkOpen()
        _ = try connection.execute("""
            INSERT INTO book_covers (barcode, image, format, saved_at) VALUES ($1, decode($2, 'hex'), $3, to_timestamp($4::float8))
            ON CONFLICT (barcode) DO UPDATE SET image = excluded.image, format = excluded.format, saved_at = excluded.saved_at
            """, [cover.barcode, Hexadecimal.text(cover.image), cover.format.rawValue, String(cover.savedAt.timeIntervalSince1970)])
    }

    func coveredBarcodes() throws -> [String] {
        checkOpen()
        return try connection.rows("SELECT barcode FROM book_covers ORDER BY barcode", []) { $0.text(0) }
    }
}

/// Bytes as hexadecimal text and back, as `encode(…, 'hex')` and `decode(…, 'hex')` write and read them.
enum Hexadecimal {
    private static let digits = Array("0123456789abcdef".utf8)

    static func text(_ bytes: [UInt8]) -> String {
        var out = [UInt8]()
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes of `text`; a pair that is not two hexadecimal digits ends them.
    static func bytes(_ text: String) -> [UInt8] {
        func value(_ digit: UInt8) -> UInt8? {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
            default: nil
            }
        }
        let utf8 = Array(text.utf8)
        var out = [UInt8]()
        out.reserveCapacity(utf8.count / 2)
        var index = 0
        while index + 1 < utf8.count, let high = value(utf8[index]), let low = value(utf8[index + 1]) {
            out.append(high << 4 | low)
            index += 2
        }
        return out
    }
}
