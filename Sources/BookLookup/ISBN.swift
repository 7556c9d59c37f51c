import Lending

/// An ISBN, checked: 13 digits starting 978 or 979 with a right check digit. Read from an
/// ISBN-13 or an ISBN-10 (its last character may be `X`), with or without hyphens and spaces;
/// a wrong one is refused with what was wrong before anything is asked of a service.
public struct ISBN: Sendable, Hashable, CustomStringConvertible {
    /// The 13 digits.
    public let digits: String

    /// Why a text is not an ISBN, worded for the person who typed or scanned it.
    public enum Invalid: Error, Sendable, Equatable, CustomStringConvertible {
        case empty
        /// A character other than a digit, a hyphen or a space (or an `X` at the end of ten).
        case character(Character, in: String)
        /// Not 10 or 13 characters once hyphens and spaces are left out.
        case length(Int, in: String)
        /// 13 digits that do not start 978 or 979 (an EAN of something that is not a book).
        case notABook(String)
        /// The last digit (or `X`) is not the one the others make.
        case checkDigit(String, expected: Character)

        public var description: String {
            switch self {
            case .empty:
                "no ISBN was given: type or scan the 13 digits printed above the book's barcode"
            case .character(let character, let text):
                "\"\(text)\" is not an ISBN: 「\(character)」 cannot be part of one (only digits, hyphens, and an X at the end of an ISBN-10)"
            case .length(let count, let text):
                "\"\(text)\" is not an ISBN: it has \(count) digits, and an ISBN has 13 (or 10 on older books)"
            case .notABook(let text):
                "\"\(text)\" is not an ISBN: an ISBN-13 starts with 978 or 979 (this barcode is of something else)"
            case .checkDigit(let text, let expected):
                "\"\(text)\" is not a valid ISBN: its last character should be \(expected); check for a mistyped digit"
            }
        }
    }

    /// Reads an ISBN-13 or ISBN-10; hyphens, spaces and full-width digits are allowed.
    public init(_ text: String) throws(Invalid) {
        let shown = text.trimmingWhiteSpace
        var characters: [Character] = []
        for character in shown {
            switch character {
            case "-", " ", "\u{3000}", "‐", "－", "ー": continue
            case "0"..."9": characters.append(character)
            case "０"..."９":
                characters.append(Character(Unicode.Scalar(character.unicodeScalars.first!.value - 0xFF10 + 0x30)!))
            case "X", "x", "Ｘ", "ｘ": characters.append("X")
            default: throw .character(character, in: shown)
            }
        }
        guard !characters.isEmpty else { throw .empty }
        if let x = characters.firstIndex(of: "X"), !(characters.count == 10 && x == 9) {
            throw .character("X", in: shown)
        }
        let code = String(characters)
        switch characters.count {
        case 13:
            guard code.hasPrefix("978") || code.hasPrefix("979") else { throw .notABook(shown) }
            let expected = Character(String(Barcode.ean13CheckDigit(String(code.prefix(12)))))
            guard characters[12] == expected else { throw .checkDigit(shown, expected: expected) }
            digits = code
        case 10:
            guard Barcode.isValidISBN10(code) else { throw .checkDigit(shown, expected: ISBN.isbn10CheckCharacter(code.prefix(9))) }
            let stem = "978" + code.prefix(9)
            digits = stem + String(Barcode.ean13CheckDigit(stem))
        default:
            throw .length(characters.count, in: shown)
        }
    }

    public var description: String { digits }

    /// The check character (a digit or `X`) of nine ISBN-10 digits.
    static func isbn10CheckCharacter(_ stem: Substring) -> Character {
        var sum = 0
        for (index, digit) in stem.enumerated() { sum += (10 - index) * digit.wholeNumberValue! }
        let check = (11 - sum % 11) % 11
        return check == 10 ? "X" : Character(String(check))
    }
}

extension String {
    var trimmingWhiteSpace: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
