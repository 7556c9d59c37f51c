import Covers
import Feedback
import Foundation
import KioskAssembly
import KioskPresenter
import Lending
import LendingSQLite
import Scene
@testable import ScenePainter
import Testing

/// A cover photographed on the teachers' page is on the kiosk's screen at once: the kiosk
/// assembled as `run` assembles it, on the same SQLite library, with no covers folder.
@Suite("The kiosk shows covers photographed on the page")
struct KioskStoredCoverTests {
    let t0 = Date(timeIntervalSince1970: 1_796_115_600) // 2026-12-01T09:00:00Z
    let utc = TimeZone(identifier: "UTC")!
    /// A colour the kiosk's screen has nowhere else.
    static let violet: UInt32 = 0x70_10_F0

    func violetPixels(_ image: ImageBuffer) -> Int {
        var count = 0
        for y in stride(from: 0, to: image.height, by: 2) {
            for x in stride(from: 0, to: image.width, by: 2) {
                let pixel = image.pixel(x: x, y: y)
                if abs(Int(pixel.red) - 0x70) < 40, abs(Int(pixel.green) - 0x10) < 40, abs(Int(pixel.blue) - 0xF0) < 40 { count += 1 }
            }
        }
        return count
    }

    @Test func aPhotoSavedOnThePageIsPaintedBesideTheTitleOnTheNextScan() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stored-cover-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let repository = try SQLiteLendingRepository(path: folder + "/library.sqlite")
        try repository.transaction { tx in
            try tx.save(User(card: "C0001", name: "はると"))
            try tx.save(Book(barcode: "B0001", title: "ぐりとぐら"))
            try tx.save(Book(barcode: "B0002", title: "はらぺこあおむし"))
        }
        var settings = KioskSettings(policy: Policy(loanLimit: 3, timeZone: utc), libraryName: "ひまわり文庫",
                                     feedback: FeedbackSettings(sound: false, timeZone: utc), announces: false, convertsKana: false)
        settings.screen = ScreenSettings(covers: folder + "/no-covers-folder", storedCovers: folder + "/kiosk-covers")
        let output = ImageFrameOutput(size: PixelSize(width: 1280, height: 800))
        let kiosk = try KioskAssembly(settings: settings, repository: repository, screen: output, now: t0, log: { _ in })
        kiosk.start(at: t0)
        kiosk.runtime.feed(.scanned("C0001", at: t0))
        kiosk.runtime.feed(.scanned("B0002", at: t0 + 2))
        #expect(violetPixels(output.image) == 0)

        // The page keeps a photo for B0001 (as `saveCoverPhoto` does, through the desk).
        let upright = CoverPixels(width: 300, height: 400, values: [UInt32](repeating: Self.violet, count: 300 * 400))
        let prepared = try CoverPhoto.prepare(try #require(CoverPhoto.encodeJPEG(upright))).get()
        _ = try repository.transaction { tx in
            try LibraryDesk(staff: "佐藤", at: t0).saveCoverPhoto(BookCover(barcode: "B0001", image: prepared.jpeg, format: .jpeg, savedAt: t0 + 3),
                                                                   width: prepared.width, height: prepared.height, in: tx)
        }
        kiosk.runtime.feed(.scanned("B0001", at: t0 + 4))
        let painted = violetPixels(output.image)
        #expect(painted > 500, "\(painted) violet pixels")
        let copies = try FileManager.default.contentsOfDirectory(atPath: folder + "/kiosk-covers")
        #expect(copies.count == 1 && copies[0].hasSuffix(".jpg"))
        if let keep = ProcessInfo.processInfo.environment["BOOKKIOSK_KEEP_FRAME"] {
            try Data(try output.image.png()).write(to: URL(fileURLWithPath: keep))
        }

        // A new photo replaces the copy on the next frame that shows the Book once the kept
        // answer (five seconds of the kiosk's clock) has passed.
        _ = try repository.transaction { tx in
            try tx.save(BookCover(barcode: "B0001", image: prepared.jpeg, format: .jpeg, savedAt: t0 + 10))
        }
        kiosk.runtime.feed(.scanned("B0001", at: t0 + 12))
        let again = try FileManager.default.contentsOfDirectory(atPath: folder + "/kiosk-covers")
        #expect(again.count == 1 && again != copies)
    }

    @Test func aBooksAnswerIsKeptForFiveSecondsOfTheKiosksClock() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stored-cover-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let repository = try SQLiteLendingRepository(path: folder + "/library.sqlite")
        let photo = [UInt8](repeating: 7, count: 64)
        try repository.transaction { tx in
            try tx.save(Book(barcode: "B0001", title: "ぐりとぐら"))
            try tx.save(BookCover(barcode: "B0001", image: photo, format: .jpeg, savedAt: t0))
        }
        let covers = try StoredCovers(repository: repository, folder: folder + "/kiosk-covers")
        let first = try #require(covers.cover(barcode: "B0001", now: t0 + 1))
        #expect(covers.cover(barcode: "B0002", now: t0 + 1) == nil)

        // A new photo: the kept answer stands for five seconds, then the Book is asked again.
        _ = try repository.transaction { try $0.save(BookCover(barcode: "B0001", image: photo, format: .jpeg, savedAt: t0 + 2)) }
        try repository.transaction { try $0.save(Book(barcode: "B0002", title: "はらぺこあおむし")) }
        try repository.transaction { try $0.save(BookCover(barcode: "B0002", image: photo, format: .jpeg, savedAt: t0 + 2)) }
        #expect(covers.cover(barcode: "B0001", now: t0 + 5.9) == first)
        #expect(covers.cover(barcode: "B0002", now: t0 + 5.9) == nil, "none, as it was told at t0 + 1")
        let second = try #require(covers.cover(barcode: "B0001", now: t0 + 6))
        #expect(second != first)
        #expect(covers.cover(barcode: "B0002", now: t0 + 6) != nil)
        // A clock set back asks again rather than trusting an answer from its future.
        _ = try repository.transaction { try $0.save(BookCover(barcode: "B0001", image: photo, format: .jpeg, savedAt: t0 + 3)) }
        let third = try #require(covers.cover(barcode: "B0001", now: t0 + 4))
        #expect(third != second)
    }
}
