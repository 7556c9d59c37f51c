import Foundation
import Lending
import Scene

// Staff mode's screens.
extension ScreenLayout {
    // MARK: Staff mode

    /// A teacher's text: it may break between any characters (staff words have no 分かち書き).
    func staffText(_ string: String, _ frame: Rect, size: Double, weight: TextRun.Weight = .regular, color: Color = Palette.ink,
                   alignment: TextRun.Alignment = .leading, maxLines: Int = 1, minimumScale: Double = 0.7) -> SceneItem {
        text(string, frame, size: size, weight: weight, color: color, alignment: alignment, maxLines: maxLines, minimumScale: minimumScale,
             breaks: .anywhere)
    }

    func staffFace(_ staff: ScreenModel.StaffScreen, _ g: Grid) -> [SceneItem] {
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
}
