import BookLookup
import Foundation
import HTTPServer
import Lending
import Printing

/// まとめて登録: a field with the focus, for a Bluetooth or USB scanner paired with the iPad.
/// Each ISBN it types (and Enter) is looked up — the library's lookup cache, then the services,
/// outside every transaction — and a copy registered at once, with the label scanned with it or
/// the next free number, through `LibraryDesk`. The run's list, newest first, has 取り消し and a
/// link to edit each copy; an ISBN found nowhere waits in it for a title; 「ラベルを印刷」 prints
/// exactly the run's labels. Plain forms and redirects: it works without JavaScript.
extension BooksSection {
    /// `GET /books/scan`.
    func scanBooks(_ context: PageContext) throws -> HTTPResponse {
        let library = try store.read { try self.library($0) }
        let run = scanRuns.withLock { $0[context.session.id] }
        let csrf = context.session.csrf
        let scanner: [HTMLAttribute] = [HTMLAttribute(.autocomplete, "off"), HTMLAttribute(.autocapitalize, "off"),
                                        HTMLAttribute(.spellcheck, "false"), HTMLAttribute(.enterkeyhint, "go")]
        let scanForm: HTML = .el(.form, [HTMLAttribute(.method, "post"), HTMLAttribute(.action, PagePath.scanBooks), .class("scan-form")],
            Form.hidden(PageSecurity.csrfField, csrf),
            Form.text("isbn", label: words.scanISBN, extra: scanner + [.flag(.autofocus), HTMLAttribute(.inputmode, "numeric")]),
            Form.text("barcode", label: words.scanLabel, hint: words.scanLabelHint, extra: scanner),
            .el(.div, [.class("choices")], Form.submit(words.scanRegister, style: "primary")))
        let rows = run.entries.reversed().map { scanRow($0, csrf: csrf) }
        let list: HTML = rows.isEmpty ? .el(.p, [.class("empty")], .text(words.scanListEmpty)) :
            .el(.table, [.class("list scanned")],
                .el(.thead, .el(.tr, children: [words.barcode, words.title, words.isbn, words.scanSource, ""].map {
                    .el(.th, [HTMLAttribute(.scope, "col")], .text($0))
                })),
                .el(.tbody, children: rows))
        let added = run.addedBarcodes
        let labels: HTML = added.isEmpty ? .empty :
            .el(.section, [HTMLAttribute(.ariaLabel, words.printLabels), .id("run-labels")],
                .el(.h2, .text(words.printLabels)),
                .el(.p, .text(words.printRunLabelsExplained)),
                .el(.form, [HTMLAttribute(.method, "post"), HTMLAttribute(.action, PagePath.printLabels)],
                    children: [Form.hidden(PageSecurity.csrfField, csrf), Form.hidden("which", "run")] + printForms.sheetFields(.label, prefix: "run")
                        + [Form.submit(words.printRunLabels(added.count), style: "primary")]))
        let credits = run.sources.sorted { $0.rawValue < $1.rawValue }.map(attribution)
        let restart: HTML = run.entries.isEmpty ? .empty :
            .el(.div, [.class("actions")], Form.post(PagePath.to(.restartScanning), csrf: csrf, button: words.scanRestart, style: "quiet", fields: []))
        return page(context, library, heading: words.addMany, section: .books, content: [
            .el(.p, .text(words.addManyExplained)),
            scanForm,
            .el(.section, [HTMLAttribute(.ariaLabel, words.scanListHeading), .id("scanned")],
                .el(.h2, .text(words.scanListHeading)), list),
            labels,
            .fragment(credits),
            restart,
        ])
    }

    /// One row of the run's list.
    private func scanRow(_ entry: ScanRun.Entry, csrf: String) -> HTML {
        let number = Form.hidden("entry", String(entry.number))
        func cell(_ label: String, _ content: HTML...) -> HTML { .el(.td, [HTMLAttribute(.title, label)], children: content) }
        // The title may break anywhere: one with nowhere to break must not widen the list.
        func titleCell(_ content: HTML...) -> HTML { .el(.td, [HTMLAttribute(.title, words.title), .class("title")], children: content) }
        switch entry.state {
        case .added(let barcode, let title, let source, let fromCache):
            let from = source.map { words.sourceName($0) + (fromCache ? " " + words.scanFromCache : "") } ?? ""
            return .el(.tr, [.id("scanned-\(entry.number)")],
                cell(words.barcode, .text(barcode)),
                titleCell(.el(.a, [.href(PagePath.book(barcode))], .text(title))),
                cell(words.isbn, .text(entry.isbn)),
                cell(words.scanSource, .text(from)),
                .el(.td, [.class("actions")],
                    .el(.a, [.class("button"), .href(PagePath.to(.editBookForm, barcode))], .text(words.edit)),
                    Form.post(PagePath.to(.undoScannedBook), csrf: csrf, button: words.undo, style: "danger", fields: [number])))
        case .needsTitle(let barcode, let problem):
            let titleField: HTML = .el(.input, [.type("text"), .name("title"), HTMLAttribute(.ariaLabel, words.title + " (ISBN \(entry.isbn))"),
                                               .flag(.required), HTMLAttribute(.autocomplete, "off")])
            return .el(.tr, [.id("scanned-\(entry.number)"), .class("needs-title")],
                cell(words.barcode, .text(barcode ?? "")),
                titleCell(.el(.strong, .text(words.needsTitle)), .el(.p, [.class("hint")], .text(words.scanProblem(problem))),
                     Form.post(PagePath.to(.titleScannedBook), csrf: csrf, button: words.scanAddWithTitle, fields: [number, titleField])),
                cell(words.isbn, .text(entry.isbn)),
                cell(words.scanSource, .text("")),
                .el(.td, [.class("actions")]))
        case .undone(let barcode, let title):
            return .el(.tr, [.id("scanned-\(entry.number)"), .class("undone")],
                cell(words.barcode, .text(barcode)),
                titleCell(.text(title), .text(" — "), .el(.em, .text(words.undone))),
                cell(words.isbn, .text(entry.isbn)),
                cell(words.scanSource, .text("")),
                .el(.td, [.class("actions")]))
        }
    }

    /// `POST /books/scan` (`isbn`, and `barcode` when a label was scanned with it): the ISBN
    /// looked up, then the copy registered in a transaction of its own; back to the list.
    func scanBook(_ context: PageContext) throws -> HTTPResponse {
        let text = (context.request.value("isbn") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let label = Barcode.normalize(context.request.value("barcode") ?? "")
        guard !text.isEmpty else { return redirect(PagePath.scanBooks, notice: words.scanNothing, refusal: true, context) }
        let isbn: ISBN
        do {
            isbn = try ISBN(text)
        } catch {
            return redirect(PagePath.scanBooks, notice: words.lookupProblem(.invalidISBN(error)), refusal: true, context)
        }
        switch lookUp(isbn.digits) {
        case .found(let record, let origin, _):
            let book = Book(barcode: label, title: record.title, author: record.author, isbn: record.isbn, reading: record.reading)
            return try registerScanned(book, source: record.source, fromCache: origin == .cache, entry: nil, context)
        case .notFound(let problem):
            scanRuns.withLock {
                $0[context.session.id].append(isbn: isbn.digits, .needsTitle(barcode: label.isEmpty ? nil : label, problem: problem))
            }
            return redirect(PagePath.scanBooks, notice: words.scanNeedsTitle(problem), refusal: true, context)
        }
    }

    /// `POST /books/scan/title` (`entry`, `title`): an ISBN found nowhere, registered with the
    /// title typed.
    func titleScannedBook(_ context: PageContext) throws -> HTTPResponse {
        let number = Int(context.request.value("entry") ?? "") ?? 0
        let title = (context.request.value("title") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard let entry = scanRuns.withLock({ $0[context.session.id].entry(number) }), case .needsTitle(let label, _) = entry.state else {
            return redirect(PagePath.scanBooks, notice: words.scanUnknownEntry, refusal: true, context)
        }
        guard !title.isEmpty else { return redirect(PagePath.scanBooks, notice: words.titleMissing, refusal: true, context) }
        return try registerScanned(Book(barcode: label ?? "", title: title, isbn: entry.isbn), source: nil, fromCache: false,
                                   entry: number, context)
    }

    /// `POST /books/scan/undo` (`entry`): a copy of this run removed again (never lent).
    func undoScannedBook(_ context: PageContext) throws -> HTTPResponse {
        let number = Int(context.request.value("entry") ?? "") ?? 0
        guard let entry = scanRuns.withLock({ $0[context.session.id].entry(number) }), case .added(let barcode, let title, _, _) = entry.state else {
            return redirect(PagePath.scanBooks, notice: words.scanUnknownEntry, refusal: true, context)
        }
        let removal = try store.write { try LibraryDesk(staff: context.staff, at: context.now).removeBook(barcode, in: $0) }
        switch removal {
        case .removed, .missing:
            scanRuns.withLock { $0[context.session.id].set(number, .undone(barcode: barcode, title: title)) }
            return redirect(PagePath.scanBooks, notice: words.scanUndone(title: title), context)
        case .wasLent(let book):
            return redirect(PagePath.scanBooks, notice: words.scanWasLent(title: book.title), refusal: true, context)
        }
    }

    /// `POST /books/scan/restart`: an empty list (the copies stay registered).
    func restartScanning(_ context: PageContext) -> HTTPResponse {
        scanRuns.withLock { $0.forget(context.session.id) }
        return redirect(PagePath.scanBooks, notice: words.scanRestarted, context)
    }

    /// Registers `book` (with the next free number when its barcode is empty) and lists it in
    /// the run (as row `entry`, or a new row).
    private func registerScanned(_ book: Book, source: BookRecordSource?, fromCache: Bool, entry: Int?,
                                 _ context: PageContext) throws -> HTTPResponse {
        let desk = LibraryDesk(staff: context.staff, at: context.now)
        let saved: LibraryDesk.Saving<Book>
        do {
            saved = try store.write { tx in
                var copy = book
                if copy.barcode.isEmpty { copy.barcode = try LibraryDesk.nextNumbers(1, of: self.setup.bookNumbering, in: tx)[0] }
                return try desk.addBook(copy, in: tx)
            }
        } catch let exhausted as BarcodeNumbering.Exhausted {
            return redirect(PagePath.scanBooks, notice: words.noFreeNumber(exhausted.numbering.prefix, length: exhausted.numbering.length),
                            refusal: true, context)
        }
        switch saved {
        case .saved(let added):
            let state = ScanRun.State.added(barcode: added.barcode, title: added.title, source: source, fromCache: fromCache)
            scanRuns.withLock { runs in
                if let entry { runs[context.session.id].set(entry, state) } else { runs[context.session.id].append(isbn: added.isbn ?? "", state) }
            }
            return redirect(PagePath.scanBooks, notice: words.scanAdded(title: added.title, barcode: added.barcode), context)
        case .barcodeTaken(let taken, byA: .book):
            return redirect(PagePath.scanBooks, notice: words.barcodeTaken(taken), refusal: true, context)
        case .barcodeTaken(let taken, byA: .user):
            return redirect(PagePath.scanBooks, notice: words.barcodeIsACard(taken), refusal: true, context)
        case .missing:
            return redirect(PagePath.scanBooks, notice: words.scanUnknownEntry, refusal: true, context)
        }
    }
}
