import Foundation
import Testing
@testable import QRCode

@Suite("QR codes (libqrencode)")
struct QRCodeTests {
    static let pageAddress = "http://192.168.1.20:8080/"

    @Test("the symbol has its size from its version, and the three finder patterns in its corners")
    func finderPatterns() throws {
        let code = try QRCode(text: Self.pageAddress)
        #expect(code.size == 17 + 4 * code.version)
        #expect(code.modules.count == code.size * code.size)
        for (top, left) in [(0, 0), (0, code.size - 7), (code.size - 7, 0)] {
            for row in 0..<7 {
                for column in 0..<7 {
                    let ring = max(abs(row - 3), abs(column - 3))  // 3: outer ring, 2: light ring, 0–1: centre
                    #expect(code.isDark(row: top + row, column: left + column) == (ring != 2), "finder at \(top),\(left): \(row),\(column)")
                }
            }
        }
        // The timing pattern between the top finders alternates, starting dark.
        for column in 8..<(code.size - 8) {
            #expect(code.isDark(row: 6, column: column) == column.isMultiple(of: 2))
        }
    }

    @Test("a longer text needs a larger version; the same text gives the same symbol")
    func versions() throws {
        let short = try QRCode(text: "http://10.0.0.1:80/")
        let long = try QRCode(text: "https://library.example-kindergarten.jp:8443/" + String(repeating: "books/", count: 20))
        #expect(long.version > short.version)
        #expect(try QRCode(text: "http://10.0.0.1:80/") == short)
    }

    @Test("texts that cannot become a QR code say why")
    func refused() {
        #expect(throws: QRCodeError.textTooLong(bytes: 4000)) { try QRCode(text: String(repeating: "あ", count: 4000 / 3) + "a") }
        #expect(throws: QRCodeError.containsNUL) { try QRCode(text: "a\u{0}b") }
        #expect(QRCodeError.textTooLong(bytes: 4000).description.contains("shorter"))
    }

    @Test("the SVG is a standalone document with a quiet zone of four modules, drawn crisp")
    func svgDocument() throws {
        let code = try QRCode(text: Self.pageAddress)
        let svg = code.svg(modulePixels: 6)
        let side = code.size + 8
        #expect(svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.contains("viewBox=\"0 0 \(side) \(side)\""))
        #expect(svg.contains("width=\"\(side * 6)\" height=\"\(side * 6)\""))
        #expect(svg.contains("shape-rendering=\"crispEdges\""))
        #expect(svg.hasSuffix("</svg>\n"))
        let raster = try SVGRaster(svg: svg, side: side)
        // Nothing dark in the quiet zone; inside, exactly the symbol's modules.
        for row in 0..<side {
            for column in 0..<side {
                let inside = (4..<(side - 4)).contains(row) && (4..<(side - 4)).contains(column)
                let expected = inside && code.isDark(row: row - 4, column: column - 4)
                #expect(raster.isDark(row: row, column: column) == expected, "\(row),\(column)")
            }
        }
    }

    @Test(
        "zbarimg reads the page's address back from the SVG's picture",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/zbarimg"), "zbarimg (Debian: zbar-tools) is not installed"),
        arguments: [pageAddress, "https://[fd00::20]:8443/", "http://保育園.example/"]
    )
    func zbarReadsIt(text: String) throws {
        let code = try QRCode(text: text)
        let side = code.size + 2 * QRCode.quietZone
        let raster = try SVGRaster(svg: code.svg(), side: side)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("QRCodeTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let picture = directory.appendingPathComponent("qr.pgm")
        try Data(raster.pgm(pixelsPerModule: 4)).write(to: picture)

        let zbar = Process()
        zbar.executableURL = URL(fileURLWithPath: "/usr/bin/zbarimg")
        zbar.arguments = ["--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", picture.path]
        let output = Pipe()
        zbar.standardOutput = output
        zbar.standardError = FileHandle.nullDevice
        try zbar.run()
        let read = output.fileHandleForReading.readDataToEndOfFile()
        zbar.waitUntilExit()
        #expect(zbar.terminationStatus == 0)
        #expect(String(decoding: read, as: UTF8.self).trimmingCharacters(in: .newlines) == text)
    }
}

/// The SVG's picture, one cell per module: the white square, then each `M x y h w v1 h-w z`
/// rectangle of the path painted dark. Anything else in the path fails the test.
struct SVGRaster {
    struct Unreadable: Error, CustomStringConvertible { var description: String }

    let side: Int
    private var dark: [Bool]

    init(svg: String, side: Int) throws {
        self.side = side
        dark = Array(repeating: false, count: side * side)
        guard svg.contains("<rect width=\"\(side)\" height=\"\(side)\" fill=\"#ffffff\"/>"),
              let start = svg.range(of: "<path fill=\"#000000\" d=\""),
              let end = svg[start.upperBound...].firstIndex(of: "\"") else {
            throw Unreadable(description: "no white square and black path in \(svg.prefix(400))")
        }
        let path = svg[start.upperBound..<end]
        for piece in path.split(separator: "M") {
            let scanner = Scanner(string: String(piece))
            var x = 0, y = 0, width = 0, back = 0
            guard scanner.scanInt(&x), scanner.scanInt(&y),
                  scanner.scanString("h") != nil, scanner.scanInt(&width), scanner.scanString("v1h-") != nil,
                  scanner.scanInt(&back), scanner.scanString("z") != nil, scanner.isAtEnd, back == width,
                  (0..<side).contains(y), x >= 0, x + width <= side else {
                throw Unreadable(description: "unexpected path piece M\(piece)")
            }
            for column in x..<(x + width) { dark[y * side + column] = true }
        }
    }

    func isDark(row: Int, column: Int) -> Bool { dark[row * side + column] }

    /// A binary greyscale PGM (P5), black on white.
    func pgm(pixelsPerModule scale: Int) -> [UInt8] {
        let pixels = side * scale
        var bytes = Array("P5\n\(pixels) \(pixels)\n255\n".utf8)
        for y in 0..<pixels {
            for x in 0..<pixels { bytes.append(isDark(row: y / scale, column: x / scale) ? 0 : 255) }
        }
        return bytes
    }
}
