import Covers
import Foundation
import KioskPresenter
import KioskScreen
import Lending
import Scene
import Testing

@Suite("Covers: <barcode>.png|jpg or <isbn>.png|jpg beside the title")
struct CoverTests {
    @Test func theFolderIsSearchedByBarcodeThenByISBN() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("covers-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: path) }
        for name in ["B0001.jpg", "9784834000825.png", "B0002.JPG"] {
            try #require(FileManager.default.createFile(atPath: path + "/" + name, contents: Data([1])))
        }
        let folder = CoverFolder(path: path)
        #expect(folder.cover(barcode: "B0001", isbn: "9784834000825") == path + "/B0001.jpg")
        #expect(folder.cover(barcode: "B0009", isbn: "9784834000825") == path + "/9784834000825.png")
        #expect(folder.cover(barcode: "B0002", isbn: nil) == path + "/B0002.JPG")
        #expect(folder.cover(barcode: "B0003", isbn: nil) == nil)
        // A barcode is never a path out of the folder.
        #expect(folder.cover(barcode: "../B0001", isbn: nil) == nil)
        #expect(folder.cover(barcode: ".hidden", isbn: nil) == nil)
    }

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
