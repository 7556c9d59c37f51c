import Covers
import Foundation
import Testing

@Suite("Covers: <barcode>.png|jpg or <isbn>.png|jpg")
struct CoverFolderTests {
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
}
