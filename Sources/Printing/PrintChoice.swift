import Lending

/// One Card or label to print: its barcode and the name or title on it (and a Card's reading
/// and class), chosen from the library by `PrintChoice.choose` (for `bookkiosk print
/// cards|labels` and the page's 印刷).
public struct PrintChoice: Sendable, Equatable {
    public var barcode: String
    public var name: String
    /// A Card's reading (よみがな), printed big for the child; nil for a label or a User without one.
    public var reading: String?
    /// A Card's class (組); nil for a label or a User in none.
    public var className: String?

    public init(barcode: String, name: String, reading: String? = nil, className: String? = nil) {
        self.barcode = barcode
        self.name = name
        self.reading = reading
        self.className = className
    }

    /// Which to print.
    public enum Selection: Sendable, Equatable {
        /// Every active User or available Book.
        case all
        /// Those never printed.
        case new
        /// Exactly these barcodes, in this order, once each.
        case barcodes([String])
    }

    /// The Cards (`.card`) or labels (`.label`) `selection` names, of Users of `className` when
    /// given (Cards only). `all` and `new` leave out inactive Users and withdrawn or lost Books;
    /// a list prints what it names. Returns the barcodes the library does not have as a refusal.
    public static func choose(_ selection: Selection, kind: PrintedKind, className: String? = nil,
                              in tx: any LendingTransaction) throws -> Result<[PrintChoice], UnknownBarcodes> {
        let everything: [(PrintChoice, Bool)] = switch kind {
        case .card:
            try tx.allUsers().filter { className == nil || $0.className == className }
                .map { (PrintChoice(barcode: $0.card, name: $0.name, reading: $0.reading, className: $0.className), $0.isActive) }
        case .label:
            try tx.allBooks().map { (PrintChoice(barcode: $0.barcode, name: $0.title), $0.status == .available) }
        }
        switch selection {
        case .all:
            return .success(everything.filter(\.1).map(\.0))
        case .new:
            let printed = try tx.printedTimes(kind)
            return .success(everything.filter { $0.1 && printed[$0.0.barcode] == nil }.map(\.0))
        case .barcodes(let named):
            let byBarcode = Dictionary(everything.map { ($0.0.barcode, $0.0) }, uniquingKeysWith: { first, _ in first })
            let unknown = named.filter { byBarcode[$0] == nil }
            guard unknown.isEmpty else { return .failure(UnknownBarcodes(barcodes: unknown)) }
            var seen = Set<String>()
            return .success(named.filter { seen.insert($0).inserted }.compactMap { byBarcode[$0] })
        }
    }

    /// Barcodes asked for that the library does not have.
    public struct UnknownBarcodes: Error, Sendable, Equatable {
        public var barcodes: [String]
    }
}
