import Foundation
import HTTPServer
import Lending
import LendingSQLite
import Testing
@testable import TeachersPage

/// 設定's 「バックアップ」 and 「復元」 on a SQLite library, and what they say on PostgreSQL.
@Suite struct BackupPagesTests {
    /// A per-test folder, removed at the end.
    final class Folder {
        let path: String
        init() throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("page-backup-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    @Test func backupThenRestoreWithAConfirmation() throws {
        let folder = try Folder()
        let libraryPath = folder.path + "/library.sqlite"
        let repository = try SQLiteLendingRepository(path: libraryPath)
        let fixture = try PageFixture(repository: repository)
        let browser = Browser(fixture)
        browser.signIn()
        let settings = browser.get("/settings").text
        #expect(settings.contains("href=\"/settings/backup\""))
        #expect(settings.contains("enctype=\"multipart/form-data\""))

        let download = browser.get("/settings/backup")
        #expect(download.status == 200)
        #expect(download.header("Content-Type") == "application/vnd.sqlite3")
        #expect(download.header("Content-Disposition") == "attachment; filename=\"library-2026-11-24.sqlite\"")
        #expect(download.body.starts(with: Array("SQLite format 3".utf8)))

        // The library changes after the backup: a new Book.
        try repository.transaction { try $0.save(Book(barcode: "B009", title: "ねないこだれだ")) }
        let backup = UploadedFile(field: "backup", fileName: "library-2026-11-24.sqlite", contentType: "application/octet-stream", data: download.body)
        let preview = browser.post("/settings/restore", files: [backup])
        #expect(preview.status == 200)
        #expect(preview.text.contains("library-2026-11-24.sqlite"))
        #expect(preview.text.contains("<td>3</td>") && preview.text.contains("<td>4</td>"))  // 3 books in the backup, 4 now
        #expect(preview.text.contains("復元する"))
        #expect(try repository.transaction { try $0.book(barcode: "B009") } != nil)

        let restored = browser.post("/settings/restore/confirm")
        #expect(restored.status == 303)
        #expect(try repository.transaction { try $0.book(barcode: "B009") } == nil)
        let kept = SQLiteLendingRepository.keptCopyPath(for: libraryPath, at: fixture.clock.now)
        #expect(FileManager.default.fileExists(atPath: kept))
        #expect(try SQLiteLendingRepository.snapshot(ofBackupAt: kept).value?.books == 4)
        #expect(try fixture.audit().contains { $0.action.kind == .restored && $0.staff == "佐藤" })
        #expect(browser.get("/settings").text.contains(kept))

        // The confirmation is used up: a second one restores nothing.
        #expect(browser.post("/settings/restore/confirm").status == 303)
        #expect(browser.get("/settings").text.contains("バックアップのファイルを選んでください"))
    }

    @Test func aFileThatIsNotABackupIsRefusedAndNothingChanges() throws {
        let folder = try Folder()
        let libraryPath = folder.path + "/library.sqlite"
        let repository = try SQLiteLendingRepository(path: libraryPath)
        let fixture = try PageFixture(repository: repository)
        let browser = Browser(fixture)
        browser.signIn()
        let junk = UploadedFile(field: "backup", fileName: "notes.txt", contentType: "text/plain", data: Array("hello".utf8))
        let response = browser.post("/settings/restore", files: [junk])
        #expect(response.status == 303)
        let settings = browser.get("/settings").text
        #expect(settings.contains("notes.txt は BookKiosk のバックアップではない"))
        // What to do, in Japanese; neither the check's English detail nor the upload's temporary path.
        #expect(settings.contains("設定の「バックアップ」でダウンロードしたファイル(library-日付.sqlite)を選んでください"))
        #expect(!settings.contains("cannot be restored") && !settings.contains("bookkiosk-page-") && !settings.contains("backup.sqlite"))
        #expect(browser.post("/settings/restore/confirm").status == 303)
        #expect(try repository.transaction { try $0.allBooks().count } == 3)
    }

    @Test func aRestoreNeedsTheToken() throws {
        let folder = try Folder()
        let libraryPath = folder.path + "/library.sqlite"
        let fixture = try PageFixture(repository: try SQLiteLendingRepository(path: libraryPath))
        let browser = Browser(fixture)
        browser.signIn()
        #expect(browser.post("/settings/restore/confirm", csrf: .some("wrong")).status == 403)
    }

    @Test func onPostgreSQLThePageNamesTheServerCommands() throws {
        let fixture = try PageFixture(storage: .postgres(url: "postgresql://kiosk@db.local/library"))
        let browser = Browser(fixture)
        browser.signIn()
        let settings = browser.get("/settings").text
        #expect(settings.contains("pg_dump --format=custom --file=library.dump &#39;postgresql://kiosk@db.local/library&#39;"))
        #expect(settings.contains("pg_restore"))
        #expect(!settings.contains("href=\"/settings/backup\""))
        #expect(browser.get("/settings/backup").status == 303)
    }
}
