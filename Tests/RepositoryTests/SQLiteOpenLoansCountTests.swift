import Foundation
import Lending
@testable import LendingSQLite
import Testing

/// The list of open Loans gives its total from the count the Loans' triggers keep
/// (`open_loans_count`): it follows every lend, return and removal, by this library or by
/// another program's SQL, is counted again by a restore, and without its row the Loans are
/// counted as before.
@Suite("SQLite: the kept number of open Loans")
struct SQLiteOpenLoansCountTests {
    /// The total the page's unfiltered list shows, and the open Loans counted in SQL.
    static func totals(_ library: SQLiteLendingRepository) throws -> (listed: Int, counted: Int) {
        let listed = try library.read { try $0.loanListings(LoanQuery(limit: 1)).total }
        let counted = try library.connection.firstRow("SELECT count(*) FROM loans WHERE returned_at IS NULL", []) { Int($0.int64(0)) }
        return (listed, try #require(counted))
    }

    /// A library in `directory` with a User (C1) and Books B1…B`books`, and its path.
    static func library(in directory: String, books: Int = 4) throws -> (SQLiteLendingRepository, String) {
        let path = directory + "/library.sqlite"
        let library = try SQLiteLendingRepository(path: path)
        try library.transaction { tx in
            try tx.save(User(card: "C1", name: "はなこ", loanLimit: 10))
            for number in 1...books { try tx.save(Book(barcode: "B\(number)", title: "えほん \(number)")) }
        }
        return (library, path)
    }

    static let lentAt = Date(timeIntervalSince1970: 1_796_115_600)
    static let due = LocalDate(year: 2026, month: 12, day: 15)

    /// Lends `books` to C1, each in the library's own transaction; the Loans made.
    @discardableResult
    static func lend(_ books: [String], in library: SQLiteLendingRepository) throws -> [Loan] {
        try library.transaction { tx in
            try books.map { try tx.addLoan(book: $0, user: "C1", lentAt: lentAt, due: due, overrideBy: nil) }
        }
    }

    @Test("follows lends, returns and removals, this library's and another program's")
    func followsEveryChange() throws {
        try withTemporaryDirectory { directory in
            let (library, path) = try Self.library(in: directory)
            #expect(try Self.totals(library) == (0, 0))
            let loans = try Self.lend(["B1", "B2", "B3"], in: library)
            #expect(try Self.totals(library) == (3, 3))
            _ = try library.transaction { try $0.closeLoan(id: loans[0].id, returnedAt: Self.lentAt + 60) }
            #expect(try Self.totals(library) == (2, 2))
            // A due date moved is no change in the number.
            _ = try library.transaction { try $0.setDue(loanID: loans[1].id, due: LocalDate(year: 2026, month: 12, day: 22)) }
            #expect(try Self.totals(library) == (2, 2))
            let other = try SQLiteConnection(path: path, mode: .readWrite)
            try other.execute("INSERT INTO loans (book, user, lent_at, due) VALUES ('B4', 'C1', 0, '2026-12-15')")
            #expect(try Self.totals(library) == (3, 3))
            try other.execute("UPDATE loans SET returned_at = NULL WHERE id = ?", [.integer(loans[0].id)])  // a return undone
            #expect(try Self.totals(library) == (4, 4))
            try other.execute("DELETE FROM loans WHERE book = 'B4'")
            #expect(try Self.totals(library) == (3, 3))
            try other.execute("UPDATE loans SET returned_at = 5 WHERE returned_at IS NULL")
            #expect(try Self.totals(library) == (0, 0))
        }
    }

    @Test("a restore counts the restored Loans, whatever number the file held")
    func countedAgainOnRestore() throws {
        try withTemporaryDirectory { directory in
            let (library, _) = try Self.library(in: directory)
            try Self.lend(["B1"], in: library)
            let backup = directory + "/backup.sqlite"
            try library.backup(to: backup)
            let file = try SQLiteConnection(path: backup, mode: .readWrite)
            try file.execute("UPDATE open_loans_count SET count = 999")
            try Self.lend(["B2"], in: library)
            #expect(try Self.totals(library) == (2, 2))
            _ = try #require(try library.restore(fromBackupAt: backup, keepingCopyAt: directory + "/kept.sqlite").value)
            #expect(try Self.totals(library) == (1, 1))
        }
    }

    @Test("without its row (taken away by another program) the open Loans are counted")
    func withoutItsRow() throws {
        try withTemporaryDirectory { directory in
            let (library, path) = try Self.library(in: directory)
            try Self.lend(["B1"], in: library)
            try SQLiteConnection(path: path, mode: .readWrite).execute("DELETE FROM open_loans_count")
            #expect(try Self.totals(library) == (1, 1))
        }
    }

    @Test("a library from before the count gets it, counted from its Loans")
    func countedByTheMigration() throws {
        try withTemporaryDirectory { directory in
            let (library, path) = try Self.library(in: directory)
            try Self.lend(["B1", "B2"], in: library)
            // Back to the version before: no table, no triggers; a Loan added meanwhile.
            let file = try SQLiteConnection(path: path, mode: .readWrite)
            for trigger in ["insert", "update", "delete"] { try file.execute("DROP TRIGGER open_loans_count_by_\(trigger)") }
            try file.execute("DROP TABLE open_loans_count")
            try file.execute("INSERT INTO loans (book, user, lent_at, due) VALUES ('B3', 'C1', 0, '2026-12-15')")
            try file.execute("PRAGMA user_version = \(Migration.all.count - 1)")
            let reopened = try SQLiteLendingRepository(path: path)
            #expect(try Self.totals(reopened) == (3, 3))
            #expect(try reopened.connection.firstRow("SELECT count FROM open_loans_count", []) { $0.int64(0) } == 3)
        }
    }
}
