/// Barcode text as scanners deliver it, made ready for lookup.
public enum Barcode {
    /// Codabar (NW-7) start/stop characters, upper and lower case.
    static let codabarGuards: Set<Character> = ["A", "B", "C", "D", "a", "b", "c", "d"]

    /// Trims white space and control characters, and strips Codabar start/stop letters
    /// (`A123456B` → `123456`) when what they enclose is digits.
    public static func normalize(_ raw: String) -> String {
        let trimmed = String(raw.unicodeScalars.drop(while: isPadding).reversed().drop(while: isPadding).reversed()
            .map(Character.init))
        guard trimmed.count >= 3, let first = trimmed.first, let last = trimmed.last,
              codabarGuards.contains(first), codabarGuards.contains(last)
        else { return trimmed }
        let inner = trimmed.dropFirst().dropLast()
        return inner.allSatisfy(\.isASCIIDigit) ? String(inner) : trimmed
    }

    /// The ISBN-13 a scanned barcode stands for: an EAN-13 starting 978 or 979 with a valid
    /// check digit, or a valid 10-character ISBN converted to its ISBN-13. Nil otherwise.
    public static func isbn13(_ code: String) -> String? {
        if code.count == 13, code.hasPrefix("978") || code.hasPrefix("979"), isValidEAN13(code) {
            return code
        }
        if code.count == 10, isValidISBN10(code) {
            let stem = "978" + code.prefix(9)
            return stem + String(ean13CheckDigit(stem))
        }
        return nil
    }

    /// Whether `code` is 13 digits whose last is the EAN-13 check digit of the first 12.
    public static func isValidEAN13(_ code: String) -> Bool {
        guard code.count == 13, code.allSatisfy(\.isASCIIDigit) else { return false }
        return ean13CheckDigit(String(code.prefix(12))) == code.last!.wholeNumberValue!
    }

    /// Whether `code` is nine digits and a check character (digit or `X`) that makes the
    /// weighted sum divisible by 11.
    public static func isValidISBN10(_ code: String) -> Bool {
        guard code.count == 10, code.prefix(9).allSatisfy(\.isASCIIDigit) else { return false }
        let check = code.last!
        let checkValue: Int
        if check == "X" || check == "x" {
            checkValue = 10
        } else if let digit = check.asciiDigitValue {
            checkValue = digit
        } else {
            return false
        }
        var sum = checkValue
        for (index, digit) in code.prefix(9).enumerated() {
            sum += (10 - index) * digit.asciiDigitValue!
        }
        return sum % 11 == 0
    }

    /// The check digit of a 12-digit EAN stem.
    public static func ean13CheckDigit(_ stem: String) -> Int {
        var sum = 0
        for (index, digit) in stem.enumerated() {
            sum += digit.asciiDigitValue! * (index.isMultiple(of: 2) ? 1 : 3)
        }
        return (10 - sum % 10) % 10
    }

    private static func isPadding(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || scalar.value < 0x20 || scalar.value == 0x7F
    }
}

extension Character {
    var isASCIIDigit: Bool { asciiDigitValue != nil }

    var asciiDigitValue: Int? {
        guard let ascii = asciiValue, ascii >= 48, ascii <= 57 else { return nil }
        return Int(ascii - 48)
    }
}
