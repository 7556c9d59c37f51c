import Foundation
import Scene
@testable import ScenePainter
import Testing

/// Outlines, curves and ellipses are rasterised once and composited from their kept pixels on
/// the frames after (ShapeRasters): the pixels are the same whatever was painted before, and
/// plain rectangles, text and PDF pages are drawn as before.
@Suite struct ShapeRastersTests {
    let green = Color(hex: 0x1B7F3B)

    /// A dashed, rounded outline at fractions of a pixel over a half-transparent fill, and a ring.
    var shapes: Scene {
        Scene(size: Size(width: 120, height: 50), background: .white, items: [
            .rectangle(Rect(x: 10.3, y: 8.6, width: 60, height: 30), cornerRadius: 6, fill: green.opacity(0.5),
                       stroke: Stroke(color: .black, width: 3, dash: [6, 4])),
            .ellipse(Rect(x: 80, y: 10, width: 30, height: 30), fill: nil, stroke: Stroke(color: green, width: 4)),
            .rectangle(Rect(x: 0, y: 45, width: 120, height: 5), fill: .black),
        ])
    }

    func png(of scene: Scene, by painter: ScenePainter) throws -> [UInt8] {
        let image = ImageBuffer(width: 120, height: 50)
        try image.withFrameBuffer { try painter.paint(scene, into: $0) }
        return try image.png()
    }

    @Test func aShapeIsRasterisedOnceAndPaintsTheSamePixelsWhateverCameBefore() throws {
        let first = ScenePainter()
        let once = try png(of: shapes, by: first)
        #expect(first.shapesKept == 2, "the outline and the ring; the plain rectangle is filled")
        #expect(try png(of: shapes, by: first) == once)
        #expect(first.shapesKept == 2)

        // Another painter that painted something else first (its own shapes kept) agrees.
        let other = ScenePainter()
        var moved = shapes
        moved.items = moved.items.map { item in
            guard case .ellipse(let rect, let fill, let stroke) = item else { return item }
            return .ellipse(rect.insetBy(dx: 3.25, dy: 3.25), fill: fill, stroke: stroke)
        }
        _ = try png(of: moved, by: other)
        #expect(try png(of: shapes, by: other) == once)
    }

    @Test func keptPixelsLandWhereTheShapeIs() throws {
        let image = ImageBuffer(width: 120, height: 50)
        let painter = ScenePainter()
        for _ in 0..<2 {
            try image.withFrameBuffer { try painter.paint(shapes, into: $0) }
            // On the ring (radius 13 to 17 around 95, 25): its colour exactly; inside it, white.
            #expect(image.pixel(x: 109, y: 25) == green.bytes)
            #expect(image.pixel(x: 95, y: 25) == Color.white.bytes)
            #expect(image.pixel(x: 60, y: 47) == Color.black.bytes)
        }
    }

    @Test func aClipStillHoldsForKeptPixels() throws {
        let painter = ScenePainter()
        _ = try png(of: shapes, by: painter)
        let image = ImageBuffer(width: 120, height: 50)
        try image.withFrameBuffer { try painter.paint(shapes, into: $0, clip: Rect(x: 0, y: 0, width: 90, height: 50)) }
        // Right of the clip the buffer is as it was (white); the ring's left side is painted.
        #expect(image.pixel(x: 109, y: 25) == Color.white.bytes)
        #expect(image.pixel(x: 81, y: 25) == green.bytes)
    }

    @Test func aPDFPageKeepsItsShapesAsVectors() throws {
        let painter = ScenePainter()
        let pdf = try painter.pdfData([shapes])
        #expect(painter.shapesKept == 0)
        #expect(pdf.starts(with: Array("%PDF".utf8)))
    }
}
