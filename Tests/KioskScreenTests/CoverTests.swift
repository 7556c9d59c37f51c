import KioskPresenter
import KioskScreen
import Lending
import Scene
import Testing

@Suite("Covers: a Book's cover beside the title")
struct CoverTests {
    @Test func theCoverStandsBesideTheTitle() throws {
        let layout = ScreenLayout(language: .ja, cover: { barcode, isbn, _ in isbn == S.guri.isbn ? "/covers/\(barcode).png" : nil })
        let scene = layout.scene(for: S.model([.ready, S.greeted, S.lentGuri]), size: PixelSize(width: 1280, height: 800))
        let images = scene.flatItems.compactMap { item -> (String, Rect)? in
            if case .image(let path, let frame, _) = item { return (path, frame) }
            return nil
        }
        let cover = try #require(images.first)
        #expect(cover.0 == "/covers/B0001.png")
        let title = try #require(scene.textRuns.first { $0.text == "ぐりとぐら" })
        #expect(cover.1.maxX <= title.frame.minX)
        #expect(cover.1.intersects(Rect(x: 0, y: title.frame.minY, width: 1280, height: title.frame.height)))
        // Without a cover, the title starts where the cover would be.
        let plain = ScreenLayout(language: .ja).scene(for: S.model([.ready, S.greeted, S.lentGuri]), size: PixelSize(width: 1280, height: 800))
        let plainTitle = try #require(plain.textRuns.first { $0.text == "ぐりとぐら" })
        #expect(plainTitle.frame.minX < title.frame.minX)
    }
}
