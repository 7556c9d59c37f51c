import Foundation
import HTTPServer
import Lending
import Printing
import Testing
@testable import TeachersPage

/// What a teacher does from a child's or a Book's page: one Card or label printed at a chosen
/// position, a Book lent from the child's page; and 印刷's cards not printed yet, by class, with
/// the sheets for cards and for labels apart and named in the page's language.
@Suite struct EverydayPagesTests {
    func signedIn(_ fixture: PageFixture) -> Browser {
        let browser = Browser(fixture)
        browser.signIn()
        return browser
    }

    /// The part of `page` from the element `id` to the end of the page.
    func from(_ id: String, in page: String) throws -> Substring {
        let start = try #require(page.range(of: "id=\"\(id)\""))
        return page[start.lowerBound...]
    }

    @Test func oneCardPrintsFromTheChildsPageAtAChosenPosition() throws {
        let fixture = try PageFixture()
        let browser = signedIn(fixture)
        let before = browser.get("/users/U001").text
        #expect(try from("print-card", in: before).contains("カードを印刷"))
        #expect(try from("print-card", in: before).contains("まだ印刷していません"))
        let pdf = browser.post("/print/cards", [("card", "U001"), ("sheet", Sheet.defaultCardSheet), ("startAt", "7")])
        #expect(pdf.status == 200)
        #expect(pdf.header("Content-Disposition") == "attachment; filename=\"card-2026-11-24.pdf\"")
        #expect(pdf.body.starts(with: Array("%PDF".utf8)))
        #expect(Set(try fixture.repository.transaction { try $0.printedTimes(.card) }.keys) == ["U001"])
        #expect(try fixture.audit().contains { entry in
            if case .printed(.card, count: 1, className: nil, sheet: Sheet.defaultCardSheet, position: 7) = entry.action { true } else { false }
        })
        #expect(try from("print-card", in: browser.get("/users/U001").text).contains("最後に印刷した日"))
    }

    @Test func aPositionOffTheSheetIsSaidBesideTheChildsForm() throws {
        let fixture = try PageFixture()
        let browser = signedIn(fixture)
        let refused = browser.post("/print/cards", [("card", "U001"), ("sheet", Sheet.defaultCardSheet), ("startAt", "99")])
        #expect(refused.status == 303)
        #expect(refused.header("Location") == "/users/U001#print-card")
        let page = browser.get("/users/U001").text
        let section = try from("print-card", in: page)
        #expect(section.contains("role=\"alert\">印刷を始める位置は 1 から 10 までの数です。"))
        #expect(!page[..<section.startIndex].contains("role=\"alert\""))
        #expect(try fixture.repository.transaction { try $0.printedTimes(.card) }.isEmpty)
    }

    @Test func oneLabelPrintsFromTheBooksPage() throws {
        let fixture = try PageFixture()
        let browser = signedIn(fixture)
        #expect(try from("print-label", in: browser.get("/books/B002").text).contains("ラベルを印刷"))
        let pdf = browser.post("/print/labels", [("barcode", "B002"), ("sheet", Sheet.defaultLabelSheet), ("startAt", "30")])
        #expect(pdf.header("Content-Disposition") == "attachment; filename=\"label-2026-11-24.pdf\"")
        #expect(Set(try fixture.repository.transaction { try $0.printedTimes(.label) }.keys) == ["B002"])
        #expect(browser.post("/print/labels", [("barcode", "B999"), ("sheet", Sheet.defaultLabelSheet)]).status == 404)
    }

    @Test func cardsNotPrintedYetByClassThenNothingNew() throws {
        let fixture = try PageFixture()
        try fixture.repository.transaction { tx in
            try tx.save(SchoolClass(name: "もも組", grade: 1))
            try tx.save(User(card: "U010", name: "はなこ", className: "もも組"))
            try tx.save(User(card: "U011", name: "けんた", className: "もも組"))
        }
        let browser = signedIn(fixture)
        _ = browser.post("/print/cards", [("card", "U010"), ("sheet", Sheet.defaultCardSheet)])
        let fields = [("class", "もも組"), ("which", "new"), ("sheet", Sheet.defaultCardSheet), ("startAt", "1")]
        #expect(browser.post("/print/cards", fields).header("Content-Type") == "application/pdf")
        #expect(Set(try fixture.repository.transaction { try $0.printedTimes(.card) }.keys) == ["U010", "U011"])
        #expect(browser.post("/print/cards", fields).text.contains("印刷するものがありません"))
    }

    @Test func printListsCardSheetsAndLabelSheetsApartInJapanese() throws {
        let fixture = try PageFixture()
        let page = signedIn(fixture).get("/print").text
        let cards = try from("cards", in: page)
        let cardsPart = cards[..<(cards.range(of: "id=\"labels\"")?.lowerBound ?? cards.endIndex)]
        let labelsPart = try from("labels", in: page)
        #expect(cardsPart.contains("value=\"a-one-51002\" selected>A-One 51002(A4・10面)"))
        #expect(!cardsPart.contains("a-one-28368"))
        #expect(labelsPart.contains("value=\"a-one-28368\" selected>A-One 28368(A4・44面)"))
        #expect(!labelsPart.contains("a-one-51002"))
        #expect(cardsPart.contains("まだ印刷していないものだけ"))
    }

    @Test func aBookIsLentFromTheChildsPage() throws {
        let fixture = try PageFixture()
        let browser = signedIn(fixture)
        let found = browser.get("/users/U001?book=%E3%81%90%E3%82%8A").text  // ぐり
        #expect(try from("lend", in: found).contains("ぐりとぐら"))
        #expect(try from("lend", in: found).contains("action=\"/users/U001/lend\""))
        let lent = browser.post("/users/U001/lend", [("book", "B001")])
        #expect(lent.status == 303)
        #expect(lent.header("Location") == "/users/U001#lend")
        #expect(try fixture.repository.transaction { try $0.openLoan(book: "B001") }?.user == "U001")
        let after = browser.get("/users/U001").text
        #expect(try from("lend", in: after).contains("role=\"status\">はなこさんに「ぐりとぐら」を貸し出しました"))
        // Lent already: said beside the form, and nothing changes.
        let again = browser.post("/users/U002/lend", [("book", "B001")])
        #expect(again.header("Location") == "/users/U002?book=B001#lend")
        #expect(try from("lend", in: browser.get("/users/U002?book=B001").text).contains("role=\"alert\">貸出中"))
        #expect(try fixture.repository.transaction { try $0.openLoan(book: "B001") }?.user == "U001")
    }
}
