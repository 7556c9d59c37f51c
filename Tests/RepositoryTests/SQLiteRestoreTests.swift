import Foundation
import Lending
import LendingSQLite
import Testing

@Suite("Restoring an SQLite library")
struct SQLiteRestoreTests {
    static let t0 = Date(timeIntervalSince1970: 1_795_000_000)

    @Test("a backup is checked and described before anything changes; the library as it was is kept beside it")
    func restore() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/library.sqlite"
            let library = try SQLiteLendingRepository(path: path)
            try library.transaction { t in
                try t.save(Book(barcode: "B1", title: "ぐりとぐら"))
                try t.save(User(card: "C1", name: "はると"))
                _ = try t.addLoan(book: "B1", user: "C1", lentAt: Self.t0, due: LocalDate(year: 2026, month: 11, day: 30), overrideBy: nil)
            }
            try library.backup(to: directory + "/backup.sqlite")
            try library.transaction { t in try t.save(Book(barcode: "B2", title: "あとから")) }

            let described = try #require(try SQLiteLendingRepository.snapshot(ofBackupAt: directory + "/backup.sqlite").value)
            #expect(described.books == 1 && described.users == 1 && described.loans == 1 && described.openLoans == 1)
            #expect(described.lastLoan == Self.t0)
            #expect(try library.transaction { try $0.book(barcode: "B2") } != nil, "describing changed nothing")

            let kept = SQLiteLendingRepository.keptCopyPath(for: path, at: Self.t0)
            #expect(kept.hasPrefix(directory + "/library.before-restore-") && kept.hasSuffix(".sqlite"))
            let restored = try #require(try library.restore(fromBackupAt: directory + "/backup.sqlite", keepingCopyAt: kept).value)
            #expect(restored == described)
            #expect(try library.transaction { try $0.book(barcode: "B2") } == nil)
            #expect(try library.transaction { try $0.book(barcode: "B1") }?.title == "ぐりとぐら")
            let before = try SQLiteLendingRepository(path: kept)
            #expect(try before.transaction { try $0.book(barcode: "B2") } != nil)
        }
    }

    @Test("another connection (a kiosk) sees the restored library on its next transaction and every one of its transactions succeeds")
    func whileAKioskScans() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/library.sqlite"
            let library = try SQLiteLendingRepository(path: path)
            try library.transaction { t in try t.save(Book(barcode: "B1", title: "まえ")) }
            try library.backup(to: directory + "/backup.sqlite")
            try library.transaction { t in try t.save(Book(barcode: "B1", title: "あと")) }

            let kiosk = try SQLiteLendingRepository(path: path)
            #expect(try kiosk.transaction { try $0.book(barcode: "B1") }?.title == "あと")
            // The kiosk holds a transaction open while the restore starts in another thread: the
            // restore waits for it, and the kiosk's next transaction sees the backup's data.
            let done = DispatchSemaphore(value: 0)
            nonisolated(unsafe) var outcome: Result<RestoreAnswer<LibrarySnapshot>, any Error>?
            try kiosk.transaction { t in
                _ = try t.book(barcode: "B1")
                DispatchQueue.global().async {
                    outcome = Result {
                        try SQLiteLendingRepository(path: path).restore(fromBackupAt: directory + "/backup.sqlite",
                                                                         keepingCopyAt: directory + "/kept.sqlite")
                    }
                    done.signal()
                }
                try t.save(Book(barcode: "B9", title: "さいごの"))
            }
            done.wait()
            #expect(try outcome?.get().value?.books == 1)
            #expect(try kiosk.transaction { try $0.book(barcode: "B1") }?.title == "まえ")
            #expect(try kiosk.transaction { try $0.book(barcode: "B9") } == nil)
        }
    }

    @Test("a file that is not a library, or is empty, is refused with what to do",
          arguments: ["text", "empty"])
    func refused(kind: String) throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/not.sqlite"
            _ = FileManager.default.createFile(atPath: path, contents: kind == "text" ? Data("hello, this is not a database at all, just some text".utf8) : Data())
            let answer = try SQLiteLendingRepository.snapshot(ofBackupAt: path)
            #expect(answer.refusal != nil)
        }
    }
}
