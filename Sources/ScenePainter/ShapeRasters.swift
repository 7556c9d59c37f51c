import CCairo
import Scene

/// Shapes as pixels, kept between frames: a stroke (a dashed one above all), a curve or an
/// ellipse costs cairo far more to rasterise than its pixels cost to copy, and a kiosk's frames
/// repeat their shapes (the slots' dashed outlines, the due-date strip's circles, the pictures).
/// Each is rasterised once onto a transparent image of its own, with the frame's
/// transformation moved by whole pixels (so its edges fall on the same fractions of a pixel),
/// and composited onto the frame from then on.
///
/// On pixels a shape that qualifies is always drawn this way, the first time too, so a frame's
/// pixels never depend on what was drawn before it. Bounded by bytes: when full it starts again
/// empty (the next frame rasterises its shapes once more).
struct ShapeRasters {
    /// A shape (an item that is a rectangle, an ellipse or a path) under a transformation.
    struct Key: Hashable {
        var item: SceneItem
        var matrix: [Double]
    }

    /// A rasterised shape and the device pixel its top-left corner goes on.
    struct Raster {
        var surface: CairoSurface
        var x: Int
        var y: Int
        var bytes: Int
    }

    /// The largest shape kept, in pixels (bigger ones are drawn directly: copying a large
    /// picture costs about what filling it does).
    static let largestArea = 400 * 400

    let capacityBytes: Int
    private var rasters: [Key: Raster] = [:]
    private var bytes = 0

    init(capacityBytes: Int) {
        self.capacityBytes = capacityBytes
    }

    var count: Int { rasters.count }

    /// Whether `item` is a shape worth keeping as pixels: one with an outline, an ellipse, or a
    /// free path. A plain filled rectangle (rounded or not) is cheaper to fill than to copy.
    static func qualifies(_ item: SceneItem) -> Bool {
        switch item {
        case .rectangle(_, _, _, let stroke): stroke != nil
        case .ellipse, .path: true
        case .text, .image, .group: false
        }
    }

    /// The device pixels `item` may touch under `cr`'s transformation: its bounds (half its
    /// outline's width included) transformed, grown to whole pixels and by two more for
    /// antialiasing. Calls `cairo_user_to_device`.
    static func deviceBox(of item: SceneItem, on cr: OpaquePointer) -> (x: Int, y: Int, width: Int, height: Int) {
        let bounds = item.bounds
        var xs: [Double] = [], ys: [Double] = []
        for (x, y) in [(bounds.minX, bounds.minY), (bounds.maxX, bounds.minY), (bounds.minX, bounds.maxY), (bounds.maxX, bounds.maxY)] {
            var dx = x, dy = y
            cairo_user_to_device(cr, &dx, &dy)
            xs.append(dx)
            ys.append(dy)
        }
        let minX = Int((xs.min()! - 2).rounded(.down)), minY = Int((ys.min()! - 2).rounded(.down))
        let maxX = Int((xs.max()! + 2).rounded(.up)), maxY = Int((ys.max()! + 2).rounded(.up))
        return (minX, minY, max(1, maxX - minX), max(1, maxY - minY))
    }

    subscript(key: Key) -> Raster? {
        get { rasters[key] }
        set {
            guard let newValue else { return }
            if rasters[key] == nil, bytes + newValue.bytes > capacityBytes {
                rasters.removeAll(keepingCapacity: true)
                bytes = 0
            }
            if let old = rasters.updateValue(newValue, forKey: key) { bytes -= old.bytes }
            bytes += newValue.bytes
        }
    }
}
