import CCairo
import Foundation
import Scene

extension ScenePainter {
    /// The PDF `writePDF` would write, as bytes in memory: for standard output
    /// (`bookkiosk print … --out -`). Calls `cairo_pdf_surface_create_for_stream`.
    public func pdfData(_ pages: [Scene]) throws(PaintingError) -> [UInt8] {
        let sink = PDFSink()
        let unmanaged = Unmanaged.passRetained(sink)
        defer { unmanaged.release() }
        let write: cairo_write_func_t = { closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
            let sink = Unmanaged<PDFSink>.fromOpaque(closure).takeUnretainedValue()
            sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            return CAIRO_STATUS_SUCCESS
        }
        try renderPDF(pages, what: "make the PDF") { width, height in
            cairo_pdf_surface_create_for_stream(write, unmanaged.toOpaque(), width, height)
        }
        return sink.bytes
    }
}

/// Collects what cairo's PDF stream writes.
private final class PDFSink {
    var bytes: [UInt8] = []
}
