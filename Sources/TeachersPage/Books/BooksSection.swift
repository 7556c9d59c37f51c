import BookLookup
import Covers
import Foundation
import HTTPServer
import Lending

/// 絵本: the list, a Book's page and form, its cover and cover photo, lending it, and
/// まとめて登録 (with the run each session is registering).
struct BooksSection: PageSection {
    let shared: PageShared
    /// まとめて登録's list of what each session registered in this run.
    let scanRuns = Locked(ScanRuns())

    static let routes: [RouteGroup] = [
        .signedIn([
            .get("/books", .books) { page, _, context in try page.books.books(context) },
            .get("/books/new", .newBookForm) { page, _, context in try page.books.bookForm(nil, context) },
            .get("/books/scan", .scanBooks) { page, _, context in try page.books.scanBooks(context) },
            .get("/books/{}", .book) { page, values, context in try page.books.book(values[0], context) },
            .get("/books/{}/edit", .editBookForm) { page, values, context in try page.books.bookForm(values[0], context) },
            .get("/books/{}/lend", .lendForm) { page, values, context in try page.books.lendForm(values[0], context) },
            .get("/covers/{}", .cover) { page, values, _ in try page.books.cover(values[0]) },
        ]),
        .signedInChanges([
            .post("/books/new", .addBook) { page, _, context in try page.books.saveBook(nil, context) },
            .post("/books/scan", .scanBook) { page, _, context in try page.books.scanBook(context) },
            .post("/books/scan/title", .titleScannedBook) { page, _, context in try page.books.titleScannedBook(context) },
            .post("/books/scan/undo", .undoScannedBook) { page, _, context in try page.books.undoScannedBook(context) },
            .post("/books/scan/restart", .restartScanning) { page, _, context in page.books.restartScanning(context) },
            .post("/books/{}/edit", .editBook) { page, values, context in try page.books.saveBook(values[0], context) },
            .post("/books/{}/cover", .saveCoverPhoto, takesUpload: true) { page, values, context in try page.books.saveCoverPhoto(values[0], context) },
            .post("/books/{}/withdraw", .withdrawBook) { page, values, context in try page.books.withdrawBook(values[0], context) },
            .post("/books/{}/lend", .lend) { page, values, context in try page.books.lend(values[0], context) },
        ]),
    ]
}

extension BooksSection {
    /// `GET /books?q=&page=N`: every Book with its cover, searchable, 「貸出中」 or 「貸出可」.
    func books(_ context: PageContext) throws -> HTTPResponse {
        let text = (context.request.value("q") ?? "").trimmingCharacters(in: .whitespaces)
        let number = pageNumber(context.request)
        let (library, listing) = try store.read { tx in
            (try self.library(tx), try tx.bookListings(matching: text, offset: (number - 1) * Self.pageSize, limit: Self.pageSize))
        }
        let books = BooksPage(text: text, page: number, listing: listing) { self.coverSource($0, photo: $1) }
        return page(context, library, heading: words.books, section: .books, content: books.content(words: words))
    }

    /// `GET /books/BARCODE`: the Book, its state, who has it, and what can be done with it.
    func book(_ barcode: String, _ context: PageContext) throws -> HTTPResponse {
        let (library, found, record, photo) = try store.read { tx -> (LibraryState, (Book, LoanListing?, Date?)?, BookRecord?, Date?) in
            let library = try self.library(tx)
            guard let book = try tx.book(barcode: barcode) else { return (library, nil, nil, nil) }
            let loan = try tx.openLoan(book: barcode)
            return (library, (book, try loan.map { LoanListing(loan: $0, book: book, user: try $0.user.flatMap { try tx.user(card: $0) }) },
                              try tx.printedTimes(.label)[barcode]),
                    try book.isbn.flatMap { try tx.bookRecord(isbn: $0) }, try tx.coverTimes(barcodes: [barcode])[barcode])
        }
        guard let (book, loan, printed) = found else { return try notFound(context) }
        let bookPage = BookPage(book: book, loan: loan, overdue: loan.map { library.policy.isOverdue($0.loan, at: context.now) } ?? false,
                                record: record, cover: coverSource(book, photo: photo), folderHasCover: setup.cover(book) != nil,
                                labelPrinted: printed, zone: library.policy.timeZone)
        return page(context, library, heading: book.title, section: .books,
                    content: bookPage.content(words: words, csrf: context.session.csrf, printForms: printForms))
    }

    /// `GET /books/new`, `GET /books/BARCODE/edit`: the Book form.
    func bookForm(_ barcode: String?, _ context: PageContext) throws -> HTTPResponse {
        let (library, existing) = try store.read { tx in (try self.library(tx), try barcode.flatMap { try tx.book(barcode: $0) }) }
        if barcode != nil, existing == nil { return try notFound(context) }
        return bookFormPage(existing.map(BookForm.init) ?? BookForm(), editing: existing, problems: [:], library, context)
    }

    /// `POST /books/new`, `POST /books/BARCODE/edit`: checks the form, saves the Book, records it.
    /// 「調べる」 (`lookup=1`), or 保存 with an ISBN and no title (a scanner's Enter), looks the
    /// ISBN up instead and shows the form filled, for the teacher to check and save.
    func saveBook(_ barcode: String?, _ context: PageContext) throws -> HTTPResponse {
        let form = BookForm(fields: context.request.value)
        if context.request.value("lookup") == "1" || (form.title.isEmpty && !form.isbn.isEmpty) {
            return try lookUpBook(form, barcode: barcode, context)
        }
        var problems = form.problems(words)
        enum Saved { case saved(Book, numbered: Bool), refused([String: String]), missing }
        let (library, saved) = try store.write { tx -> (LibraryState, Saved) in
            let library = try self.library(tx)
            let existing = try barcode.flatMap { try tx.book(barcode: $0) }
            if barcode != nil, existing == nil { return (library, .missing) }
            guard problems.isEmpty else { return (library, .refused(problems)) }
            // A new Book without a barcode gets the next free number, as import and the kiosk's `n` do.
            var given: String?
            if existing == nil, form.needsNumber {
                do {
                    given = try LibraryDesk.nextNumbers(1, of: setup.bookNumbering, in: tx).first
                } catch let exhausted as BarcodeNumbering.Exhausted {
                    return (library, .refused(["barcode": words.noFreeNumber(exhausted.numbering.prefix, length: exhausted.numbering.length)]))
                }
            }
            let book = form.book(existing: existing, given: given)
            let desk = LibraryDesk(staff: context.staff, at: context.now)
            switch existing == nil ? try desk.addBook(book, in: tx) : try desk.editBook(book, in: tx) {
            case .saved(let saved): return (library, .saved(saved, numbered: given != nil))
            case .barcodeTaken(let taken, byA: .book): return (library, .refused(["barcode": words.barcodeTaken(taken)]))
            case .barcodeTaken(let taken, byA: .user): return (library, .refused(["barcode": words.barcodeIsACard(taken)]))
            case .missing: return (library, .missing)
            }
        }
        switch saved {
        case .missing:
            return try notFound(context)
        case .saved(let book, let numbered):
            return redirect(PagePath.book(book.barcode),
                            notice: numbered ? words.bookNumbered(title: book.title, barcode: book.barcode) : words.bookSaved(title: book.title), context)
        case .refused(let found):
            problems = found
            let existing = barcode.map { Book(barcode: $0, title: form.title) }
            return bookFormPage(form, editing: existing, problems: problems, library, context, status: 400)
        }
    }

    /// 「調べる」: the ISBN looked up (outside every transaction) and the form shown again, filled
    /// with what was found and where from, or saying plainly why nothing was, to be typed.
    private func lookUpBook(_ form: BookForm, barcode: String?, _ context: PageContext) throws -> HTTPResponse {
        let answer = form.isbn.isEmpty ? nil : lookUp(form.isbn)
        let (library, existing) = try store.read { tx in (try self.library(tx), try barcode.flatMap { try tx.book(barcode: $0) }) }
        if barcode != nil, existing == nil { return try notFound(context) }
        var filled = form
        var problems: [String: String] = [:]
        let said: HTML
        var focus = "title"
        switch answer {
        case nil:
            problems["isbn"] = words.lookupNeedsISBN
            said = .empty
            focus = "isbn"
        case .found(let record, let origin, let differing):
            filled = form.filled(with: record)
            var lines: [HTML] = [.el(.p, .text(words.lookupFound(record.source, fromCache: origin == .cache)))]
            if let differing { lines.append(.el(.p, .text(words.lookupDiffering(differing.source, title: differing.title)))) }
            lines.append(attribution(record.source))
            said = .el(.div, [.class("notice lookup-found"), HTMLAttribute(.role, "status")], children: lines)
            focus = ""
        case .notFound(let problem):
            if case .invalidISBN = problem {
                problems["isbn"] = words.lookupProblem(problem)
                said = .empty
                focus = "isbn"
            } else {
                said = .el(.p, [.class("warning lookup-missing"), HTMLAttribute(.role, "alert")], .text(words.lookupProblem(problem)))
            }
        }
        return bookFormPage(filled, editing: existing, problems: problems, library, context, status: problems.isEmpty ? 200 : 400,
                            said: said, focus: focus)
    }

    /// The Book form. `said` is what a lookup found (or why nothing); `focus` the field to start in.
    private func bookFormPage(_ form: BookForm, editing: Book?, problems: [String: String], _ library: LibraryState,
                              _ context: PageContext, status: Int = 200, said: HTML = .empty, focus: String? = nil) -> HTTPResponse {
        let action = editing.map { PagePath.to(.editBook, $0.barcode) } ?? PagePath.newBook
        var barcodeExtra: [HTMLAttribute] = [HTMLAttribute(.autocomplete, "off"), HTMLAttribute(.autocapitalize, "off")]
        if editing != nil { barcodeExtra.append(.flag(.readonly)) }
        // A new Book starts at its ISBN (a scanner types it, then Enter); a filled form nowhere.
        let focused = focus ?? (editing == nil ? "isbn" : "")
        func extra(_ name: String, _ attributes: [HTMLAttribute] = []) -> [HTMLAttribute] {
            attributes + (focused == name ? [.flag(.autofocus)] : [])
        }
        let isbnRow: HTML = .el(.div, [.class("lookup-row")],
            Form.text("isbn", label: words.isbn, value: form.isbn, hint: words.isbnLookupHint, error: problems["isbn"],
                      extra: extra("isbn", [HTMLAttribute(.inputmode, "numeric"), HTMLAttribute(.autocomplete, "off"),
                                            HTMLAttribute(.enterkeyhint, "search")])),
            .el(.button, [.type("submit"), .name("lookup"), .value("1"), .class("button lookup"), .flag(.formnovalidate)], .text(words.lookUp)))
        let fields: [HTML] = [
            Form.hidden(PageSecurity.csrfField, context.session.csrf),
            // The form's first button, so Enter in a field saves (and with an ISBN and no title
            // yet, looks it up); out of sight and out of the tab order, the visible 保存 is below.
            .el(.button, [.type("submit"), .class("visually-hidden"), HTMLAttribute(.tabindex, "-1"), HTMLAttribute(.ariaHidden, "true"),
                           .flag(.formnovalidate)],
                .text(words.save)),
            isbnRow,
            said,
            Form.text("barcode", label: words.barcode, value: editing?.barcode ?? form.barcode, required: editing != nil,
                      hint: editing == nil ? words.bookBarcodeHint + " " + words.emptyGetsNumber : nil, error: problems["barcode"],
                      extra: extra("barcode", barcodeExtra)),
            Form.text("title", label: words.title, value: form.title, required: true, error: problems["title"], extra: extra("title")),
            Form.text("reading", label: words.reading, value: form.reading, hint: words.bookReadingHint, error: problems["reading"],
                      extra: extra("reading", [HTMLAttribute(.autocomplete, "off"), HTMLAttribute(.lang, "ja")])),
            Form.text("author", label: words.author, value: form.author, error: problems["author"], extra: extra("author")),
            .el(.div, [.class("choices")], Form.submit(words.save, style: "primary"),
                .el(.a, [.class("button quiet"), .href(editing.map { PagePath.book($0.barcode) } ?? PagePath.books)], .text(words.cancel))),
        ]
        return page(context, library, heading: editing == nil ? words.addBook : words.editBookHeading, section: .books, status: status,
                    content: [Form.problems(problems.keys.sorted().compactMap { problems[$0] }),
                              .el(.form, [HTMLAttribute(.method, "post"), HTMLAttribute(.action, action)], children: fields)])
    }

    /// `POST /books/BARCODE/withdraw`: a Book on loan first gets a warning and a confirmation
    /// (nothing changes until `confirm=1`); then its Loan ends and it can no longer be lent.
    func withdrawBook(_ barcode: String, _ context: PageContext) throws -> HTTPResponse {
        let confirmed = context.request.value("confirm") == "1"
        enum Result { case missing, withdrawn(Book), alreadyWithdrawn(Book), needsConfirmation(Book, LoanListing) }
        let (library, result) = try store.write { tx -> (LibraryState, Result) in
            let library = try self.library(tx)
            switch try LibraryDesk(staff: context.staff, at: context.now).withdraw(barcode, evenIfOnLoan: confirmed, in: tx) {
            case .withdrawn(let book, _): return (library, .withdrawn(book))
            case .alreadyWithdrawn(let book): return (library, .alreadyWithdrawn(book))
            case .onLoan(let book, let loan, let borrower):
                return (library, .needsConfirmation(book, LoanListing(loan: loan, book: book, user: borrower)))
            case .notABook, .unknownBarcode: return (library, .missing)
            }
        }
        switch result {
        case .missing:
            return try notFound(context)
        case .withdrawn(let book), .alreadyWithdrawn(let book):
            return redirect(PagePath.book(book.barcode), notice: words.withdrawn(title: book.title), context)
        case .needsConfirmation(let book, let loan):
            return page(context, library, heading: words.withdraw + ": " + book.title, section: .books, content: [
                .el(.p, [.class("warning"), HTMLAttribute(.role, "alert")],
                    .text(words.withdrawWarning(user: loan.user?.name ?? words.unnamedUser, due: words.date(loan.loan.due)))),
                .el(.div, [.class("choices")],
                    Form.post(PagePath.to(.withdrawBook, book.barcode), csrf: context.session.csrf, button: words.withdrawIt,
                              style: "danger", fields: [Form.hidden("confirm", "1")]),
                    .el(.a, [.class("button quiet"), .href(PagePath.book(book.barcode))], .text(words.cancel))),
            ])
        }
    }

    /// `GET /covers/BARCODE`: the Book's cover: the covers folder's file, or else the photo kept
    /// in the library (「表紙の写真」). The barcode only names a Book in the library; the file is
    /// the one the folder has for it, never a path from the request.
    func cover(_ barcode: String) throws -> HTTPResponse {
        let notFound = HTTPResponse(status: 404, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Array("no cover".utf8))
        guard let book = try store.read({ try $0.book(barcode: barcode) }) else { return notFound }
        if let file = setup.cover(book), let data = FileManager.default.contents(atPath: file) {
            let type = BookCovers.mediaType(ofFile: file)
            return HTTPResponse(status: 200, headers: [("Content-Type", type), ("Cache-Control", BookCovers.cacheControl)], body: Array(data))
        }
        guard let photo = try store.read({ try $0.cover(barcode: book.barcode) }) else { return notFound }
        // Its address names the time it was saved (`?v=`), so a new photo is a new address.
        return HTTPResponse(status: 200, headers: [("Content-Type", photo.format.mediaType), ("Cache-Control", BookCovers.cacheControl)],
                            body: photo.image)
    }

    /// Where the Book's cover is shown from: the covers folder's file, or else the photo saved
    /// at `photo` (its address names that time, so a new photo shows at once); nil for neither.
    func coverSource(_ book: Book, photo: Date?) -> String? {
        if setup.cover(book) != nil {
            return PagePath.cover(book.barcode)
        } else if let photo {
            return PagePath.with(PagePath.cover(book.barcode), [("v", BookCovers.version(savedAt: photo))])
        }
        return nil
    }

    private func coverImage(_ book: Book, photo: Date?, large: Bool) -> HTML {
        BooksPage.coverImage(coverSource(book, photo: photo), large: large, words: words)
    }

    func state(_ status: BookStatus, onLoan: Bool) -> HTML {
        BooksPage.state(status, onLoan: onLoan, words: words)
    }
}
