import Foundation
import Lending

/// A Book's page as it is shown, with nothing of HTML in it: the Book, who has it, the
/// credit its record's source asks for, its cover, and when its label was printed.
struct BookPage {
    var book: Book
    /// Its open Loan, with the User; nil when it is on the shelf.
    var loan: LoanListing?
    var overdue: Bool
    /// The source whose credit is shown: the record's, while the title is still the one it gave.
    var credit: BookRecordSource?
    /// The cover's address; nil: the Book has none.
    var cover: String?
    /// Whether the covers folder has a file for it (which wins over a photo).
    var folderHasCover: Bool
    var labelPrinted: Date?
    var zone: TimeZone

    init(book: Book, loan: LoanListing?, overdue: Bool, record: BookRecord?, cover: String?, folderHasCover: Bool,
         labelPrinted: Date?, zone: TimeZone) {
        (self.book, self.loan, self.overdue) = (book, loan, overdue)
        credit = record.flatMap { found in found.title == book.title ? found.source : nil }
        (self.cover, self.folderHasCover, self.labelPrinted, self.zone) = (cover, folderHasCover, labelPrinted, zone)
    }
}

extension BookPage {
    /// The page's content under its heading (the title). Pure: the same value renders the same.
    func content(words: any PageWords, csrf: String, printForms: PrintForms) -> [HTML] {
        var facts: [HTML] = [
            .fact(words.title, .text(book.title)),
            .fact(words.reading, .text(book.reading ?? "")),
            .fact(words.author, .text(book.author ?? "")),
            .fact(words.barcode, .text(book.barcode)),
            .fact(words.isbn, .text(book.isbn ?? "")),
            .fact(words.state, BooksPage.state(book.status, onLoan: loan != nil, words: words)),
        ]
        if let loan {
            let who: HTML = loan.user.map { .el(.a, [.href(PagePath.user($0.card))], .text($0.name)) } ?? .text(words.unnamedUser)
            facts.append(.fact(words.whoHasIt, who))
            var due: [HTML] = [.text(words.date(loan.loan.due))]
            if overdue { due.append(.el(.strong, [.class("overdue")], .text(words.overdue))) }
            facts.append(.fact(words.dueDate, .fragment(due)))
        }
        var actions: [HTML] = [.el(.a, [.class("button"), .href(PagePath.to(.editBookForm, book.barcode))], .text(words.edit))]
        if let loan {
            actions.append(.el(.a, [.class("button"), .href(PagePath.confirmReturn(loan.loan.id))], .text(words.returnBook)))
        } else if book.status == .available {
            actions.append(.el(.a, [.class("button primary"), .href(PagePath.to(.lendForm, book.barcode))], .text(words.lend)))
        }
        if book.status != .withdrawn {
            actions.append(Form.post(PagePath.to(.withdrawBook, book.barcode), csrf: csrf, button: words.withdraw,
                                     style: "danger", fields: []))
        }
        return [
            BooksPage.coverImage(cover, large: true, words: words),
            .el(.dl, [.class("facts")], children: facts),
            credit.map { BooksSection.attribution($0, words: words) } ?? .empty,
            .el(.div, [.class("actions")], children: actions),
            BooksSection.coverPhotoSection(book.barcode, folderHasOne: folderHasCover, csrf: csrf, words: words),
            printForms.printOne(.label, barcode: book.barcode, printed: labelPrinted, zone: zone, csrf: csrf),
        ]
    }
}
