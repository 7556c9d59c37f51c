import Foundation
import Lending
import LendingSQLite
import Testing

/// The teachers' page reads through `SnapshotReading`: on SQLite a reader takes no write lock,
/// so the kiosk (another connection to the same file) lends while a list is being drawn.
@Suite("SQLite snapshot reads")
struct SQLiteSnapshotReadingTests {
    @Test("a write from another connection goes ahead during a snapshot read, which keeps seeing what it saw")
    func writerIsNotBlockedByAReader() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/library.sqlite"
            let page = try SQLiteLendingRepository(path: path)
            let kiosk = try SQLiteLendingRepository(path: path, busyTimeout: .milliseconds(50))
            try kiosk.transaction { try $0.save(Book(barcode: "B0001", title: "ぐりとぐら")) }

            let (before, after) = try page.read { tx -> (Int, Int) in
                let before = try tx.allBooks().count
                // The kiosk writes while the page is inside its read.
                try kiosk.transaction { try $0.save(Book(barcode: "B0002", title: "はらぺこあおむし")) }
                return (before, try tx.allBooks().count)
            }
            #expect(before == 1)
            #expect(after == 1, "a snapshot read saw a write made after it began")
            #expect(try page.read { try $0.allBooks().count } == 2)
        }
    }

    @Test("an ordinary transaction, by contrast, holds the write lock the other connection waits for")
    func writerIsBlockedByATransaction() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/library.sqlite"
            let page = try SQLiteLendingRepository(path: path)
            let kiosk = try SQLiteLendingRepository(path: path, busyTimeout: .milliseconds(50))
            _ = try page.transaction { _ in
                #expect(throws: (any Error).self) {
                    try kiosk.transaction { try $0.save(Book(barcode: "B0002", title: "はらぺこあおむし")) }
                }
            }
        }
    }
}
