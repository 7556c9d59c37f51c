/// What makes a printed barcode one every scanner reads: a narrow module of 0.25–0.33 mm,
/// NW-7's wide elements 2.5–3 narrow ones wide, bars at least 8 mm high, and a quiet zone of at
/// least 10 modules on each side, inside the label. A barcode that cannot be drawn so is
/// refused, never printed smaller.
public struct BarcodeRules: Sendable, Equatable {
    /// The narrow module's width, in millimetres.
    public var narrowModule: ClosedRange<Double> = 0.25...0.33
    /// NW-7's wide-to-narrow ratios, most readable first.
    public var wideRatios: [Double] = [3.0, 2.5]
    /// The shortest bars, in millimetres.
    public var minimumBarHeight = 8.0
    /// The quiet zone on each side, in narrow modules.
    public var quietZoneModules = 10.0
    /// How far a printer may put the page off its place, in millimetres: the quiet zones keep
    /// this far from the label's edges.
    public var printerSlack = 1.0

    public init() {}

    public static let standard = BarcodeRules()

    /// `barcode` drawn as wide as the rules allow within `width` millimetres (quiet zones and
    /// the printer's slack included), or nil when even the narrowest module does not fit.
    public func fit(_ barcode: String, as symbology: Symbology, within width: Double) throws(Unencodable) -> FittedBarcode? {
        let ratios = symbology == .nw7 ? wideRatios : [1.0]
        var best: FittedBarcode?
        for ratio in ratios {
            let pattern: BarPattern
            switch symbology.pattern(for: barcode, wideRatio: ratio) {
            case .success(let found): pattern = found
            case .failure(let problem): throw problem
            }
            let modules = pattern.modules + 2 * quietZoneModules
            let module = min(narrowModule.upperBound, (width - 2 * printerSlack) / modules)
            guard module >= narrowModule.lowerBound else { continue }
            if best == nil || module > best!.module + 1e-9 {
                best = FittedBarcode(barcode: barcode, symbology: symbology, pattern: pattern, module: module,
                                     wideRatio: symbology == .nw7 ? ratio : nil, quietZone: quietZoneModules * module)
            }
        }
        return best
    }

    /// The width the narrowest drawing of `barcode` needs, quiet zones and slack included, in
    /// millimetres (for messages).
    public func narrowestWidth(_ barcode: String, as symbology: Symbology) -> Double? {
        let ratio = symbology == .nw7 ? (wideRatios.min() ?? 2.5) : 1
        guard case .success(let pattern) = symbology.pattern(for: barcode, wideRatio: ratio) else { return nil }
        return (pattern.modules + 2 * quietZoneModules) * narrowModule.lowerBound + 2 * printerSlack
    }
}

/// A barcode with its module chosen: ready to be drawn.
public struct FittedBarcode: Sendable, Equatable {
    public var barcode: String
    public var symbology: Symbology
    public var pattern: BarPattern
    /// The narrow module, in millimetres.
    public var module: Double
    /// NW-7's wide-to-narrow ratio; nil for Code 128.
    public var wideRatio: Double?
    /// Each side's quiet zone, in millimetres.
    public var quietZone: Double

    /// The bars' width, in millimetres, without quiet zones.
    public var barsWidth: Double { pattern.modules * module }
}
