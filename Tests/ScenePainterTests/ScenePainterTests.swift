import Foundation
import Scene
import ScenePainter
import Testing

@Suite struct ScenePainterTests {
    let green = Color(hex: 0x1B7F3B)
    let painter = ScenePainter()

    @Test func rectanglesAndCirclesLandWhereTheSceneSays() throws {
        var scene = Scene(size: Size(width: 100, height: 50), background: .white)
        scene.add(.rectangle(Rect(x: 10, y: 10, width: 20, height: 20), fill: green))
        scene.add(.ellipse(Rect(x: 60, y: 10, width: 30, height: 30), fill: .black))
        let image = ImageBuffer(width: 100, height: 50)
        try image.withFrameBuffer { try painter.paint(scene, into: $0) }
        #expect(image.pixel(x: 20, y: 20) == green.bytes)
        #expect(image.pixel(x: 5, y: 5) == Color.white.bytes)
        #expect(image.pixel(x: 75, y: 25) == Color.black.bytes)
        // The circle's bounding box corner is outside the circle.
        #expect(image.pixel(x: 61, y: 11) == Color.white.bytes)
    }

    @Test func aSceneIsScaledUniformlyOntoTheBuffer() throws {
        var scene = Scene(size: Size(width: 10, height: 5), background: .white)
        scene.add(.rectangle(Rect(x: 0, y: 0, width: 5, height: 5), fill: green))
        let image = ImageBuffer(width: 200, height: 100)
        try image.withFrameBuffer { try painter.paint(scene, into: $0) }
        #expect(image.pixel(x: 90, y: 50) == green.bytes)
        #expect(image.pixel(x: 110, y: 50) == Color.white.bytes)
    }

    @Test func aClipPaintsOnlyItsPart() throws {
        let image = ImageBuffer(width: 40, height: 20)
        var scene = Scene(size: Size(width: 40, height: 20), background: green)
        try image.withFrameBuffer { try painter.paint(scene, into: $0, clip: Rect(x: 0, y: 0, width: 20, height: 20)) }
        #expect(image.pixel(x: 10, y: 10) == green.bytes)
        #expect(image.pixel(x: 30, y: 10) == Color.white.bytes)
        scene.background = .black
        try image.withFrameBuffer { try painter.paint(scene, into: $0, clip: Rect(x: 20, y: 0, width: 20, height: 20)) }
        #expect(image.pixel(x: 10, y: 10) == green.bytes)
        #expect(image.pixel(x: 30, y: 10) == Color.black.bytes)
    }

    @Test func japaneseTextIsDrawnInsideItsFrame() throws {
        let frame = Rect(x: 20, y: 20, width: 200, height: 60)
        var scene = Scene(size: Size(width: 240, height: 100), background: .white)
        scene.add(.text(TextRun("ぐりとぐら", frame: frame, size: 40, color: .black)))
        let image = ImageBuffer(width: 240, height: 100)
        try image.withFrameBuffer { try painter.paint(scene, into: $0) }
        var inside = 0, outside = 0
        for y in 0..<100 {
            for x in 0..<240 where image.pixel(x: x, y: y) != Color.white.bytes {
                if frame.contains(Point(x: Double(x), y: Double(y))) { inside += 1 } else { outside += 1 }
            }
        }
        #expect(inside > 500, "the kana should be drawn (a tofu box or nothing draws far less)")
        #expect(outside == 0)
    }

    @Test func longTextIsEllipsizedNotCut() throws {
        let run = TextRun(String(repeating: "ながいながいおはなし", count: 5), frame: Rect(x: 0, y: 0, width: 200, height: 40), size: 30)
        #expect(try !painter.fits(run))
        let measured = try painter.measure(run)
        #expect(measured.width <= 200)
        #expect(measured.height < 40)
        #expect(try painter.fits(TextRun("ぐりとぐら", frame: run.frame, size: 30)))
    }

    @Test func shrinkingMakesANameFitBeforeAnyEllipsis() throws {
        let frame = Rect(x: 0, y: 0, width: 300, height: 80)
        let name = "たなか はるとさん"
        #expect(try !painter.fits(TextRun(name, frame: frame, size: 60)))
        // Drawn with minimumScale, it shrinks: nothing is drawn beyond the frame's right edge.
        var scene = Scene(size: Size(width: 400, height: 80), background: .white)
        scene.add(.text(TextRun(name, frame: frame, size: 60, minimumScale: 0.4)))
        let image = ImageBuffer(width: 400, height: 80)
        try image.withFrameBuffer { try painter.paint(scene, into: $0) }
        let beyond = (300..<400).contains { x in (0..<80).contains { image.pixel(x: x, y: $0) != Color.white.bytes } }
        #expect(!beyond)
    }

    @Test func pngAndPDFAreWritten() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("painter-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var page = Scene(size: Size(width: 595.28, height: 841.89))
        page.add(.text(TextRun("はると", frame: Rect(x: 50, y: 50, width: 300, height: 60), size: 40)))
        try painter.writePDF([page, page], to: folder + "/cards.pdf")
        let pdf = try #require(FileManager.default.contents(atPath: folder + "/cards.pdf"))
        #expect(pdf.starts(with: Data("%PDF-".utf8)))
        #expect(String(decoding: pdf, as: UTF8.self).contains("/Count 2"))
        let png = try painter.png(page, width: 60, height: 85)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(throws: PaintingError.self) { try painter.writePDF([], to: folder + "/empty.pdf") }
    }

    @Test func fontconfigResolvesTheRoundedFontAndSeesThroughAWrongName() throws {
        let rounded = FontCheck.resolve(ScenePainter.defaultFamily)
        try #require(rounded.file != nil, "fonts-motoya-l-maruberi is not installed")
        #expect(rounded.isJapaneseFont)
        let wrong = FontCheck.resolve("Motoya L Maruberi")
        #expect(!wrong.matchesRequest)
    }
}

@Suite("PDF in memory")
struct PDFDataTests {
    @Test func pdfDataIsTheSamePDFAsTheFile() throws {
        let painter = ScenePainter()
        var page = Scene(size: Size(width: 612, height: 792))
        page.add(.text(TextRun("さくら", frame: Rect(x: 50, y: 50, width: 300, height: 60), size: 40)))
        let bytes = try painter.pdfData([page, page, page])
        #expect(bytes.starts(with: Array("%PDF-".utf8)))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("/Count 3") && text.contains("612 792"))
        #expect(throws: PaintingError.self) { try painter.pdfData([]) }
    }
}
