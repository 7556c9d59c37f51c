import CCairo
import Foundation
import Scene
import POSIX

/// Paints scenes with cairo, and their text with pango (fontconfig picks the font, so kana and
/// kanji fall back to a Japanese font where the chosen one lacks a glyph). The one painter of
/// the product: the kiosk's screen, the PNG frames and the printed PDF pages all come from it.
///
/// Text is drawn with fixed font options (greyscale antialiasing, no hinting), so the same
/// scene gives the same pixels on the kiosk, in the VM and in a test, whatever the machine's
/// fontconfig settings. Not `Sendable`: one painter is used from one thread.
public final class ScenePainter {
    /// The rounded Japanese font of `fonts-motoya-l-maruberi` (its fontconfig family name).
    public static let defaultFamily = "MotoyaLMaru"
    /// Where the default lacks a glyph, or is not installed (`fonts-noto-cjk`).
    public static let fallbackFamily = "Noto Sans CJK JP"

    /// The most pictures (covers) kept between frames.
    public static let imagesKept = 64
    /// Seconds before a picture that could not be read is tried again.
    public static let unreadableImageRetrySeconds: TimeInterval = 60

    /// The families tried in order for text that names none.
    public let families: [String]
    let fontOptions: OpaquePointer
    private var images = ImageCache<CairoSurface>(capacity: ScenePainter.imagesKept, retryAfter: ScenePainter.unreadableImageRetrySeconds)
    /// The time, for forgetting pictures that could not be read (the clock; tests pass theirs).
    private let now: () -> Date
    /// Text runs as they were placed (size, lines, where each starts), kept for the frames that
    /// draw them again: fitting a run measures each of its words at each size it tries, which
    /// was most of a frame's work, and a kiosk's frames repeat most of their text.
    var placements = TextPlacements(capacity: ScenePainter.placementsKept)
    /// The layout the frame being painted places its text with (one for the frame, not one a run).
    var frameLayout: TextLayout?
    /// Lines as pango laid them out, kept between frames: on the kiosk's screen a line is
    /// shaped once, then only its glyphs are drawn.
    lazy var shapedLines = ShapedLines(capacity: ScenePainter.placementsKept, fontOptions: fontOptions)
    /// Words and lines as measured while fitting runs, kept between frames (see `PieceExtents`).
    var pieceExtents = PieceExtents(capacity: ScenePainter.piecesKept)
    /// How many pieces of text pango has measured for fitting (for tests).
    var piecesMeasured = 0

    /// Outlines, curves and ellipses as pixels, kept between frames (see `ShapeRasters`).
    private var shapeRasters = ShapeRasters(capacityBytes: ScenePainter.shapeBytesKept)
    /// How many shapes are kept as pixels (for tests).
    var shapesKept: Int { shapeRasters.count }

    /// The most text placements kept between frames (a frame has a few dozen runs).
    public static let placementsKept = 512
    /// The most measured pieces of text kept between frames (a run that is fitted measures a
    /// few dozen).
    public static let piecesKept = 4096
    /// The most bytes of shapes kept as pixels between frames (when full, the kept ones are let go).
    public static let shapeBytesKept = 16 << 20

    /// - Parameters:
    ///   - family: the font for text that names none; the Japanese fallback follows it.
    ///   - now: the clock, read when a picture is drawn.
    public init(family: String = ScenePainter.defaultFamily, now: @escaping () -> Date = Date.init) {
        self.now = now
        families = family == Self.fallbackFamily ? [family] : [family, Self.fallbackFamily]
        fontOptions = cairo_font_options_create()
        cairo_font_options_set_antialias(fontOptions, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(fontOptions, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(fontOptions, CAIRO_HINT_METRICS_OFF)
    }

    deinit {
        cairo_font_options_destroy(fontOptions)
    }

    /// Loads the fonts by laying out a line of kana, kanji and Latin letters: the first text a
    /// process lays out with pango reads fontconfig's configuration and the font files (tens of
    /// milliseconds), which belongs at start, not on a child's scan. Where cairo cannot paint,
    /// nothing is warmed, and the first frame says why.
    public func warmUp() {
        var scene = Scene(size: Size(width: 64, height: 64))
        scene.add(.text(TextRun("かりるカード本 Book 0123", frame: scene.bounds, size: 12)))
        scene.add(.text(TextRun("かりるカード本 Book 0123", frame: scene.bounds, size: 12, weight: .bold)))
        let image = ImageBuffer(width: 64, height: 64)
        try? image.withFrameBuffer { buffer throws(PaintingError) in try paint(scene, into: buffer) }
    }

    /// Paints `scene` into `buffer`, scaled uniformly to its width (and centred vertically if the
    /// aspect differs). With `clip`, only that part of the scene (in scene units) is painted.
    /// Throws when cairo cannot make a surface or context on `buffer`.
    public func paint(_ scene: Scene, into buffer: FrameBuffer, clip: Rect? = nil) throws(PaintingError) {
        let surface = try CairoSurface(buffer)
        let context = try CairoContext(surface)
        let scale = min(Double(buffer.width) / scene.size.width, Double(buffer.height) / scene.size.height)
        cairo_translate(context.pointer, (Double(buffer.width) - scene.size.width * scale) / 2,
                        (Double(buffer.height) - scene.size.height * scale) / 2)
        cairo_scale(context.pointer, scale, scale)
        if let clip {
            cairo_rectangle(context.pointer, clip.x, clip.y, clip.width, clip.height)
            cairo_clip(context.pointer)
        }
        draw(scene, on: context, within: clip)
        cairo_surface_flush(surface.pointer)
    }

    /// The scene as a PNG of `width` × `height` pixels (default: the scene's size).
    public func png(_ scene: Scene, width: Int? = nil, height: Int? = nil) throws(PaintingError) -> [UInt8] {
        let image = ImageBuffer(width: width ?? Int(scene.size.width.rounded()),
                                height: height ?? Int(scene.size.height.rounded()))
        try image.withFrameBuffer { buffer throws(PaintingError) in try paint(scene, into: buffer) }
        return try image.png()
    }

    /// Writes `scene` as a PNG file (see `png`).
    public func writePNG(_ scene: Scene, to path: String, width: Int? = nil, height: Int? = nil) throws(PaintingError) {
        let bytes = try png(scene, width: width, height: height)
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            throw PaintingError(what: "write the picture \(path)", detail: Errno.current.description)
        }
    }

    /// Writes a PDF with one page per scene; each scene's units are PDF points (1/72 inch), so a
    /// page scene of 595.28 × 841.89 is exactly A4. Fonts are embedded (subsets).
    /// Calls `cairo_pdf_surface_create`.
    public func writePDF(_ pages: [Scene], to path: String) throws(PaintingError) {
        try renderPDF(pages, what: "write the PDF \(path)") { width, height in
            cairo_pdf_surface_create(path, width, height)
        }
    }

    /// Paints `pages` onto the PDF surface `create` makes for the first page's size, then
    /// finishes it: a page per scene, each page as large as its scene.
    func renderPDF(_ pages: [Scene], what: String,
                   create: (Double, Double) -> OpaquePointer?) throws(PaintingError) {
        guard let first = pages.first else {
            throw PaintingError(what: what, detail: "there are no pages to write")
        }
        guard let created = create(first.size.width, first.size.height) else {
            throw PaintingError(what: what, detail: "cairo could not create it")
        }
        let surface: CairoSurface
        do {
            surface = try CairoSurface(owning: created, making: "the PDF")
        } catch {
            throw PaintingError(what: what, detail: error.detail)
        }
        cairo_pdf_surface_set_metadata(surface.pointer, CAIRO_PDF_METADATA_CREATOR, "BookKiosk")
        let context = try CairoContext(surface)
        for page in pages {
            cairo_pdf_surface_set_size(surface.pointer, page.size.width, page.size.height)
            draw(page, on: context)
            cairo_show_page(context.pointer)
        }
        cairo_surface_finish(surface.pointer)
        try check(surface.pointer, what)
    }

    // MARK: Drawing

    /// Draws `scene`; with `clip` (the part being painted again, as the countdown bar once a
    /// second), items wholly outside it are passed over: cairo would paint none of their pixels,
    /// but laying out and walking their text still cost most of such a frame.
    func draw(_ scene: Scene, on context: CairoContext, within clip: Rect? = nil) {
        let cr = context.pointer
        frameLayout = nil
        defer { frameLayout = nil }
        if let background = scene.background {
            cairo_save(cr)
            set(background, on: cr)
            cairo_rectangle(cr, 0, 0, scene.size.width, scene.size.height)
            cairo_fill(cr)
            cairo_restore(cr)
        }
        // A glyph may stand a little outside its run's frame (an accent, an italic's lean).
        let reach = clip?.insetBy(dx: -Self.overhang, dy: -Self.overhang)
        for item in scene.items where reach.map(item.bounds.intersects) ?? true {
            draw(item, on: context)
        }
    }

    /// How far, in scene units, what an item paints may stand outside its bounds (glyphs).
    static let overhang = 16.0

    private func draw(_ item: SceneItem, on context: CairoContext) {
        let cr = context.pointer
        switch item {
        case .rectangle, .ellipse, .path:
            // On pixels, a shape that is costly to rasterise comes from `shapeRasters`; on a
            // PDF page every shape stays a vector.
            if ShapeRasters.qualifies(item), cairo_surface_get_type(cairo_get_target(cr)) == CAIRO_SURFACE_TYPE_IMAGE,
               drawRasterised(item, on: cr) {
                return
            }
            drawShape(item, on: cr)
        case .text(let run):
            draw(run, on: context)
        case .image(let path, let frame, let radius):
            drawImage(path, in: frame, radius: radius, on: cr)
        case .group(_, let clip, let items):
            cairo_save(cr)
            if let clip {
                cairo_rectangle(cr, clip.x, clip.y, clip.width, clip.height)
                cairo_clip(cr)
            }
            for item in items { draw(item, on: context) }
            cairo_restore(cr)
        }
    }

    /// Draws a rectangle, an ellipse or a path (anything else draws nothing).
    private func drawShape(_ item: SceneItem, on cr: OpaquePointer) {
        switch item {
        case .rectangle(let rect, let radius, let fill, let stroke):
            addRectangle(rect, radius: radius, on: cr)
            fillAndStroke(fill, stroke, on: cr)
        case .ellipse(let rect, let fill, let stroke):
            cairo_save(cr)
            cairo_translate(cr, rect.midX, rect.midY)
            cairo_scale(cr, max(rect.width / 2, 1e-9), max(rect.height / 2, 1e-9))
            cairo_new_path(cr)
            cairo_arc(cr, 0, 0, 1, 0, 2 * .pi)
            cairo_restore(cr)
            fillAndStroke(fill, stroke, on: cr)
        case .path(let path, let fill, let stroke):
            addPath(path, on: cr)
            fillAndStroke(fill, stroke, on: cr)
        case .text, .image, .group:
            break
        }
    }

    /// Composites `item` from its pixels in `shapeRasters`, rasterising it first where they are
    /// not kept yet. False (nothing drawn) for a shape too large to keep, or where cairo cannot
    /// make its image: the caller draws it directly. Calls `cairo_image_surface_create`,
    /// `cairo_set_source_surface` and `cairo_paint`.
    private func drawRasterised(_ item: SceneItem, on cr: OpaquePointer) -> Bool {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        let key = ShapeRasters.Key(item: item, matrix: matrix.values)
        let raster: ShapeRasters.Raster
        if let kept = shapeRasters[key] {
            raster = kept
        } else {
            let box = ShapeRasters.deviceBox(of: item, on: cr)
            guard box.width * box.height <= ShapeRasters.largestArea,
                  let created = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(box.width), Int32(box.height)),
                  let surface = try? CairoSurface(owning: created, making: "a shape's pixels"),
                  let context = try? CairoContext(surface) else { return false }
            // The frame's transformation moved by whole pixels: the edges fall as they would.
            var moved = matrix
            moved.x0 -= Double(box.x)
            moved.y0 -= Double(box.y)
            cairo_set_matrix(context.pointer, &moved)
            drawShape(item, on: context.pointer)
            cairo_surface_flush(surface.pointer)
            raster = ShapeRasters.Raster(surface: surface, x: box.x, y: box.y, bytes: box.width * box.height * 4)
            shapeRasters[key] = raster
        }
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_source_surface(cr, raster.surface.pointer, Double(raster.x), Double(raster.y))
        cairo_paint(cr)
        cairo_restore(cr)
        return true
    }

    func set(_ color: Color, on cr: OpaquePointer) {
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
    }

    private func fillAndStroke(_ fill: Color?, _ stroke: Stroke?, on cr: OpaquePointer) {
        if let fill {
            set(fill, on: cr)
            if stroke != nil { cairo_fill_preserve(cr) } else { cairo_fill(cr) }
        }
        if let stroke {
            set(stroke.color, on: cr)
            cairo_set_line_width(cr, stroke.width)
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
            stroke.dash.withUnsafeBufferPointer { cairo_set_dash(cr, $0.baseAddress, Int32($0.count), 0) }
            cairo_stroke(cr)
        }
        cairo_new_path(cr)
    }

    private func addRectangle(_ rect: Rect, radius: Double, on cr: OpaquePointer) {
        cairo_new_path(cr)
        let r = min(radius, rect.width / 2, rect.height / 2)
        guard r > 0 else {
            cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
            return
        }
        cairo_arc(cr, rect.maxX - r, rect.minY + r, r, -.pi / 2, 0)
        cairo_arc(cr, rect.maxX - r, rect.maxY - r, r, 0, .pi / 2)
        cairo_arc(cr, rect.minX + r, rect.maxY - r, r, .pi / 2, .pi)
        cairo_arc(cr, rect.minX + r, rect.minY + r, r, .pi, 3 * .pi / 2)
        cairo_close_path(cr)
    }

    private func addPath(_ path: Path, on cr: OpaquePointer) {
        cairo_new_path(cr)
        for element in path.elements {
            switch element {
            case .move(let p): cairo_move_to(cr, p.x, p.y)
            case .line(let p): cairo_line_to(cr, p.x, p.y)
            case .curve(let a, let b, let p): cairo_curve_to(cr, a.x, a.y, b.x, b.y, p.x, p.y)
            case .arc(let center, let radius, let start, let end):
                cairo_arc(cr, center.x, center.y, radius, start, end)
            case .close: cairo_close_path(cr)
            }
        }
    }

    // MARK: Images

    /// Calls `cairo_image_surface_create_from_png`, or reads a JPEG with `JPEGImage`.
    private func drawImage(_ path: String, in frame: Rect, radius: Double, on cr: OpaquePointer) {
        guard let image = images.image(at: path, now: now(), load: Self.loadImage) else { return }
        let width = Double(cairo_image_surface_get_width(image.pointer))
        let height = Double(cairo_image_surface_get_height(image.pointer))
        guard width > 0, height > 0 else { return }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        addRectangle(frame, radius: radius, on: cr)
        cairo_clip(cr)
        let scale = max(frame.width / width, frame.height / height)
        cairo_translate(cr, frame.midX - width * scale / 2, frame.midY - height * scale / 2)
        cairo_scale(cr, scale, scale)
        cairo_set_source_surface(cr, image.pointer, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_paint(cr)
    }

    private static func loadImage(_ path: String) -> CairoSurface? {
        let lowercased = path.lowercased()
        if lowercased.hasSuffix(".jpg") || lowercased.hasSuffix(".jpeg") {
            return JPEGImage.load(path).surface
        }
        guard lowercased.hasSuffix(".png") else { return nil }
        guard let surface = cairo_image_surface_create_from_png(path) else { return nil }
        return try? CairoSurface(owning: surface, making: "the picture \(path)")
    }

    func check(_ surface: OpaquePointer, _ what: String) throws(PaintingError) {
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw PaintingError(what: what, detail: String(cString: cairo_status_to_string(status)))
        }
    }
}
