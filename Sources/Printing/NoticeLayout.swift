import Foundation
import Lending
import Scene

/// One slip for a parent: a User who has Books out past their due date.
public struct Notice: Sendable, Equatable {
    /// One overdue Book on the slip.
    public struct Item: Sendable, Equatable {
        public var title: String
        public var due: LocalDate

        public init(title: String, due: LocalDate) {
            self.title = title
            self.due = due
        }
    }

    public var userName: String
    /// The User's class; nil when they have none (a graduate, or a library without classes).
    public var className: String?
    /// The overdue Books, oldest due date first.
    public var items: [Item]

    public init(userName: String, className: String?, items: [Item]) {
        self.userName = userName
        self.className = className
        self.items = items
    }
}

/// Slips for parents (えほんの へんきゃくの おねがい) laid out on A4 pages as Scenes in PDF
/// points: a pure function of the notices, the words and the date. Several slips to a page,
/// one above the other, with dashed cut lines between them; each slip is a group named
/// "notice N" (N its place on the page, from 1).
///
/// The words are gentle: a reminder, not a warning (children forget what they borrowed, so
/// each title is named with its due date).
public struct NoticeLayout: Sendable {
    public var words: NoticeWords
    /// The library's name, at the foot of each slip; empty leaves it off.
    public var libraryName: String
    /// The day the slips are printed, at the foot of each slip.
    public var today: LocalDate
    /// Slips to an A4 page.
    public var slipsPerPage: Int

    public static let defaultSlipsPerPage = 3
    /// Titles listed on one slip; more are counted in one line ("ほか 2さつ").
    public static let titlesPerSlip = 6

    public init(words: NoticeWords, libraryName: String, today: LocalDate, slipsPerPage: Int = NoticeLayout.defaultSlipsPerPage) {
        self.words = words
        self.libraryName = libraryName
        self.today = today
        self.slipsPerPage = max(1, slipsPerPage)
    }

    enum Palette {
        static let ink = Color(hex: 0x1A1A1A)
        static let quiet = Color(hex: 0x5E5E5E)
        static let band = Color(hex: 0x2A8C82)
        static let soft = Color(hex: 0xEAF5F3)
        static let cut = Color(hex: 0x9A9A9A)
    }

    /// The pages, in the order of `notices`; none for no notices.
    public func pages(_ notices: [Notice]) -> [Scene] {
        let k = PageLayout.pointsPerMillimetre
        let paper = Size(width: Sheet.Paper.a4.size.width * k, height: Sheet.Paper.a4.size.height * k)
        let slipHeight = Sheet.Paper.a4.size.height / Double(slipsPerPage)
        var scenes: [Scene] = []
        var index = 0
        while index < notices.count {
            var page = Scene(size: paper)
            for place in 0..<slipsPerPage where index < notices.count {
                let top = Double(place) * slipHeight
                let clip = Rect(x: 0, y: top * k, width: paper.width, height: slipHeight * k)
                let items = slip(notices[index], size: Size(width: Sheet.Paper.a4.size.width, height: slipHeight))
                    .map { $0.scaled(by: k, movedBy: Point(x: 0, y: top * k)) }
                page.add(.group(name: "notice \(place + 1)", clip: clip, items: items))
                if place > 0 {
                    page.add(cutLine(at: top * k, width: paper.width))
                }
                index += 1
            }
            scenes.append(page)
        }
        return scenes
    }

    /// A dashed line across the page, with "cut here" small at its left end.
    func cutLine(at y: Double, width: Double) -> SceneItem {
        let label = Rect(x: 14, y: y - 5, width: 50, height: 10)
        let line = Path([.move(Point(x: label.minX + 44, y: y)), .line(Point(x: width - 14, y: y))])
        return .group(name: "cut line", clip: nil, items: [
            .path(line, fill: nil, stroke: Stroke(color: Palette.cut, width: 0.6, dash: [4, 3])),
            .text(TextRun(words.cutHere, frame: label, size: 7, color: Palette.cut, maxLines: 1)),
        ])
    }

    /// One slip, in millimetres from its top left corner.
    func slip(_ notice: Notice, size: Size) -> [SceneItem] {
        let w = size.width, h = size.height
        let margin = 14.0, inset = 8.0
        var items: [SceneItem] = []
        let card = Rect(x: margin, y: inset, width: w - 2 * margin, height: h - 2 * inset)
        items.append(.rectangle(card, cornerRadius: 4, fill: nil, stroke: Stroke(color: Palette.band, width: 0.5)))
        let headingHeight = 11.0
        let heading = Rect(x: card.minX, y: card.minY, width: card.width, height: headingHeight)
        items.append(.rectangle(heading, cornerRadius: 4, fill: Palette.band))
        items.append(.rectangle(Rect(x: heading.minX, y: heading.maxY - 4, width: heading.width, height: 4), fill: Palette.band))
        let bookFrame = Rect(x: heading.minX + 4, y: heading.midY - 2.6, width: 8, height: 5.2)
        items += PageLayout.openBook(in: bookFrame)
        items.append(.text(TextRun(words.heading, frame: Rect(x: bookFrame.maxX + 3, y: heading.minY, width: heading.width - 20, height: headingHeight),
                                   size: 5.2, weight: .bold, color: .white, maxLines: 1, minimumScale: 0.7)))

        let x = card.minX + 6, textWidth = card.width - 12
        var y = heading.maxY + 4
        let whom = words.addressee(notice.userName, notice.className)
        items.append(.text(TextRun(whom, frame: Rect(x: x, y: y, width: textWidth, height: 8), size: 5.6, weight: .bold,
                                   color: Palette.ink, maxLines: 1, minimumScale: 0.6)))
        y += 9
        items.append(.text(TextRun(words.request(notice.items.count), frame: Rect(x: x, y: y, width: textWidth, height: 10),
                                   size: 3.6, color: Palette.ink, verticalAlignment: .top, maxLines: 2, minimumScale: 0.8)))
        y += 11

        let shown = notice.items.prefix(Self.titlesPerSlip)
        let footerTop = card.maxY - 8
        let rowHeight = min(6.2, (footerTop - 2 - y) / Double(max(shown.count + (notice.items.count > shown.count ? 1 : 0), 1)))
        let dueWidth = 48.0
        for (number, item) in shown.enumerated() {
            let row = Rect(x: x, y: y, width: textWidth, height: rowHeight)
            if number % 2 == 0 {
                items.append(.rectangle(row, cornerRadius: 1.2, fill: Palette.soft))
            }
            items.append(.text(TextRun(item.title, frame: Rect(x: row.minX + 2, y: row.minY, width: row.width - dueWidth - 4, height: row.height),
                                       size: min(3.8, rowHeight * 0.6), color: Palette.ink, maxLines: 1, minimumScale: 0.7)))
            items.append(.text(TextRun(words.due(item.due), frame: Rect(x: row.maxX - dueWidth, y: row.minY, width: dueWidth - 2, height: row.height),
                                       size: min(3.4, rowHeight * 0.55), color: Palette.quiet, alignment: .trailing, maxLines: 1, minimumScale: 0.7)))
            y += rowHeight
        }
        if notice.items.count > shown.count {
            items.append(.text(TextRun(words.more(notice.items.count - shown.count), frame: Rect(x: x + 2, y: y, width: textWidth - 4, height: rowHeight),
                                       size: min(3.4, rowHeight * 0.55), color: Palette.quiet, maxLines: 1)))
        }

        let footer = [libraryName, words.date(today)].filter { !$0.isEmpty }.joined(separator: "　")
        items.append(.text(TextRun(footer, frame: Rect(x: x, y: footerTop, width: textWidth, height: 6), size: 3.4,
                                   color: Palette.quiet, alignment: .trailing, maxLines: 1, minimumScale: 0.7)))
        items.append(.text(TextRun(words.thanks, frame: Rect(x: x, y: footerTop, width: textWidth * 0.55, height: 6), size: 3.4,
                                   color: Palette.band, maxLines: 1, minimumScale: 0.7)))
        return items
    }
}
