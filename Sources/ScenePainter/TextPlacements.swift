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

/// Text runs as they were placed, by run (its colour aside, which does not move a glyph) and
/// by the transformation and kind of surface it was measured on, so a run is placed on the
/// next frame exactly as it was on the first. Bounded: when full it starts again empty (a
/// frame's few dozen runs are placed again once).
struct TextPlacements {
    struct Key: Hashable {
        var run: TextRun
        var matrix: [Double]
        var surfaceType: UInt32

        /// `run` as drawn on `cr` now. Calls `cairo_get_matrix`, `cairo_get_target` and
        /// `cairo_surface_get_type`.
        init(_ run: TextRun, on cr: OpaquePointer) {
            var plain = run
            plain.color = .black
            self.run = plain
            var m = cairo_matrix_t()
            cairo_get_matrix(cr, &m)
            matrix = [m.xx, m.yx, m.xy, m.yy, m.x0, m.y0]
            surfaceType = cairo_surface_get_type(cairo_get_target(cr)).rawValue
        }
    }

    let capacity: Int
    private var placed: [Key: PlacedText] = [:]

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    var count: Int { placed.count }

    subscript(key: Key) -> PlacedText? {
        get { placed[key] }
        set {
            if placed[key] == nil, placed.count >= capacity { placed.removeAll(keepingCapacity: true) }
            placed[key] = newValue
        }
    }
}
