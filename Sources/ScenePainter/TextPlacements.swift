import CCairo
import Scene

/// A text run as it is drawn: its font size, and each line's text, where it starts, and the
/// width it is wrapped and ellipsized at (nil: one line, as wide as it is).
struct PlacedText {
    struct Line {
        var text: String
        var origin: Point
        var wrapping: (width: Double, maxLines: Int)?
    }

    var size: Double
    var lines: [Line]
}

extension cairo_matrix_t {
    /// The six numbers, as the caches of placed text and of shapes' pixels key them.
    var values: [Double] { [xx, yx, xy, yy, x0, y0] }
}

/// A dictionary of what the painter keeps between frames, bounded: when full it starts again
/// empty (a frame's few dozen entries are made again once).
struct BoundedCache<Key: Hashable, Value> {
    let capacity: Int
    private var values: [Key: Value] = [:]

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    var count: Int { values.count }

    subscript(key: Key) -> Value? {
        get { values[key] }
        set {
            if values[key] == nil, values.count >= capacity { values.removeAll(keepingCapacity: true) }
            values[key] = newValue
        }
    }
}

/// Text runs as they were placed, by run (its colour aside, which does not move a glyph) and
/// by the transformation and kind of surface it was measured on, so a run is placed on the
/// next frame exactly as it was on the first.
typealias TextPlacements = BoundedCache<PlacementKey, PlacedText>

/// What text is measured and placed under on a context: its transformation and the kind of
/// its surface (a glyph's size and place depend on both), a part of every key text is kept by.
struct DrawingSpace: Hashable {
    var matrix: [Double]
    var surfaceType: UInt32

    /// `cr`'s now. Calls `cairo_get_matrix`, `cairo_get_target` and `cairo_surface_get_type`.
    init(of cr: OpaquePointer) {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        matrix = m.values
        surfaceType = cairo_surface_get_type(cairo_get_target(cr)).rawValue
    }
}

/// A run as drawn on a context: what `TextPlacements` keeps its placement by.
struct PlacementKey: Hashable {
    var run: TextRun
    var space: DrawingSpace

    /// `run` as drawn on `cr` now (its colour aside).
    init(_ run: TextRun, on cr: OpaquePointer) {
        var plain = run
        plain.color = .black
        self.run = plain
        space = DrawingSpace(of: cr)
    }
}

/// Pieces of text as pango measured them on one line (their logical size), by font and size and
/// by the transformation and kind of surface they were measured on: fitting a run measures its
/// words, and the lines they could make, at each size it tries, and the next frames' runs share
/// most of those pieces (「Thanks for bringing it back,」 before each child's name, a title's
/// first words), so a new run is measured only where it is new.
typealias PieceExtents = BoundedCache<PieceKey, Size>

/// A piece of text in a font at a size, measured on a context: what `PieceExtents` keeps its
/// size by.
struct PieceKey: Hashable {
    var text: String
    var families: [String]
    var size: Double
    var bold: Bool
    var space: DrawingSpace
}

/// Lines of text laid out by pango (shaped: glyphs chosen and placed), kept for the frames that
/// show them again, so a frame that repeats a line only draws its glyphs. Each is made on a
/// scratch image surface of the painter's with the frame's transformation, and drawn on a
/// frame's context of the same kind and transformation as it was laid out (`TextLayout.show(on:)`:
/// not laid out again). Bounded as `BoundedCache`. Not `Sendable`: one painter's.
final class ShapedLines {
    struct Key: Hashable {
        var text: String
        var families: [String]
        var size: Double
        var bold: Bool
        var wrapWidth: Double?
        var maxLines: Int
        var alignment: TextRun.Alignment
        var matrix: [Double]
    }

    let capacity: Int
    private let fontOptions: OpaquePointer
    private let scratchImage = ImageBuffer(width: 1, height: 1)
    private let scratch: CairoContext?
    private var lines: [Key: TextLayout] = [:]

    init(capacity: Int, fontOptions: OpaquePointer) {
        self.capacity = max(1, capacity)
        self.fontOptions = fontOptions
        scratch = try? scratchImage.withFrameBuffer { buffer throws(PaintingError) in try CairoContext(try CairoSurface(buffer)) }
    }

    var count: Int { lines.count }

    /// The layouts kept (for tests).
    var kept: [TextLayout] { Array(lines.values) }

    /// The line `key` describes, laid out for a frame whose transformation is `key.matrix`;
    /// nil where the scratch surface could not be made (the caller lays the line out itself).
    /// Calls `cairo_set_matrix`.
    func layout(_ key: Key) -> TextLayout? {
        if let known = lines[key] { return known }
        guard let scratch, key.matrix.count == 6 else { return nil }
        var matrix = cairo_matrix_t(xx: key.matrix[0], yx: key.matrix[1], xy: key.matrix[2], yy: key.matrix[3],
                                    x0: key.matrix[4], y0: key.matrix[5])
        cairo_set_matrix(scratch.pointer, &matrix)
        let layout = TextLayout(on: scratch, fontOptions: fontOptions)
        layout.setFont(families: key.families, size: key.size, bold: key.bold)
        layout.setText(key.text)
        if let width = key.wrapWidth {
            layout.setWrapping(width: width, maxLines: key.maxLines, alignment: key.alignment)
        } else {
            layout.setOneLine()
        }
        if lines.count >= capacity { lines.removeAll(keepingCapacity: true) }
        lines[key] = layout
        return layout
    }
}
