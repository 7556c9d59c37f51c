import Testing
@testable import Lending

/// Whether a barcode no Card or Book carries may be a Card, by the library's numbering.
@Suite("Barcode rules: what an unknown barcode may be")
struct BarcodeRulesTests {
    static let standard: [(String, Bool)] = [
        ("10000042", true),      // the Cards' numbering
        ("20000042", false),     // the Books' numbering
        ("9784834000825", false), // an ISBN
        ("4834000826", false),   // an ISBN-10
        ("9784834000826", true), // 978 with a wrong check digit: not an ISBN, of neither numbering
        ("2000004", true),       // a digit short of a Book's number
        ("C0001", true),         // neither numbering: it cannot be told, so it may be a Card
        ("X-404", true),
    ]

    @Test(arguments: standard)
    func standardNumbering(barcode: String, mayBeCard: Bool) {
        #expect(BarcodeRules.standard.mayBeCard(barcode) == mayBeCard)
    }

    static let checked: [(String, Bool)] = [
        ("7000000013", false), // the Books' prefix 7, ten digits, its mod10w21 check digit right
        ("7000000011", true),  // the same with a wrong check digit: not the Books' shape
        ("5000000001", true),  // the Cards' prefix 5
    ]

    @Test(arguments: checked)
    func aLibraryOfItsOwnNumbering(barcode: String, mayBeCard: Bool) {
        let rules = BarcodeRules(cards: BarcodeNumbering(prefix: "5", length: 10),
                                 books: BarcodeNumbering(prefix: "7", length: 10, checkDigit: .mod10w21))
        #expect(rules.mayBeCard(barcode) == mayBeCard)
    }
}
