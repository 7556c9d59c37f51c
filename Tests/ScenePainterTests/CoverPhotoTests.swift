import Foundation
import Scene
@testable import ScenePainter
import Testing

/// 「表紙の写真」: a photo turned upright by its EXIF orientation, scaled to at most 800 px and
/// kept as a JPEG; anything that is not a picture refused. The photos are made here: a picture
/// encoded with libjpeg, and an APP1 Exif segment saying its orientation put in after its SOI.
@Suite("Cover photos")
struct CoverPhotoTests {
    static let red: UInt32 = 0xE0_10_10, blue: UInt32 = 0x10_20_E0, green: UInt32 = 0x10_C0_20, white: UInt32 = 0xFF_FF_FF

    /// A picture of `width`×`height` whose pixel (x, y) is `color(x, y)`.
    static func picture(_ width: Int, _ height: Int, _ color: (Int, Int) -> UInt32) -> CoverPixels {
        var values = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height { for x in 0..<width { values[y * width + x] = color(x, y) } }
        return CoverPixels(width: width, height: height, values: values)
    }

    /// A phone-sized picture in quarters, made a row at a time (a pixel at a time is slow in a debug build).
    static func quartered(_ width: Int, _ height: Int) -> CoverPixels {
        let top = (0..<width).map { quarter($0, 0, width: width, height: height) }
        let bottom = (0..<width).map { quarter($0, height - 1, width: width, height: height) }
        var values = [UInt32]()
        values.reserveCapacity(width * height)
        for y in 0..<height { values.append(contentsOf: y < height / 2 ? top : bottom) }
        return CoverPixels(width: width, height: height, values: values)
    }

    /// An APP1 segment `Exif\0\0` + a TIFF header (`littleEndian` or big) + IFD0 holding one
    /// entry, Orientation (0x0112, SHORT, 1) = `orientation`.
    static func exifSegment(orientation: Int, littleEndian: Bool = false) -> [UInt8] {
        func u16(_ value: Int) -> [UInt8] { littleEndian ? [UInt8(value & 0xFF), UInt8(value >> 8)] : [UInt8(value >> 8), UInt8(value & 0xFF)] }
        func u32(_ value: Int) -> [UInt8] { littleEndian ? u16(value & 0xFFFF) + u16(value >> 16) : u16(value >> 16) + u16(value & 0xFFFF) }
        // Another tag first (ImageWidth), as cameras write them in tag order.
        let tiff: [UInt8] = (littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]) + u16(42) + u32(8)
            + u16(2)
            + u16(0x0100) + u16(4) + u32(1) + u32(40)
            + u16(0x0112) + u16(3) + u32(1) + u16(orientation) + u16(0)
            + u32(0)
        let body = Array("Exif".utf8) + [0, 0] + tiff
        return [0xFF, 0xE1] + u16Big(body.count + 2) + body
    }

    static func u16Big(_ value: Int) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }

    /// `jpeg` with the Exif segment put in after its SOI marker.
    static func withOrientation(_ jpeg: [UInt8], _ orientation: Int, littleEndian: Bool = false) -> [UInt8] {
        Array(jpeg[0..<2]) + exifSegment(orientation: orientation, littleEndian: littleEndian) + Array(jpeg[2...])
    }

    static func isClose(_ pixel: (red: Int, green: Int, blue: Int), to color: UInt32) -> Bool {
        abs(pixel.red - Int(color >> 16 & 0xFF)) <= 40 && abs(pixel.green - Int(color >> 8 & 0xFF)) <= 40 && abs(pixel.blue - Int(color & 0xFF)) <= 40
    }

    @Test func aPhotoTurnedByOrientation6ComesOutUpright() throws {
        // What the camera stored: 40×20, red on the left, blue on the right. Orientation 6 says
        // "turn it a quarter to the right to see it": upright it is 20×40, red on top.
        let stored = Self.picture(40, 20) { x, _ in x < 20 ? Self.red : Self.blue }
        let photo = Self.withOrientation(try #require(CoverPhoto.encodeJPEG(stored)), 6)
        #expect(PhotoOrientation(jpeg: photo) == .turnedLeft)
        let prepared = try CoverPhoto.prepare(photo).get()
        #expect(prepared.width == 20 && prepared.height == 40 && prepared.orientation == .turnedLeft)
        let kept = try #require(CoverPhoto.decode(prepared.jpeg))
        #expect(kept.width == 20 && kept.height == 40)
        #expect(Self.isClose(kept.pixel(x: 10, y: 5), to: Self.red), "\(kept.pixel(x: 10, y: 5))")
        #expect(Self.isClose(kept.pixel(x: 10, y: 34), to: Self.blue), "\(kept.pixel(x: 10, y: 34))")
    }

    /// The upright picture: four quarters of their own colours, 30×20.
    static let quarters: [UInt32] = [red, green, blue, white]
    static func quarter(_ x: Int, _ y: Int, width: Int, height: Int) -> UInt32 {
        quarters[(y < height / 2 ? 0 : 2) + (x < width / 2 ? 0 : 1)]
    }

    @Test("every EXIF orientation comes out upright", arguments: PhotoOrientation.allCases)
    func everyOrientation(_ orientation: PhotoOrientation) throws {
        let (width, height) = (30, 20)
        let (storedWidth, storedHeight) = orientation.swapsSides ? (height, width) : (width, height)
        var stored = CoverPixels(width: storedWidth, height: storedHeight, values: [UInt32](repeating: 0, count: width * height))
        for y in 0..<height {
            for x in 0..<width {
                let from = orientation.storedPixel(uprightX: x, y: y, width: storedWidth, height: storedHeight)
                stored.values[from.y * storedWidth + from.x] = Self.quarter(x, y, width: width, height: height)
            }
        }
        let photo = Self.withOrientation(try #require(CoverPhoto.encodeJPEG(stored)), orientation.rawValue,
                                         littleEndian: orientation.rawValue % 2 == 0)
        #expect(PhotoOrientation(jpeg: photo) == orientation)
        let prepared = try CoverPhoto.prepare(photo).get()
        let kept = try #require(CoverPhoto.decode(prepared.jpeg))
        #expect(kept.width == width && kept.height == height)
        for (x, y) in [(7, 5), (22, 5), (7, 15), (22, 15)] {
            let expected = Self.quarter(x, y, width: width, height: height)
            #expect(Self.isClose(kept.pixel(x: x, y: y), to: expected), "\(orientation) at (\(x), \(y)): \(kept.pixel(x: x, y: y))")
        }
    }

    /// The table itself, by hand, on a stored picture of 4×2: where the upright top-left and
    /// top-right pixels come from.
    @Test(arguments: [
        (PhotoOrientation.upright, 4, 2, [0, 0, 3, 0]),
        (.mirrored, 4, 2, [3, 0, 0, 0]),
        (.upsideDown, 4, 2, [3, 1, 0, 1]),
        (.upsideDownMirrored, 4, 2, [0, 1, 3, 1]),
        (.transposed, 4, 2, [0, 0, 0, 1]),
        (.turnedLeft, 4, 2, [0, 1, 0, 0]),
        (.transverse, 4, 2, [3, 1, 3, 0]),
        (.turnedRight, 4, 2, [3, 0, 3, 1]),
    ])
    func storedPixels(_ orientation: PhotoOrientation, width: Int, height: Int, expected: [Int]) {
        let uprightWidth = orientation.swapsSides ? height : width
        let topLeft = orientation.storedPixel(uprightX: 0, y: 0, width: width, height: height)
        let topRight = orientation.storedPixel(uprightX: uprightWidth - 1, y: 0, width: width, height: height)
        #expect([topLeft.x, topLeft.y, topRight.x, topRight.y] == expected)
    }

    @Test func noExifOrAnExifWithoutOrientationIsUpright() throws {
        let jpeg = try #require(CoverPhoto.encodeJPEG(Self.picture(8, 8) { _, _ in Self.red }))
        #expect(PhotoOrientation(jpeg: jpeg) == .upright)
        let noOrientation = Array(jpeg[0..<2]) + [0xFF, 0xE1] + Self.u16Big(2 + 6 + 8 + 2 + 4)
            + Array("Exif".utf8) + [0, 0] + [0x4D, 0x4D, 0, 42, 0, 0, 0, 8] + [0, 0] + [0, 0, 0, 0] + Array(jpeg[2...])
        #expect(PhotoOrientation(jpeg: noOrientation) == .upright)
        #expect(PhotoOrientation(jpeg: Array(jpeg[0..<2]) + [0xFF, 0xE1, 0xFF, 0xFF]) == .upright)
        #expect(PhotoOrientation(jpeg: Self.withOrientation(jpeg, 9)) == .upright)
    }

    @Test(arguments: [
        (4032, 3024, 800, 600),
        (2000, 3000, 533, 800),
        (1700, 900, 800, 424),
        (640, 480, 640, 480),
    ])
    func scaledSoTheLongestSideIsAtMost800(width: Int, height: Int, keptWidth: Int, keptHeight: Int) throws {
        let photo = try #require(CoverPhoto.encodeJPEG(Self.quartered(width, height), quality: 80))
        let prepared = try CoverPhoto.prepare(photo).get()
        #expect(prepared.width == keptWidth && prepared.height == keptHeight)
        let kept = try #require(CoverPhoto.decode(prepared.jpeg))
        #expect(kept.width == keptWidth && kept.height == keptHeight)
        #expect(Self.isClose(kept.pixel(x: keptWidth / 4, y: keptHeight / 4), to: Self.red))
        #expect(Self.isClose(kept.pixel(x: keptWidth * 3 / 4, y: keptHeight * 3 / 4), to: Self.white))
    }

    @Test func aPNGFromAPCIsKeptAsAJPEG() throws {
        let png = try pngFile(1600, 1200)
        #expect(CoverPhoto.format(of: png) == .png)
        let prepared = try CoverPhoto.prepare(png).get()
        #expect(prepared.width == 800 && prepared.height == 600 && CoverPhoto.format(of: prepared.jpeg) == .jpeg)
        let kept = try #require(CoverPhoto.decode(prepared.jpeg))
        #expect(Self.isClose(kept.pixel(x: 200, y: 150), to: Self.red) && Self.isClose(kept.pixel(x: 600, y: 450), to: Self.white))
    }

    @Test(arguments: [
        Array("%PDF-1.7\n".utf8),
        Array("title,author\nぐりとぐら,なかがわりえこ\n".utf8),
        [0x00, 0x00, 0x00, 0x18] + Array("ftypheic".utf8),
        [],
    ])
    func aFileThatIsNotAPictureIsRefused(_ bytes: [UInt8]) {
        #expect(CoverPhoto.prepare(bytes) == .failure(.notAPicture))
    }

    @Test func aJPEGCutShortIsRefusedWithLibjpegsReason() throws {
        let jpeg = try #require(CoverPhoto.encodeJPEG(Self.picture(64, 64) { _, _ in Self.red }))
        guard case .failure(.unreadable(let reason)) = CoverPhoto.prepare(Array(jpeg.prefix(30))) else {
            Issue.record("a JPEG cut short was kept")
            return
        }
        #expect(!reason.isEmpty)
    }

    /// A PNG of `width`×`height` in quarters, written by the painter.
    func pngFile(_ width: Int, _ height: Int) throws -> [UInt8] {
        var scene = Scene(size: Size(width: Double(width), height: Double(height)), background: .white)
        scene.add(.rectangle(Rect(x: 0, y: 0, width: Double(width) / 2, height: Double(height) / 2), cornerRadius: 0,
                             fill: Color(red: 0xE0 / 255, green: 0x10 / 255, blue: 0x10 / 255), stroke: nil))
        return try ScenePainter().png(scene)
    }
}
