import Foundation
import Feedback
import KioskScreen
import Lending
import Scene
import ScenePainter

/// Shows the kiosk's screen on a `FrameOutput` (the DRM display, a window, an image): it holds
/// the `ScreenModel`, folds in each event, prompt and tick, lays the model out and paints only
/// what changed. The same scene twice paints nothing (an idle kiosk draws nothing); when only
/// the Session's countdown bar changed, only the bar's rectangle is painted and presented.
///
/// The fonts are loaded when the presenter is made, not on a child's first scan. A display that
/// fails is logged once (until it works again) and the kiosk carries on with sound and the
/// status line. Not `Sendable`: one presenter is used from the kiosk's one thread.
public final class ScreenPresenter {
    public private(set) var model: ScreenModel
    public private(set) var layout: ScreenLayout
    public let output: any FrameOutput
    private let painter: ScenePainter
    private let log: (String) -> Void
    /// The scene on the output now; nil before the first frame or after a failed one.
    private var shown: Scene?
    private var isFailing = false

    /// Frames presented whole, and frames that painted only the countdown bar (for tests and
    /// the benchmark).
    public private(set) var fullFrames = 0
    public private(set) var barFrames = 0

    /// - Parameters:
    ///   - now: the time the kiosk starts at (the model's clock).
    ///   - log: a grown-up's line when the display fails (once until it works again).
    public init(output: any FrameOutput, layout: ScreenLayout, policy: Policy, painter: ScenePainter = ScenePainter(),
                now: Date, log: @escaping (String) -> Void) {
        self.output = output
        self.layout = layout
        self.painter = painter
        self.log = log
        model = ScreenModel(policy: policy, now: now)
        painter.warmUp()
        warmUpAnswers(at: now)
    }

    /// Paints the answers a child meets (a greeting, a lend, a return, a refusal) once, off the
    /// screen, with made-up values, so that what the first frame of each costs (its glyphs
    /// rasterised at each size, the due-date strip, the slots' shapes, the words' first
    /// layouts) is paid at start and not on the day's first scans. Each answer is painted with a
    /// short name and title and with long ones: text that does not fit is shrunk step by step,
    /// and each new size makes pango look for its fonts (in threads of its own), so the long ones
    /// walk every size a run can take. Measured in a release build: a process's first lend cost
    /// 20 ms of CPU and the lends after it 3 ms (on a Pi-class quarter of a core, 80 ms against
    /// 12). Nothing is shown and the model is untouched.
    private func warmUpAnswers(at now: Date) {
        let today = LocalDate(now, in: model.policy.timeZone)
        let samples = [
            (User(card: "0", name: "山田 陽翔", reading: "やまだ はると", className: "ひよこぐみ"),
             Book(barcode: "0", title: "ぐりとぐらの おきゃくさま")),
            (User(card: "0", name: "長い 名前の 子どもの 名前 Alexandra", reading: "ながい なまえの こどもの なまえ あれくさんどら",
                  className: "ながい なまえの くみ"),
             Book(barcode: "0", title: "とても ながい なまえの えほん だいいっかん Very Long Title of a Picture Book")),
        ]
        let scratch = ImageBuffer(width: output.size.width, height: output.size.height)
        for (user, book) in samples {
            let loan = Loan(id: 0, book: book.barcode, user: user.card, lentAt: now, due: today.adding(days: 7))
            let entry = UserLoans.Entry(book: book.barcode, title: book.title, due: loan.due)
            // A child's visit as it goes (each answer inside the Session the Card opened), then
            // a refusal on a screen of its own.
            let visits: [[Outcome]] = [
                [.greeted(user, loans: UserLoans(loans: [], remaining: 2)),
                 .lent(loan, book: book, user: user, loans: UserLoans(loans: [entry], remaining: 1)),
                 .returned(loan, book: book, user: user, overdueDays: 0, loans: UserLoans(loans: [], remaining: 2)),
                 .greeted(user, loans: UserLoans(loans: [entry, entry], remaining: 0, lendRefusal: .limitReached))],
                [.refused(.limitReached, barcode: book.barcode, user: user, book: book)],
            ]
            for visit in visits {
                var sample = model
                for answer in visit {
                    sample.apply(.outcome(answer), at: now, sessionEnds: now.addingTimeInterval(60))
                    let scene = layout.scene(for: sample, size: output.size)
                    try? scratch.withFrameBuffer { buffer throws(PaintingError) in try painter.paint(scene, into: buffer) }
                }
            }
        }
    }

    /// When the screen next changes by time alone (the bar's next second, an answer going
    /// back to waiting, midnight's date); the run loop waits no longer than this and then
    /// calls `advance(to:)`. Nil: nothing changes until something happens.
    public var nextDeadline: Date? { model.nextDeadline }

    /// Follows the library's rules as changed in the database: the closed days on the due-date
    /// strip, and the library's name on the waiting screen (nil or empty: the layout's words).
    public func follow(_ policy: Policy, libraryName: String?) {
        model.follow(policy)
        layout.libraryName = libraryName.flatMap { $0.isEmpty ? nil : $0 }
        redraw()
    }

    /// Shows `event`, which happened at `time`; `sessionEnds` is when the open Session times
    /// out, as the kiosk's machine says (nil: none open, or not known).
    public func show(_ event: KioskEvent, at time: Date, sessionEnds: Date? = nil) {
        model.apply(event, at: time, sessionEnds: sessionEnds)
        redraw()
    }

    /// Shows a staff-mode prompt.
    public func show(_ prompt: StaffPrompt, notice: StaffNotice?, at time: Date) {
        model.apply(prompt, notice: notice, at: time)
        redraw()
    }

    /// Shows a barcode being typed on the keyboard (the demo).
    public func showTyping(_ typed: String, at time: Date) {
        model.apply(typing: typed, at: time)
        redraw()
    }

    /// Brings the screen to `time`: the countdown bar shrinks, an answer goes back to waiting.
    public func advance(to time: Date) {
        model.advance(to: time)
        redraw()
    }

    /// Paints what changed since the last frame, if anything did.
    public func redraw() {
        let scene = layout.scene(for: model, size: output.size)
        if !output.needsFullFrame, let shown {
            if shown == scene { return }
            let bar = ScreenLayout.sessionBarGroup
            if case .group(_, let clip?, _)? = scene.group(named: bar), shown.group(named: bar) != nil,
               shown.removingGroup(named: bar) == scene.removingGroup(named: bar) {
                present(scene, clip: clip)
                return
            }
        }
        present(scene, clip: nil)
    }

    /// Paints the whole frame again (after the output was given back, say).
    public func redrawAll() {
        shown = nil
        redraw()
    }

    private func present(_ scene: Scene, clip: Rect?) {
        let changed = clip.map(ScreenPresenter.pixelRect)
        do {
            var paintingFailed: PaintingError?
            try output.present(changed: changed) { buffer in
                do throws(PaintingError) { try painter.paint(scene, into: buffer, clip: changed) } catch { paintingFailed = error }
            }
            if let paintingFailed { throw paintingFailed }
            shown = scene
            if clip == nil { fullFrames += 1 } else { barFrames += 1 }
            if isFailing {
                isFailing = false
                log("screen: the display works again")
            }
        } catch {
            shown = nil
            if !isFailing {
                isFailing = true
                log("screen: a frame could not be shown (\(error)); the kiosk carries on with sound and the status line")
            }
        }
    }

    /// `rect` grown to whole pixels (the scene's units are the output's pixels).
    static func pixelRect(_ rect: Rect) -> Rect {
        let minX = rect.minX.rounded(.down), minY = rect.minY.rounded(.down)
        return Rect(x: minX, y: minY, width: rect.maxX.rounded(.up) - minX, height: rect.maxY.rounded(.up) - minY)
    }
}

extension Scene {
    /// The scene without the top-level group called `name`.
    func removingGroup(named name: String) -> Scene {
        var copy = self
        copy.items.removeAll { item in
            if case .group(let own, _, _) = item { return own == name }
            return false
        }
        return copy
    }
}
