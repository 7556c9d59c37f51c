import CCairo
import CJPEG
import Foundation

/// A photo of a Book's front (「表紙の写真」, from an iPad's camera or a PC's file) made ready to
/// keep as its cover: turned upright by its EXIF orientation, scaled so its longest side is at
/// most `longestSide` pixels, and encoded as a JPEG. JPEG rather than PNG: a photo of 800 px
/// is some 60–150 KB as a JPEG of quality 85 and ten times that as a PNG, and every kiosk of a
/// shared library reads it from the server; the painter reads both.
public enum CoverPhoto {
    /// The kiosk's screen shows a cover at most some 300 px high; 800 px keeps it sharp on the
    /// page's large view and on a high-density iPad.
    public static let longestSide = 800
    /// A photo's JPEG quality: no visible loss at the sizes shown.
    public static let quality: Int32 = 85

    /// A cover ready to keep.
    public struct Prepared: Sendable, Equatable {
        /// The JPEG's bytes.
        public var jpeg: [UInt8]
        public var width: Int
        public var height: Int
        /// The orientation the photo said it had (now undone).
        public var orientation: PhotoOrientation
    }

    /// Why a file could not be made a cover.
    public enum Refusal: Error, Sendable, Equatable {
        /// Neither a JPEG nor a PNG (a PDF, a text, a HEIC the browser did not turn into a JPEG).
        case notAPicture
        /// It starts like a JPEG or a PNG but could not be read (cut short, damaged): the reason.
        case unreadable(String)
    }

    /// The kind of picture `bytes` hold, by their first bytes; nil for neither.
    public static func format(of bytes: [UInt8]) -> Format? {
        if bytes.count >= 3, bytes[0] == 0xFF, bytes[1] == 0xD8, bytes[2] == 0xFF { return .jpeg }
        if bytes.count >= 8, Array(bytes[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] { return .png }
        return nil
    }

    public enum Format: Sendable, Hashable {
        case jpeg, png
    }

    /// The photo in `bytes`, upright, at most `longestSide` pixels on its longest side, as a JPEG.
    public static func prepare(_ bytes: [UInt8], longestSide: Int = CoverPhoto.longestSide) -> Result<Prepared, Refusal> {
        guard let format = format(of: bytes) else { return .failure(.notAPicture) }
        let source: CairoSurface
        var orientation = PhotoOrientation.upright
        switch format {
        case .jpeg:
            orientation = PhotoOrientation(jpeg: bytes)
            switch decodeJPEG(bytes, longestSide: longestSide) {
            case .success(let surface): source = surface
            case .failure(let refusal): return .failure(refusal)
            }
        case .png:
            switch decodePNG(bytes) {
            case .success(let surface): source = surface
            case .failure(let refusal): return .failure(refusal)
            }
        }
        return upright(source, orientation: orientation, longestSide: longestSide).map {
            Prepared(jpeg: $0.jpeg, width: $0.width, height: $0.height, orientation: orientation)
        }
    }

    /// Decodes a JPEG, letting libjpeg reduce it by 2, 4 or 8 while decoding as long as its
    /// longest side stays at least `longestSide` (cairo scales the rest, smoothly). Calls
    /// `bookkiosk_jpeg_size`, `bookkiosk_jpeg_decode_memory` and `cairo_image_surface_create`.
    private static func decodeJPEG(_ bytes: [UInt8], longestSide: Int) -> Result<CairoSurface, Refusal> {
        var message = [CChar](repeating: 0, count: 256)
        func reason() -> String { message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) } }
        var fullWidth: Int32 = 0, fullHeight: Int32 = 0
        let sized = bytes.withUnsafeBufferPointer { buffer in
            bookkiosk_jpeg_size(buffer.baseAddress, UInt(buffer.count), &fullWidth, &fullHeight, &message, message.count)
        }
        guard sized == 0 else { return .failure(.unreadable(reason())) }
        let longest = Int(max(fullWidth, fullHeight))
        var denominator: UInt32 = 1
        while denominator < 8, longest / Int(denominator * 2) >= longestSide { denominator *= 2 }
        var width: Int32 = 0, height: Int32 = 0
        let decoded = bytes.withUnsafeBufferPointer { buffer in
            bookkiosk_jpeg_decode_memory(buffer.baseAddress, UInt(buffer.count), denominator, &width, &height, &fullWidth, &fullHeight,
                                         &message, message.count)
        }
        guard let pixels = decoded else { return .failure(.unreadable(reason())) }
        defer { free(pixels) }
        let surface: CairoSurface
        do {
            surface = try CairoSurface(owning: cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height),
                                       making: "an image of \(width)×\(height) pixels")
        } catch {
            return .failure(.unreadable(error.description))
        }
        guard let data = cairo_image_surface_get_data(surface.pointer) else { return .failure(.unreadable("cairo could not make the image")) }
        cairo_surface_flush(surface.pointer)
        let stride = Int(cairo_image_surface_get_stride(surface.pointer))
        let rowBytes = Int(width) * 4
        for row in 0..<Int(height) {
            memcpy(data + row * stride, pixels + row * rowBytes, rowBytes)
        }
        cairo_surface_mark_dirty(surface.pointer)
        return .success(surface)
    }

    /// Decodes a PNG from memory. Calls `cairo_image_surface_create_from_png_stream`.
    private static func decodePNG(_ bytes: [UInt8]) -> Result<CairoSurface, Refusal> {
        final class Reader {
            let bytes: [UInt8]
            var offset = 0
            init(_ bytes: [UInt8]) { self.bytes = bytes }
        }
        let reader = Reader(bytes)
        let read: cairo_read_func_t = { closure, data, length in
            let reader = Unmanaged<Reader>.fromOpaque(closure!).takeUnretainedValue()
            let count = Int(length)
            guard let data, reader.offset + count <= reader.bytes.count else { return CAIRO_STATUS_READ_ERROR }
            reader.bytes.withUnsafeBufferPointer { buffer in
                _ = memcpy(data, buffer.baseAddress! + reader.offset, count)
            }
            reader.offset += count
            return CAIRO_STATUS_SUCCESS
        }
        let pointer = withExtendedLifetime(reader) {
            cairo_image_surface_create_from_png_stream(read, Unmanaged.passUnretained(reader).toOpaque())
        }
        guard let pointer else { return .failure(.unreadable("cairo could not read the PNG")) }
        do {
            return .success(try CairoSurface(owning: pointer, making: "the PNG"))
        } catch {
            return .failure(.unreadable(error.description))
        }
    }

    /// `source` drawn upright and scaled onto white (a PNG's transparency shows white), then
    /// encoded. Calls `cairo_transform`, `cairo_paint` and `bookkiosk_jpeg_encode`.
    private static func upright(_ source: CairoSurface, orientation: PhotoOrientation,
                                longestSide: Int) -> Result<(jpeg: [UInt8], width: Int, height: Int), Refusal> {
        let storedWidth = Double(cairo_image_surface_get_width(source.pointer))
        let storedHeight = Double(cairo_image_surface_get_height(source.pointer))
        let (width, height) = orientation.swapsSides ? (storedHeight, storedWidth) : (storedWidth, storedHeight)
        let scale = min(1, Double(longestSide) / max(width, height))
        let outWidth = max(1, Int((width * scale).rounded())), outHeight = max(1, Int((height * scale).rounded()))
        let target: CairoSurface
        let context: CairoContext
        do {
            target = try CairoSurface(owning: cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(outWidth), Int32(outHeight)),
                                      making: "a cover of \(outWidth)×\(outHeight) pixels")
            context = try CairoContext(target)
        } catch {
            return .failure(.unreadable(error.description))
        }
        let cr = context.pointer
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        cairo_scale(cr, Double(outWidth) / width, Double(outHeight) / height)
        var matrix = orientation.matrix(width: storedWidth, height: storedHeight)
        cairo_transform(cr, &matrix)
        cairo_set_source_surface(cr, source.pointer, 0, 0)
        let pattern = cairo_get_source(cr)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_rectangle(cr, 0, 0, storedWidth, storedHeight)
        cairo_fill(cr)
        cairo_surface_flush(target.pointer)
        guard let pixels = cairo_image_surface_get_data(target.pointer) else { return .failure(.unreadable("cairo could not draw the cover")) }
        let stride = cairo_image_surface_get_stride(target.pointer)
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        var message = [CChar](repeating: 0, count: 256)
        guard bookkiosk_jpeg_encode(pixels, Int32(outWidth), Int32(outHeight), stride, quality, &output, &size, &message, message.count) == 0,
              let output else {
            return .failure(.unreadable(message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }))
        }
        defer { free(output) }
        return .success((Array(UnsafeBufferPointer(start: output, count: Int(size))), outWidth, outHeight))
    }
}

extension PhotoOrientation {
    /// The affine map from stored pixel coordinates to upright ones, for a stored picture of
    /// `width`×`height`: the inverse of `storedPixel(uprightX:y:width:height:)`.
    func matrix(width: Double, height: Double) -> cairo_matrix_t {
        // (xx, yx, xy, yy, x0, y0): upright x = xx·x + xy·y + x0, upright y = yx·x + yy·y + y0.
        let (xx, yx, xy, yy, x0, y0): (Double, Double, Double, Double, Double, Double) = switch self {
        case .upright: (1, 0, 0, 1, 0, 0)
        case .mirrored: (-1, 0, 0, 1, width, 0)
        case .upsideDown: (-1, 0, 0, -1, width, height)
        case .upsideDownMirrored: (1, 0, 0, -1, 0, height)
        case .transposed: (0, 1, 1, 0, 0, 0)
        case .turnedLeft: (0, 1, -1, 0, height, 0)
        case .transverse: (0, -1, -1, 0, height, width)
        case .turnedRight: (0, -1, 1, 0, 0, width)
        }
        return cairo_matrix_t(xx: xx, yx: yx, xy: xy, yy: yy, x0: x0, y0: y0)
    }
}

/// A picture as 32-bit pixels `0xRRGGBB`, rows top to bottom: what tests make photos from and
/// read covers back into.
struct CoverPixels: Equatable {
    var width: Int
    var height: Int
    var values: [UInt32]

    func pixel(x: Int, y: Int) -> (red: Int, green: Int, blue: Int) {
        let value = values[y * width + x]
        return (Int(value >> 16 & 0xFF), Int(value >> 8 & 0xFF), Int(value & 0xFF))
    }
}

extension CoverPhoto {
    /// `pixels` as a JPEG of `quality`. Calls `bookkiosk_jpeg_encode`.
    static func encodeJPEG(_ pixels: CoverPixels, quality: Int32 = 95) -> [UInt8]? {
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = pixels.values.withUnsafeBytes { buffer in
            bookkiosk_jpeg_encode(buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(pixels.width), Int32(pixels.height),
                                  Int32(pixels.width * 4), quality, &output, &size, &message, message.count)
        }
        guard status == 0, let output else { return nil }
        defer { free(output) }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }

    /// A JPEG's or a PNG's pixels as stored (no orientation undone, full size).
    static func decode(_ bytes: [UInt8]) -> CoverPixels? {
        let decoded: Result<CairoSurface, Refusal>? = switch format(of: bytes) {
        case .jpeg: decodeJPEG(bytes, longestSide: .max)
        case .png: decodePNG(bytes)
        case nil: nil
        }
        guard case .success(let surface)? = decoded, let data = cairo_image_surface_get_data(surface.pointer) else { return nil }
        cairo_surface_flush(surface.pointer)
        let width = Int(cairo_image_surface_get_width(surface.pointer)), height = Int(cairo_image_surface_get_height(surface.pointer))
        let stride = Int(cairo_image_surface_get_stride(surface.pointer))
        var values = [UInt32](repeating: 0, count: width * height)
        data.withMemoryRebound(to: UInt8.self, capacity: stride * height) { bytes in
            for row in 0..<height {
                let line = UnsafeRawPointer(bytes + row * stride).assumingMemoryBound(to: UInt32.self)
                for column in 0..<width { values[row * width + column] = line[column] & 0x00FF_FFFF }
            }
        }
        return CoverPixels(width: width, height: height, values: values)
    }
}
