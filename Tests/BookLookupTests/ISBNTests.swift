import BookLookup
import Testing

@Suite("ISBN: 10 or 13, hyphens allowed, wrong ones refused with what was wrong")
struct ISBNTests {
    @Test("accepted ISBNs and their 13 digits", arguments: [
        ("9784839931995", "9784839931995"),
        ("978-4-8399-3199-5", "9784839931995"),
        ("4-12-201795-5", "9784122017955"),
        ("4122017955", "9784122017955"),
        ("4-8340-0080-X", "9784834000801"),
        ("4-8340-0080-x", "9784834000801"),
        (" ９７８４８３４０００８２５ ", "9784834000825"),
        ("979-10-90636-07-1", "9791090636071"),
    ])
    func accepted(text: String, digits: String) throws {
        #expect(try ISBN(text).digits == digits)
    }

    @Test("refused ISBNs and why", arguments: [
        ("", ISBN.Invalid.empty),
        ("  - ", ISBN.Invalid.empty),
        ("9784839931994", ISBN.Invalid.checkDigit("9784839931994", expected: "5")),
        ("4-8340-0080-5", ISBN.Invalid.checkDigit("4-8340-0080-5", expected: "X")),
        ("4-8340-0082-X", ISBN.Invalid.checkDigit("4-8340-0082-X", expected: "6")),
        ("978483993199", ISBN.Invalid.length(12, in: "978483993199")),
        ("4901234567894", ISBN.Invalid.notABook("4901234567894")),
        ("97848399X1995", ISBN.Invalid.character("X", in: "97848399X1995")),
        ("ISBN978", ISBN.Invalid.character("I", in: "ISBN978")),
    ])
    func refused(text: String, invalid: ISBN.Invalid) {
        #expect(throws: invalid) { try ISBN(text) }
    }

    @Test("a wrong check digit names the right one and what to do")
    func checkDigitMessage() {
        #expect(ISBN.Invalid.checkDigit("9784839931994", expected: "5").description
            == "\"9784839931994\" is not a valid ISBN: its last character should be 5; check for a mistyped digit")
    }
}
