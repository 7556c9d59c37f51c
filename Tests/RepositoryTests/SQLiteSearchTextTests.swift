import Foundation
import Lending
@testable import LendingSQLite
import Testing

/// Each Book's text as a search folds it, kept with the Book (`books.search_text`, migration
/// 11), so a search of the Books folds nothing: written when a Book is saved, made when a
/// library is opened for the Books without it, made again for a restored file, and never
/// needed for a search to be right.
@Suite("SQLite: the Books' stored search text")
struct SQLiteSearchTextTests {
    /// The stored search text of each Book, by barcode (nil where there is none).
    static func stored(at path: String) throws -> [String: String?] {
        let connection = try SQLiteConnection(path: path, mode: .readWrite)
        return Dictionary(uniqueKeysWithValues: try connection.rows("SELECT barcode, search_text FROM books", []) {
            ($0.text(0), $0.optionalText(1))
        })
    }

    static func found(_ text: String, in repository: SQLiteLendingRepository) throws -> [String] {
        try repository.read { try $0.bookListings(matching: text, offset: 0, limit: 50) }.items.map(\.book.barcode)
    }

    @Test("a version 10 library gains its Books' search text when opened, and the search finds them by it")
    func migratedLibraryIsFolded() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/version10.sqlite"
            try makeLibrary(at: path, version: 10, rows: """
                INSERT INTO books (barcode, title, author, isbn) VALUES ('B0001', 'ｸﾞﾘとぐら', 'なかがわ りえこ', '9784834000825');
                """)
            let library = try SQLiteLendingRepository(path: path)
            #expect(try library.schemaVersion() == SQLiteLendingRepository.latestSchemaVersion)
            #expect(try Self.stored(at: path) == ["B0001": "ぐりとぐら\u{1F}なかがわ りえこ\u{1F}\u{1F}b0001\u{1F}9784834000825"])
            #expect(try Self.found("グリ", in: library) == ["B0001"])
            #expect(try Self.found("978-4-8340", in: library) == ["B0001"])
            // A match never spans two fields: the title's end and the author's start are apart.
            #expect(try Self.found("ぐらなかがわ", in: library) == [])
        }
    }

    @Test("saving a Book folds its text anew: found by its new title, no longer by the old")
    func savingFoldsAgain() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/library.sqlite"
            let library = try SQLiteLendingRepository(path: path)
            try library.transaction { try $0.save(Book(barcode: "B1", title: "ぐりとぐら")) }
            #expect(try Self.stored(at: path) == ["B1": "ぐりとぐら\u{1F}\u{1F}\u{1F}b1\u{1F}"])
            try library.transaction { try $0.save(Book(barcode: "B1", title: "ﾊﾗﾍﾟｺ あおむし", author: "Eric Carle", reading: "はらぺこあおむし")) }
            #expect(try Self.stored(at: path) == ["B1": "はらぺこ あおむし\u{1F}eric carle\u{1F}はらぺこあおむし\u{1F}b1\u{1F}"])
            #expect(try Self.found("ぐり", in: library) == [])
            #expect(try Self.found("ハラペコ", in: library) == ["B1"])
            #expect(try Self.found("CARLE", in: library) == ["B1"])
        }
    }

    @Test("a Book another program wrote is found at once, and folded when the library is next opened")
    func rowsWrittenElsewhere() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/library.sqlite"
            let library = try SQLiteLendingRepository(path: path)
            try SQLiteConnection(path: path, mode: .readWrite).execute("INSERT INTO books (barcode, title) VALUES ('B7', 'ｸﾞﾘ')")
            #expect(try Self.stored(at: path) == ["B7": String?.none])
            #expect(try Self.found("ぐり", in: library) == ["B7"])
            _ = try SQLiteLendingRepository(path: path)
            #expect(try Self.stored(at: path) == ["B7": "ぐり\u{1F}\u{1F}\u{1F}b7\u{1F}"])
        }
    }

    @Test("a restored file's search text is the library's own fold, not the file's")
    func restoredFileIsFoldedAgain() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/library.sqlite", backup = directory + "/backup.sqlite"
            let library = try SQLiteLendingRepository(path: path)
            try library.transaction { try $0.save(Book(barcode: "B1", title: "ぐりとぐら")) }
            try library.backup(to: backup)
            // A file whose stored text lies: it would find B1 by a word it does not hold.
            try SQLiteConnection(path: backup, mode: .readWrite).execute("UPDATE books SET search_text = 'うそ'")
            _ = try #require(try library.restore(fromBackupAt: backup, keepingCopyAt: directory + "/kept.sqlite").value)
            #expect(try Self.stored(at: path) == ["B1": "ぐりとぐら\u{1F}\u{1F}\u{1F}b1\u{1F}"])
            #expect(try Self.found("うそ", in: library) == [])
            #expect(try Self.found("ぐり", in: library) == ["B1"])
        }
    }
}
