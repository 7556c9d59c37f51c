import Foundation
import Language
import Lending
import Scene

// The waiting screen and a child's Session: the name, the slots of her Loans.
extension ScreenLayout {
    // MARK: Waiting

    func waiting(farewell: User?, model: ScreenModel, _ g: Grid) -> [SceneItem] {
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
    func sessionFace(_ session: ScreenModel.Session, today: LocalDate, _ g: Grid) -> [SceneItem] {
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
    func slotRow(_ loans: UserLoans, in area: Rect, today: LocalDate?, allFull: Bool = false, _ g: Grid) -> SceneItem {
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

    func filledSlot(_ entry: UserLoans.Entry, in frame: Rect, index: Int, overdue: Bool, _ g: Grid) -> [SceneItem] {
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

    func emptySlot(in frame: Rect, _ g: Grid) -> [SceneItem] {
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

    func lockedSlot(in frame: Rect, _ g: Grid) -> [SceneItem] {
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
}
