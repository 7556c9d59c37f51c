import Lending
@testable import Printing
import Testing

@Suite("NW-7 (Codabar)")
struct CodabarTests {
    /// The Codabar table as published with narrow = 1 module and wide = 2 (the form of
    /// ANSI/AIM BC3 and of barcodeisland.com's table): bar 1, space 0.
    static let published: [(Character, String)] = [
        ("0", "101010011"), ("1", "101011001"), ("2", "101001011"), ("3", "110010101"), ("4", "101101001"),
        ("5", "110101001"), ("6", "100101011"), ("7", "100101101"), ("8", "100110101"), ("9", "110100101"),
        ("-", "101001101"), ("$", "101100101"), (":", "1101011011"), ("/", "1101101011"), (".", "1101101101"),
        ("+", "1011011011"), ("A", "1011001001"), ("B", "1001001011"), ("C", "1010010011"), ("D", "1010011001"),
    ]

    @Test("each character's bars and spaces are the published ones", arguments: published)
    func table(character: Character, modules: String) throws {
        let elements = try #require(Codabar.elements[character])
        #expect(BarPattern(widths: elements.map { $0 == "1" ? 2 : 1 }).moduleString == modules)
    }

    @Test("a digit barcode is start A, its digits and stop A, with a narrow space between characters")
    func wholeBarcode() throws {
        let pattern = try Codabar.pattern(for: "40156", wideRatio: 2).get()
        let expected = ["A", "4", "0", "1", "5", "6", "A"].map { key in
            Self.published.first { String($0.0) == key }!.1
        }.joined(separator: "0")
        #expect(pattern.moduleString == expected)
        #expect(pattern.widths.count == 7 * 7 + 6)
    }

    @Test("wide elements are the ratio wide; letters are refused with the way out")
    func ratioAndRefusal() throws {
        let pattern = try Codabar.pattern(for: "1", wideRatio: 2.75).get()
        #expect(Set(pattern.widths) == [1, 2.75])
        guard case .failure(let problem) = Codabar.pattern(for: "B0001", wideRatio: 3) else {
            Issue.record("letters were encoded")
            return
        }
        #expect(problem.description.contains("B0001") && problem.description.contains("code128"))
    }
}

@Suite("Code 128")
struct Code128Tests {
    @Test("every symbol is 11 modules of 3 bars and 3 spaces (the stop 13), and no two are alike")
    func tableShape() {
        #expect(Code128.patterns.count == 107)
        for (value, pattern) in Code128.patterns.enumerated() {
            let sum = pattern.compactMap(\.wholeNumberValue).reduce(0, +)
            #expect(sum == (value == Code128.stop ? 13 : 11), "value \(value)")
        }
        #expect(Set(Code128.patterns).count == 107)
    }

    @Test("start B, start C and stop are the published module strings")
    func guards() {
        func modules(_ value: Int) -> String {
            BarPattern(widths: Code128.patterns[value].compactMap { $0.wholeNumberValue.map(Double.init) }).moduleString
        }
        #expect(modules(Code128.startB) == "11010010000")
        #expect(modules(Code128.startC) == "11010011100")
        #expect(modules(Code128.stop) == "1100011101011")
        #expect(modules(0) == "11011001100")
    }

    /// barcoderesource.com's check character examples: "abcdef" in B gives 97, "345678" in C 73.
    @Test("the check character of the published examples")
    func publishedChecksums() throws {
        #expect(try Code128.values(for: "abcdef").get() == [104, 65, 66, 67, 68, 69, 70, 97, 106])
        #expect(try Code128.values(for: "345678").get() == [105, 34, 56, 78, 73, 106])
    }

    @Test("digit runs switch to C (an odd run leaves its first digit in B), letters back to B")
    func switching() throws {
        let values = try Code128.values(for: "B1234567").get()
        #expect(Array(values.prefix(7)) == [104, 34, 17, 99, 23, 45, 67])
        #expect(values[7] == Code128.checkValue(Array(values.prefix(7))))
        let middle = try Code128.values(for: "X123456Y").get()
        #expect(Array(middle.prefix(8)) == [104, 56, 99, 12, 34, 56, 100, 57])
        // Four digits at the end go to C; three stay in B.
        #expect(try Code128.values(for: "C0001").get().prefix(5) == [104, 35, 99, 0, 1])
        #expect(try Code128.values(for: "C001").get().prefix(5) == [104, 35, 16, 16, 17])
    }

    @Test("text outside printable ASCII is refused, naming the barcode")
    func refusal() {
        guard case .failure(let problem) = Code128.pattern(for: "えほん1") else {
            Issue.record("kana was encoded")
            return
        }
        #expect(problem.description.contains("えほん1"))
    }

    @Test("digits choose NW-7, anything else Code 128")
    func automatic() {
        #expect(Symbology.automatic(for: "20000001") == .nw7)
        #expect(Symbology.automatic(for: "B0001") == .code128)
        #expect(Symbology.automatic(for: "") == .code128)
    }
}

@Suite("Numbers for rows without a barcode")
struct BarcodeNumberingTests {
    @Test("mod10w21: 12345678 → 2, and other sums")
    func checkDigit() {
        #expect(BarcodeNumbering.mod10w21("12345678") == 2)
        #expect(BarcodeNumbering.mod10w21("0") == 0)
        #expect(BarcodeNumbering.mod10w21("5") == 9)  // 5×2 = 10 → 1+0 = 1 → 9
    }

    @Test("numbers follow the highest in use, skip taken ones, and keep to prefix and length")
    func next() throws {
        let books = BarcodeNumbering.books
        #expect(try books.next(2, avoiding: []) == ["20000001", "20000002"])
        #expect(try books.next(2, avoiding: ["20000041", "10000099", "B0001", "2000000"]) == ["20000042", "20000043"])
        let checked = BarcodeNumbering(prefix: "1", length: 8, checkDigit: .mod10w21)
        let first = try checked.next(1, avoiding: [])[0]
        #expect(first == "1000001" + String(BarcodeNumbering.mod10w21("1000001")))
        #expect(checked.serial(of: first) == 1)
        let wrongCheck = "1000001" + String((BarcodeNumbering.mod10w21("1000001") + 1) % 10)
        #expect(checked.serial(of: wrongCheck) == nil)
        let tiny = BarcodeNumbering(prefix: "9", length: 4)
        #expect(tiny.problem == nil)
        #expect(throws: BarcodeNumbering.Exhausted.self) { try tiny.next(1, avoiding: ["9999"]) }
        #expect(BarcodeNumbering(prefix: "12345678", length: 8).problem != nil)
        #expect(BarcodeNumbering(prefix: "x", length: 8).problem != nil)
    }
}
