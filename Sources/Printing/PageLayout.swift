import Scene

/// What goes on one library Card: the child's name (its reading big, where there is one, for
/// the child who reads only hiragana; the name as written and the class small, for the
/// grown-ups) and the barcode.
public struct CardFace: Sendable, Equatable {
    public var name: String
    public var barcode: String
    /// The name's reading (よみがな) in hiragana; nil prints the name big.
    public var reading: String?
    /// The User's class (組).
    public var className: String?

    public init(name: String, barcode: String, reading: String? = nil, className: String? = nil) {
        self.name = name
        self.barcode = barcode
        self.reading = reading
        self.className = className
    }

    /// The Card of a chosen User.
    public init(_ choice: PrintChoice) {
        self.init(name: choice.name, barcode: choice.barcode, reading: choice.reading, className: choice.className)
    }

    /// The big line: the reading, else the name.
    public var bigName: String { reading ?? name }

    /// The small line under it: the name as written (when the reading is big) and the class.
    public var smallLine: String? {
        let parts = [reading == nil || reading == name ? nil : name, className].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: "　")
    }
}

/// What goes on one Book label.
public struct BookLabel: Sendable, Equatable {
    public var title: String
    public var barcode: String

    public init(title: String, barcode: String) {
        self.title = title
        self.barcode = barcode
    }
}

/// Why nothing was printed: the message names what and says what to do. A value, returned (it
/// is an `Error` only as `Result` asks); nothing throws it.
public struct PrintRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}

/// Cards and labels laid out on a sheet's pages, as Scenes in PDF points: a pure function of
/// what is printed, the sheet and the options. Only the painter draws them.
///
/// Each label is a group named "label N" (N the position on its page, from 1), clipped to the
/// label, so nothing runs onto the next one; positions before `startAt` on the first page are
/// left empty.
public struct PageLayout: Sendable {
    public var sheet: Sheet
    /// The first position to use on the first page (1 = top left, row by row).
    public var startAt: Int
    /// The library's name, printed on every Card and label; empty leaves it off labels.
    public var libraryName: String
    /// The word on a Card's band when there is no library name, and beside it when there is
    /// ("としょかんカード").
    public var cardCaption: String
    /// Nil: NW-7 for digits, Code 128 otherwise.
    public var symbology: Symbology?
    public var rules: BarcodeRules

    public init(sheet: Sheet, startAt: Int = 1, libraryName: String = "", cardCaption: String = "としょかんカード",
                symbology: Symbology? = nil, rules: BarcodeRules = .standard) {
        self.sheet = sheet
        self.startAt = startAt
        self.libraryName = libraryName
        self.cardCaption = cardCaption
        self.symbology = symbology
        self.rules = rules
    }

    /// Points in a millimetre.
    public static let pointsPerMillimetre = 72 / 25.4

    /// The colours of the designs.
    enum Palette {
        static let ink = Color(hex: 0x1A1A1A)
        static let bars = Color.black
        static let quiet = Color(hex: 0x6B6B6B)
        static let band = Color(hex: 0x2A8C82)
        static let bandText = Color.white
        static let accent = Color(hex: 0xF2A541)
    }

    public func cards(_ faces: [CardFace]) -> Result<[Scene], PrintRefusal> {
        pages(faces.count) { index, size in Self.card(faces[index], size: size, layout: self) }
    }

    public func labels(_ labels: [BookLabel]) -> Result<[Scene], PrintRefusal> {
        pages(labels.count) { index, size in Self.label(labels[index], size: size, layout: self) }
    }

    /// The pages for `count` things, each drawn by `draw` in millimetres from its label's top
    /// left corner.
    private func pages(_ count: Int, _ draw: (Int, Size) -> Result<[SceneItem], PrintRefusal>) -> Result<[Scene], PrintRefusal> {
        let problems = sheet.problems
        guard problems.isEmpty else {
            return .failure(PrintRefusal("The sheet \(sheet.name) cannot be used: \(problems.joined(separator: "; "))."))
        }
        guard (1...sheet.count).contains(startAt) else {
            return .failure(PrintRefusal("--start-at \(startAt) is not a position on \(sheet.name), which has \(sheet.count) (1 is the top left, counting row by row)."))
        }
        guard count > 0 else { return .success([]) }
        let k = Self.pointsPerMillimetre
        let paper = Size(width: sheet.paper.size.width * k, height: sheet.paper.size.height * k)
        let labelSize = Size(width: sheet.labelWidth, height: sheet.labelHeight)
        var scenes: [Scene] = []
        var position = startAt
        var page = Scene(size: paper)
        for index in 0..<count {
            let frame = sheet.labelFrame(position: position)
            let clip = Rect(x: frame.x * k, y: frame.y * k, width: frame.width * k, height: frame.height * k)
            let drawn: [SceneItem]
            switch draw(index, labelSize) {
            case .success(let items): drawn = items
            case .failure(let refusal): return .failure(refusal)
            }
            let items = drawn.map { $0.scaled(by: k, movedBy: Point(x: clip.x, y: clip.y)) }
            page.add(.group(name: "label \(position)", clip: clip, items: items))
            position += 1
            if position > sheet.count {
                scenes.append(page)
                page = Scene(size: paper)
                position = 1
            }
        }
        if !page.items.isEmpty { scenes.append(page) }
        return .success(scenes)
    }

    /// The barcode fitted into `width` mm, or a refusal naming it and a sheet that would do.
    private func fit(_ barcode: String, within width: Double, what: String,
                     retry: (Sheet) -> Bool) -> Result<FittedBarcode, PrintRefusal> {
        let symbology = symbology ?? .automatic(for: barcode)
        let fitted: FittedBarcode?
        do {
            fitted = try rules.fit(barcode, as: symbology, within: width)
        } catch {
            return .failure(PrintRefusal("\(what): \(error.description)."))
        }
        guard let fitted else {
            let needed = rules.narrowestWidth(barcode, as: symbology).map { " (it needs \(format($0)) mm across, quiet zones included)" } ?? ""
            return .failure(PrintRefusal("\(what): the \(symbology.displayName) barcode \(barcode) does not fit the \(sheet.labelSizeText) labels of \(sheet.name) at a size scanners read\(needed). \(suggestion(retry))"))
        }
        return .success(fitted)
    }

    private func tooShort(_ what: String, needs: Double, retry: (Sheet) -> Bool) -> PrintRefusal {
        PrintRefusal("\(what): the \(sheet.labelSizeText) labels of \(sheet.name) leave less than \(format(rules.minimumBarHeight)) mm for the bars (the design needs \(format(needs)) mm of height). \(suggestion(retry))")
    }

    /// "Choose a larger sheet, such as …": the smallest built-in sheet whose labels are larger
    /// and on which `works` succeeds.
    private func suggestion(_ works: (Sheet) -> Bool) -> String {
        let larger = Sheet.builtIn
            .filter { $0.labelWidth * $0.labelHeight > sheet.labelWidth * sheet.labelHeight && $0.name != sheet.name }
            .sorted { $0.labelWidth * $0.labelHeight < $1.labelWidth * $1.labelHeight }
        if let fitting = larger.first(where: works) {
            return "Choose a larger sheet, such as --sheet \(fitting.name) (\(fitting.labelSizeText)), or a shorter barcode."
        }
        return "Choose a sheet with larger labels (`bookkiosk print sheets` lists them), or a shorter barcode."
    }

    private func trying(_ other: Sheet) -> PageLayout {
        var layout = self
        layout.sheet = other
        layout.startAt = 1
        return layout
    }

    // MARK: A Book label

    /// Title on top, the bars, the digits, the library's name small: centred as a block.
    static func label(_ label: BookLabel, size: Size, layout: PageLayout) -> Result<[SceneItem], PrintRefusal> {
        let w = size.width, h = size.height
        let edgeX = min(max(w * 0.035, 1.5), 3.0), edgeY = min(max(h * 0.05, 1.2), 3.0)
        let titleSize = min(max(h * 0.12, 2.6), 4.2)
        let digitsSize = min(max(h * 0.095, 2.2), 3.2)
        let librarySize = layout.libraryName.isEmpty ? 0 : min(max(h * 0.075, 1.7), 2.6)
        let gap = min(max(h * 0.02, 0.4), 1.2)
        let titleHeight = titleSize * 1.3, digitsHeight = digitsSize * 1.25
        let libraryHeight = librarySize == 0 ? 0 : librarySize * 1.3 + gap
        let text = titleHeight + gap + gap + digitsHeight + libraryHeight
        let what = "the label of \(label.barcode) 「\(label.title)」"
        let retry = { (sheet: Sheet) in if case .success = layout.trying(sheet).labels([label]) { true } else { false } }
        let barsHeight = min(h - 2 * edgeY - text, 15)
        guard barsHeight >= layout.rules.minimumBarHeight else {
            return .failure(layout.tooShort(what, needs: text + layout.rules.minimumBarHeight + 2 * edgeY, retry: retry))
        }
        let fitted: FittedBarcode
        switch layout.fit(label.barcode, within: w, what: what, retry: retry) {
        case .success(let barcode): fitted = barcode
        case .failure(let refusal): return .failure(refusal)
        }
        var y = (h - (text + barsHeight)) / 2
        var items: [SceneItem] = []
        items.append(.text(TextRun(label.title, frame: Rect(x: edgeX, y: y, width: w - 2 * edgeX, height: titleHeight),
                                   size: titleSize, color: Palette.ink, alignment: .center, maxLines: 1, minimumScale: 0.8)))
        y += titleHeight + gap
        items += bars(fitted, frame: Rect(x: 0, y: y, width: w, height: barsHeight))
        y += barsHeight + gap
        items.append(.text(TextRun(fitted.barcode, frame: Rect(x: edgeX, y: y, width: w - 2 * edgeX, height: digitsHeight),
                                   size: digitsSize, color: Palette.ink, alignment: .center, maxLines: 1, minimumScale: 0.7)))
        y += digitsHeight + gap
        if librarySize > 0 {
            items.append(.text(TextRun(layout.libraryName, frame: Rect(x: edgeX, y: y, width: w - 2 * edgeX, height: librarySize * 1.3),
                                       size: librarySize, color: Palette.quiet, alignment: .center, maxLines: 1, minimumScale: 0.8)))
        }
        return .success(items)
    }

    // MARK: A Card

    /// A coloured band with the library's name, the child's name large in the middle (the
    /// reading, with the name as written and the class small under it), the barcode and its
    /// digits at the bottom.
    static func card(_ face: CardFace, size: Size, layout: PageLayout) -> Result<[SceneItem], PrintRefusal> {
        let w = size.width, h = size.height
        let what = "the card of \(face.barcode) \(face.name)"
        let retry = { (sheet: Sheet) in if case .success = layout.trying(sheet).cards([face]) { true } else { false } }
        // Roomy on a business card; on a small label the band, name and margins shrink so the
        // bars keep their 8 mm.
        var inset = min(max(min(w, h) * 0.065, 2.0), 4.0)
        var bandHeight = min(max(h * 0.2, 5.0), 12.0)
        var digitsSize = min(max(h * 0.06, 2.2), 3.2)
        var gap = min(max(h * 0.02, 0.5), 1.5)
        var nameHeight = min(max(h * 0.26, 6.0), 18.0)
        var text = bandHeight + 2 * gap + nameHeight + gap + digitsSize * 1.25
        if h - 2 * inset - text < layout.rules.minimumBarHeight {
            inset = 1.2
            bandHeight = min(max(h * 0.14, 3.4), 5.0)
            digitsSize = 2.2
            gap = 0.35
            nameHeight = min(max(h * 0.2, 4.2), 6.0)
            text = bandHeight + 2 * gap + nameHeight + gap + digitsSize * 1.25
        }
        let digitsHeight = digitsSize * 1.25
        let barsHeight = min(h - 2 * inset - text, 12)
        guard barsHeight >= layout.rules.minimumBarHeight else {
            return .failure(layout.tooShort(what, needs: text + layout.rules.minimumBarHeight + 2 * inset, retry: retry))
        }
        let fitted: FittedBarcode
        switch layout.fit(face.barcode, within: w, what: what, retry: retry) {
        case .success(let barcode): fitted = barcode
        case .failure(let refusal): return .failure(refusal)
        }

        var items: [SceneItem] = []
        let band = Rect(x: inset, y: inset, width: w - 2 * inset, height: bandHeight)
        items.append(.rectangle(band, cornerRadius: bandHeight * 0.3, fill: Palette.band))
        // A little open book at the band's left end.
        let icon = bandHeight * 0.56
        let iconFrame = Rect(x: band.minX + bandHeight * 0.3, y: band.midY - icon * 0.4, width: icon * 1.3, height: icon * 0.8)
        items += openBook(in: iconFrame)
        let bandTextX = iconFrame.maxX + bandHeight * 0.25
        let bandText = layout.libraryName.isEmpty ? layout.cardCaption : layout.libraryName
        items.append(.text(TextRun(bandText, frame: Rect(x: bandTextX, y: band.minY, width: band.maxX - bandTextX - bandHeight * 0.3, height: bandHeight),
                                   size: bandHeight * 0.42, color: Palette.bandText, maxLines: 1, minimumScale: 0.6)))
        let barsTop = h - inset - digitsHeight - barsHeight
        let zoneTop = band.maxY + gap * 0.5
        // A line in the accent colour between the name and the bars, where there is room.
        let lineSpace = barsTop - zoneTop >= nameHeight + 3.4 ? 3.0 : 0
        let zone = Rect(x: inset + 1, y: zoneTop, width: w - 2 * inset - 2, height: barsTop - lineSpace - zoneTop)
        let smallHeight = face.smallLine == nil ? 0 : min(zone.height * 0.34, max(digitsSize * 1.5, nameHeight * 0.3))
        let nameFrame = Rect(x: zone.minX, y: zone.minY, width: zone.width, height: zone.height - smallHeight)
        items.append(.group(name: "name", clip: nil, items: [
            .text(TextRun(face.bigName, frame: nameFrame, size: min(nameHeight * 0.62, nameFrame.height * 0.8), color: Palette.ink,
                          alignment: .center, verticalAlignment: face.smallLine == nil ? .center : .bottom, maxLines: 1, minimumScale: 0.4,
                          lineBreaks: .betweenWords)),
        ] + (face.smallLine.map { small in
            [.text(TextRun(small, frame: Rect(x: zone.minX, y: nameFrame.maxY, width: zone.width, height: smallHeight),
                           size: smallHeight * 0.7, color: Palette.ink, alignment: .center, maxLines: 1, minimumScale: 0.6))]
        } ?? [])))
        if lineSpace > 0 {
            let underline = min(fitted.barsWidth, w * 0.5)
            items.append(.rectangle(Rect(x: (w - underline) / 2, y: barsTop - lineSpace * 0.6 - 0.3, width: underline, height: 0.6),
                                    cornerRadius: 0.3, fill: Palette.accent))
        }
        items += bars(fitted, frame: Rect(x: 0, y: barsTop, width: w, height: barsHeight))
        items.append(.text(TextRun(fitted.barcode, frame: Rect(x: inset, y: barsTop + barsHeight, width: w - 2 * inset, height: digitsHeight),
                                   size: digitsSize, color: Palette.ink, alignment: .center, maxLines: 1, minimumScale: 0.7)))
        return .success(items)
    }

    /// An open book: two pages, in white, for the Card's band.
    static func openBook(in frame: Rect) -> [SceneItem] {
        let mid = frame.midX, sag = frame.height * 0.12
        let left = Path([
            .move(Point(x: mid, y: frame.minY + sag)),
            .curve(Point(x: mid - frame.width * 0.2, y: frame.minY - sag), Point(x: frame.minX + frame.width * 0.1, y: frame.minY),
                   to: Point(x: frame.minX, y: frame.minY + sag)),
            .line(Point(x: frame.minX, y: frame.maxY)),
            .curve(Point(x: frame.minX + frame.width * 0.1, y: frame.maxY - sag * 1.5), Point(x: mid - frame.width * 0.2, y: frame.maxY - sag * 1.5),
                   to: Point(x: mid, y: frame.maxY)),
            .close,
        ])
        let right = Path(left.elements.map { $0.mirrored(around: mid) })
        return [.path(left, fill: Palette.bandText), .path(right, fill: Palette.bandText.opacity(0.85))]
    }

    // MARK: Bars

    /// The bars of `fitted`, centred across `frame` (whose width holds the quiet zones).
    static func bars(_ fitted: FittedBarcode, frame: Rect) -> [SceneItem] {
        let left = frame.minX + (frame.width - fitted.barsWidth) / 2
        return [.group(name: "barcode \(fitted.barcode)", clip: nil, items: fitted.pattern.bars.map { bar in
            .rectangle(Rect(x: left + bar.start * fitted.module, y: frame.minY, width: bar.width * fitted.module, height: frame.height),
                       fill: Palette.bars)
        })]
    }
}

extension Path.Element {
    func mirrored(around x: Double) -> Path.Element {
        func flip(_ p: Point) -> Point { Point(x: 2 * x - p.x, y: p.y) }
        switch self {
        case .move(let p): return .move(flip(p))
        case .line(let p): return .line(flip(p))
        case .curve(let a, let b, let p): return .curve(flip(a), flip(b), to: flip(p))
        case .arc(let center, let radius, let start, let end):
            return .arc(center: flip(center), radius: radius, startAngle: .pi - end, endAngle: .pi - start)
        case .close: return .close
        }
    }
}

extension SceneItem {
    /// The item with every coordinate and size multiplied by `k`, then moved by `offset`.
    func scaled(by k: Double, movedBy offset: Point) -> SceneItem {
        func rect(_ r: Rect) -> Rect { Rect(x: r.x * k + offset.x, y: r.y * k + offset.y, width: r.width * k, height: r.height * k) }
        func point(_ p: Point) -> Point { Point(x: p.x * k + offset.x, y: p.y * k + offset.y) }
        func stroke(_ s: Stroke?) -> Stroke? { s.map { Stroke(color: $0.color, width: $0.width * k, dash: $0.dash.map { $0 * k }) } }
        switch self {
        case .rectangle(let r, let radius, let fill, let s):
            return .rectangle(rect(r), cornerRadius: radius * k, fill: fill, stroke: stroke(s))
        case .ellipse(let r, let fill, let s):
            return .ellipse(rect(r), fill: fill, stroke: stroke(s))
        case .path(let path, let fill, let s):
            return .path(Path(path.elements.map { element in
                switch element {
                case .move(let p): .move(point(p))
                case .line(let p): .line(point(p))
                case .curve(let a, let b, let p): .curve(point(a), point(b), to: point(p))
                case .arc(let c, let r, let start, let end): .arc(center: point(c), radius: r * k, startAngle: start, endAngle: end)
                case .close: .close
                }
            }), fill: fill, stroke: stroke(s))
        case .text(var run):
            run.frame = rect(run.frame)
            run.size *= k
            return .text(run)
        case .image(let path, let frame, let radius):
            return .image(path: path, frame: rect(frame), cornerRadius: radius * k)
        case .group(let name, let clip, let items):
            return .group(name: name, clip: clip.map(rect), items: items.map { $0.scaled(by: k, movedBy: offset) })
        }
    }
}
