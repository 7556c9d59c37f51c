import Foundation
import Language
import Lending
import Scene

/// Turns a `ScreenModel` into a scene for a screen of a given size, in one language. Pure: the
/// same model, size and language always give the same scene, and tests assert on it without
/// pixels.
///
/// Everything is measured in `u`, a tenth of the screen's height (or a sixteenth of its width
/// on a narrow screen), so 800×480, 1024×600, 1280×800 and 1920×1080 get the same design; the
/// spare width of a wide screen goes to the text.
public struct ScreenLayout: Sendable {
    public var words: ScreenWords
    /// The library's name on the waiting screen; nil shows a plain word for "library".
    public var libraryName: String?
    /// The cover picture of a Book (its barcode, its ISBN) on the frame of `now` (the kiosk's
    /// clock, for a source that keeps its answers a while), or nil when there is none.
    public var cover: @Sendable (_ barcode: String, _ isbn: String?, _ now: Date) -> String?
    /// The time of the frame being laid out (`ScreenModel.now`), which covers are asked at.
    private(set) var frameTime = Date.distantPast

    /// The group holding the Session's countdown bar: the only part redrawn as time passes.
    public static let sessionBarGroup = "sessionBar"
    /// The group showing kana input's mode in staff mode's header, while it is on.
    public static let inputModeGroup = "inputMode"
    /// The group of the Session's slots; each slot is a group `slot N filled` or `slot N empty`.
    public static let slotsGroup = "slots"
    /// The group of the due strip; each day is a group `day YYYY-MM-DD`, the due day's circle a
    /// group `dueCircle`.
    public static let dueStripGroup = "dueStrip"
    /// The group of the answer's picture (tick, back arrow, a refusal's own).
    public static let badgeGroup = "badge"
    /// The group of the child's name: the reading big (its first text), the name as written
    /// small (its second, when there is one).
    public static let nameGroup = "name"
    /// The group of the words telling a child who may not borrow now what to do.
    public static let cannotBorrowGroup = "cannotBorrow"
    /// The words after a return that let the child borrow again.
    public static let canBorrowAgainGroup = "canBorrowAgain"

    public init(language: Language, libraryName: String? = nil,
                cover: @escaping @Sendable (_ barcode: String, _ isbn: String?, _ now: Date) -> String? = { _, _, _ in nil }) {
        words = ScreenWords(language: language)
        self.libraryName = libraryName
        self.cover = cover
    }

    public var language: Language { words.language }

    /// The scene of `model` on a screen of `size` pixels (the scene's units are pixels).
    public func scene(for model: ScreenModel, size: PixelSize) -> Scene {
        var layout = self
        layout.frameTime = model.now
        return layout.laidOut(model, size: size)
    }

    func laidOut(_ model: ScreenModel, size: PixelSize) -> Scene {
        let grid = Grid(size: size)
        var scene = Scene(size: Size(width: Double(size.width), height: Double(size.height)), background: Palette.background)
        switch model.face {
        case .waiting(let farewell):
            scene.add(contentsOf: waiting(farewell: farewell, model: model, grid))
        case .session:
            if let session = model.session {
                scene.add(contentsOf: sessionFace(session, today: model.today, grid))
            } else {
                scene.add(contentsOf: waiting(farewell: nil, model: model, grid))
            }
        case .lent(let lent):
            scene.add(contentsOf: lentFace(lent, model: model, grid))
        case .returned(let returned):
            scene.add(contentsOf: returnedFace(returned, model: model, grid))
        case .refused(let refused):
            scene.add(contentsOf: refusedFace(refused, model: model, grid))
        case .staff(let staff):
            scene.background = Color(hex: 0xF3F1EC)
            scene.add(contentsOf: staffFace(staff, grid))
        case .scannerLost(let scanner):
            scene.add(contentsOf: calmFace(picture: Pictures.unpluggedScanner, lines: [], detail: words.scannerLostDetail(scanner), grid))
        case .trouble(let fault):
            scene.add(contentsOf: calmFace(picture: Pictures.restingDatabase, lines: [words.waitAMoment], detail: words.troubleDetail(fault), grid,
                                           note: words.nothingLost))
        }
        if let hint = model.hint {
            scene.add(hintItem(hint, grid))
        }
        if let fraction = model.sessionFractionLeft, model.isChildsAnswer, model.session != nil {
            scene.add(sessionBar(fraction, in: barFrame(for: model.face, grid)))
        }
        return scene
    }

    // MARK: The grid

    struct Grid {
        let width: Double
        let height: Double
        /// The unit every length is measured in.
        let u: Double
        /// The margin round the screen.
        let margin: Double

        init(size: PixelSize) {
            width = Double(size.width)
            height = Double(size.height)
            u = min(width / 16, height / 10)
            margin = u * 0.45
        }

        /// The foot of the screen: the hint line and the Session bar, kept free on every face so
        /// nothing moves when they come and go.
        var footTop: Double { height - margin - u * 0.95 }
        var hintFrame: Rect { Rect(x: margin, y: height - margin - u * 0.9, width: width - 2 * margin, height: u * 0.5) }
        var barFrame: Rect { Rect(x: margin, y: height - margin - u * 0.26, width: width - 2 * margin, height: u * 0.26) }
        /// The bar on an answer's face: under the answer, right of the coloured band, so it
        /// stays inside the panel it belongs to.
        var answerBarFrame: Rect {
            let x = panelWidth + margin
            return Rect(x: x, y: barFrame.minY, width: width - x - margin, height: barFrame.height)
        }

        /// The coloured band on the left of an answer.
        var panelWidth: Double { min(u * 5.4, width * 0.4) }
        /// The area right of the band.
        var answerArea: Rect {
            let x = panelWidth + margin
            return Rect(x: x, y: margin, width: width - x - margin, height: footTop - margin)
        }
    }

    /// A text run. Children's words break lines only between words (at the spaces of their
    /// 分かち書き, and of a title); a teacher's text (`breaks: .anywhere`) may break anywhere.
    func text(_ string: String, _ frame: Rect, size: Double, weight: TextRun.Weight = .regular, color: Color = Palette.ink,
              alignment: TextRun.Alignment = .leading, vertical: TextRun.VerticalAlignment = .center,
              maxLines: Int = 1, minimumScale: Double = 0.7, breaks: TextRun.LineBreaks = .betweenWords) -> SceneItem {
        .text(TextRun(string, frame: frame, size: size, weight: weight, color: color, alignment: alignment,
                      verticalAlignment: vertical, maxLines: maxLines, minimumScale: minimumScale, lineBreaks: breaks))
    }

    /// A child's name at the foot of an answer's band: the reading big, the name as written
    /// small under it (for the grown-ups).
    func nameTag(_ user: User, ink: Color, _ g: Grid) -> [SceneItem] {
        let u = g.u
        let shown = words.name(user)
        let width = g.panelWidth - u * 0.6
        let writtenHeight = shown.written == nil ? 0 : u * 0.5
        let bottom = g.height - g.margin - u * 0.2
        var items = [text(shown.read, Rect(x: u * 0.3, y: bottom - writtenHeight - u * 0.8, width: width, height: u * 0.8), size: u * 0.6,
                          weight: .bold, color: ink, alignment: .center, minimumScale: 0.5)]
        if let written = shown.written {
            items.append(text(written, Rect(x: u * 0.3, y: bottom - writtenHeight, width: width, height: writtenHeight), size: u * 0.34,
                              color: ink, alignment: .center, minimumScale: 0.6))
        }
        return [.group(name: ScreenLayout.nameGroup, clip: nil, items: items)]
    }

    // MARK: The foot

    func hintItem(_ hint: ScreenModel.Hint, _ g: Grid) -> SceneItem {
        let text: String
        switch hint {
        case .alreadyScanned: text = "↻ " + words.alreadyScanned
        case .scannerBack: text = "✓ " + words.scannerBack
        case .typing(let typed): text = "⌨ " + typed + "▏"
        }
        return .group(name: "hint", clip: nil, items: [
            self.text(text, g.hintFrame, size: g.u * 0.36, color: Palette.softInk, alignment: .trailing, minimumScale: 0.7),
        ])
    }

    /// Where the Session's bar goes on `face`: across the screen, or on an answer's face
    /// inside the answer's panel (right of the coloured band).
    func barFrame(for face: ScreenModel.Face, _ g: Grid) -> Rect {
        switch face {
        case .lent, .returned, .refused: g.answerBarFrame
        case .waiting, .session, .staff, .scannerLost, .trouble: g.barFrame
        }
    }

    func sessionBar(_ fraction: Double, in frame: Rect) -> SceneItem {
        let fill = Rect(x: frame.minX, y: frame.minY, width: max(frame.height, frame.width * fraction), height: frame.height)
        return .group(name: ScreenLayout.sessionBarGroup, clip: frame, items: [
            .rectangle(frame, cornerRadius: frame.height / 2, fill: Palette.barTrack),
            .rectangle(fill, cornerRadius: frame.height / 2, fill: Palette.bar),
        ])
    }
}
