import Foundation
import Lending
import Scene

// The answers to a scan (lent, returned, refused) and the calm faces of trouble.
extension ScreenLayout {
    // MARK: Answers

    /// The coloured band on the left: the picture in a white disc, the headline under it.
    func panel(color: Color, ink: Color, headline: String, badge: (Rect) -> [SceneItem], _ g: Grid) -> [SceneItem] {
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
    func titleBlock(title: String, barcode: String?, isbn: String?, in area: Rect, size: Double, _ g: Grid) -> ([SceneItem], Double) {
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

    func lentFace(_ lent: ScreenModel.LentBook, model: ScreenModel, _ g: Grid) -> [SceneItem] {
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
    func dueStrip(_ days: [ScreenModel.StripDay], due: LocalDate, in area: Rect, _ g: Grid) -> SceneItem {
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

    func returnedFace(_ returned: ScreenModel.ReturnedBook, model: ScreenModel, _ g: Grid) -> [SceneItem] {
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

    func refusedFace(_ refused: ScreenModel.RefusedScan, model: ScreenModel, _ g: Grid) -> [SceneItem] {
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

    func calmFace(picture: (Rect) -> [SceneItem], lines: [String], detail: String, _ g: Grid, note: String? = nil) -> [SceneItem] {
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
}
