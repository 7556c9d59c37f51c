import Foundation
import Feedback
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
    private var frameTime = Date.distantPast

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

    private func laidOut(_ model: ScreenModel, size: PixelSize) -> Scene {
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
    private func text(_ string: String, _ frame: Rect, size: Double, weight: TextRun.Weight = .regular, color: Color = Palette.ink,
                      alignment: TextRun.Alignment = .leading, vertical: TextRun.VerticalAlignment = .center,
                      maxLines: Int = 1, minimumScale: Double = 0.7, breaks: TextRun.LineBreaks = .betweenWords) -> SceneItem {
        .text(TextRun(string, frame: frame, size: size, weight: weight, color: color, alignment: alignment,
                      verticalAlignment: vertical, maxLines: maxLines, minimumScale: minimumScale, lineBreaks: breaks))
    }

    /// A child's name at the foot of an answer's band: the reading big, the name as written
    /// small under it (for the grown-ups).
    private func nameTag(_ user: User, ink: Color, _ g: Grid) -> [SceneItem] {
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

    // MARK: Waiting

    private func waiting(farewell: User?, model: ScreenModel, _ g: Grid) -> [SceneItem] {
        let u = g.u, m = g.margin
        var items: [SceneItem] = [
            text(libraryName ?? words.defaultLibraryName, Rect(x: m, y: m, width: g.width * 0.55 - m, height: u * 0.7), size: u * 0.45,
                 weight: .bold, color: Palette.softInk),
            text(language.dueDateText(model.today), Rect(x: g.width * 0.55, y: m, width: g.width * 0.45 - m, height: u * 0.7), size: u * 0.45,
                 color: Palette.softInk, alignment: .trailing),
        ]
        let top = m + u * 1.0, bottom = g.footTop
        let side = min(bottom - top, g.width * 0.42, u * 6.6)
        let picture = Rect(x: m + (g.width * 0.46 - m - side) / 2, y: top + (bottom - top - side) / 2, width: side, height: side)
        items.append(.group(name: "picture", clip: nil, items: Pictures.cardOverScanner(in: picture)))
        let textX = g.width * 0.48
        let textFrame = Rect(x: textX, y: top, width: g.width - textX - m, height: bottom - top)
        if let farewell {
            items.append(text(words.farewell(farewell), Rect(x: textFrame.minX, y: textFrame.midY - u * 2.3, width: textFrame.width, height: u * 1.0),
                              size: u * 0.62, weight: .bold, color: Palette.session))
        }
        items.append(text(words.scanCard, Rect(x: textFrame.minX, y: textFrame.midY - u * 1.2, width: textFrame.width, height: u * 2.6),
                          size: u * 0.95, weight: .bold, maxLines: 2))
        return items
    }

    // MARK: Session

    /// The greeting: the child's name (the reading big, the name as written small under it),
    /// then what to do — scan a book, or, for a child who may not borrow now, what to do
    /// instead on an orange band — and the slots, which agree with the words.
    private func sessionFace(_ session: ScreenModel.Session, today: LocalDate, _ g: Grid) -> [SceneItem] {
        let u = g.u, m = g.margin
        let shown = words.name(session.user)
        var name: [SceneItem] = [
            text(shown.read, Rect(x: m, y: m + u * 0.5, width: g.width - 2 * m, height: u * 1.5), size: u * 1.25, weight: .bold,
                 color: Palette.session, minimumScale: 0.45),
        ]
        if let written = shown.written {
            name.append(text(written, Rect(x: m, y: m + u * 1.95, width: g.width - 2 * m, height: u * 0.5), size: u * 0.36, color: Palette.softInk,
                             minimumScale: 0.6))
        }
        var items: [SceneItem] = [
            text(words.hello, Rect(x: m, y: m, width: g.width - 2 * m, height: u * 0.6), size: u * 0.45, color: Palette.softInk),
            .group(name: ScreenLayout.nameGroup, clip: nil, items: name),
        ]
        let todoTop = m + u * 2.5
        if let refusal = session.loans.lendRefusal {
            let band = Rect(x: m, y: todoTop, width: g.width - 2 * m, height: u * 1.05)
            let side = band.height * 0.8
            items.append(.group(name: ScreenLayout.cannotBorrowGroup, clip: nil, items: [
                .rectangle(band, cornerRadius: u * 0.2, fill: Palette.refused),
                .group(name: ScreenLayout.badgeGroup, clip: nil,
                       items: Pictures.refusal(refusal, in: Rect(x: band.minX + u * 0.2, y: band.midY - side / 2, width: side, height: side),
                                               color: Palette.refusedInk)),
                text(words.cannotBorrow(refusal), Rect(x: band.minX + side + u * 0.4, y: band.minY + u * 0.05, width: band.width - side - u * 0.6,
                                                       height: band.height - u * 0.1),
                     size: u * 0.5, weight: .bold, color: Palette.refusedInk, maxLines: 2, minimumScale: 0.6),
            ]))
        } else {
            items.append(text(words.scanBook, Rect(x: m, y: todoTop, width: g.width - 2 * m, height: u * 0.8), size: u * 0.6, weight: .bold))
        }
        let slotsTop = m + u * 3.75
        let lineHeight = u * 0.7
        let slots = Rect(x: m, y: slotsTop, width: g.width - 2 * m, height: g.footTop - slotsTop - lineHeight)
        items.append(slotRow(session.loans, in: slots, today: today, g))
        items.append(text(words.borrowMore(session.loans), Rect(x: m, y: slots.maxY, width: g.width - 2 * m, height: lineHeight),
                          size: u * 0.45, weight: .bold, color: Palette.softInk, alignment: .center))
        return items
    }

    /// One slot per Book the child may hold: the Books they have (cover or picture, title, due
    /// weekday), then empty slots for the ones they may still borrow (locked, without a plus,
    /// while a lend would be refused).
    private func slotRow(_ loans: UserLoans, in area: Rect, today: LocalDate?, allFull: Bool = false, _ g: Grid) -> SceneItem {
        let u = g.u
        let count = min(loans.limit, 8)
        guard count > 0 else { return .group(name: ScreenLayout.slotsGroup, clip: nil, items: []) }
        let gap = u * 0.3
        let width = min((area.width - gap * Double(count - 1)) / Double(count), u * 3.6, area.height * 0.9)
        let total = width * Double(count) + gap * Double(count - 1)
        var slots: [SceneItem] = []
        for index in 0..<count {
            let frame = Rect(x: area.midX - total / 2 + Double(index) * (width + gap), y: area.minY, width: width, height: area.height)
            if index < loans.loans.count {
                let entry = loans.loans[index]
                let overdue = entry.isOverdue || today.map { entry.due < $0 } ?? false
                slots.append(.group(name: "slot \(index + 1) filled", clip: nil, items: filledSlot(entry, in: frame, index: index, overdue: overdue, g)))
            } else if loans.lendRefusal != nil {
                // A free slot the child may fill only after bringing a Book back: no plus.
                slots.append(.group(name: "slot \(index + 1) locked", clip: nil, items: lockedSlot(in: frame, g)))
            } else {
                slots.append(.group(name: "slot \(index + 1) empty", clip: nil, items: emptySlot(in: frame, g)))
            }
        }
        return .group(name: ScreenLayout.slotsGroup, clip: nil, items: slots)
    }

    private func filledSlot(_ entry: UserLoans.Entry, in frame: Rect, index: Int, overdue: Bool, _ g: Grid) -> [SceneItem] {
        let u = g.u
        let pad = min(frame.width * 0.08, u * 0.2)
        var items: [SceneItem] = [.rectangle(frame, cornerRadius: u * 0.25, fill: Palette.card, stroke: Stroke(color: Palette.line, width: u * 0.05))]
        let chipHeight = min(u * 0.6, frame.height * 0.2)
        let titleHeight = min(u * 0.95, frame.height * 0.28)
        let pictureFrame = Rect(x: frame.minX + pad, y: frame.minY + pad, width: frame.width - 2 * pad,
                                height: frame.height - 3 * pad - chipHeight - titleHeight)
        if let path = cover(entry.book, entry.isbn, frameTime) {
            let width = min(pictureFrame.width, pictureFrame.height * 0.75)
            items.append(.image(path: path, frame: Rect(x: pictureFrame.midX - width / 2, y: pictureFrame.minY, width: width, height: pictureFrame.height),
                                cornerRadius: u * 0.08))
        } else {
            items += Pictures.book(in: pictureFrame, color: Palette.books[index % Palette.books.count])
        }
        let titleSize = min(u * 0.36, titleHeight / 2.6)
        items.append(text(entry.title, Rect(x: frame.minX + pad, y: pictureFrame.maxY + pad * 0.5, width: frame.width - 2 * pad, height: titleHeight),
                          size: titleSize, weight: .bold, alignment: .center, maxLines: 2, minimumScale: 0.55))
        let chip = Rect(x: frame.minX + pad, y: frame.maxY - pad - chipHeight, width: frame.width - 2 * pad, height: chipHeight)
        items.append(.rectangle(chip, cornerRadius: chipHeight / 2, fill: overdue ? Palette.refused : Palette.session.opacity(0.16)))
        items.append(text(overdue ? words.bringBack : words.weekday(entry.due.weekday), chip.insetBy(dx: chipHeight * 0.3, dy: 0),
                          size: min(u * 0.34, chipHeight * 0.6), weight: .bold, color: overdue ? Palette.refusedInk : Palette.session, alignment: .center,
                          minimumScale: 0.5))
        return items
    }

    private func emptySlot(in frame: Rect, _ g: Grid) -> [SceneItem] {
        let u = g.u
        let plus = min(frame.width, frame.height) * 0.32
        let center = Point(x: frame.midX, y: frame.minY + frame.height * 0.4)
        let stroke = Stroke(color: Palette.line, width: u * 0.12)
        return [
            .rectangle(frame.insetBy(dx: u * 0.03, dy: u * 0.03), cornerRadius: u * 0.25, fill: Palette.card.opacity(0.5),
                       stroke: Stroke(color: Palette.softInk.opacity(0.45), width: u * 0.05, dash: [u * 0.18, u * 0.14])),
            .path(Path([.move(Point(x: center.x - plus / 2, y: center.y)), .line(Point(x: center.x + plus / 2, y: center.y)),
                        .move(Point(x: center.x, y: center.y - plus / 2)), .line(Point(x: center.x, y: center.y + plus / 2))]),
                  fill: nil, stroke: stroke),
            text(words.emptySlot, Rect(x: frame.minX + u * 0.1, y: frame.minY + frame.height * 0.66, width: frame.width - u * 0.2, height: frame.height * 0.22),
                 size: min(u * 0.36, frame.height * 0.12), color: Palette.softInk, alignment: .center, minimumScale: 0.6),
        ]
    }

    private func lockedSlot(in frame: Rect, _ g: Grid) -> [SceneItem] {
        let u = g.u
        let side = min(frame.width, frame.height) * 0.36
        return [
            .rectangle(frame.insetBy(dx: u * 0.03, dy: u * 0.03), cornerRadius: u * 0.25, fill: Palette.closedDay.opacity(0.5),
                       stroke: Stroke(color: Palette.softInk.opacity(0.35), width: u * 0.05, dash: [u * 0.18, u * 0.14])),
            .group(name: "padlock", clip: nil, items: Pictures.padlock(in: Rect(x: frame.midX - side / 2, y: frame.minY + frame.height * 0.4 - side / 2,
                                                                               width: side, height: side), color: Palette.closedInk)),
            text(words.lockedSlot, Rect(x: frame.minX + u * 0.1, y: frame.minY + frame.height * 0.66, width: frame.width - u * 0.2, height: frame.height * 0.22),
                 size: min(u * 0.36, frame.height * 0.12), color: Palette.softInk, alignment: .center, maxLines: 2, minimumScale: 0.6),
        ]
    }

    // MARK: Answers

    /// The coloured band on the left: the picture in a white disc, the headline under it.
    private func panel(color: Color, ink: Color, headline: String, badge: (Rect) -> [SceneItem], _ g: Grid) -> [SceneItem] {
        let u = g.u
        let width = g.panelWidth
        let disc = min(width * 0.62, g.height * 0.42)
        let discFrame = Rect(x: (width - disc) / 2, y: g.height * 0.12, width: disc, height: disc)
        return [
            .rectangle(Rect(x: 0, y: 0, width: width, height: g.height), fill: color),
            .group(name: ScreenLayout.badgeGroup, clip: nil, items: badge(discFrame)),
            text(headline, Rect(x: u * 0.3, y: discFrame.maxY + u * 0.3, width: width - u * 0.6, height: u * 2.0), size: u * 0.78, weight: .bold,
                 color: ink, alignment: .center, vertical: .top, maxLines: 2, minimumScale: 0.5),
        ]
    }

    /// The Book's title, with its cover beside it when there is one; returns the items and the
    /// bottom of what they take.
    private func titleBlock(title: String, barcode: String?, isbn: String?, in area: Rect, size: Double, _ g: Grid) -> ([SceneItem], Double) {
        let u = g.u
        var items: [SceneItem] = []
        var textX = area.minX
        let height = size * 2.7
        if let barcode, let path = cover(barcode, isbn, frameTime) {
            let coverHeight = max(height, u * 2.4)
            let coverFrame = Rect(x: area.minX, y: area.minY, width: coverHeight * 0.75, height: coverHeight)
            items.append(.image(path: path, frame: coverFrame, cornerRadius: u * 0.12))
            items.append(.rectangle(coverFrame, cornerRadius: u * 0.12, fill: nil, stroke: Stroke(color: Palette.line, width: u * 0.04)))
            textX = coverFrame.maxX + u * 0.4
            items.append(text(title, Rect(x: textX, y: area.minY, width: area.maxX - textX, height: coverHeight), size: size, weight: .bold,
                              maxLines: 2, minimumScale: 0.7))
            return (items, area.minY + coverHeight)
        }
        items.append(text(title, Rect(x: textX, y: area.minY, width: area.maxX - textX, height: height), size: size, weight: .bold,
                          maxLines: 2, minimumScale: 0.7))
        return (items, area.minY + height)
    }

    private func lentFace(_ lent: ScreenModel.LentBook, model: ScreenModel, _ g: Grid) -> [SceneItem] {
        let u = g.u
        var items = panel(color: Palette.lent, ink: Palette.lentInk, headline: words.lentHeadline,
                          badge: { Pictures.tick(in: $0, color: Palette.lent) }, g)
        items += nameTag(lent.user, ink: Palette.lentInk, g)
        let area = g.answerArea
        let (title, titleBottom) = titleBlock(title: lent.title, barcode: lent.book, isbn: lent.isbn,
                                              in: Rect(x: area.minX, y: area.minY + u * 0.15, width: area.width, height: area.height), size: u * 0.9, g)
        items += title
        let labelTop = max(titleBottom + u * 0.35, area.minY + u * 2.8)
        items.append(text(words.dueLabel, Rect(x: area.minX, y: labelTop, width: area.width, height: u * 0.6), size: u * 0.42, color: Palette.softInk))
        let strip = Rect(x: area.minX, y: labelTop + u * 0.65, width: area.width, height: u * 2.4)
        items.append(dueStrip(lent.days, due: lent.due, in: strip, g))
        let sentenceTop = strip.maxY + u * 0.3
        items.append(text(words.dueSentence(lent.due), Rect(x: area.minX, y: sentenceTop, width: area.width, height: max(u * 0.9, g.footTop - sentenceTop)),
                          size: u * 0.65, weight: .bold, vertical: .top, maxLines: 2, minimumScale: 0.6))
        return items
    }

    /// The days from today to the due day: closed days grey, today marked, the due day circled
    /// with its weekday under it. A long loan shows today, a gap, and the last days.
    private func dueStrip(_ days: [ScreenModel.StripDay], due: LocalDate, in area: Rect, _ g: Grid) -> SceneItem {
        let u = g.u
        let longest = 12
        var shown: [ScreenModel.StripDay?] = days
        if days.count > longest, let first = days.first {
            shown = [first, nil] + days.suffix(longest - 2)
        }
        let gap = u * 0.12
        let ring = u * 0.14
        let box = min(u * 1.25, (area.width - 2 * ring - gap * Double(shown.count - 1)) / Double(max(shown.count, 1)))
        let labelHeight = u * 0.55
        let boxTop = area.minY + labelHeight
        var items: [SceneItem] = []
        for (index, day) in shown.enumerated() {
            let frame = Rect(x: area.minX + ring + Double(index) * (box + gap), y: boxTop, width: box, height: box)
            guard let day else {
                items.append(text("…", frame, size: box * 0.5, color: Palette.softInk, alignment: .center))
                continue
            }
            let isToday = index == 0
            let isDue = day.date == due
            var dayItems: [SceneItem] = [
                text(words.shortWeekday(day.date.weekday), Rect(x: frame.minX - gap / 2, y: area.minY, width: box + gap, height: labelHeight),
                     size: min(u * 0.32, box * 0.34), color: day.isClosed ? Palette.closedInk : Palette.softInk, alignment: .center),
                .rectangle(frame, cornerRadius: box * 0.2, fill: day.isClosed ? Palette.closedDay : Palette.openDay,
                           stroke: Stroke(color: day.isClosed ? Palette.closedDay : Palette.line, width: u * 0.04)),
                text("\(day.date.day)", frame, size: box * 0.46, weight: .bold, color: day.isClosed ? Palette.closedInk : Palette.ink, alignment: .center),
            ]
            if isToday && !isDue {
                dayItems.append(text(words.today, Rect(x: frame.minX - gap / 2, y: frame.maxY + u * 0.05, width: box + gap, height: u * 0.5),
                                     size: min(u * 0.3, box * 0.3), color: Palette.softInk, alignment: .center))
            }
            if isDue {
                let circle = frame.insetBy(dx: -ring * 0.45, dy: -ring * 0.45)
                dayItems.append(.group(name: "dueCircle", clip: nil, items: [
                    .ellipse(circle, fill: nil, stroke: Stroke(color: Palette.lent, width: ring * 0.7)),
                ]))
                let labelWidth = max(box * 2.4, u * 2.2)
                let labelX = min(max(frame.midX - labelWidth / 2, area.minX), area.maxX - labelWidth)
                dayItems.append(text(words.weekday(day.date.weekday), Rect(x: labelX, y: frame.maxY + ring * 0.6, width: labelWidth, height: u * 0.55),
                                     size: u * 0.4, weight: .bold, color: Palette.lent, alignment: .center))
            }
            items.append(.group(name: "day \(day.date)", clip: nil, items: dayItems))
        }
        return .group(name: ScreenLayout.dueStripGroup, clip: nil, items: items)
    }

    private func returnedFace(_ returned: ScreenModel.ReturnedBook, model: ScreenModel, _ g: Grid) -> [SceneItem] {
        let u = g.u
        var items = panel(color: Palette.returned, ink: Palette.returnedInk, headline: words.returnedHeadline,
                          badge: { Pictures.backArrow(in: $0, color: Palette.returned) }, g)
        if let user = returned.user { items += nameTag(user, ink: Palette.returnedInk, g) }
        let area = g.answerArea
        let (title, titleBottom) = titleBlock(title: returned.title, barcode: returned.book, isbn: returned.isbn,
                                              in: Rect(x: area.minX, y: area.minY + u * 0.15, width: area.width, height: area.height), size: u * 0.9, g)
        items += title
        var sentenceTop = titleBottom + u * 0.3
        items.append(text(words.returnedSentence(returned.user), Rect(x: area.minX, y: sentenceTop, width: area.width, height: u * 0.9),
                          size: u * 0.6, weight: .bold, vertical: .top, minimumScale: 0.6))
        if returned.lifted != nil {
            // The child could not borrow before this return, and can now: said in green.
            sentenceTop += u * 0.85
            items.append(.group(name: ScreenLayout.canBorrowAgainGroup, clip: nil, items: [
                text(words.canBorrowAgain, Rect(x: area.minX, y: sentenceTop, width: area.width, height: u * 0.8), size: u * 0.55, weight: .bold,
                     color: Palette.lent, vertical: .top, minimumScale: 0.6),
            ]))
        }
        if let session = model.session, session.card == returned.user?.card {
            let slotsTop = sentenceTop + u * 1.1
            let line = u * 0.65
            let slots = Rect(x: area.minX, y: slotsTop, width: area.width, height: max(u * 1.2, g.footTop - slotsTop - line))
            if slots.height >= u * 1.5 {
                items.append(slotRow(session.loans, in: slots, today: model.today, g))
                items.append(text(words.borrowMore(session.loans), Rect(x: area.minX, y: slots.maxY, width: area.width, height: line),
                                  size: u * 0.42, weight: .bold, color: Palette.softInk, alignment: .center))
            }
        }
        return items
    }

    private func refusedFace(_ refused: ScreenModel.RefusedScan, model: ScreenModel, _ g: Grid) -> [SceneItem] {
        let u = g.u
        var items = panel(color: Palette.refused, ink: Palette.refusedInk, headline: words.headline(refused.reason),
                          badge: { Pictures.refusal(refused.reason, in: $0, color: Palette.refusedInk) }, g)
        if let user = refused.user { items += nameTag(user, ink: Palette.refusedInk, g) }
        let area = g.answerArea
        var top = area.minY + u * 0.15
        let message = words.catalog.message(for: refused.event)
        if let overdue = refused.overdue {
            // The Book to bring back is what the child must find: big, with its cover; the one
            // she scanned, small under it.
            let (block, bottom) = titleBlock(title: overdue.title, barcode: overdue.book, isbn: overdue.isbn,
                                             in: Rect(x: area.minX, y: top, width: area.width, height: area.height), size: u * 0.75, g)
            items += block
            top = bottom + u * 0.1
            if let title = refused.title {
                items.append(text(words.scannedMeanwhile(title), Rect(x: area.minX, y: top, width: area.width, height: u * 0.6),
                                  size: u * 0.4, color: Palette.softInk, minimumScale: 0.6))
                top += u * 0.6
            }
            top += u * 0.2
        } else if let title = refused.title, !message.contains(title) {
            // The title stands alone only where the sentence does not already say it.
            let (block, bottom) = titleBlock(title: title, barcode: refused.book, isbn: refused.isbn,
                                             in: Rect(x: area.minX, y: top, width: area.width, height: area.height), size: u * 0.75, g)
            items += block
            top = bottom + u * 0.3
        }
        let showSlots = (refused.reason == .limitReached || refused.reason == .hasOverdue) && model.session != nil
        let sentenceHeight = showSlots ? u * 1.6 : g.footTop - top
        items.append(text(message, Rect(x: area.minX, y: top, width: area.width, height: sentenceHeight),
                          size: showSlots ? u * 0.58 : u * 0.7, weight: .bold, vertical: showSlots ? .top : .center,
                          maxLines: showSlots ? 2 : 4, minimumScale: 0.6))
        if showSlots, let session = model.session {
            let slotsTop = top + sentenceHeight + u * 0.2
            let slots = Rect(x: area.minX, y: slotsTop, width: area.width, height: g.footTop - slotsTop - u * 0.1)
            if slots.height >= u * 1.5 {
                items.append(slotRow(session.loans, in: slots, today: model.today, g))
            }
        }
        return items
    }

    // MARK: Calm trouble

    private func calmFace(picture: (Rect) -> [SceneItem], lines: [String], detail: String, _ g: Grid, note: String? = nil) -> [SceneItem] {
        let u = g.u
        var items: [SceneItem] = [.rectangle(Rect(x: 0, y: 0, width: g.panelWidth, height: g.height), fill: Palette.calm)]
        let disc = min(g.panelWidth * 0.7, g.height * 0.5)
        items.append(.group(name: ScreenLayout.badgeGroup, clip: nil,
                            items: picture(Rect(x: (g.panelWidth - disc) / 2, y: (g.height - disc) / 2, width: disc, height: disc))))
        let area = g.answerArea
        var top = area.midY - u * (lines.isEmpty ? 1.8 : 2.6)
        for line in lines {
            items.append(text(line, Rect(x: area.minX, y: top, width: area.width, height: u * 1.0), size: u * 0.7, weight: .bold, color: Palette.softInk))
            top += u * 1.1
        }
        items.append(text(words.callTeacher, Rect(x: area.minX, y: top, width: area.width, height: u * 2.6), size: u * 1.0, weight: .bold,
                          vertical: .top, maxLines: 2))
        top += u * 2.7
        if let note {
            items.append(text(note, Rect(x: area.minX, y: top, width: area.width, height: u * 0.8), size: u * 0.5, color: Palette.ink, vertical: .top,
                              minimumScale: 0.6))
        }
        items.append(text(detail, Rect(x: area.minX, y: g.footTop - u * 1.0, width: area.width, height: u * 1.0), size: u * 0.3,
                          color: Palette.softInk, vertical: .bottom, maxLines: 2, minimumScale: 0.8, breaks: .anywhere))
        return items
    }

    // MARK: Staff mode

    /// A teacher's text: it may break between any characters (staff words have no 分かち書き).
    private func staffText(_ string: String, _ frame: Rect, size: Double, weight: TextRun.Weight = .regular, color: Color = Palette.ink,
                           alignment: TextRun.Alignment = .leading, maxLines: Int = 1, minimumScale: Double = 0.7) -> SceneItem {
        text(string, frame, size: size, weight: weight, color: color, alignment: alignment, maxLines: maxLines, minimumScale: minimumScale,
             breaks: .anywhere)
    }

    private func staffFace(_ staff: ScreenModel.StaffScreen, _ g: Grid) -> [SceneItem] {
        let u = g.u, m = g.margin
        let header = u * 1.2
        var items: [SceneItem] = [
            .rectangle(Rect(x: 0, y: 0, width: g.width, height: header), fill: Palette.staff),
            staffText(words.staffTitle(staff.staff), Rect(x: m, y: 0, width: g.width - 2 * m, height: header), size: u * 0.5, weight: .bold,
                 color: Palette.staffInk, minimumScale: 0.6),
        ]
        // Kana input's mode lasts the staff session: shown at the header's end while it is on.
        if let mode = staff.prompt.inputMode, case let shown = words.catalog.inputModeText(mode), !shown.isEmpty {
            items.append(.group(name: ScreenLayout.inputModeGroup, clip: nil, items: [
                staffText(shown, Rect(x: m, y: 0, width: g.width - 2 * m, height: header), size: u * 0.45, weight: .bold,
                     color: Palette.staffInk, alignment: .trailing, minimumScale: 0.6),
            ]))
        }
        var top = header + u * 0.35
        if let notice = staff.notice {
            let good: Bool
            switch notice {
            case .done: good = true
            case .outcome(.lent), .outcome(.returned): good = true
            default: good = false
            }
            let banner = Rect(x: m, y: top, width: g.width - 2 * m, height: u * 1.2)
            items.append(.group(name: "notice", clip: nil, items: [
                .rectangle(banner, cornerRadius: u * 0.2, fill: good ? Palette.staffGood : Palette.staffNote),
                staffText((good ? "✓ " : "! ") + words.catalog.text(for: notice), banner.insetBy(dx: u * 0.3, dy: u * 0.1), size: u * 0.4, weight: .bold,
                     color: .white, maxLines: 2, minimumScale: 0.75),
            ]))
            top = banner.maxY + u * 0.35
        }
        let area = Rect(x: m, y: top, width: g.width - 2 * m, height: g.height - m - top)
        let (title, instruction) = words.step(staff.prompt)
        switch staff.prompt {
        case .idle:
            break
        case .pin(let typed):
            items.append(staffText(instruction, Rect(x: area.minX, y: area.minY, width: area.width, height: u * 1.0), size: u * 0.6, weight: .bold,
                              alignment: .center))
            let count = max(typed, 4)
            let dot = min(u * 0.7, area.width / Double(count * 2))
            let total = Double(count) * dot + Double(count - 1) * dot * 0.6
            let y = area.minY + u * 1.6
            var dots: [SceneItem] = []
            for index in 0..<count {
                let frame = Rect(x: area.midX - total / 2 + Double(index) * dot * 1.6, y: y, width: dot, height: dot)
                dots.append(.ellipse(frame, fill: index < typed ? Palette.staff : nil, stroke: Stroke(color: Palette.staff, width: u * 0.06)))
            }
            items.append(.group(name: "pin", clip: nil, items: dots))
            items.append(staffText(words.escBack, Rect(x: area.minX, y: y + dot + u * 0.6, width: area.width, height: u * 0.7), size: u * 0.4,
                              color: Palette.softInk, alignment: .center))
        case .menu:
            let entries = words.menu
            let rows = (entries.count + 1) / 2
            let rowHeight = min(u * 1.1, area.height / Double(rows))
            let columnWidth = area.width / 2
            for (index, entry) in entries.enumerated() {
                let x = area.minX + Double(index / rows) * columnWidth
                let y = area.minY + Double(index % rows) * rowHeight
                let key = Rect(x: x, y: y + rowHeight * 0.1, width: rowHeight * 0.8, height: rowHeight * 0.8)
                items.append(.rectangle(key, cornerRadius: rowHeight * 0.16, fill: .white, stroke: Stroke(color: Palette.staff, width: u * 0.05)))
                items.append(staffText(entry.key, key, size: rowHeight * 0.45, weight: .bold, color: Palette.staff, alignment: .center))
                items.append(staffText(entry.label, Rect(x: key.maxX + u * 0.3, y: y, width: columnWidth - key.width - u * 0.6, height: rowHeight),
                                  size: min(u * 0.48, rowHeight * 0.45), color: Palette.ink, minimumScale: 0.7))
            }
        case .scanCardToLend, .scanBookToLend, .scanBookToReturn, .scanBookToExtend, .scanBookToRegister, .scanCardToRegister, .scanBookToWithdraw:
            let side = min(u * 3.0, area.height * 0.8)
            items.append(.group(name: "picture", clip: nil, items: Pictures.scanner(in: Rect(x: area.minX, y: area.minY + (area.height - side) / 2,
                                                                                             width: side, height: side))))
            let x = area.minX + side + u * 0.5
            items.append(staffText(title, Rect(x: x, y: area.midY - u * 1.5, width: area.maxX - x, height: u * 1.0), size: u * 0.55, color: Palette.softInk))
            items.append(staffText(instruction, Rect(x: x, y: area.midY - u * 0.6, width: area.maxX - x, height: u * 1.2), size: u * 0.8, weight: .bold,
                              minimumScale: 0.6))
            items.append(staffText(words.escBack, Rect(x: x, y: area.midY + u * 0.7, width: area.maxX - x, height: u * 0.6), size: u * 0.4, color: Palette.softInk))
        case .typeTitle(_, let typed, let composition), .typeAuthor(_, _, let typed, let composition),
             .typeName(_, let typed, let composition):
            items.append(staffText(title, Rect(x: area.minX, y: area.minY, width: area.width, height: u * 0.8), size: u * 0.5, color: Palette.softInk))
            items.append(staffText(instruction, Rect(x: area.minX, y: area.minY + u * 0.9, width: area.width, height: u * 0.8), size: u * 0.5, weight: .bold))
            let field = Rect(x: area.minX, y: area.minY + u * 1.8, width: area.width, height: u * 1.3)
            items.append(.group(name: "field", clip: nil, items: [
                .rectangle(field, cornerRadius: u * 0.15, fill: .white, stroke: Stroke(color: Palette.staff, width: u * 0.06)),
                // The input mode ([あ], [カ] or [A]), what is typed, and the kana or kanji being
                // composed between ‹ ›, the current conversion segment in [ ], as the status line shows them.
                staffText(words.catalog.fieldText(typed, composition), field.insetBy(dx: u * 0.3, dy: u * 0.1), size: u * 0.65, minimumScale: 0.6),
            ]))
            items.append(staffText(words.fieldKeys(composition), Rect(x: area.minX, y: field.maxY + u * 0.3, width: area.width, height: u * 0.6), size: u * 0.4,
                              color: Palette.softInk))
        case .overdue(let entry, _, _):
            items.append(staffText(title, Rect(x: area.minX, y: area.minY, width: area.width, height: u * 0.9), size: u * 0.6, weight: .bold))
            if let entry {
                for (index, line) in words.overdueLines(entry).enumerated() {
                    items.append(staffText(line, Rect(x: area.minX, y: area.minY + u * (1.1 + 0.85 * Double(index)), width: area.width, height: u * 0.8),
                                      size: u * 0.5, minimumScale: 0.7))
                }
                items.append(staffText(words.pageKeys, Rect(x: area.minX, y: area.minY + u * 3.8, width: area.width, height: u * 0.6), size: u * 0.4,
                                  color: Palette.softInk))
            } else {
                items.append(staffText(instruction, Rect(x: area.minX, y: area.minY + u * 1.1, width: area.width, height: u * 0.8), size: u * 0.5))
                items.append(staffText(words.escBack, Rect(x: area.minX, y: area.minY + u * 2.0, width: area.width, height: u * 0.6), size: u * 0.4,
                                  color: Palette.softInk))
            }
        }
        return items
    }

    // MARK: The foot

    private func hintItem(_ hint: ScreenModel.Hint, _ g: Grid) -> SceneItem {
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
    private func barFrame(for face: ScreenModel.Face, _ g: Grid) -> Rect {
        switch face {
        case .lent, .returned, .refused: g.answerBarFrame
        case .waiting, .session, .staff, .scannerLost, .trouble: g.barFrame
        }
    }

    private func sessionBar(_ fraction: Double, in frame: Rect) -> SceneItem {
        let fill = Rect(x: frame.minX, y: frame.minY, width: max(frame.height, frame.width * fraction), height: frame.height)
        return .group(name: ScreenLayout.sessionBarGroup, clip: frame, items: [
            .rectangle(frame, cornerRadius: frame.height / 2, fill: Palette.barTrack),
            .rectangle(fill, cornerRadius: frame.height / 2, fill: Palette.bar),
        ])
    }
}
