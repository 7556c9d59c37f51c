/// Pixels to paint into, owned by someone else: a DRM dumb buffer, an SDL surface, an image.
/// Each pixel is 32 bits, native-endian `0xXXRRGGBB` (DRM's XRGB8888, cairo's RGB24); rows are
/// `stride` bytes apart.
public struct FrameBuffer {
    public var pixels: UnsafeMutableRawPointer
    public var width: Int
    public var height: Int
    public var stride: Int

    public init(pixels: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int) {
        precondition(width > 0 && height > 0 && stride >= width * 4, "a frame buffer needs a size and a stride of at least 4 bytes a pixel")
        self.pixels = pixels
        self.width = width
        self.height = height
        self.stride = stride
    }

    /// The colour at (`x`, `y`), for tests.
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        let value = pixels.load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
        return (UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF))
    }
}

/// A screen's size in pixels.
public struct PixelSize: Sendable, Hashable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// `1280x800` (or `1280×800`).
    public init?(_ text: String) {
        let parts = text.split(whereSeparator: { $0 == "x" || $0 == "×" || $0 == "X" })
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
              (1...16384).contains(width), (1...16384).contains(height) else { return nil }
        self.init(width: width, height: height)
    }

    public var description: String { "\(width)x\(height)" }
}
