import CCairo
import Foundation
import Scene

extension ScenePainter {
    /// The PDF `writePDF` would write, as bytes in memory: for standard output
    /// (`bookkiosk print … --out -`). Calls `cairo_pdf_surface_create_for_stream`.
    public func pdfData(_ pages: [Scene]) throws(PaintingError) -> [UInt8] {
        guard let first = pages.first else {
            throw PaintingError(what: "make the PDF", detail: "there are no pages to write")
        }
        let sink = PDFSink()
        let unmanaged = Unmanaged.passRetained(sink)
        defer { unmanaged.release() }
        let write: cairo_write_func_t = { closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
            let sink = Unmanaged<PDFSink>.fromOpaque(closure).takeUnretainedValue()
            sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            return CAIRO_STATUS_SUCCESS
        }
        guard let surface = cairo_pdf_surface_create_for_stream(write, unmanaged.toOpaque(), first.size.width, first.size.height) else {
            throw PaintingError(what: "make the PDF", detail: "cairo could not create it")
        }
        defer { cairo_surface_destroy(surface) }
        try check(surface, "make the PDF")
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "BookKiosk")
        let context = CairoContext(surface)
        for page in pages {
            cairo_pdf_surface_set_size(surface, page.size.width, page.size.height)
            draw(page, on: context.pointer)
            cairo_show_page(context.pointer)
        }
        cairo_surface_finish(surface)
        try check(surface, "make the PDF")
        return sink.bytes
    }
}

/// Collects what cairo's PDF stream writes.
private final class PDFSink {
    var bytes: [UInt8] = []
}
