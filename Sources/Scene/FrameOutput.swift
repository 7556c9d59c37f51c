/// Where frames go: the kiosk's display (DRM/KMS), a desktop window (SDL2), an image in memory.
///
/// An output keeps what it showed last: the buffer handed to `draw` always holds the last frame
/// presented, so a frame that changes only a part of the screen (the session's countdown bar)
/// may paint only that part, and the output copies or flips only what it must.
public protocol FrameOutput: AnyObject {
    /// The size frames are painted at, in pixels.
    var size: PixelSize { get }

    /// Whether the next frame must be painted whole: nothing was shown yet, or the screen was
    /// taken away and given back (a console switch), so what it shows is not the last frame.
    var needsFullFrame: Bool { get }

    /// Paints a frame with `draw` and shows it. `changed` is the part of the screen, in pixels,
    /// that `draw` paints; nil means all of it (required while `needsFullFrame`).
    /// Throws when the frame cannot be shown; the caller logs it and the kiosk carries on.
    func present(changed: Rect?, _ draw: (FrameBuffer) -> Void) throws
}
