import CatalogIO
import Foundation
import HTTPServer
import Lending

/// 設定's 「バックアップ」 and 「復元」: a consistent copy of the SQLite library as a download, and a
/// backup put back in its place after the page has shown what it holds next to what the library
/// holds now (the checks of `bookkiosk restore`). On PostgreSQL both say which server commands do it.
extension TransferSection {
    /// The section on 設定.
    static func backupSection(_ storage: LibraryStorage, csrf: String, words: any PageWords) -> HTML {
        var content: [HTML] = [.el(.h2, .text(words.backupHeading))]
        switch storage {
        case .file:
            content += [
                .el(.p, .text(words.backupExplained)),
                .el(.p, .el(.a, [.href(PagePath.backup), .class("button"), .flag(.download)], .text(words.backupDownload))),
                // A refused restore's message is shown here, beside the form (`#restore`).
                .el(.div, [.id("restore")],
                    .el(.h3, .text(words.restoreHeading)),
                    .el(.p, .text(words.restoreExplained)),
                    .el(.form, [HTMLAttribute(.method, "post"), HTMLAttribute(.action, PagePath.restore), HTMLAttribute(.enctype, "multipart/form-data")],
                        Form.hidden(PageSecurity.csrfField, csrf),
                        .el(.div, [.class("field")],
                            .el(.label, [.for("field-backup")], .text(words.backupFile)),
                            .el(.input, [.type("file"), .name("backup"), .id("field-backup"), HTMLAttribute(.accept, ".sqlite,.db,application/vnd.sqlite3"), .flag(.required)])),
                        Form.submit(words.restoreCheck))),
            ]
        case .postgres(let url):
            content += [.el(.p, .text(words.backupOnPostgres)),
                        .el(.pre, .text(Self.postgresCommands(url: url)))]
        case .elsewhere:
            content.append(.el(.p, .text(words.backupUnavailable)))
        }
        content += [.el(.h3, .text(words.importCSV)),
                    .el(.p, .el(.a, [.href(PagePath.importCSV)], .text(words.importExplained)))]
        return .el(.section, [HTMLAttribute(.ariaLabel, words.backupHeading), .id("backup")], children: content)
    }

    static func postgresCommands(url: String) -> String {
        let quoted = "'" + url.replacingOccurrences(of: "'", with: "'\\''") + "'"
        return "pg_dump --format=custom --file=library.dump \(quoted)\npg_restore --clean --if-exists --no-owner --dbname \(quoted) library.dump"
    }

    /// `GET /settings/backup`: the library as a file, `library-YYYY-MM-DD.sqlite`.
    func backup(_ context: PageContext) throws -> HTTPResponse {
        guard case .file(let storage) = setup.storage else { return redirect(PagePath.settings, notice: words.backupUnavailable, refusal: true, context) }
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/library.sqlite"
        try store.withConnection { try storage.copy($0, file) }
        guard let data = FileManager.default.contents(atPath: file) else { throw CocoaError(.fileReadUnknown) }
        let library = try store.read { try self.library($0) }
        let day = LocalDate(context.now, in: library.policy.timeZone)
        return HTTPResponse(status: 200, headers: [("Content-Type", "application/vnd.sqlite3"),
                                                   ("Content-Disposition", "attachment; filename=\"library-\(day).sqlite\""),
                                                   ("Cache-Control", "no-store")], body: Array(data))
    }

    /// `POST /settings/restore` (multipart, field `backup`): what the file holds next to what the
    /// library holds now, and the button 「復元する」. Nothing is changed yet.
    func previewRestore(_ context: PageContext) throws -> HTTPResponse {
        let library = try store.read { try self.library($0) }
        guard case .file(let storage) = setup.storage else { return redirect(PagePath.settings, notice: words.backupUnavailable, refusal: true, context) }
        guard let upload = context.request.files.first(where: { $0.field == "backup" }), !upload.data.isEmpty else {
            return redirect(PagePath.settings + "#restore", notice: words.restoreNoFile, refusal: true, context)
        }
        let folder = try scratchFolder()
        let file = folder + "/backup.sqlite"
        guard FileManager.default.createFile(atPath: file, contents: Data(upload.data)) else { throw CocoaError(.fileWriteUnknown) }
        let held: LibrarySnapshot
        do {
            switch try storage.inspect(file) {
            case .done(let snapshot):
                held = snapshot
            case .refused(let refusal):
                try? FileManager.default.removeItem(atPath: folder)
                log("the backup \(upload.fileName) was refused: \(refusal.description)")
                return redirect(PagePath.settings + "#restore", notice: words.restoreRefused(upload.fileName), refusal: true, context)
            }
        } catch {
            try? FileManager.default.removeItem(atPath: folder)
            log("the backup \(upload.fileName) could not be read: \(error)")
            return redirect(PagePath.settings + "#restore", notice: words.restoreRefused(upload.fileName), refusal: true, context)
        }
        let now = try store.withConnection { try storage.snapshot($0) }
        uploads.withLock { $0.keepBackup(at: file, session: context.session.id) }
        let zone = library.policy.timeZone
        func row(_ label: String, _ snapshot: LibrarySnapshot) -> HTML {
            .el(.tr, .el(.th, [HTMLAttribute(.scope, "row")], .text(label)),
                .el(.td, .text("\(snapshot.books)")), .el(.td, .text("\(snapshot.users)")), .el(.td, .text("\(snapshot.loans)")),
                .el(.td, .text("\(snapshot.openLoans)")),
                .el(.td, .text(snapshot.lastLoan.map { words.dateTime($0, in: zone) } ?? "—")))
        }
        let headers = ["", words.books, words.users, words.loansCount, words.onLoan, words.lastLoan]
        return page(context, library, heading: words.restoreHeading, section: .settings, content: [
            .el(.p, .text(words.restoreCompare(upload.fileName))),
            .el(.table, [.class("list restore")],
                .el(.thead, .el(.tr, children: headers.map { .el(.th, [HTMLAttribute(.scope, "col")], .text($0)) })),
                .el(.tbody, row(words.restoreBackupRow, held), row(words.restoreCurrentRow, now))),
            .el(.p, [.class("warning")], .text(words.restoreWarning)),
            Form.post(PagePath.confirmRestore, csrf: context.session.csrf, button: words.restoreIt, style: "danger", fields: []),
            .el(.p, .el(.a, [.href(PagePath.settings)], .text(words.cancel))),
        ])
    }

    /// `POST /settings/restore/confirm`: the backup shown replaces the library; the library as it
    /// was is kept beside it; an audit entry says who did it.
    func restore(_ context: PageContext) throws -> HTTPResponse {
        guard case .file(let storage) = setup.storage else { return redirect(PagePath.settings, notice: words.backupUnavailable, refusal: true, context) }
        guard let file = uploads.withLock({ $0.takeBackup(session: context.session.id) }) else {
            return redirect(PagePath.settings + "#restore", notice: words.restoreNoFile, refusal: true, context)
        }
        defer { try? FileManager.default.removeItem(atPath: (file as NSString).deletingLastPathComponent) }
        let answer: RestoreAnswer<(restored: LibrarySnapshot, keptAt: String)>
        do {
            answer = try store.withConnection { try storage.restore($0, file, context.now) }
        } catch {
            // Whatever failed, the live library was not written (or SQLite rolled the copy back).
            log("the restore failed: \(error)")
            return redirect(PagePath.settings + "#restore", notice: words.restoreFailed, refusal: true, context)
        }
        guard case .done(let (restored, kept)) = answer else {
            // Refused before anything was written.
            log("the restore failed: \(answer.refusal?.description ?? "")")
            return redirect(PagePath.settings + "#restore", notice: words.restoreFailed, refusal: true, context)
        }
        try store.write { tx in
            try LibraryDesk(staff: context.staff, at: context.now)
                .restored(books: restored.books, users: restored.users, loans: restored.loans, keptAt: kept, in: tx)
        }
        return redirect(PagePath.settings, notice: words.restored(keptAt: kept), context)
    }

    /// A new private folder for one upload or download.
    func scratchFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bookkiosk-page-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return folder
    }
}
