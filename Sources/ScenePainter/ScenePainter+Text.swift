import CCairo
import Foundation
import Scene

// The painter's text: pango lays each run out, between words or anywhere, shrunk, then ellipsized.
extension ScenePainter {
    // MARK: Text

    /// Lays `run` out with pango and draws it: its lines (between words, or anywhere: see
    /// `TextRun.LineBreaks`), shrunk towards `minimumScale`, then ellipsized at the end.
    /// Calls `pango_cairo_create_layout`, `pango_layout_set_text` and `pango_cairo_show_layout`.
    func draw(_ run: TextRun, on context: CairoContext) {
        guard !run.text.isEmpty, run.frame.width > 0, run.frame.height > 0, run.size > 0 else { return }
        let cr = context.pointer
        cairo_save(cr)
        defer { cairo_restore(cr) }
        let layout = { [fontOptions] in
            let layout = self.frameLayout ?? TextLayout(on: context, fontOptions: fontOptions)
            self.frameLayout = layout
            return layout
        }
        set(run.color, on: cr)
        let key = PlacementKey(run, on: cr)
        let placed = placements[key] ?? {
            let placed = place(run, with: layout())
            placements[key] = placed
            return placed
        }()
        // On pixels (the screen, a PNG) each line comes laid out from `shapedLines`; on a PDF
        // page, laid out on the page's own context.
        if key.space.surfaceType == CAIRO_SURFACE_TYPE_IMAGE.rawValue {
            for line in placed.lines {
                let shapedKey = ShapedLines.Key(text: line.text, families: families(of: run), size: placed.size, bold: run.weight == .bold,
                                                wrapWidth: line.wrapping?.width, maxLines: line.wrapping?.maxLines ?? 1,
                                                alignment: run.alignment, matrix: key.space.matrix)
                guard let shaped = shapedLines.layout(shapedKey) else { continue }
                cairo_move_to(cr, line.origin.x, line.origin.y)
                shaped.show(on: cr)
            }
            return
        }
        let pageLayout = layout()
        pageLayout.setFont(families: families(of: run), size: placed.size, bold: run.weight == .bold)
        for line in placed.lines {
            pageLayout.setText(line.text)
            if let wrapping = line.wrapping {
                pageLayout.setWrapping(width: wrapping.width, maxLines: wrapping.maxLines, alignment: run.alignment)
            } else {
                pageLayout.setOneLine()
            }
            cairo_move_to(cr, line.origin.x, line.origin.y)
            pageLayout.show()
        }
    }

    /// Where `run`'s lines go, at what size: fitted, measured, aligned.
    func place(_ run: TextRun, with layout: TextLayout) -> PlacedText {
        switch run.lineBreaks {
        case .betweenWords:
            return placeBetweenWords(run, fitted: fitBetweenWords(run, with: layout), with: layout)
        case .anywhere:
            let size = fitAnywhere(run, with: layout)
            layout.setFont(families: families(of: run), size: size, bold: run.weight == .bold)
            let extent = layout.extent
            return PlacedText(size: size, lines: [
                PlacedText.Line(text: run.text, origin: Point(x: run.frame.minX, y: top(of: run, height: extent.height)),
                                wrapping: (run.frame.width, run.maxLines)),
            ])
        }
    }

    func families(of run: TextRun) -> [String] {
        run.family.map { [$0] } ?? families
    }

    /// Where text `height` tall starts in `run`'s frame.
    func top(of run: TextRun, height: Double) -> Double {
        switch run.verticalAlignment {
        case .top: run.frame.minY
        case .center: run.frame.midY - height / 2
        case .bottom: run.frame.maxY - height
        }
    }

    /// `.anywhere`: pango wraps between any characters; the size shrinks in steps while the
    /// text would be ellipsized or overflow the frame's height. Leaves `layout` set up.
    func fitAnywhere(_ run: TextRun, with layout: TextLayout) -> Double {
        layout.setText(run.text)
        layout.setWrapping(width: run.frame.width, maxLines: run.maxLines, alignment: run.alignment)
        var size = run.size
        layout.setFont(families: families(of: run), size: size, bold: run.weight == .bold)
        if run.minimumScale < 1 {
            let smallest = run.size * run.minimumScale
            while size > smallest, layout.isEllipsized || layout.extent.height > run.frame.height {
                size = max(smallest, size * 0.94)
                layout.setFont(families: families(of: run), size: size, bold: run.weight == .bold)
            }
        }
        return size
    }

    /// A `.betweenWords` run as it is drawn: its font size, its lines, and whether the last
    /// one is cut with "…" (the text did not fit even at `minimumScale`).
    struct WordLines: Equatable {
        var size: Double
        var lines: [Substring]
        var isEllipsized: Bool
    }

    /// `.betweenWords`: the lines `WordWrap` makes at the run's size, shrunk in steps (towards
    /// `minimumScale`) while there are more than `maxLines`, a word is wider than the frame, or
    /// the lines are taller than it. Each size measures its own pieces of text: a bold made by
    /// fontconfig from a regular face does not widen in proportion to the size.
    func fitBetweenWords(_ run: TextRun, with layout: TextLayout) -> WordLines {
        layout.setOneLine()
        let smallest = run.size * min(run.minimumScale, 1)
        let measuring = PieceMeasuring(run: run, families: families(of: run), layout: layout)
        var size = run.size
        while true {
            func extent(_ piece: Substring) -> Size {
                measure(piece.isEmpty ? "あ" : String(piece), size: size, by: measuring)
            }
            let lines = WordWrap.lines(of: run.text, width: run.frame.width) { extent($0).width }
            let widest = lines.map { extent($0).width }.max() ?? 0
            let height = lines.map { extent($0).height }.reduce(0, +)
            let fits = lines.count <= max(run.maxLines, 1) && widest <= run.frame.width + 0.5 && height <= run.frame.height + 0.5
            if fits { return WordLines(size: size, lines: lines, isEllipsized: false) }
            if size <= smallest {
                // Still too big at the smallest size: keep the lines that fit, the last one
                // holding the rest of the text, cut with "…".
                let kept = max(run.maxLines, 1)
                guard lines.count > kept || widest > run.frame.width + 0.5 else {
                    return WordLines(size: size, lines: lines, isEllipsized: false)
                }
                var shown = Array(lines.prefix(kept))
                if lines.count > kept, let last = shown.last, let end = lines.last?.endIndex {
                    shown[shown.count - 1] = run.text[last.startIndex..<end]
                }
                return WordLines(size: size, lines: shown, isEllipsized: true)
            }
            size = max(smallest, size * 0.94)
        }
    }

    /// How a run's pieces of text are measured: its font, on `layout` (set to one line), in the
    /// drawing space of the layout's context.
    struct PieceMeasuring {
        var families: [String]
        var bold: Bool
        var space: DrawingSpace
        var layout: TextLayout

        init(run: TextRun, families: [String], layout: TextLayout) {
            self.families = families
            bold = run.weight == .bold
            space = DrawingSpace(of: layout.contextPointer)
            self.layout = layout
        }
    }

    /// The logical size of `piece` on one line at `size`: as measured before (`pieceExtents`),
    /// or measured now with the run's layout (which must be set to one line).
    func measure(_ piece: String, size: Double, by measuring: PieceMeasuring) -> Size {
        let key = PieceKey(text: piece, families: measuring.families, size: size, bold: measuring.bold, space: measuring.space)
        if let known = pieceExtents[key] { return known }
        measuring.layout.setFont(families: measuring.families, size: size, bold: measuring.bold)
        measuring.layout.setText(piece)
        let extent = measuring.layout.extent
        piecesMeasured += 1
        pieceExtents[key] = extent
        return extent
    }

    /// Places the lines of `fitted`, one under another, each by the run's alignment; a line
    /// wider than the frame (only when ellipsized) is cut with "…" at the frame's edge.
    func placeBetweenWords(_ run: TextRun, fitted: WordLines, with layout: TextLayout) -> PlacedText {
        layout.setOneLine()
        let measuring = PieceMeasuring(run: run, families: families(of: run), layout: layout)
        let extents = fitted.lines.map { measure($0.isEmpty ? " " : String($0), size: fitted.size, by: measuring) }
        var placed = PlacedText(size: fitted.size, lines: [])
        var y = top(of: run, height: extents.map(\.height).reduce(0, +))
        for (line, extent) in zip(fitted.lines, extents) {
            defer { y += extent.height }
            guard !line.isEmpty else { continue }
            if extent.width > run.frame.width + 0.5 {
                placed.lines.append(PlacedText.Line(text: String(line), origin: Point(x: run.frame.minX, y: y), wrapping: (run.frame.width, 1)))
            } else {
                let x: Double
                switch run.alignment {
                case .leading: x = run.frame.minX
                case .center: x = run.frame.midX - extent.width / 2
                case .trailing: x = run.frame.maxX - extent.width
                }
                placed.lines.append(PlacedText.Line(text: String(line), origin: Point(x: x, y: y), wrapping: nil))
            }
        }
        return placed
    }

    /// The lines `run` is drawn in, as text (an ellipsized last line whole, before its cut),
    /// the font size it is drawn at, and whether it is cut with "…": for tests of where lines
    /// break, and for layouts that need to know.
    public func lines(of run: TextRun) throws(PaintingError) -> (lines: [String], size: Double, isEllipsized: Bool) {
        let image = ImageBuffer(width: 1, height: 1)
        return try image.withFrameBuffer { buffer throws(PaintingError) in
            let context = try CairoContext(try CairoSurface(buffer))
            let layout = TextLayout(on: context, fontOptions: fontOptions)
            switch run.lineBreaks {
            case .betweenWords:
                let fitted = fitBetweenWords(run, with: layout)
                return (fitted.lines.map(String.init), fitted.size, fitted.isEllipsized)
            case .anywhere:
                let size = fitAnywhere(run, with: layout)
                let bytes = Array(run.text.utf8)
                let lines = layout.lineRanges.map { String(decoding: bytes[$0.clamped(to: 0..<bytes.count)], as: UTF8.self) }
                return (lines, size, layout.isEllipsized)
            }
        }
    }

    /// The size `run`'s text takes when laid out at its own size (wrapped, at most `maxLines`
    /// lines, ellipsized), in scene units: for layouts that place things after a text, such as a
    /// printed card.
    public func measure(_ run: TextRun) throws(PaintingError) -> Size {
        try withLayout(of: run) { $0.extent }
    }

    /// Whether `run`'s text fits its frame without shrinking or an ellipsis.
    public func fits(_ run: TextRun) throws(PaintingError) -> Bool {
        if run.lineBreaks == .betweenWords {
            let laid = try lines(of: run)
            return !laid.isEllipsized && laid.size >= run.size
        }
        return try withLayout(of: run) { !$0.isEllipsized && $0.extent.height <= run.frame.height + 0.5 }
    }

    /// `run` laid out at its own size on a scratch surface, for measuring.
    func withLayout<T>(of run: TextRun, _ body: (TextLayout) -> T) throws(PaintingError) -> T {
        let image = ImageBuffer(width: 1, height: 1)
        return try image.withFrameBuffer { buffer throws(PaintingError) in
            let context = try CairoContext(try CairoSurface(buffer))
            let layout = TextLayout(on: context, fontOptions: fontOptions)
            layout.setText(run.text)
            layout.setWrapping(width: run.frame.width, maxLines: run.maxLines, alignment: run.alignment)
            layout.setFont(families: run.family.map { [$0] } ?? families, size: run.size, bold: run.weight == .bold)
            return body(layout)
        }
    }
}
