import Foundation
import Lending
import Testing
@testable import TeachersPage

/// 絵本を追加 and 利用者を追加 with the barcode or card left empty: the next free number is
/// given, as import and the kiosk's `n` do, and the page says which.
@Suite struct PageNumberingTests {
    @Test func aBookWithoutABarcodeGetsTheNextFreeNumberAndItsReading() throws {
        let fixture = try PageFixture()
        let browser = Browser(fixture)
        browser.signIn()
        #expect(browser.get("/books/new").text.contains("空欄のままにすると、次の空いている番号を付けます"))
        let response = browser.post("/books/new", [("barcode", ""), ("title", "ぐりとぐらのえんそく"), ("reading", "グリトグラノエンソク")])
        #expect(response.status == 303)
        let location = try #require(response.header("Location"))
        let barcode = String(location.dropFirst("/books/".count))
        #expect(barcode.hasPrefix("2") && barcode.count == BarcodeNumbering.books.length)
        let book = try #require(try fixture.repository.transaction { try $0.book(barcode: barcode) })
        #expect(book.title == "ぐりとぐらのえんそく")
        #expect(book.reading == "ぐりとぐらのえんそく")
        #expect(browser.get(location).text.contains("バーコードは \(barcode) です"))
    }

    @Test func aUserWithoutACardGetsTheNextFreeNumber() throws {
        let fixture = try PageFixture()
        let browser = Browser(fixture)
        browser.signIn()
        let response = browser.post("/users/new", [("card", ""), ("name", "たなか ゆい")])
        #expect(response.status == 303)
        let location = try #require(response.header("Location"))
        let card = String(location.dropFirst("/users/".count))
        #expect(card.hasPrefix("1") && card.count == BarcodeNumbering.cards.length)
        #expect(try fixture.repository.transaction { try $0.user(card: card) }?.name == "たなか ゆい")
        #expect(browser.get(location).text.contains("カード番号は \(card) です"))
        // The next one gets the number after it.
        let second = browser.post("/users/new", [("card", ""), ("name", "さとう はると")])
        #expect(second.header("Location") != location)
    }
}
