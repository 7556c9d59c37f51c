/// How Books and Users imported without a barcode get one: digits only (so they print as NW-7
/// and every scanner reads them), a prefix that keeps Cards and Books apart, a fixed length,
/// and an optional check digit. Numbers are handed out after the highest one already in use
/// under the same prefix and length, and never collide with any Book's or Card's barcode.
public struct BarcodeNumbering: Sendable, Equatable {
    /// The check digit appended to a number, if any.
    public enum CheckDigit: String, Sendable, Hashable, CaseIterable {
        case none
        /// Weights 2, 1, 2, … from the rightmost digit, two-digit products added digit by digit,
        /// check = (10 − sum mod 10) mod 10: 12345678 → 2.
        case mod10w21
    }

    /// The numbers ran out: every number of this prefix and length is taken.
    public struct Exhausted: Error, Equatable, CustomStringConvertible {
        public var numbering: BarcodeNumbering
        public var description: String {
            "every \(numbering.length)-digit number starting with \(numbering.prefix) is taken; set a longer length in the config's numbering"
        }
    }

    /// The first digits of every number (digits only; may be empty).
    public var prefix: String
    /// The number of digits in all, prefix and check digit included.
    public var length: Int
    public var checkDigit: CheckDigit

    /// The default length of a number.
    public static let defaultLength = 8
    /// Cards: `1` and seven more digits.
    public static let cards = BarcodeNumbering(prefix: "1", length: defaultLength, checkDigit: .none)
    /// Books: `2` and seven more digits.
    public static let books = BarcodeNumbering(prefix: "2", length: defaultLength, checkDigit: .none)
    /// The shortest and longest lengths a numbering may have: 12 digits is the most an NW-7
    /// barcode holds at a scannable size on the smallest built-in labels (48.3 mm across).
    public static let lengths = 4...12

    public init(prefix: String, length: Int, checkDigit: CheckDigit = .none) {
        self.prefix = prefix
        self.length = length
        self.checkDigit = checkDigit
    }

    /// How many digits count up: the length less the prefix and the check digit.
    var serialDigits: Int { length - prefix.count - (checkDigit == .none ? 0 : 1) }

    /// Why this numbering cannot be used, or nil when it can.
    public var problem: String? {
        guard prefix.allSatisfy(\.isASCIIDigit) else { return "the prefix must be digits only, like \"1\"" }
        guard Self.lengths.contains(length) else {
            return "the length must be from \(Self.lengths.lowerBound) to \(Self.lengths.upperBound) digits"
        }
        guard serialDigits >= 2 else { return "the length leaves fewer than 2 digits after the prefix to count up" }
        return nil
    }

    /// The mod10w21 check digit of `digits` (digits only).
    public static func mod10w21(_ digits: String) -> Int {
        var sum = 0
        for (index, character) in digits.reversed().enumerated() {
            let product = (character.asciiDigitValue ?? 0) * (index.isMultiple(of: 2) ? 2 : 1)
            sum += product / 10 + product % 10
        }
        return (10 - sum % 10) % 10
    }

    /// The barcode for serial number `serial`, or nil when it has too many digits.
    public func barcode(serial: Int) -> String? {
        let digits = String(serial)
        guard serial >= 0, digits.count <= serialDigits else { return nil }
        let body = prefix + String(repeating: "0", count: serialDigits - digits.count) + digits
        switch checkDigit {
        case .none: return body
        case .mod10w21: return body + String(Self.mod10w21(body))
        }
    }

    /// The serial number of `barcode` when it is one of this numbering's (prefix, length and a
    /// valid check digit), else nil.
    public func serial(of barcode: String) -> Int? {
        guard barcode.count == length, barcode.hasPrefix(prefix), barcode.allSatisfy(\.isASCIIDigit) else { return nil }
        let withoutPrefix = barcode.dropFirst(prefix.count)
        let serialText = withoutPrefix.prefix(serialDigits)
        if checkDigit == .mod10w21 {
            let body = String(barcode.dropLast())
            guard barcode.last?.asciiDigitValue == Self.mod10w21(body) else { return nil }
        }
        return Int(serialText)
    }

    /// `count` new barcodes, in order, after the highest of this numbering in `taken` and not in
    /// `taken` (every Book's and Card's barcode).
    public func next(_ count: Int, avoiding taken: Set<String>) throws(Exhausted) -> [String] {
        var serial = (taken.compactMap(serial(of:)).max() ?? 0) + 1
        var given: [String] = []
        while given.count < count {
            guard let code = barcode(serial: serial) else { throw Exhausted(numbering: self) }
            if !taken.contains(code) { given.append(code) }
            serial += 1
        }
        return given
    }
}
