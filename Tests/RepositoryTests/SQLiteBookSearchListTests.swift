import Foundation
import Lending
@testable import LendingSQLite
import Testing

/// A title search on SQLite looks through the Books' search texts kept in memory by the
/// connection (`BookSearchList`), read again only when a Book was added, changed or removed —
/// by any program, or by a restore — and finds exactly what SQLite's own search finds.
@Suite("SQLite: the Books' search list in memory")
struct SQLiteBookSearchListTests {
    /// The search of `text` as the page asks for it: the barcodes of one page, and the total.
    static func search(_ text: String, in repository: SQLiteLendingRepository, offset: Int = 0, limit: Int = 50) throws -> ([String], Int) {
        let page = try repository.read { try $0.bookListings(matching: text, offset: offset, limit: limit) }
        return (page.items.map(\.book.barcode), page.total)
    }

    /// A library in `directory` holding one Book, ぐりとぐら (B1), and its path.
    static func library(in directory: String) throws -> (SQLiteLendingRepository, String) {
        let path = directory + "/library.sqlite"
        let library = try SQLiteLendingRepository(path: path)
        try library.transaction { try $0.save(Book(barcode: "B1", title: "ぐりとぐら")) }
        return (library, path)
    }

    /// The same search in SQL alone, without the list: what SQLite's `instr` finds.
    static func searchInSQL(_ text: String, in repository: SQLiteLendingRepository, offset: Int = 0, limit: Int = 50) throws -> ([String], Int) {
        let page = try repository.connection.transaction(.deferred) {
            try SQLiteLendingTransaction(connection: repository.connection, bookSearch: nil)
                .bookListings(matching: text, offset: offset, limit: limit)
        }
        return (page.items.map(\.book.barcode), page.total)
    }

    @Test("finds each Book once, in order, never across two Books, by whole characters",
          arguments: [
              ("ぐり", ["B1", "B3"]),
              ("ぐらと", []),            // the end of one Book and the start of the next
              ("ら", ["B1", "B2", "B3"]),
              ("ぐりとぐらのえんそく", ["B3"]),
              ("b2", ["B2"]),
              ("\u{1F}", []),
              ("ぐりとぐらのえんそくのそのあと", []),
          ])
    func find(needle: String, expected: [String]) {
        let list = BookSearchList()
        let texts = ["ぐりとぐら\u{1F}\u{1F}\u{1F}b1\u{1F}", "ぐらぐら\u{1F}\u{1F}\u{1F}b2\u{1F}", "とぐりとぐらのえんそく\u{1F}\u{1F}\u{1F}b3\u{1F}"]
        list.load(texts.enumerated().map { (Int64($0.offset + 1), $0.element) })
        #expect(list.find(Array(needle.utf8)).map { "B\($0)" } == expected)
    }

    @Test("a search finds what SQLite finds, page by page, over a library of many Books")
    func sameAsSQL() throws {
        try withTemporaryDirectory { directory in
            let library = try SQLiteLendingRepository(path: directory + "/library.sqlite")
            let words = ["ぐり", "ぐら", "あおむし", "はらぺこ", "Eric", "ｸﾞﾘ", "そら", "うみ", "12", "7"]
            try library.transaction { tx in
                for index in 0..<400 {
                    // Three words a Book, chosen by its number (the same library every run).
                    let title = (0..<3).map { words[(index * [1, 3, 7][$0] + [0, 1, 4][$0] + index / 10) % words.count] }
                        .joined(separator: index % 2 == 0 ? " " : "")
                    try tx.save(Book(barcode: "B\(index)", title: title + " \(index)", author: index % 3 == 0 ? "なかがわ" : nil,
                                     reading: index % 5 == 0 ? "よみ\(index)" : nil))
                }
            }
            for needle in ["ぐり", "グリ", "ぐらぐら", "eric", "12", "7", "よみ", "なかがわ", "b1", "ぐり ぐら", "x", "り と"] {
                for (offset, limit) in [(0, 50), (10, 7), (45, 50), (400, 50)] {
                    let memory = try Self.search(needle, in: library, offset: offset, limit: limit)
                    let sql = try Self.searchInSQL(needle, in: library, offset: offset, limit: limit)
                    #expect(memory.0 == sql.0 && memory.1 == sql.1, "\(needle) \(offset) \(limit)")
                }
            }
            // The comparison is not of empty answers.
            for needle in ["ぐり", "eric", "12", "なかがわ", "ぐり ぐら"] {
                let total = try Self.search(needle, in: library).1
                #expect(total > 0 && total < 400, "\(needle): \(total)")
            }
            #expect(library.bookSearch.reads == 1)
        }
    }

    @Test("read again when another program adds or changes a Book; not when a Book is lent")
    func readAgainOnChange() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/library.sqlite"
            let page = try SQLiteLendingRepository(path: path)
            let kiosk = try SQLiteLendingRepository(path: path)
            try kiosk.transaction { tx in
                try tx.save(Book(barcode: "B1", title: "ぐりとぐら"))
                try tx.save(User(card: "C1", name: "はると"))
            }
            #expect(try Self.search("ぐり", in: page) == (["B1"], 1))
            #expect(page.bookSearch.reads == 1)

            _ = try kiosk.transaction { try $0.addLoan(book: "B1", user: "C1", lentAt: Date(), due: LocalDate(year: 2026, month: 12, day: 8), overrideBy: nil) }
            let lent = try page.read { try $0.bookListings(matching: "ぐり", offset: 0, limit: 50) }
            #expect(lent.items.first?.borrower?.card == "C1")
            #expect(page.bookSearch.reads == 1, "a lend changes no Book")

            try kiosk.transaction { try $0.save(Book(barcode: "B2", title: "ぐりとぐらのえんそく")) }
            #expect(try Self.search("ぐり", in: page) == (["B1", "B2"], 2))
            try kiosk.transaction { try $0.save(Book(barcode: "B1", title: "はらぺこあおむし")) }
            #expect(try Self.search("ぐり", in: page) == (["B2"], 1))
            // Another program's own SQL, without the search text: found, folded in the read.
            try SQLiteConnection(path: path, mode: .readWrite).execute("INSERT INTO books (barcode, title) VALUES ('B3', 'ｸﾞﾘ')")
            #expect(try Self.search("ぐり", in: page) == (["B2", "B3"], 2))
            _ = try kiosk.transaction { try $0.removeBook(barcode: "B3") }
            #expect(try Self.search("ぐり", in: page) == (["B2"], 1))
            #expect(page.bookSearch.reads == 5)
        }
    }

    @Test("a restored library is read again, even from a backup of the same moment")
    func readAgainAfterRestore() throws {
        try withTemporaryDirectory { directory in
            let (library, _) = try Self.library(in: directory)
            let backup = directory + "/backup.sqlite"
            try library.backup(to: backup)
            // The backup holds a Book the library has not, under the library's own mark.
            let mark = try #require(try library.connection.firstRow("SELECT mark FROM books_changed") { $0.int64(0) })
            let file = try SQLiteConnection(path: backup, mode: .readWrite)
            try file.execute("INSERT INTO books (barcode, title) VALUES ('B2', 'ぐりとぐらのかいすいよく')")
            try file.execute("UPDATE books_changed SET mark = ?", [.integer(mark)])
            #expect(try Self.search("ぐり", in: library) == (["B1"], 1))
            _ = try #require(try library.restore(fromBackupAt: backup, keepingCopyAt: directory + "/kept.sqlite").value)
            #expect(try Self.search("ぐり", in: library) == (["B1", "B2"], 2))
            #expect(library.bookSearch.reads == 2)
        }
    }

    @Test("without its mark (taken away by another program) the search is SQLite's, and still right")
    func withoutMark() throws {
        try withTemporaryDirectory { directory in
            let (library, path) = try Self.library(in: directory)
            try SQLiteConnection(path: path, mode: .readWrite).execute("DELETE FROM books_changed")
            #expect(try Self.search("ぐり", in: library) == (["B1"], 1))
            #expect(library.bookSearch.reads == 0)
        }
    }
}
