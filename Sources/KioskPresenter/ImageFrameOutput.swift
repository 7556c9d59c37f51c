import Scene
import ScenePainter

/// Frames into an image in memory: for `simulate --screens`, tests and the benchmark.
public final class ImageFrameOutput: FrameOutput {
    public let image: ImageBuffer
    public let size: PixelSize
    public private(set) var needsFullFrame = true
    /// The part of the image the last frame changed (nil: all of it).
    public private(set) var lastChanged: Rect?
    public private(set) var framesPresented = 0

    public init(size: PixelSize) {
        self.size = size
        image = ImageBuffer(width: size.width, height: size.height)
    }

    public func present(changed: Rect?, _ draw: (FrameBuffer) -> Void) throws {
        image.withFrameBuffer { draw($0) }
        needsFullFrame = false
        lastChanged = changed
        framesPresented += 1
    }
}
