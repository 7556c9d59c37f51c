import Foundation
import Scene
@testable import ScenePainter
import Testing

/// What the painter keeps of text between frames: lines laid out once and then only drawn
/// (ShapedLines), and the pieces a run is fitted with, measured once (PieceExtents). Neither
/// changes a pixel: a painter that painted other text first paints the same frame.
@Suite struct TextCachesTests {
    let size = Size(width: 640, height: 120)

    /// A sentence that must shrink to fit its one line, ending in a child's name: its words
    /// before the name are the same on every frame that says it.
    func thanks(_ name: String) -> Scene {
        Scene(size: size, background: .white, items: [
            .text(TextRun("Thanks for bringing it back, \(name)", frame: Rect(x: 10, y: 10, width: 420, height: 60), size: 40,
                          maxLines: 1, minimumScale: 0.5, lineBreaks: .betweenWords)),
            .text(TextRun("えほん 87", frame: Rect(x: 10, y: 70, width: 300, height: 45), size: 36)),
        ])
    }

    func png(of scene: Scene, by painter: ScenePainter) throws -> [UInt8] {
        let image = ImageBuffer(width: Int(size.width), height: Int(size.height))
        try image.withFrameBuffer { try painter.paint(scene, into: $0) }
        return try image.png()
    }

    @Test func aKeptLineIsDrawnAgainWithoutBeingLaidOutAgain() throws {
        let painter = ScenePainter()
        let first = try png(of: thanks("はると"), by: painter)
        let kept = painter.shapedLines.kept
        #expect(kept.count >= 2)
        let serials = kept.map(\.serial)
        #expect(try png(of: thanks("はると"), by: painter) == first)
        #expect(painter.shapedLines.kept.count == kept.count)
        #expect(kept.map(\.serial) == serials, "pango laid a kept line out again to draw it")
    }

    @Test func aRunIsMeasuredOnlyWhereItIsNew() throws {
        let painter = ScenePainter()
        _ = try png(of: thanks("はると"), by: painter)
        let measuredFirst = painter.piecesMeasured
        #expect(measuredFirst > 10, "the sentence is measured at several sizes: \(measuredFirst) pieces")
        let other = try png(of: thanks("さくら"), by: painter)
        let measuredThen = painter.piecesMeasured - measuredFirst
        #expect(measuredThen > 0 && measuredThen * 2 < measuredFirst,
                "\(measuredThen) pieces measured for the second name, \(measuredFirst) for the first")
        // The same pixels as a painter that never measured the first sentence.
        #expect(try png(of: thanks("さくら"), by: ScenePainter()) == other)
        let fitted = try painter.lines(of: TextRun("Thanks for bringing it back, さくら", frame: Rect(x: 10, y: 10, width: 420, height: 60),
                                                   size: 40, maxLines: 1, minimumScale: 0.5, lineBreaks: .betweenWords))
        #expect(fitted.lines == ["Thanks for bringing it back, さくら"] && fitted.size < 40 && !fitted.isEllipsized)
    }
}
