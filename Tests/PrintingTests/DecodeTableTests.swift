import Foundation
import Printing
import Scene
import ScenePainter
import Testing

private func executable(_ name: String) -> String? {
    for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
        let candidate = "\(directory)/\(name)"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
}

private let zbarimg = executable("zbarimg")
private let pdftoppm = executable("pdftoppm")

/// Every symbol value of both encoders, printed through the painter and read back by zbar: a
/// wrong row in a table would not decode.
@Suite(.enabled(if: zbarimg != nil, "zbarimg is missing: install zbar-tools"),
       .enabled(if: pdftoppm != nil, "pdftoppm is missing: install poppler-utils"))
struct DecodeTableTests {
    @Test("every Code 128 value (subsets B and C) and every NW-7 character decodes with zbarimg")
    func everyValueDecodes() throws {
        let pairs = (0..<100).map { $0 < 10 ? "0\($0)" : "\($0)" }
        let subsetC = stride(from: 0, to: 100, by: 10).map { pairs[$0..<($0 + 10)].joined() }
        let ascii = (32...126).map { String(UnicodeScalar(UInt8($0))) }
        let subsetB = stride(from: 0, to: ascii.count, by: 12).map { ascii[$0..<min($0 + 12, ascii.count)].joined() }
            .map { $0.hasPrefix(" ") ? "x" + $0 : $0 }  // no leading space: it would look like nothing
        let codabar = "0123456789-$:/.+"
        let sheet = Sheet(name: "test-strips", title: "one column of wide strips", columns: 1, rows: 10,
                          labelWidth: 200, labelHeight: 27, leftMargin: 5, topMargin: 10)
        var pages = try PageLayout(sheet: sheet, symbology: .code128)
            .labels((subsetC + subsetB).map { BookLabel(title: "", barcode: $0) }).get()
        pages += try PageLayout(sheet: sheet, symbology: .nw7).labels([BookLabel(title: "", barcode: codabar)]).get()

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("decode-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try ScenePainter().writePDF(pages, to: folder + "/strips.pdf")
        try run(pdftoppm!, ["-r", "300", "-gray", folder + "/strips.pdf", folder + "/page"])
        let images = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".pgm") }.sorted()
        #expect(images.count == 3)
        let output = try run(zbarimg!, ["-q", "--raw", "-Sdisable", "-Scode128.enable", "-Scodabar.enable"] + images.map { folder + "/" + $0 })
        let decoded = Set(output.split(separator: "\n").map(String.init))
        let expected = Set(subsetC + subsetB + ["A\(codabar)A"])
        #expect(decoded == expected, "missing: \(expected.subtracting(decoded)); unexpected: \(decoded.subtracting(expected))")
    }

    @discardableResult
    private func run(_ path: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
