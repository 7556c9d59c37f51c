/// A sheet of labels or cards: the paper, and a grid of equal labels on it, all in millimetres.
/// Label positions are counted from 1 at the top left, row by row.
public struct Sheet: Sendable, Equatable {
    /// The paper a sheet is printed on; pages are exactly this size, nothing is scaled to fit.
    public enum Paper: String, Sendable, Hashable, CaseIterable {
        case a4
        case letter

        /// The paper's width and height in millimetres.
        public var size: (width: Double, height: Double) {
            switch self {
            case .a4: (210, 297)
            case .letter: (215.9, 279.4)
            }
        }

        public var name: String {
            switch self {
            case .a4: "A4"
            case .letter: "Letter"
            }
        }
    }

    public var name: String
    /// What a person finds on the packet: maker and product.
    public var title: String
    public var paper: Paper
    public var columns: Int
    public var rows: Int
    public var labelWidth: Double
    public var labelHeight: Double
    /// From the paper's left edge to the first column's left edge.
    public var leftMargin: Double
    /// From the paper's top edge to the first row's top edge.
    public var topMargin: Double
    /// From one column's left edge to the next one's (the label's width when there is no gap).
    public var horizontalPitch: Double
    /// From one row's top edge to the next one's.
    public var verticalPitch: Double

    public init(name: String, title: String, paper: Paper = .a4, columns: Int, rows: Int,
                labelWidth: Double, labelHeight: Double, leftMargin: Double, topMargin: Double,
                horizontalPitch: Double? = nil, verticalPitch: Double? = nil) {
        self.name = name
        self.title = title
        self.paper = paper
        self.columns = columns
        self.rows = rows
        self.labelWidth = labelWidth
        self.labelHeight = labelHeight
        self.leftMargin = leftMargin
        self.topMargin = topMargin
        self.horizontalPitch = horizontalPitch ?? labelWidth
        self.verticalPitch = verticalPitch ?? labelHeight
    }

    /// How many labels a sheet holds.
    public var count: Int { columns * rows }

    /// The smallest label a Card is offered on (a business card is 91 × 55 mm; a Card's band,
    /// reading, name and bars need about this much).
    public static let smallestCard = (width: 80.0, height: 50.0)

    /// Whether its labels are card-sized: the page offers it for Cards, the others for labels.
    public var holdsCards: Bool { labelWidth >= Self.smallestCard.width && labelHeight >= Self.smallestCard.height }

    /// The title without the count or paper it may end with in parentheses ("A-One 28368").
    public var product: String {
        guard let open = title.range(of: " ("), title.hasSuffix(")") else { return title }
        return String(title[..<open.lowerBound])
    }

    /// The label at `position` (1 = top left, row by row), in millimetres from the paper's top
    /// left corner.
    public func labelFrame(position: Int) -> (x: Double, y: Double, width: Double, height: Double) {
        let index = position - 1
        let column = index % columns, row = index / columns
        return (leftMargin + Double(column) * horizontalPitch, topMargin + Double(row) * verticalPitch,
                labelWidth, labelHeight)
    }

    /// Slack allowed when checking that labels fit the paper (rounding in published figures).
    static let toleranceMillimetres = 0.2

    /// Everything that makes this sheet impossible, each naming what is wrong; empty when it is
    /// fine.
    public var problems: [String] {
        var problems: [String] = []
        if columns < 1 { problems.append("columns must be 1 or more") }
        if rows < 1 { problems.append("rows must be 1 or more") }
        if labelWidth <= 0 || labelHeight <= 0 { problems.append("the label width and height must be more than 0 mm") }
        if leftMargin < 0 || topMargin < 0 { problems.append("the left and top margins cannot be negative") }
        if horizontalPitch < labelWidth - Self.toleranceMillimetres {
            problems.append("the horizontal pitch (\(format(horizontalPitch)) mm) is less than the label width (\(format(labelWidth)) mm): labels would overlap")
        }
        if verticalPitch < labelHeight - Self.toleranceMillimetres {
            problems.append("the vertical pitch (\(format(verticalPitch)) mm) is less than the label height (\(format(labelHeight)) mm): labels would overlap")
        }
        guard problems.isEmpty else { return problems }
        let right = leftMargin + Double(columns - 1) * horizontalPitch + labelWidth
        let bottom = topMargin + Double(rows - 1) * verticalPitch + labelHeight
        if right > paper.size.width + Self.toleranceMillimetres {
            problems.append("the labels reach \(format(right)) mm from the left edge, past the \(paper.name) page's \(format(paper.size.width)) mm")
        }
        if bottom > paper.size.height + Self.toleranceMillimetres {
            problems.append("the labels reach \(format(bottom)) mm from the top edge, past the \(paper.name) page's \(format(paper.size.height)) mm")
        }
        return problems
    }

    /// "48.3 × 25.4 mm".
    public var labelSizeText: String { "\(format(labelWidth)) × \(format(labelHeight)) mm" }
}

/// A length in millimetres as people write it: "48.3", "8".
func format(_ millimetres: Double) -> String {
    let rounded = (millimetres * 100).rounded() / 100
    if rounded == rounded.rounded() { return String(Int(rounded)) }
    var text = String(rounded)
    while text.hasSuffix("0") { text.removeLast() }
    return text
}

extension Sheet {
    /// The built-in sheets. The A-One geometry is LibreOffice's `extras/source/labels/labels.xml`
    /// (no gaps between labels). The Avery geometry is from the same file
    /// (LibreOffice/core, commit 2b45cac4): "Avery A4" L7160 Address is
    /// `S;6604;3810;6350;3810;720;1515;3;7;21000;29700` and "Avery Letter Size" 5160 Address is
    /// `S;6985;2540;6668;2540;478;1270;3;10;21590;27940` (horizontal pitch; vertical pitch;
    /// width; height; left; top in 1/100 mm; columns; rows; page width; page height).
    public static let builtIn: [Sheet] = [
        Sheet(name: "a-one-28368", title: "A-One 28368 (44 labels)", columns: 4, rows: 11,
              labelWidth: 48.3, labelHeight: 25.4, leftMargin: 8.4, topMargin: 8.8),
        Sheet(name: "a-one-28369", title: "A-One 28369 (24 labels)", columns: 3, rows: 8,
              labelWidth: 66, labelHeight: 33.9, leftMargin: 6, topMargin: 12.9),
        Sheet(name: "a-one-28362", title: "A-One 28362 (12 labels)", columns: 2, rows: 6,
              labelWidth: 86.4, labelHeight: 42.3, leftMargin: 18.6, topMargin: 21.2),
        Sheet(name: "a-one-51002", title: "A-One 51002 (10 business cards)", columns: 2, rows: 5,
              labelWidth: 91, labelHeight: 55, leftMargin: 14, topMargin: 11),
        Sheet(name: "hisago-cj602s", title: "Hisago CJ602S (10 business cards)", columns: 2, rows: 5,
              labelWidth: 90, labelHeight: 55, leftMargin: 15, topMargin: 7),
        Sheet(name: "avery-l7160", title: "Avery L7160 (A4, 21 labels)", columns: 3, rows: 7,
              labelWidth: 63.5, labelHeight: 38.1, leftMargin: 7.2, topMargin: 15.15,
              horizontalPitch: 66.04, verticalPitch: 38.1),
        Sheet(name: "avery-5160", title: "Avery 5160 (Letter, 30 labels)", paper: .letter, columns: 3, rows: 10,
              labelWidth: 66.68, labelHeight: 25.4, leftMargin: 4.78, topMargin: 12.7,
              horizontalPitch: 69.85, verticalPitch: 25.4),
    ]

    /// The default sheet for Cards.
    public static let defaultCardSheet = "a-one-51002"
    /// The default sheet for Book labels.
    public static let defaultLabelSheet = "a-one-28368"
}
