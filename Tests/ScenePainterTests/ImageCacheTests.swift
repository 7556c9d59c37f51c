import Foundation
import Scene
import Testing
@testable import ScenePainter

/// The painter's pictures: a bounded cache that forgets the least recently used, and forgets a
/// file it could not read once `retryAfter` has passed (time is an argument).
@Suite struct ImageCacheTests {
    let t0 = Date(timeIntervalSince1970: 1_796_115_600)

    @Test func aPictureIsReadOnceAndKept() {
        var cache = ImageCache<String>(capacity: 4, retryAfter: 60)
        var reads = 0
        let load: (String) -> String? = { reads += 1; return "picture of \($0)" }
        #expect(cache.image(at: "a.png", now: t0, load: load) == "picture of a.png")
        #expect(cache.image(at: "a.png", now: t0.addingTimeInterval(3600), load: load) == "picture of a.png")
        #expect(reads == 1)
    }

    @Test func itHoldsAtMostItsCapacityForgettingTheLeastRecentlyUsed() {
        var cache = ImageCache<String>(capacity: 2, retryAfter: 60)
        var reads: [String] = []
        let load: (String) -> String? = { reads.append($0); return $0 }
        _ = cache.image(at: "a", now: t0, load: load)
        _ = cache.image(at: "b", now: t0, load: load)
        _ = cache.image(at: "a", now: t0, load: load)   // a is now the more recent
        _ = cache.image(at: "c", now: t0, load: load)   // b goes
        #expect(cache.count == 2)
        _ = cache.image(at: "a", now: t0, load: load)
        _ = cache.image(at: "b", now: t0, load: load)
        #expect(reads == ["a", "b", "c", "b"])
    }

    @Test func aFailedReadIsRememberedThenTriedAgainAfterTheRetryTime() {
        var cache = ImageCache<String>(capacity: 4, retryAfter: 60)
        var exists = false
        var reads = 0
        let load: (String) -> String? = { reads += 1; return exists ? $0 : nil }
        #expect(cache.image(at: "cover.png", now: t0, load: load) == nil)
        exists = true
        #expect(cache.image(at: "cover.png", now: t0.addingTimeInterval(59), load: load) == nil)
        #expect(reads == 1)
        #expect(cache.image(at: "cover.png", now: t0.addingTimeInterval(60), load: load) == "cover.png")
        #expect(reads == 2)
    }

    @Test func manyMissingCoversDoNotGrowTheCache() {
        var cache = ImageCache<String>(capacity: 8, retryAfter: 60)
        for index in 0..<1000 { _ = cache.image(at: "missing-\(index).png", now: t0, load: { _ in nil }) }
        #expect(cache.count == 8)
    }

    /// Through the painter: a cover copied in after the first frame shows once the retry time
    /// has passed on the painter's clock.
    @Test func aCoverCopiedInLaterIsPaintedAfterTheRetryTime() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("covers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let cover = folder.appendingPathComponent("B0001.png").path
        final class Clock: @unchecked Sendable { var now = Date(timeIntervalSince1970: 1_796_115_600) }
        let clock = Clock()
        let painter = ScenePainter(now: { clock.now })
        var scene = Scene(size: Size(width: 20, height: 20), background: .white)
        scene.add(.image(path: cover, frame: scene.bounds))
        let image = ImageBuffer(width: 20, height: 20)
        try image.withFrameBuffer { try painter.paint(scene, into: $0) }
        #expect(image.pixel(x: 10, y: 10) == (255, 255, 255))

        var red = Scene(size: Size(width: 8, height: 8), background: Color(red: 1, green: 0, blue: 0))
        red.add(.rectangle(red.bounds, fill: Color(red: 1, green: 0, blue: 0)))
        try painter.writePNG(red, to: cover)
        clock.now += ScenePainter.unreadableImageRetrySeconds - 1
        try image.withFrameBuffer { try painter.paint(scene, into: $0) }
        #expect(image.pixel(x: 10, y: 10) == (255, 255, 255))
        clock.now += 1
        try image.withFrameBuffer { try painter.paint(scene, into: $0) }
        #expect(image.pixel(x: 10, y: 10) == (255, 0, 0))
    }

    @Test func aBufferCairoCannotPaintOnIsAClearError() {
        let storage = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 16)
        defer { storage.deallocate() }
        // A row of 10 pixels needs 40 bytes; cairo takes only strides it aligns (multiples of 4).
        let buffer = FrameBuffer(pixels: storage, width: 10, height: 1, stride: 42)
        #expect {
            try ScenePainter().paint(Scene(size: Size(width: 10, height: 1)), into: buffer)
        } throws: { error in
            guard let error = error as? PaintingError else { return false }
            return error.what == "make a drawing surface of 10×1 pixels" && error.description.contains("stride")
        }
    }
}
