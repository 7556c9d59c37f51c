import Foundation
import Lending

// The lookup cache (migration 8): records found by ISBN at the NDL or openBD, so a second copy,
// a re-import or an offline day needs no request. Authors are kept one a line.
extension SQLiteLendingTransaction {
    func bookRecord(isbn: String) throws -> BookRecord? {
        try checkOpen()
        return try connection.firstRow("""
            SELECT isbn, title, reading, authors, publisher, source, found_at FROM book_records WHERE isbn = ?
            """, [.text(isbn)], readRecord)
    }

    func save(_ record: BookRecord) throws {
        try checkOpen()
        try connection.execute("""
            INSERT INTO book_records (isbn, title, reading, authors, publisher, source, found_at)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (isbn) DO UPDATE SET
                title = excluded.title, reading = excluded.reading, authors = excluded.authors,
                publisher = excluded.publisher, source = excluded.source, found_at = excluded.found_at
            """, [.text(record.isbn), .text(record.title), SQLiteValue(record.reading), .text(record.authors.joined(separator: "\n")),
                  SQLiteValue(record.publisher), .text(record.source.rawValue), .real(record.foundAt.timeIntervalSince1970)])
    }

    func allBookRecords() throws -> [BookRecord] {
        try checkOpen()
        return try connection.rows("""
            SELECT isbn, title, reading, authors, publisher, source, found_at FROM book_records ORDER BY isbn
            """, [], readRecord)
    }

    private func readRecord(_ row: Statement) throws -> BookRecord {
        let sourceText = row.text(5)
        guard let source = BookRecordSource(rawValue: sourceText) else {
            throw LibraryFileError.unreadableValue(path: connection.path, column: "book_records.source", value: sourceText)
        }
        let authors = row.text(3)
        return BookRecord(isbn: row.text(0), title: row.text(1), reading: row.optionalText(2),
                          authors: authors.isEmpty ? [] : authors.components(separatedBy: "\n"),
                          publisher: row.optionalText(4), source: source, foundAt: Date(timeIntervalSince1970: row.double(6)))
    }
}
