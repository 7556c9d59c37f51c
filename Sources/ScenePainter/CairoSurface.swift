import CCairo
import Scene

/// A cairo surface this process owns. Calls `cairo_surface_destroy` in deinit.
final class CairoSurface {
    let pointer: OpaquePointer

    /// Takes ownership of `pointer` and checks it: cairo never returns NULL, but a surface it
    /// could not make is in an error status. Calls `cairo_surface_status`.
    init(owning pointer: OpaquePointer, making what: @autoclosure () -> String) throws(PaintingError) {
        self.pointer = pointer
        let status = cairo_surface_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else { throw PaintingError(cairo: status, making: what()) }
    }

    /// A surface over someone else's pixels (XRGB8888). Calls `cairo_image_surface_create_for_data`.
    convenience init(_ buffer: FrameBuffer) throws(PaintingError) {
        try self.init(owning: cairo_image_surface_create_for_data(
            buffer.pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_RGB24,
            Int32(buffer.width), Int32(buffer.height), Int32(buffer.stride)),
                      making: "a drawing surface of \(buffer.width)×\(buffer.height) pixels")
    }

    deinit {
        cairo_surface_destroy(pointer)
    }
}

/// A cairo drawing context on a surface it keeps alive. Calls `cairo_create`,
/// `cairo_status` and `cairo_destroy`.
final class CairoContext {
    let pointer: OpaquePointer
    let surface: CairoSurface

    init(_ surface: CairoSurface) throws(PaintingError) {
        self.surface = surface
        pointer = cairo_create(surface.pointer)
        let status = cairo_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_destroy(pointer)
            throw PaintingError(cairo: status, making: "a drawing context")
        }
    }

    deinit {
        cairo_destroy(pointer)
    }
}

/// Pixels this process owns, XRGB8888, for PNG frames and tests.
public final class ImageBuffer {
    public let width: Int
    public let height: Int
    public let stride: Int
    private let storage: UnsafeMutableRawPointer

    /// A white image. Calls `cairo_format_stride_for_width` for the row length.
    public init(width: Int, height: Int) {
        self.width = max(width, 1)
        self.height = max(height, 1)
        stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, Int32(self.width)))
        storage = UnsafeMutableRawPointer.allocate(byteCount: stride * self.height, alignment: 16)
        storage.initializeMemory(as: UInt8.self, repeating: 0xFF, count: stride * self.height)
    }

    deinit {
        storage.deallocate()
    }

    public func withFrameBuffer<T, Failure: Error>(_ body: (FrameBuffer) throws(Failure) -> T) throws(Failure) -> T {
        try body(FrameBuffer(pixels: storage, width: width, height: height, stride: stride))
    }

    /// The colour at (`x`, `y`).
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        withFrameBuffer { $0.pixel(x: x, y: y) }
    }

    /// The image as PNG bytes. Calls `cairo_surface_write_to_png_stream`.
    public func png() throws(PaintingError) -> [UInt8] {
        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        let status = try withFrameBuffer { buffer throws(PaintingError) -> cairo_status_t in
            let surface = try CairoSurface(buffer)
            return cairo_surface_write_to_png_stream(surface.pointer, { closure, data, length in
                guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                let sink = Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue()
                sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(sink).toOpaque())
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            throw PaintingError(what: "encode a PNG", detail: String(cString: cairo_status_to_string(status)))
        }
        return sink.bytes
    }
}
