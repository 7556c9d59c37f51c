import Covers
import Foundation
import Testing

/// The covers folder as the screen and the page look into it: a set lookup per Book, and the folder
/// looked at again once a second at most.
@Suite struct CoverIndexTests {
    final class Clock: @unchecked Sendable {
        var now: UInt64 = 7_000_000_000
    }

    @Test func aCoverCopiedIntoTheFolderShowsOnceTheIntervalHasPassedAndAFolderTakenAwayShowsNone() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cover-index-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data([1, 2, 3]).write(to: folder.appendingPathComponent("B001.png"))
        let clock = Clock()
        let index = CoverIndex(CoverFolder(path: folder.path), recheckAfterNanoseconds: 1_000_000_000, clock: { clock.now })

        #expect(index.cover(barcode: "B001", isbn: nil) == folder.appendingPathComponent("B001.png").path)
        #expect(index.cover(barcode: "B002", isbn: "9784834000825") == nil)
        // A barcode is never a path out of the folder.
        #expect(index.cover(barcode: "../covers/B001", isbn: nil) == nil && index.cover(barcode: ".B001", isbn: nil) == nil)
        try Data([4, 5, 6]).write(to: folder.appendingPathComponent("9784834000825.jpg"))
        clock.now += 900_000_000
        #expect(index.cover(barcode: "B002", isbn: "9784834000825") == nil)
        clock.now += 200_000_000
        #expect(index.cover(barcode: "B002", isbn: "9784834000825") == folder.appendingPathComponent("9784834000825.jpg").path)

        try FileManager.default.removeItem(at: folder)
        clock.now += 1_000_000_000
        #expect(index.cover(barcode: "B001", isbn: nil) == nil)
    }
}

/// A cover file the process may not read is passed over for the ISBN's, as the folder's own look
/// does. Root reads every file, so this runs only as another user.
@Suite struct CoverIndexReadableTests {
    @Test(.enabled(if: getuid() != 0, "root may read every file, so no cover is unreadable to it"))
    func anUnreadableCoverGivesWayToTheISBNs() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cover-index-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let unreadable = folder.appendingPathComponent("B001.png")
        try Data([1, 2, 3]).write(to: unreadable)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: unreadable.path)
        try Data([4, 5, 6]).write(to: folder.appendingPathComponent("9784834000825.jpg"))
        let index = CoverIndex(CoverFolder(path: folder.path))
        let isbns = folder.appendingPathComponent("9784834000825.jpg").path
        #expect(index.cover(barcode: "B001", isbn: "9784834000825") == isbns)
        #expect(CoverFolder(path: folder.path).cover(barcode: "B001", isbn: "9784834000825") == isbns)
    }
}
