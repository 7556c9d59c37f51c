/// A picture as plain values: shapes, text runs and images on a canvas of `size` units.
/// Layouts (the kiosk's screen, a printed page) build scenes; only the painter turns them into
/// pixels or PDF pages, scaling the scene's units uniformly onto the target. Tests assert on
/// scenes without pixels.
public struct Scene: Sendable, Equatable {
    /// The canvas, in the scene's own units (pixels for a screen, points for a page).
    public var size: Size
    /// Painted under everything; nil leaves the target as it is (white on a new page).
    public var background: Color?
    /// Painted in order, later items over earlier ones.
    public var items: [SceneItem]

    public init(size: Size, background: Color? = nil, items: [SceneItem] = []) {
        self.size = size
        self.background = background
        self.items = items
    }

    public var bounds: Rect { Rect(x: 0, y: 0, width: size.width, height: size.height) }

    public mutating func add(_ item: SceneItem) {
        items.append(item)
    }

    public mutating func add(contentsOf other: [SceneItem]) {
        items.append(contentsOf: other)
    }

    /// Every text run, depth first, in painting order.
    public var textRuns: [TextRun] {
        items.flatMap(\.textRuns)
    }
}

/// One thing painted in a scene.
public indirect enum SceneItem: Sendable, Hashable {
    /// A rectangle, with rounded corners when `cornerRadius` > 0.
    case rectangle(Rect, cornerRadius: Double = 0, fill: Color?, stroke: Stroke? = nil)
    /// The ellipse inscribed in the rectangle (a circle when it is square).
    case ellipse(Rect, fill: Color?, stroke: Stroke? = nil)
    /// A free shape: a tick, an arrow, a calendar's rings.
    case path(Path, fill: Color?, stroke: Stroke? = nil)
    /// Text laid out in a frame.
    case text(TextRun)
    /// An image file (PNG or JPEG) scaled to fill `frame` (cropped to keep its aspect), with
    /// rounded corners when `cornerRadius` > 0. A file that cannot be read paints nothing.
    case image(path: String, frame: Rect, cornerRadius: Double = 0)
    /// Items painted only inside `clip`; `name` says what the group is (the session bar, a
    /// slot) so tests and partial redraws can find it.
    case group(name: String, clip: Rect?, items: [SceneItem])

    /// The area this item may paint, for tests that check nothing falls outside the canvas.
    /// A stroke's half width counts; a text run is bounded by its frame.
    public var bounds: Rect {
        switch self {
        case .rectangle(let rect, _, _, let stroke), .ellipse(let rect, _, let stroke):
            let half = (stroke?.width ?? 0) / 2
            return rect.insetBy(dx: -half, dy: -half)
        case .path(let path, _, let stroke):
            let half = (stroke?.width ?? 0) / 2
            return path.bounds.insetBy(dx: -half, dy: -half)
        case .text(let run):
            return run.frame
        case .image(_, let frame, _):
            return frame
        case .group(_, let clip, let items):
            if let clip { return clip }
            let boxes = items.map(\.bounds)
            guard let first = boxes.first else { return Rect(x: 0, y: 0, width: 0, height: 0) }
            return boxes.dropFirst().reduce(first) { $0.union($1) }
        }
    }

    /// The text runs in this item, depth first.
    public var textRuns: [TextRun] {
        switch self {
        case .text(let run): [run]
        case .group(_, _, let items): items.flatMap(\.textRuns)
        case .rectangle, .ellipse, .path, .image: []
        }
    }

    /// The group called `name`, searched depth first.
    public func group(named name: String) -> SceneItem? {
        guard case .group(let own, _, let items) = self else { return nil }
        if own == name { return self }
        return items.lazy.compactMap { $0.group(named: name) }.first
    }
}

extension Scene {
    /// The group called `name`, searched depth first.
    public func group(named name: String) -> SceneItem? {
        items.lazy.compactMap { $0.group(named: name) }.first
    }
}

/// How a shape's outline is drawn (round caps and joins).
public struct Stroke: Sendable, Hashable {
    public var color: Color
    public var width: Double
    /// Dash lengths, alternately on and off; empty for a solid line.
    public var dash: [Double]

    public init(color: Color, width: Double, dash: [Double] = []) {
        self.color = color
        self.width = width
        self.dash = dash
    }
}

/// A shape made of lines, curves and arcs.
public struct Path: Sendable, Hashable {
    public enum Element: Sendable, Hashable {
        case move(Point)
        case line(Point)
        /// A cubic Bézier curve.
        case curve(Point, Point, to: Point)
        /// An arc around `center`, clockwise on screen from `startAngle` to `endAngle`
        /// (radians, 0 pointing right).
        case arc(center: Point, radius: Double, startAngle: Double, endAngle: Double)
        case close
    }

    public var elements: [Element]

    public init(_ elements: [Element] = []) {
        self.elements = elements
    }

    /// A path through `points`, closed when `closed`.
    public init(polyline points: [Point], closed: Bool = false) {
        var elements: [Element] = []
        for (index, point) in points.enumerated() {
            elements.append(index == 0 ? .move(point) : .line(point))
        }
        if closed { elements.append(.close) }
        self.init(elements)
    }

    /// A bounding box of the control points (arcs by their whole circle's box).
    public var bounds: Rect {
        var points: [Point] = []
        for element in elements {
            switch element {
            case .move(let p), .line(let p): points.append(p)
            case .curve(let a, let b, let p): points += [a, b, p]
            case .arc(let c, let r, _, _):
                points += [Point(x: c.x - r, y: c.y - r), Point(x: c.x + r, y: c.y + r)]
            case .close: break
            }
        }
        guard let first = points.first else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        var box = Rect(origin: first, size: Size(width: 0, height: 0))
        for point in points.dropFirst() { box = box.union(Rect(origin: point, size: Size(width: 0, height: 0))) }
        return box
    }
}
