import Foundation
import HTTPServer
import Lending
import Printing
import Testing
@testable import TeachersPage

/// 印刷: Cards, labels and notices as PDF downloads.
@Suite struct PrintPagesTests {
    func classes(_ fixture: PageFixture) throws {
        try fixture.repository.transaction { tx in
            try tx.save(SchoolClass(name: "もも組", grade: 1))
            try tx.save(User(card: "U001", name: "はなこ", className: "もも組"))
        }
    }

    @Test func thePrintPageOffersClassesSheetsAndTheThreeDownloads() throws {
        let fixture = try PageFixture()
        try classes(fixture)
        let browser = Browser(fixture)
        browser.signIn()
        let page = browser.get("/print").text
        #expect(page.contains("href=\"/print\" aria-current=\"page\""))
        #expect(page.contains("<option value=\"もも組\">もも組</option>"))
        #expect(page.contains("value=\"a-one-51002\" selected"))
        #expect(page.contains("action=\"/print/cards\"") && page.contains("action=\"/print/labels\"") && page.contains("action=\"/print/notices\""))
    }

    @Test func noticesAreAPDFOfTheOverdueAndChangeNothing() throws {
        let fixture = try PageFixture()
        try classes(fixture)
        try fixture.lend("B002", to: "U002", daysAgo: 30)
        let browser = Browser(fixture)
        browser.signIn()
        let pdf = browser.get("/print/notices")
        #expect(pdf.status == 200)
        #expect(pdf.header("Content-Type") == "application/pdf")
        #expect(pdf.header("Content-Disposition") == "attachment; filename=\"notices-2026-11-24.pdf\"")
        #expect(pdf.body.starts(with: Array("%PDF".utf8)))
        // たろう has no class: nothing overdue in もも組.
        let none = browser.get("/print/notices?class=もも組")
        #expect(none.header("Content-Type")?.hasPrefix("text/html") == true)
        #expect(none.text.contains("期限を過ぎた絵本はありません"))
        #expect(browser.get("/print/notices?class=ばら組").status == 400)
    }

    @Test func cardsOfAClassArePrintedAndRecorded() throws {
        let fixture = try PageFixture()
        try classes(fixture)
        let browser = Browser(fixture)
        browser.signIn()
        let pdf = browser.post("/print/cards", [("class", "もも組"), ("sheet", Sheet.defaultCardSheet), ("startAt", "2")])
        #expect(pdf.status == 200)
        #expect(pdf.header("Content-Disposition") == "attachment; filename=\"cards-2026-11-24.pdf\"")
        #expect(pdf.body.starts(with: Array("%PDF".utf8)))
        let printed = try fixture.repository.transaction { try $0.printedTimes(.card) }
        #expect(Set(printed.keys) == ["U001"])
        #expect(try fixture.audit().contains { $0.action.kind == .printedCards && { if case .printed(_, _, "もも組", _, _) = $0.action { true } else { false } }($0) })
    }

    @Test func newLabelsOnlyOnceThenAllAgain() throws {
        let fixture = try PageFixture()
        let browser = Browser(fixture)
        browser.signIn()
        let fields = [("which", "new"), ("sheet", Sheet.defaultLabelSheet), ("startAt", "1")]
        #expect(browser.post("/print/labels", fields).header("Content-Type") == "application/pdf")
        #expect(try fixture.repository.transaction { try $0.printedTimes(.label) }.count == 3)
        let again = browser.post("/print/labels", fields)
        #expect(again.header("Content-Type")?.hasPrefix("text/html") == true)
        #expect(again.text.contains("印刷するものがありません"))
        #expect(browser.post("/print/labels", [("which", "all"), ("sheet", Sheet.defaultLabelSheet)]).header("Content-Type") == "application/pdf")
    }

    @Test func aBadSheetOrStartIsSaidAndNothingIsRecorded() throws {
        let fixture = try PageFixture()
        let browser = Browser(fixture)
        browser.signIn()
        #expect(browser.post("/print/labels", [("sheet", "nonsense")]).status == 400)
        let start = browser.post("/print/labels", [("sheet", Sheet.defaultLabelSheet), ("startAt", "999")])
        #expect(start.status == 400)
        #expect(start.text.contains("印刷を始める位置は 1 から"))
        #expect(browser.post("/print/labels", [("sheet", Sheet.defaultLabelSheet)], csrf: .some("wrong")).status == 403)
        #expect(try fixture.repository.transaction { try $0.printedTimes(.label) }.isEmpty)
    }

    @Test("a sheet the label cannot be printed on is said in plain Japanese beside the form; the layout's detail is for the log only")
    func aRefusedPrintIsPlainJapanese() throws {
        let tiny = Sheet(name: "tiny", title: "Tiny", columns: 10, rows: 30, labelWidth: 12, labelHeight: 6, leftMargin: 5, topMargin: 5)
        let fixture = try PageFixture(sheets: Sheet.builtIn + [tiny])
        let browser = Browser(fixture)
        browser.signIn()
        let refused = browser.post("/print/labels", [("barcode", "B001"), ("sheet", "tiny"), ("startAt", "1")])
        #expect(refused.status == 303)
        #expect(refused.header("Location") == "/books/B001#print-label")
        let book = browser.get("/books/B001").text
        #expect(book.contains("には ラベルを印刷できません") || book.contains("にはラベルを印刷できません"), "\(book)")
        #expect(book.contains("ラベルの大きい用紙を選んでください"))
        #expect(!book.contains("does not fit") && !book.contains("cannot be used") && !book.contains("mm for the bars"))
        #expect(try fixture.repository.transaction { try $0.printedTimes(.label) }.isEmpty)
    }
}
