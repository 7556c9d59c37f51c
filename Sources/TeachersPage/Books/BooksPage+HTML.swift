import Foundation
import Lending

extension BooksPage {
    /// The list's content under its heading: the ways to add, the search, the table (or a line
    /// saying there are none), the pager. Pure: the same value renders the same.
    func content(words: any PageWords) -> [HTML] {
        let row = BookRow(words: words)
        let table: HTML = rows.isEmpty ? .el(.p, [.class("empty")], .text(words.noBooks)) :
            .el(.table, [.class("list books")],
                .el(.thead, .el(.tr, children: [words.cover, words.title, words.author, words.barcode, words.state].map {
                    .el(.th, [HTMLAttribute(.scope, "col")], .text($0))
                })),
                .el(.tbody, row.rows(rows)))
        return [
            .el(.p, [.class("actions")], .el(.a, [.class("button primary"), .href(PagePath.newBook)], .text(words.addBook)),
                .el(.a, [.class("button"), .href(PagePath.scanBooks)], .text(words.addMany))),
            Form.search(PagePath.books, label: words.searchBooks, value: text, button: words.search),
            table,
            Pager(words: words, path: PagePath.books, query: [("q", text)], page: page, total: total, pageSize: BooksSection.pageSize).html,
        ]
    }

    /// A Book's cover from `source`, small in a list or large on its page; nothing without one.
    static func coverImage(_ source: String?, large: Bool, words: any PageWords) -> HTML {
        guard let source else { return .empty }
        return .el(.img, [HTMLAttribute(.src, source), HTMLAttribute(.alt, large ? words.cover : ""),
                          .class(large ? "cover-large" : "cover"), HTMLAttribute(.loading, "lazy")])
    }

    /// A Book's state as its label says it.
    static func state(_ status: BookStatus, onLoan: Bool, words: any PageWords) -> HTML {
        switch status {
        case .withdrawn: return .el(.span, [.class("state-withdrawn")], .text(words.withdrawnState))
        case .lost: return .el(.span, [.class("state-lost")], .text(words.lostState))
        case .available:
            return onLoan ? .el(.span, [.class("state-on-loan")], .text(words.lentOut))
                          : .el(.span, [.class("state-available")], .text(words.available))
        }
    }
}

/// A Book's row of 絵本, written straight to bytes (a page has fifty): the cells' labels and
/// the states (each written once) are made once for the page.
private struct BookRow {
    let words: any PageWords
    let coverCell, titleCell, authorCell, barcodeCell, stateCell: [HTMLAttribute]
    let withdrawn, lost, onLoan, available: HTMLWriter.Written

    init(words: any PageWords) {
        self.words = words
        coverCell = [.class("cover-cell")]
        titleCell = [HTMLAttribute(.title, words.title)]
        authorCell = [HTMLAttribute(.title, words.author)]
        barcodeCell = [HTMLAttribute(.title, words.barcode)]
        stateCell = [HTMLAttribute(.title, words.state)]
        func written(_ status: BookStatus, onLoan: Bool) -> HTMLWriter.Written {
            var writer = HTMLWriter()
            writer.write(BooksPage.state(status, onLoan: onLoan, words: words))
            return writer.written
        }
        withdrawn = written(.withdrawn, onLoan: false)
        lost = written(.lost, onLoan: false)
        onLoan = written(.available, onLoan: true)
        available = written(.available, onLoan: false)
    }

    /// The rows, as one node of the table's body.
    func rows(_ rows: [BooksPage.Row]) -> HTML {
        var writer = HTMLWriter()
        for row in rows { write(row, into: &writer) }
        return writer.html
    }

    func write(_ listed: BooksPage.Row, into rows: inout HTMLWriter) {
        let item = listed.item
        rows.element(.tr) { row in
            row.element(.td, coverCell) { $0.write(BooksPage.coverImage(listed.cover, large: false, words: words)) }
            row.element(.td, titleCell) { $0.element(.a, [.href(PagePath.book(item.book.barcode))], text: item.book.title) }
            row.element(.td, authorCell, text: item.book.author ?? "")
            row.element(.td, barcodeCell, text: item.book.barcode)
            row.element(.td, stateCell) { cell in
                switch item.book.status {
                case .withdrawn: cell.write(withdrawn)
                case .lost: cell.write(lost)
                case .available: cell.write(item.openLoan == nil ? available : onLoan)
                }
            }
        }
    }
}
