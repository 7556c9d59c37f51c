import CCairo
import Scene

/// A pango layout on a cairo context. It keeps the context alive (and so its surface), so it
/// can never draw on one that is gone. Calls `pango_cairo_create_layout` and `g_object_unref`.
final class TextLayout {
    private let context: CairoContext
    let pointer: OpaquePointer

    init(on context: CairoContext, fontOptions: OpaquePointer) {
        self.context = context
        pointer = pango_cairo_create_layout(context.pointer)
        pango_cairo_context_set_font_options(pango_layout_get_context(pointer), fontOptions)
        pango_layout_context_changed(pointer)
    }

    /// The cairo context the layout draws on.
    var contextPointer: OpaquePointer { context.pointer }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(pointer))
    }

    /// Calls `pango_layout_set_text`.
    func setText(_ text: String) {
        pango_layout_set_text(pointer, text, -1)
    }

    /// Wraps at `width` (between any characters), keeps at most `maxLines` lines and ellipsizes
    /// the last. Calls `pango_layout_set_width`, `_set_height` (negative: a line count) and
    /// `_set_ellipsize`.
    func setWrapping(width: Double, maxLines: Int, alignment: TextRun.Alignment) {
        pango_layout_set_width(pointer, Int32(width * Double(PANGO_SCALE)))
        pango_layout_set_wrap(pointer, PANGO_WRAP_WORD_CHAR)
        pango_layout_set_height(pointer, -Int32(max(maxLines, 1)))
        pango_layout_set_ellipsize(pointer, PANGO_ELLIPSIZE_END)
        switch alignment {
        case .leading: pango_layout_set_alignment(pointer, PANGO_ALIGN_LEFT)
        case .center: pango_layout_set_alignment(pointer, PANGO_ALIGN_CENTER)
        case .trailing: pango_layout_set_alignment(pointer, PANGO_ALIGN_RIGHT)
        }
    }

    /// Lays the text out on one line, as wide as it is: no wrapping, no ellipsis. Calls
    /// `pango_layout_set_width` (-1), `_set_height` and `_set_ellipsize`.
    func setOneLine() {
        pango_layout_set_width(pointer, -1)
        pango_layout_set_height(pointer, -1)
        pango_layout_set_ellipsize(pointer, PANGO_ELLIPSIZE_NONE)
        pango_layout_set_alignment(pointer, PANGO_ALIGN_LEFT)
    }

    /// The byte ranges (UTF-8) of the laid-out lines. Calls `pango_layout_get_line_count` and
    /// `pango_layout_get_line_readonly`.
    var lineRanges: [Range<Int>] {
        (0..<pango_layout_get_line_count(pointer)).compactMap { index in
            guard let line = pango_layout_get_line_readonly(pointer, index) else { return nil }
            let start = Int(line.pointee.start_index)
            return start..<(start + Int(line.pointee.length))
        }
    }

    /// The font last set, which setting again would not change.
    private var font: (families: [String], size: Double, bold: Bool)?

    /// Calls `pango_font_description_from_string` and `pango_layout_set_font_description`; the
    /// size is absolute (in the context's units).
    func setFont(families: [String], size: Double, bold: Bool) {
        if let font, font.families == families, font.size == size, font.bold == bold { return }
        font = (families, size, bold)
        let description = pango_font_description_new()
        defer { pango_font_description_free(description) }
        pango_font_description_set_family(description, families.joined(separator: ","))
        pango_font_description_set_absolute_size(description, size * Double(PANGO_SCALE))
        pango_font_description_set_weight(description, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
        pango_layout_set_font_description(pointer, description)
    }

    /// A number pango changes whenever the layout is changed or laid out afresh (for tests).
    /// Calls `pango_layout_get_serial`.
    var serial: UInt32 {
        pango_layout_get_serial(pointer)
    }

    /// Calls `pango_layout_is_ellipsized`.
    var isEllipsized: Bool {
        pango_layout_is_ellipsized(pointer) != 0
    }

    /// The logical size of the laid-out text. Calls `pango_layout_get_extents`.
    var extent: Size {
        var logical = PangoRectangle()
        pango_layout_get_extents(pointer, nil, &logical)
        return Size(width: Double(logical.width) / Double(PANGO_SCALE), height: Double(logical.height) / Double(PANGO_SCALE))
    }

    /// Calls `pango_cairo_show_layout` at the current point.
    func show() {
        pango_cairo_show_layout(context.pointer, pointer)
    }

    /// Draws the layout on another context `cr`, at its current point, as it was laid out on
    /// its own: `cr` must have the transformation (but for where it starts) and the kind of
    /// surface it was made with, which the caller keys it by. It is not brought up to date with
    /// `cr` (`pango_cairo_update_layout`): that lays it out again every time, as pango marks
    /// the layout's context changed whenever its matrix is set, even to the same one.
    /// Calls `pango_cairo_show_layout`.
    func show(on cr: OpaquePointer) {
        pango_cairo_show_layout(cr, pointer)
    }
}
