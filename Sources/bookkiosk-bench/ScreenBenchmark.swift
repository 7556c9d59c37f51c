import Foundation
import Feedback
import Kiosk
import KioskPresenter
import KioskScreen
import Lending
import LendingSQLite
import POSIX
import Scene
import ScenePainter

/// The screen's figures: laying out and painting each kind of frame at three sizes, and a scan
/// handed to the runtime until the frame's pixels are written (into an image, as a display's
/// buffer would be).
enum ScreenBenchmark {
    static let sizes = [PixelSize(width: 800, height: 480), PixelSize(width: 1280, height: 800), PixelSize(width: 1920, height: 1080)]

    /// Milliseconds per full frame (layout + paint), by frame kind and size.
    static func frames(rounds: Int, start: Date) throws -> [(kind: String, size: PixelSize, latencies: Latencies)] {
        let policy = Policy(timeZone: TimeZone(identifier: "UTC")!)
        let user = User(card: "C0001", name: "はると")
        let book = Book(barcode: "B0001", title: "しろくまちゃんのほっとけーき", isbn: "9784834000825")
        let loan = Loan(id: 1, book: book.barcode, user: user.card, lentAt: start, due: policy.dueDate(lentAt: start))
        let entry = UserLoans.Entry(book: book.barcode, title: book.title, due: loan.due)
        let greeted = KioskEvent.outcome(.greeted(user, loans: UserLoans(loans: [entry], remaining: 1)))
        let kinds: [(String, [KioskEvent])] = [
            ("waiting", [.ready]),
            ("session", [.ready, greeted]),
            ("lent", [.ready, greeted, .outcome(.lent(loan, book: book, user: user, loans: UserLoans(loans: [entry, entry], remaining: 0)))]),
            ("returned", [.ready, greeted, .outcome(.returned(loan, book: book, user: user, overdueDays: 0, loans: UserLoans(loans: [entry], remaining: 1)))]),
            ("refused", [.ready, greeted, .outcome(.refused(.limitReached, barcode: "B0002", user: user, book: book))]),
            ("staff", [.ready, .staff(StaffEvent(action: .entered, staff: "やまだ"))]),
        ]
        let painter = ScenePainter()
        painter.warmUp()
        let layout = ScreenLayout(language: .ja)
        var results: [(String, PixelSize, Latencies)] = []
        for size in sizes {
            let image = ImageBuffer(width: size.width, height: size.height)
            for (name, events) in kinds {
                var model = ScreenModel(policy: policy, now: start)
                for event in events { model.apply(event, at: start) }
                var latencies = Latencies()
                for round in 0..<(rounds + 10) {
                    let before = monotonicNanoseconds()
                    let scene = layout.scene(for: model, size: size)
                    try image.withFrameBuffer { buffer throws(PaintingError) in try painter.paint(scene, into: buffer) }
                    if round >= 10 { latencies.add(microseconds(from: before, to: monotonicNanoseconds()) / 1000) }
                }
                results.append((name, size, latencies))
            }
        }
        return results
    }

    /// Milliseconds from a Scan handed to the runtime to its frame painted, at 1280×800, on the
    /// database at `databasePath` (a Card, a lend, a return each round).
    static func scanToFrame(databasePath: String, dataSet: DataSet, rounds: Int, start: Date) throws -> Latencies {
        let policy = Policy(timeZone: TimeZone(identifier: "UTC")!)
        let repository = try SQLiteLendingRepository(path: databasePath)
        let output = ImageFrameOutput(size: PixelSize(width: 1280, height: 800))
        let kiosk = try benchKiosk(policy: policy, repository: repository, screen: output, now: start, announce: { _, _ in })
        let runtime = kiosk.runtime
        runtime.feed(.started(at: start))
        var latencies = Latencies()
        var now = start
        for round in 0..<(rounds + 10) {
            let card = DataSet.userCard(round * 97 % dataSet.users)
            let book = DataSet.bookBarcode((round * 7919 % dataSet.books) / 100 * 100 + 1)
            for barcode in [card, book, book] {
                now = now.addingTimeInterval(3)
                let frames = output.framesPresented
                let before = monotonicNanoseconds()
                runtime.feed(.scanned(barcode, at: now))
                let after = monotonicNanoseconds()
                if round >= 10, output.framesPresented > frames { latencies.add(microseconds(from: before, to: after) / 1000) }
            }
            now = now.addingTimeInterval(60)
            kiosk.advance(to: now)
        }
        return latencies
    }
}
