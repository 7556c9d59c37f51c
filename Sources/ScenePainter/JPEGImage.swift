import CCairo
import CJPEG
import Foundation

/// A JPEG file decoded with libjpeg-turbo into a cairo image surface (book covers).
enum JPEGImage {
    /// The picture, or nil (with the reason in `failure`) when the file cannot be read as a JPEG.
    /// Calls `bookkiosk_jpeg_decode` (libjpeg's `jpeg_read_header`, `jpeg_start_decompress`,
    /// `jpeg_read_scanlines`) and `cairo_image_surface_create`.
    static func load(_ path: String) -> (surface: CairoSurface?, failure: String?) {
        var width: Int32 = 0, height: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        guard let pixels = bookkiosk_jpeg_decode(path, &width, &height, &message, message.count) else {
            let reason = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            return (nil, reason)
        }
        defer { free(pixels) }
        guard let created = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height) else { return (nil, "cairo could not make the image") }
        let surface: CairoSurface
        do {
            surface = try CairoSurface(owning: created, making: "an image of \(width)×\(height) pixels")
        } catch {
            return (nil, error.description)
        }
        guard let data = cairo_image_surface_get_data(created) else { return (nil, "cairo could not make the image") }
        cairo_surface_flush(created)
        let stride = Int(cairo_image_surface_get_stride(created))
        let rowBytes = Int(width) * 4
        for row in 0..<Int(height) {
            memcpy(data + row * stride, pixels + row * rowBytes, rowBytes)
        }
        cairo_surface_mark_dirty(created)
        return (surface, nil)
    }
}
