/// The barcode symbologies BookKiosk prints.
public enum Symbology: String, Sendable, Hashable, CaseIterable {
    /// NW-7 (Codabar), the symbology Japanese libraries use: digits, with start/stop `A`.
    case nw7
    /// Code 128, subsets B and C: any printable ASCII.
    case code128

    /// NW-7 for a barcode of digits only, Code 128 for anything else.
    public static func automatic(for barcode: String) -> Symbology {
        !barcode.isEmpty && barcode.allSatisfy { $0.isASCII && $0.isNumber } ? .nw7 : .code128
    }

    /// The bars and spaces of `barcode`, or why it cannot be drawn in this symbology.
    /// `wideRatio` is NW-7's wide-to-narrow ratio (Code 128 has none).
    public func pattern(for barcode: String, wideRatio: Double) -> Result<BarPattern, Unencodable> {
        switch self {
        case .nw7: Codabar.pattern(for: barcode, wideRatio: wideRatio)
        case .code128: Code128.pattern(for: barcode)
        }
    }
}

/// A barcode as element widths, alternately bar and space, starting and ending with a bar, in
/// narrow modules (Code 128's modules; NW-7's narrow element).
public struct BarPattern: Sendable, Equatable {
    public var widths: [Double]

    public init(widths: [Double]) {
        self.widths = widths
    }

    /// The whole width, in modules.
    public var modules: Double { widths.reduce(0, +) }

    /// The bars as (start, width) in modules from the left end.
    public var bars: [(start: Double, width: Double)] {
        var x = 0.0
        var bars: [(Double, Double)] = []
        for (index, width) in widths.enumerated() {
            if index.isMultiple(of: 2) { bars.append((x, width)) }
            x += width
        }
        return bars
    }

    /// The pattern as ones (bar) and zeros (space), one a module, for widths that are whole
    /// modules: how symbology tables publish them.
    public var moduleString: String {
        widths.enumerated().map { index, width in
            String(repeating: index.isMultiple(of: 2) ? "1" : "0", count: Int(width.rounded()))
        }.joined()
    }
}

/// A barcode a symbology cannot draw, and why.
public struct Unencodable: Error, Equatable, CustomStringConvertible {
    public var barcode: String
    public var symbology: Symbology
    public var reason: String

    public var description: String { "\(barcode) cannot be drawn as \(symbology.displayName): \(reason)" }
}

extension Symbology {
    public var displayName: String {
        switch self {
        case .nw7: "NW-7"
        case .code128: "Code 128"
        }
    }
}
