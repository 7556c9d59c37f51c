import Foundation
import HTTPServer
import Lending
import LendingSQLite
import Synchronization
import Testing
@testable import TeachersPage

/// Crafted backups through 設定's 復元 while a kiosk keeps lending on the same file: each is refused at its check, the library is untouched, and every kiosk
/// transaction succeeds.
@Suite struct CraftedBackupPagesTests {
    enum Craft: String, CaseIterable, Sendable {
        case extraTrigger, triggerCallingAMissingFunction, partialSchema, endlessView
    }

    /// A backup of a small library, then crafted; its bytes.
    static func crafted(_ craft: Craft, in folder: String) throws -> [UInt8] {
        let made = try SQLiteLendingRepository(path: folder + "/made.sqlite")
        try made.transaction { try $0.save(Book(barcode: "X1", title: "よそのほん")) }
        let path = folder + "/crafted.sqlite"
        try made.backup(to: path)
        let connection = try SQLiteConnection(path: path, mode: .readWrite)
        // Out of WAL mode, so every change is in the file itself when its bytes are read.
        _ = try connection.firstRow("PRAGMA journal_mode = DELETE") { $0.text(0) }
        switch craft {
        case .extraTrigger:
            try connection.executeScript("CREATE TRIGGER rename_books AFTER INSERT ON loans BEGIN UPDATE books SET title = 'pwned'; END;")
        case .triggerCallingAMissingFunction:
            try connection.executeScript("CREATE TRIGGER call_nothing AFTER INSERT ON loans BEGIN SELECT no_such_function(NEW.book); END;")
        case .partialSchema:
            try connection.executeScript("""
                PRAGMA foreign_keys = OFF;
                DROP TABLE loans; DROP TABLE staff; DROP TABLE audit_log; DROP TABLE printed; DROP TABLE library_rules;
                DROP TABLE pin_lock; DROP TABLE lend_counts;
                """)
        case .endlessView:
            try connection.executeScript("""
                PRAGMA foreign_keys = OFF; DROP TABLE books;
                CREATE VIEW books AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n)
                    SELECT i AS barcode, 'x' AS title, NULL AS author, NULL AS isbn, 'available' AS status, NULL AS reading FROM n;
                """)
        }
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// A kiosk on its own connection, lending and returning B001 until told to stop; counts
    /// its transactions and its failures.
    final class Kiosk: Sendable {
        let done = Mutex((stop: false, transactions: 0, failures: [String]()))
        let finished = DispatchSemaphore(value: 0)

        init(path: String, at time: Date) {
            Thread.detachNewThread { [self] in
                defer { finished.signal() }
                guard let repository = try? SQLiteLendingRepository(path: path) else {
                    done.withLock { $0.failures.append("could not open") }
                    return
                }
                while !done.withLock({ $0.stop }) {
                    do {
                        try repository.transaction { t in
                            if let open = try t.openLoan(book: "B001") {
                                _ = try t.closeLoan(id: open.id, returnedAt: time)
                            } else {
                                _ = try t.addLoan(book: "B001", user: "U001", lentAt: time, due: LocalDate(year: 2026, month: 12, day: 1), overrideBy: nil)
                            }
                        }
                        done.withLock { $0.transactions += 1 }
                    } catch {
                        done.withLock { $0.failures.append(String(describing: error)) }
                    }
                }
            }
        }

        func stop() -> (transactions: Int, failures: [String]) {
            done.withLock { $0.stop = true }
            finished.wait()
            return done.withLock { ($0.transactions, $0.failures) }
        }
    }

    @Test(arguments: Craft.allCases)
    func aCraftedBackupIsRefusedWhileAKioskLends(_ craft: Craft) throws {
        let folder = try BackupPagesTests.Folder()
        let libraryPath = folder.path + "/library.sqlite"
        let repository = try SQLiteLendingRepository(path: libraryPath)
        let fixture = try PageFixture(repository: repository)
        let browser = Browser(fixture)
        browser.signIn()
        let kiosk = Kiosk(path: libraryPath, at: fixture.clock.now)
        let upload = UploadedFile(field: "backup", fileName: "crafted.sqlite", contentType: "application/octet-stream",
                                  data: try Self.crafted(craft, in: folder.path))
        let preview = browser.post("/settings/restore", files: [upload])
        let said = browser.get("/settings").text
        let confirm = browser.post("/settings/restore/confirm")
        let kioskRan = kiosk.stop()
        #expect(preview.status == 303, "refused at its check, not shown for confirmation")
        #expect(said.contains("crafted.sqlite は BookKiosk のバックアップではない"))
        #expect(!said.contains("cannot be restored") && !said.contains("bookkiosk-page-") && !said.contains("backup.sqlite"))
        #expect(confirm.status == 303, "nothing waits for a confirmation")
        #expect(kioskRan.failures.isEmpty)
        #expect(try repository.transaction { try $0.allBooks().map(\.barcode).sorted() } == ["B001", "B002", "B003"])
        #expect(try repository.transaction { try $0.book(barcode: "B001") }?.title == "ぐりとぐら")
        #expect(try !FileManager.default.contentsOfDirectory(atPath: folder.path).contains { $0.contains("before-restore") })
    }

    @Test func aFileChangedAfterItsCheckIsRefusedAtTheConfirmationAndTheLibraryIsUntouched() throws {
        let folder = try BackupPagesTests.Folder()
        let libraryPath = folder.path + "/library.sqlite"
        let repository = try SQLiteLendingRepository(path: libraryPath)
        let fixture = try PageFixture(repository: repository)
        let browser = Browser(fixture)
        browser.signIn()
        let good = browser.get("/settings/backup").body
        let preview = browser.post("/settings/restore", files: [UploadedFile(field: "backup", fileName: "library.sqlite", contentType: nil, data: good)])
        #expect(preview.status == 200)
        let pending = try #require(fixture.page.transfer.uploads.withLock { $0.backups.values.first })
        try Data(try Self.crafted(.partialSchema, in: folder.path)).write(to: URL(fileURLWithPath: pending))
        try repository.transaction { try $0.save(Book(barcode: "B009", title: "あとから")) }

        let confirm = browser.post("/settings/restore/confirm")
        #expect(confirm.status == 303)
        let failed = browser.get("/settings").text
        #expect(failed.contains("復元できませんでした。図書館の記録は元のままです"))
        #expect(!failed.contains("bookkiosk-restore-") && !failed.contains("bookkiosk-page-") && !failed.contains("cannot be restored"))
        #expect(try repository.transaction { try $0.book(barcode: "B009") } != nil)
        #expect(browser.get("/books").status == 200, "the page works on")
    }
}
