import Covers
import Foundation
import Lending
import Testing

/// A Book's cover is found in one order: the covers folder's file (by barcode, then ISBN), else
/// the photo kept in the library.
@Suite struct BookCoversTests {
    @Test func theFoldersFileWinsOverThePhotoKeptInTheLibrary() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("book-covers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data([1, 2, 3]).write(to: folder.appendingPathComponent("9784834000825.png"))
        let saved = Date(timeIntervalSince1970: 1_780_000_000.25)
        let repository = InMemoryLendingRepository()
        try repository.transaction { tx in
            for barcode in ["B001", "B002"] {
                try tx.save(Book(barcode: barcode, title: "ぐりとぐら"))
                try tx.save(BookCover(barcode: barcode, image: [7, 7, 7], format: .jpeg, savedAt: saved))
            }
        }
        let stored = try StoredCovers(repository: repository, folder: folder.appendingPathComponent("kiosk").path)
        let covers = BookCovers(folderPath: folder.path, stored: stored)

        #expect(covers.file(barcode: "B001", isbn: "9784834000825", now: saved) == folder.appendingPathComponent("9784834000825.png").path)
        let photo = try #require(covers.file(barcode: "B002", isbn: nil, now: saved))
        #expect(photo.hasSuffix("-1780000000250.jpg"), "named by the time it was saved")
        #expect(FileManager.default.contents(atPath: photo) == Data([7, 7, 7]))
        #expect(covers.folderFile(for: Book(barcode: "B002", title: "ぐりとぐら")) == nil)
        #expect(BookCovers.version(savedAt: saved) == "1780000000250")
        #expect(BookCovers.mediaType(ofFile: "/covers/B001.PNG") == "image/png")
        #expect(BookCovers.mediaType(ofFile: "/covers/B001.jpeg") == "image/jpeg")
    }
}
