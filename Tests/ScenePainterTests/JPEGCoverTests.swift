import Foundation
import Scene
import ScenePainter
import Testing

/// Book covers may be JPEG files (libjpeg-turbo) as well as PNG (cairo).
@Suite("JPEG covers")
struct JPEGCoverTests {
    /// A 16×16 JPEG of one colour, #2060C0, at quality 95.
    static let blueJPEG = "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAIBAQEBAQIBAQECAgICAgQDAgICAgUEBAMEBgUGBgYFBgYGBwkIBgcJBwYGCAsICQoKCgoKBggLDAsKDAkKCgr/2wBDAQICAgICAgUDAwUKBwYHCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgr/wAARCAAQABADAREAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAj/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAAAAj/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCX12JfAAAf/9k="

    func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("jpeg-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func aJPEGCoverIsPaintedWhereTheSceneSays() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/9784834000825.jpg"
        try #require(FileManager.default.createFile(atPath: path, contents: Data(base64Encoded: Self.blueJPEG)))
        var scene = Scene(size: Size(width: 100, height: 60), background: .white)
        scene.add(.image(path: path, frame: Rect(x: 10, y: 10, width: 40, height: 40)))
        let image = ImageBuffer(width: 100, height: 60)
        try image.withFrameBuffer { try ScenePainter().paint(scene, into: $0) }
        let inside = image.pixel(x: 30, y: 30)
        #expect(abs(Int(inside.red) - 0x20) <= 6 && abs(Int(inside.green) - 0x60) <= 6 && abs(Int(inside.blue) - 0xC0) <= 6, "\(inside)")
        #expect(image.pixel(x: 70, y: 30) == (255, 255, 255))
    }

    @Test func aBrokenJPEGPaintsNothingAndDoesNotStopThePainter() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/B0001.jpg"
        let truncated = try #require(Data(base64Encoded: Self.blueJPEG)).prefix(40)
        try #require(FileManager.default.createFile(atPath: path, contents: Data(truncated) + Data("not a picture".utf8)))
        var scene = Scene(size: Size(width: 60, height: 60), background: .white)
        scene.add(.image(path: path, frame: Rect(x: 0, y: 0, width: 60, height: 60)))
        scene.add(.image(path: folder + "/missing.jpg", frame: Rect(x: 0, y: 0, width: 60, height: 60)))
        let image = ImageBuffer(width: 60, height: 60)
        try image.withFrameBuffer { try ScenePainter().paint(scene, into: $0) }
        #expect(image.pixel(x: 30, y: 30) == (255, 255, 255))
    }
}
