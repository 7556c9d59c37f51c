@testable import Lending
import Testing

@Suite("Barcode")
struct BarcodeTests {
    struct NormalizeCase: Sendable, CustomStringConvertible {
        var description: String
        var raw: String
        var expected: String
    }

    static let normalizeCases: [NormalizeCase] = [
        .init(description: "a plain Book barcode is kept", raw: "B0042", expected: "B0042"),
        .init(description: "spaces around are trimmed", raw: "  B0042  ", expected: "B0042"),
        .init(description: "a CR LF terminator is trimmed", raw: "B0042\r\n", expected: "B0042"),
        .init(description: "a lone LF is trimmed", raw: "B0042\n", expected: "B0042"),
        .init(description: "tabs are trimmed", raw: "\tB0042\t", expected: "B0042"),
        .init(description: "an ideographic space is trimmed", raw: "\u{3000}B0042", expected: "B0042"),
        .init(description: "STX and ETX around are trimmed", raw: "\u{02}B0042\u{03}", expected: "B0042"),
        .init(description: "DEL at the end is trimmed", raw: "B0042\u{7F}", expected: "B0042"),
        .init(description: "a GS1 separator inside is kept", raw: "0104912345\u{1D}10ABC",
              expected: "0104912345\u{1D}10ABC"),
        .init(description: "a space inside is kept", raw: "B 0042", expected: "B 0042"),
        .init(description: "Codabar A…B around digits is stripped", raw: "A123456B", expected: "123456"),
        .init(description: "Codabar C…D around digits is stripped", raw: "C0001D", expected: "0001"),
        .init(description: "Codabar with the same letter twice is stripped", raw: "A0001A", expected: "0001"),
        .init(description: "lowercase Codabar guards are stripped", raw: "a123456b", expected: "123456"),
        .init(description: "Codabar inside a CR LF terminator is stripped", raw: " A0001B\r\n", expected: "0001"),
        .init(description: "Codabar around a single digit is stripped", raw: "A1B", expected: "1"),
        .init(description: "guards around letters are kept", raw: "ABCD", expected: "ABCD"),
        .init(description: "guards around digits and a letter are kept", raw: "A12B34B", expected: "A12B34B"),
        .init(description: "guards around a Codabar dash are kept", raw: "A12-34B", expected: "A12-34B"),
        .init(description: "guards around full-width digits are kept", raw: "A１２３B", expected: "A１２３B"),
        .init(description: "a start letter without a stop letter is kept", raw: "A123456", expected: "A123456"),
        .init(description: "a stop letter without a start letter is kept", raw: "123456B", expected: "123456B"),
        .init(description: "E is not a Codabar guard", raw: "E123456E", expected: "E123456E"),
        .init(description: "two guard letters alone are kept", raw: "AB", expected: "AB"),
        .init(description: "one letter is kept", raw: "A", expected: "A"),
        .init(description: "empty stays empty", raw: "", expected: ""),
        .init(description: "only white space becomes empty", raw: " \t\r\n", expected: ""),
    ]

    @Test("normalize", arguments: normalizeCases)
    func normalize(_ c: NormalizeCase) {
        #expect(Barcode.normalize(c.raw) == c.expected)
    }

    struct CheckCase: Sendable, CustomStringConvertible {
        var description: String
        var code: String
        var valid: Bool
    }

    static let ean13Cases: [CheckCase] = [
        .init(description: "ぐりとぐら ISBN-13", code: "9784834000825", valid: true),
        .init(description: "a 979 ISBN-13", code: "9791040000006", valid: true),
        .init(description: "a JAN that is not an ISBN", code: "4901234567894", valid: true),
        .init(description: "check digit 2 of all zeros after 978", code: "9780000000002", valid: true),
        .init(description: "wrong check digit", code: "9784834000826", valid: false),
        .init(description: "two digits swapped", code: "9784834000285", valid: false),
        .init(description: "a letter as check digit", code: "978483400082X", valid: false),
        .init(description: "a letter inside", code: "97848340A0825", valid: false),
        .init(description: "full-width digits", code: "９７８４８３４０００８２５", valid: false),
        .init(description: "twelve digits", code: "978483400082", valid: false),
        .init(description: "fourteen digits", code: "97848340008250", valid: false),
        .init(description: "with a hyphen", code: "978-4834000825", valid: false),
        .init(description: "empty", code: "", valid: false),
    ]

    @Test("EAN-13 check digit", arguments: ean13Cases)
    func ean13(_ c: CheckCase) {
        #expect(Barcode.isValidEAN13(c.code) == c.valid)
    }

    static let isbn10Cases: [CheckCase] = [
        .init(description: "ぐりとぐら 4-8340-0082-6", code: "4834000826", valid: true),
        .init(description: "check character X", code: "080442957X", valid: true),
        .init(description: "check character lowercase x", code: "080442957x", valid: true),
        .init(description: "岩波 4-00-110601-9", code: "4001106019", valid: true),
        .init(description: "wrong check digit", code: "4834000827", valid: false),
        .init(description: "X where a digit belongs", code: "483400082X", valid: false),
        .init(description: "digit where X belongs", code: "0804429570", valid: false),
        .init(description: "X not in the last place", code: "X834000826", valid: false),
        .init(description: "a letter check character", code: "483400082A", valid: false),
        .init(description: "nine characters", code: "483400082", valid: false),
        .init(description: "eleven characters", code: "48340008260", valid: false),
        .init(description: "with hyphens", code: "4-8340-0082-6", valid: false),
        .init(description: "empty", code: "", valid: false),
    ]

    @Test("ISBN-10 check character", arguments: isbn10Cases)
    func isbn10(_ c: CheckCase) {
        #expect(Barcode.isValidISBN10(c.code) == c.valid)
    }

    struct ISBNCase: Sendable, CustomStringConvertible {
        var description: String
        var code: String
        var isbn13: String?
    }

    static let isbn13Cases: [ISBNCase] = [
        .init(description: "a 978 ISBN-13 is itself", code: "9784834000825", isbn13: "9784834000825"),
        .init(description: "a 979 ISBN-13 is itself", code: "9791040000006", isbn13: "9791040000006"),
        .init(description: "ISBN-10 of ぐりとぐら", code: "4834000826", isbn13: "9784834000825"),
        .init(description: "ISBN-10 with X", code: "080442957X", isbn13: "9780804429573"),
        .init(description: "ISBN-10 with lowercase x", code: "080442957x", isbn13: "9780804429573"),
        .init(description: "ISBN-10 of 岩波", code: "4001106019", isbn13: "9784001106015"),
        .init(description: "a JAN with a valid check digit is no ISBN", code: "4901234567894", isbn13: nil),
        .init(description: "a 978 EAN with a wrong check digit", code: "9784834000826", isbn13: nil),
        .init(description: "an invalid ISBN-10", code: "4834000827", isbn13: nil),
        .init(description: "a Book barcode", code: "B0042", isbn13: nil),
        .init(description: "twelve digits", code: "978483400082", isbn13: nil),
        .init(description: "empty", code: "", isbn13: nil),
    ]

    @Test("ISBN-13 for lookup", arguments: isbn13Cases)
    func isbn13(_ c: ISBNCase) {
        #expect(Barcode.isbn13(c.code) == c.isbn13)
    }

    @Test("an ISBN-10 converted to ISBN-13 is a valid EAN-13", arguments: ["4834000826", "080442957X", "4001106019"])
    func convertedIsValid(_ isbn10: String) throws {
        let converted = try #require(Barcode.isbn13(isbn10))
        #expect(Barcode.isValidEAN13(converted))
        #expect(converted.hasPrefix("978"))
    }
}

@Suite("ListingSearch folds as a teacher types")
struct ListingSearchFoldingTests {
    @Test("folded: katakana to hiragana, half-width to full, full-width letters and digits to plain, A–Z lowered, hyphens dropped",
          arguments: [
              ("ハルト", "はると"), ("ｸﾞﾘ", "ぐり"), ("ﾊﾟﾝ", "ぱん"), ("978-4-8340-0082-5", "9784834000825"),
              ("ＡＢＣ１２３", "abc123"), ("ぐりとぐら", "ぐりとぐら"), ("ラーメン", "らーめん"), ("９７８－４", "9784"),
          ])
    func folded(text: String, expected: String) {
        #expect(ListingSearch.folded(text) == expected)
    }

    @Test("ASCII's shortcut folds as the long way does, for every ASCII character and barcodes, ISBNs and names")
    func asciiShortcut() {
        let texts = (0x00...0x7F).map { String(Character(Unicode.Scalar(UInt8($0)))) }
            + ["B0000001", "978-4-8340-0082-5", "Eric Carle", "b-0042", "", "A-Z a-z 0-9 !?"]
        for text in texts {
            #expect(ListingSearch.folded(text) == ListingSearch.foldedThroughNFKC(text), "\(text.debugDescription)")
        }
        #expect(ListingSearch.folded("B-0042") == "b0042")
    }

    @Test("matches folds both sides")
    func matches() {
        #expect(ListingSearch.matches("ハルト", in: ["さとう はると"]))
        #expect(ListingSearch.matches("はると", in: ["ハルト"]))
        #expect(!ListingSearch.matches("はるか", in: ["ハルト"]))
        #expect(ListingSearch.matches("978-4-8340-0082-5", in: [nil, "9784834000825"]))
    }
}

@Suite("ListingSearch knows text that folding leaves as it is")
struct ListingSearchFoldedTextTests {
    static func isFolded(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { ListingSearch.isFolded($0) }
    }

    @Test("isFolded: plain titles, names, barcodes and ISBNs are already folded",
          arguments: ["えほん 12", "さくしゃ 3", "b0000001", "9784834000825", "ぐりとぐら", "山田 はると", "はらぺこあおむし", "らーめん、ください。", "「ぐり」", ""])
    func plainTextIsFolded(text: String) {
        #expect(Self.isFolded(text))
        #expect(ListingSearch.folded(text) == text)
    }

    @Test("isFolded: text that folding changes, or may, is not",
          arguments: ["ハルト", "ｸﾞﾘ", "ＡＢＣ", "Eric Carle", "B0000001", "978-4", "９", "か\u{3099}", "ﾊﾟﾝ", "ゟ", "㈱", "Café", "\u{3000}"])
    func changingTextIsNot(text: String) {
        #expect(!Self.isFolded(text))
    }

    @Test("isFolded never says so of a character that folding changes (every ASCII, kana and CJK character it accepts)")
    func everyAcceptedCharacterFoldsToItself() {
        let candidates = Array(0x00...0x7F) + Array(0x3000...0x30FF) + Array(0x4E00...0x9FFF)
        let changed = candidates.compactMap(Unicode.Scalar.init).map { String(Character($0)) }.filter { text in
            Self.isFolded(text) && ListingSearch.folded(text) != text
        }
        #expect(changed.isEmpty)
    }
}
