import Foundation
import Lending

// The lookup cache (migration 8): records found by ISBN at the NDL or openBD, shared by every
// kiosk and the page of the library. Authors are kept one a line. Nothing here locks what a
// lend or a return decides on.
extension PostgresLendingTransaction {
    func bookRecord(isbn: String) throws -> BookRecord? {
        checkOpen()
        return try connection.firstRow("""
            SELECT isbn, title, reading, authors, publisher, source, extract(epoch FROM found_at)::float8
            FROM book_records WHERE isbn = $1
            """, [isbn], readRecord)
    }

    func save(_ record: BookRecord) throws {
        checkOpen()
        _ = try connection.execute("""
            INSERT INTO book_records (isbn, title, reading, authors, publisher, source, found_at)
            VALUES ($1, $2, $3, $4, $5, $6, to_timestamp($7::float8))
            ON CONFLICT (isbn) DO UPDATE SET
                title = excluded.title, reading = excluded.reading, authors = excluded.authors,
                publisher = excluded.publisher, source = excluded.source, found_at = excluded.found_at
            """, [record.isbn, record.title, record.reading, record.authors.joined(separator: "\n"), record.publisher,
                  record.source.rawValue, String(record.foundAt.timeIntervalSince1970)])
    }

    func allBookRecords() throws -> [BookRecord] {
        checkOpen()
        return try connection.rows("""
            SELECT isbn, title, reading, authors, publisher, source, extract(epoch FROM found_at)::float8
            FROM book_records ORDER BY isbn
            """, [], readRecord)
    }

    private func readRecord(_ row: PGRow) throws -> BookRecord {
        let authors = row.text(3)
        return BookRecord(isbn: row.text(0), title: row.text(1), reading: row.optionalText(2),
                          authors: authors.isEmpty ? [] : authors.components(separatedBy: "\n"),
                          publisher: row.optionalText(4), source: BookRecordSource(rawValue: row.text(5)) ?? .ndl,
                          foundAt: Date(timeIntervalSince1970: Double(row.text(6)) ?? 0))
    }
}
