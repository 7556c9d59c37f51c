import Foundation
import Lending
import Scene

/// The screen's pictures, drawn from shapes (no image files): each fills a square `box` and
/// returns its items. Strokes scale with the box, so a picture looks the same at every size.
enum Pictures {
    /// A Card held over a Scanner, with the Scanner's red light reaching up to it.
    static func cardOverScanner(in box: Rect) -> [SceneItem] {
        let s = box.width
        var items: [SceneItem] = []
        // The light, under everything.
        let window = Rect(x: box.minX + s * 0.30, y: box.minY + s * 0.70, width: s * 0.40, height: s * 0.05)
        items.append(.path(Path(polyline: [Point(x: window.minX + s * 0.04, y: window.minY), Point(x: window.maxX - s * 0.04, y: window.minY),
                                           Point(x: box.minX + s * 0.86, y: box.minY + s * 0.42), Point(x: box.minX + s * 0.14, y: box.minY + s * 0.42)],
                                closed: true), fill: Palette.beam.opacity(0.28)))
        // The Scanner: a body and its red window.
        items.append(.rectangle(Rect(x: box.minX + s * 0.22, y: box.minY + s * 0.72, width: s * 0.56, height: s * 0.24),
                                cornerRadius: s * 0.06, fill: Palette.scannerBody))
        items.append(.rectangle(window, cornerRadius: s * 0.02, fill: Palette.beam))
        // The Card.
        items += card(in: Rect(x: box.minX + s * 0.12, y: box.minY + s * 0.04, width: s * 0.76, height: s * 0.46))
        // Two small arrows: down towards the Scanner.
        for x in [box.minX + s * 0.05, box.maxX - s * 0.05] {
            items.append(.path(Path(polyline: [Point(x: x, y: box.minY + s * 0.30), Point(x: x, y: box.minY + s * 0.56)]),
                               fill: nil, stroke: Stroke(color: Palette.softInk, width: s * 0.025)))
            items.append(.path(Path(polyline: [Point(x: x - s * 0.035, y: box.minY + s * 0.51), Point(x: x, y: box.minY + s * 0.57),
                                               Point(x: x + s * 0.035, y: box.minY + s * 0.51)]),
                               fill: nil, stroke: Stroke(color: Palette.softInk, width: s * 0.025)))
        }
        return items
    }

    /// A library card: a yellow card with a face and a barcode.
    static func card(in frame: Rect, color: Color = Palette.cardYellow) -> [SceneItem] {
        let h = frame.height
        var items: [SceneItem] = [
            .rectangle(frame, cornerRadius: h * 0.12, fill: color, stroke: Stroke(color: Palette.ink, width: h * 0.035)),
        ]
        // The face.
        let face = Rect(x: frame.minX + h * 0.14, y: frame.minY + h * 0.16, width: h * 0.42, height: h * 0.42)
        items.append(.ellipse(face, fill: Color(hex: 0xFFF1DC), stroke: Stroke(color: Palette.ink, width: h * 0.025)))
        items.append(.ellipse(Rect(x: face.minX + face.width * 0.26, y: face.minY + face.height * 0.36, width: face.width * 0.1, height: face.width * 0.1), fill: Palette.ink))
        items.append(.ellipse(Rect(x: face.minX + face.width * 0.64, y: face.minY + face.height * 0.36, width: face.width * 0.1, height: face.width * 0.1), fill: Palette.ink))
        items.append(.path(Path([.arc(center: Point(x: face.midX, y: face.minY + face.height * 0.55), radius: face.width * 0.2,
                                      startAngle: 0.2, endAngle: .pi - 0.2)]),
                           fill: nil, stroke: Stroke(color: Palette.ink, width: h * 0.025)))
        // Name lines.
        let textX = face.maxX + h * 0.12
        for (index, width) in [0.5, 0.34].enumerated() {
            items.append(.rectangle(Rect(x: textX, y: face.minY + h * (0.06 + 0.16 * Double(index)), width: (frame.maxX - textX - h * 0.14) * width / 0.5 * 0.9,
                                         height: h * 0.07), cornerRadius: h * 0.035, fill: Palette.ink.opacity(0.55)))
        }
        // The barcode.
        let bars = Rect(x: frame.minX + h * 0.14, y: frame.maxY - h * 0.30, width: frame.width - h * 0.28, height: h * 0.18)
        let pattern: [Double] = [1, 2, 1, 1, 3, 1, 2, 1, 1, 2, 1, 3, 1, 1, 2, 1, 1, 2, 3, 1, 1, 2]
        let unit = bars.width / pattern.reduce(0, +) / 1.0
        var x = bars.minX
        for (index, width) in pattern.enumerated() {
            if index.isMultiple(of: 2) {
                items.append(.rectangle(Rect(x: x, y: bars.minY, width: width * unit * 0.8, height: bars.height), fill: Palette.ink))
            }
            x += width * unit
        }
        return items
    }

    /// A white disc with a tick: lent.
    static func tick(in box: Rect, color: Color) -> [SceneItem] {
        let s = box.width
        return [
            .ellipse(box, fill: .white),
            .path(Path(polyline: [Point(x: box.minX + s * 0.26, y: box.minY + s * 0.52), Point(x: box.minX + s * 0.43, y: box.minY + s * 0.69),
                                  Point(x: box.minX + s * 0.75, y: box.minY + s * 0.33)]),
                  fill: nil, stroke: Stroke(color: color, width: s * 0.12)),
        ]
    }

    /// A white disc with an arrow that turns back: returned.
    static func backArrow(in box: Rect, color: Color) -> [SceneItem] {
        let s = box.width
        let center = Point(x: box.midX + s * 0.04, y: box.midY + s * 0.04)
        let radius = s * 0.22
        let stroke = Stroke(color: color, width: s * 0.1)
        let tip = Point(x: center.x - radius, y: center.y - s * 0.02)
        return [
            .ellipse(box, fill: .white),
            // The arc from the left, over the top, round to the right and down.
            .path(Path([.arc(center: center, radius: radius, startAngle: -.pi * 1.0, endAngle: .pi * 0.5),
                        .line(Point(x: center.x - s * 0.02, y: center.y + radius))]),
                  fill: nil, stroke: stroke),
            // The arrowhead at the arc's start, pointing down-left.
            .path(Path(polyline: [Point(x: tip.x - s * 0.14, y: tip.y - s * 0.04), Point(x: tip.x, y: tip.y + s * 0.14),
                                  Point(x: tip.x + s * 0.14, y: tip.y - s * 0.04)], closed: true),
                  fill: color, stroke: Stroke(color: color, width: s * 0.03)),
        ]
    }

    /// A white disc with the refusal's own picture.
    static func refusal(_ reason: Refusal, in box: Rect, color: Color) -> [SceneItem] {
        let s = box.width
        let inner = box.insetBy(dx: s * 0.2, dy: s * 0.2)
        var items: [SceneItem] = [.ellipse(box, fill: .white)]
        switch reason {
        case .limitReached:
            items += fullSlots(in: inner, color: color)
        case .hasOverdue:
            items += calendar(in: inner, color: color)
        case .cardFirst:
            items += card(in: Rect(x: inner.minX - s * 0.04, y: inner.midY - inner.height * 0.33, width: inner.width + s * 0.08,
                                   height: inner.height * 0.66))
        case .unknownBarcode:
            items += questionMark(in: inner, color: color)
        case .userInactive:
            items += card(in: Rect(x: inner.minX - s * 0.04, y: inner.midY - inner.height * 0.2, width: inner.width + s * 0.08,
                                   height: inner.height * 0.62), color: Color(hex: 0xE3DDEA))
            items += sleeping(at: Point(x: inner.maxX - s * 0.06, y: inner.minY + s * 0.1), size: s * 0.13, color: color)
        case .bookNotLendable:
            items += book(in: Rect(x: inner.minX + s * 0.02, y: inner.minY, width: inner.width * 0.8, height: inner.height), color: Palette.books[1])
            items += padlock(in: Rect(x: inner.maxX - s * 0.24, y: inner.maxY - s * 0.3, width: s * 0.26, height: s * 0.3), color: color)
        case .pinWrong:
            let dot = s * 0.1
            for index in 0..<3 {
                items.append(.ellipse(Rect(x: inner.minX + Double(index) * dot * 1.6, y: inner.midY - dot / 2 - s * 0.1, width: dot, height: dot), fill: Palette.ink))
            }
            items.append(.path(Path([.move(Point(x: inner.midX - s * 0.12, y: inner.midY + s * 0.02)), .line(Point(x: inner.midX + s * 0.12, y: inner.midY + s * 0.26)),
                                     .move(Point(x: inner.midX + s * 0.12, y: inner.midY + s * 0.02)), .line(Point(x: inner.midX - s * 0.12, y: inner.midY + s * 0.26))]),
                               fill: nil, stroke: Stroke(color: color, width: s * 0.06)))
        case .pinLocked:
            items += padlock(in: inner.insetBy(dx: s * 0.06, dy: 0), color: color)
        }
        return items
    }

    /// Three slots, every one holding a book: "your hands are full".
    static func fullSlots(in box: Rect, color: Color) -> [SceneItem] {
        let s = box.width
        let width = s * 0.28, gap = (s - 3 * width) / 2
        var items: [SceneItem] = []
        for index in 0..<3 {
            let slot = Rect(x: box.minX + Double(index) * (width + gap), y: box.minY + s * 0.08, width: width, height: s * 0.84)
            items.append(.rectangle(slot, cornerRadius: s * 0.05, fill: Palette.line, stroke: Stroke(color: color, width: s * 0.035)))
            items += book(in: slot.insetBy(dx: s * 0.04, dy: s * 0.08), color: Palette.books[index])
        }
        return items
    }

    /// A calendar page with rings and one day marked: "a book is past its day".
    static func calendar(in box: Rect, color: Color) -> [SceneItem] {
        let s = box.width
        let page = Rect(x: box.minX, y: box.minY + s * 0.08, width: s, height: s * 0.86)
        var items: [SceneItem] = [
            .rectangle(page, cornerRadius: s * 0.08, fill: .white, stroke: Stroke(color: Palette.ink, width: s * 0.05)),
            .rectangle(Rect(x: page.minX, y: page.minY, width: page.width, height: s * 0.22), cornerRadius: s * 0.08, fill: color),
        ]
        for x in [page.minX + s * 0.26, page.maxX - s * 0.26] {
            items.append(.path(Path(polyline: [Point(x: x, y: box.minY), Point(x: x, y: box.minY + s * 0.18)]),
                               fill: nil, stroke: Stroke(color: Palette.ink, width: s * 0.07)))
        }
        let cell = s * 0.2
        for row in 0..<3 {
            for column in 0..<4 {
                let center = Point(x: page.minX + s * 0.17 + Double(column) * cell * 1.1, y: page.minY + s * 0.36 + Double(row) * cell)
                items.append(.ellipse(Rect(x: center.x - s * 0.035, y: center.y - s * 0.035, width: s * 0.07, height: s * 0.07), fill: Palette.softInk))
                if row == 1 && column == 1 {
                    items.append(.ellipse(Rect(x: center.x - s * 0.11, y: center.y - s * 0.11, width: s * 0.22, height: s * 0.22), fill: nil,
                                          stroke: Stroke(color: color, width: s * 0.05)))
                }
            }
        }
        return items
    }

    /// A question mark drawn as a path.
    static func questionMark(in box: Rect, color: Color) -> [SceneItem] {
        let s = box.width
        let center = Point(x: box.midX, y: box.minY + s * 0.3)
        let r = s * 0.22
        return [
            .path(Path([.arc(center: center, radius: r, startAngle: -.pi, endAngle: .pi * 0.35),
                        .line(Point(x: box.midX, y: box.minY + s * 0.66))]),
                  fill: nil, stroke: Stroke(color: color, width: s * 0.13)),
            .ellipse(Rect(x: box.midX - s * 0.08, y: box.minY + s * 0.8, width: s * 0.16, height: s * 0.16), fill: color),
        ]
    }

    /// "z z": something asleep.
    static func sleeping(at origin: Point, size: Double, color: Color) -> [SceneItem] {
        func zed(_ x: Double, _ y: Double, _ z: Double) -> SceneItem {
            .path(Path(polyline: [Point(x: x, y: y), Point(x: x + z, y: y), Point(x: x, y: y + z), Point(x: x + z, y: y + z)]),
                  fill: nil, stroke: Stroke(color: color, width: z * 0.2))
        }
        return [zed(origin.x - size, origin.y + size * 0.6, size * 0.8), zed(origin.x - size * 0.1, origin.y - size * 0.2, size)]
    }

    /// A closed picture book.
    static func book(in frame: Rect, color: Color) -> [SceneItem] {
        let w = min(frame.width, frame.height * 0.8)
        let box = Rect(x: frame.midX - w / 2, y: frame.midY - w / 0.8 / 2, width: w, height: w / 0.8)
        return [
            .rectangle(Rect(x: box.minX + w * 0.06, y: box.minY + w * 0.04, width: w * 0.94, height: box.height - w * 0.04),
                       cornerRadius: w * 0.06, fill: .white, stroke: Stroke(color: Palette.ink, width: w * 0.04)),
            .rectangle(Rect(x: box.minX, y: box.minY, width: w * 0.9, height: box.height - w * 0.06), cornerRadius: w * 0.06, fill: color,
                       stroke: Stroke(color: Palette.ink, width: w * 0.04)),
            .rectangle(Rect(x: box.minX + w * 0.2, y: box.minY + box.height * 0.2, width: w * 0.5, height: box.height * 0.16),
                       cornerRadius: w * 0.04, fill: Color.white.opacity(0.85)),
        ]
    }

    /// A padlock.
    static func padlock(in box: Rect, color: Color) -> [SceneItem] {
        let w = min(box.width, box.height * 0.85)
        let body = Rect(x: box.midX - w / 2, y: box.maxY - w * 0.78, width: w, height: w * 0.78)
        return [
            .path(Path([.arc(center: Point(x: body.midX, y: body.minY), radius: w * 0.28, startAngle: .pi, endAngle: 2 * .pi)]),
                  fill: nil, stroke: Stroke(color: Palette.ink, width: w * 0.12)),
            .rectangle(body, cornerRadius: w * 0.12, fill: color, stroke: Stroke(color: Palette.ink, width: w * 0.06)),
            .ellipse(Rect(x: body.midX - w * 0.08, y: body.midY - w * 0.1, width: w * 0.16, height: w * 0.16), fill: Palette.ink),
        ]
    }

    /// A Scanner whose cable is out of its socket: calm, no sparks.
    static func unpluggedScanner(in box: Rect) -> [SceneItem] {
        let s = box.width
        let cable = Stroke(color: Palette.ink, width: s * 0.04)
        return [
            .ellipse(box, fill: .white),
            .rectangle(Rect(x: box.minX + s * 0.16, y: box.minY + s * 0.3, width: s * 0.4, height: s * 0.2), cornerRadius: s * 0.05, fill: Palette.scannerBody),
            .rectangle(Rect(x: box.minX + s * 0.22, y: box.minY + s * 0.28, width: s * 0.28, height: s * 0.04), cornerRadius: s * 0.02, fill: Palette.beam.opacity(0.4)),
            .path(Path([.move(Point(x: box.minX + s * 0.36, y: box.minY + s * 0.5)),
                        .curve(Point(x: box.minX + s * 0.36, y: box.minY + s * 0.75), Point(x: box.minX + s * 0.5, y: box.minY + s * 0.72),
                               to: Point(x: box.minX + s * 0.55, y: box.minY + s * 0.66))]),
                  fill: nil, stroke: cable),
            // The plug, and a gap before the socket.
            .rectangle(Rect(x: box.minX + s * 0.54, y: box.minY + s * 0.61, width: s * 0.1, height: s * 0.1), cornerRadius: s * 0.02, fill: Palette.ink),
            .rectangle(Rect(x: box.minX + s * 0.64, y: box.minY + s * 0.63, width: s * 0.04, height: s * 0.02), fill: Palette.ink),
            .rectangle(Rect(x: box.minX + s * 0.64, y: box.minY + s * 0.67, width: s * 0.04, height: s * 0.02), fill: Palette.ink),
            .rectangle(Rect(x: box.minX + s * 0.76, y: box.minY + s * 0.56, width: s * 0.1, height: s * 0.2), cornerRadius: s * 0.03, fill: Palette.line,
                       stroke: Stroke(color: Palette.ink, width: s * 0.02)),
        ]
    }

    /// A database drum resting beside an hourglass: calm trouble.
    static func restingDatabase(in box: Rect) -> [SceneItem] {
        let s = box.width
        let drum = Rect(x: box.minX + s * 0.18, y: box.minY + s * 0.26, width: s * 0.38, height: s * 0.48)
        let lid = s * 0.12
        let stroke = Stroke(color: Palette.ink, width: s * 0.025)
        var items: [SceneItem] = [
            .ellipse(box, fill: .white),
            .rectangle(Rect(x: drum.minX, y: drum.minY + lid / 2, width: drum.width, height: drum.height - lid), fill: Color(hex: 0xCFC8E6)),
            .ellipse(Rect(x: drum.minX, y: drum.maxY - lid, width: drum.width, height: lid), fill: Color(hex: 0xCFC8E6), stroke: stroke),
            .rectangle(Rect(x: drum.minX, y: drum.minY + lid / 2, width: drum.width, height: drum.height - lid), fill: Color(hex: 0xCFC8E6)),
            .path(Path(polyline: [Point(x: drum.minX, y: drum.minY + lid / 2), Point(x: drum.minX, y: drum.maxY - lid / 2)]), fill: nil, stroke: stroke),
            .path(Path(polyline: [Point(x: drum.maxX, y: drum.minY + lid / 2), Point(x: drum.maxX, y: drum.maxY - lid / 2)]), fill: nil, stroke: stroke),
            .ellipse(Rect(x: drum.minX, y: drum.minY, width: drum.width, height: lid), fill: Color(hex: 0xE7E2F4), stroke: stroke),
        ]
        // The hourglass.
        let glass = Rect(x: box.minX + s * 0.62, y: box.minY + s * 0.38, width: s * 0.2, height: s * 0.3)
        items.append(.path(Path(polyline: [Point(x: glass.minX, y: glass.minY), Point(x: glass.maxX, y: glass.minY), Point(x: glass.midX + s * 0.01, y: glass.midY),
                                           Point(x: glass.maxX, y: glass.maxY), Point(x: glass.minX, y: glass.maxY), Point(x: glass.midX - s * 0.01, y: glass.midY)],
                                closed: true), fill: Color(hex: 0xFFF1D0), stroke: stroke))
        items.append(.path(Path(polyline: [Point(x: glass.minX + s * 0.04, y: glass.maxY - s * 0.01), Point(x: glass.maxX - s * 0.04, y: glass.maxY - s * 0.01),
                                           Point(x: glass.midX, y: glass.maxY - s * 0.08)], closed: true), fill: Palette.cardYellow))
        return items
    }

    /// A Scanner seen from the side, for the teacher's scan steps.
    static func scanner(in box: Rect) -> [SceneItem] {
        let s = box.width
        return [
            .path(Path(polyline: [Point(x: box.minX + s * 0.2, y: box.minY + s * 0.62), Point(x: box.minX + s * 0.86, y: box.minY + s * 0.3),
                                  Point(x: box.minX + s * 0.86, y: box.minY + s * 0.8)], closed: true), fill: Palette.beam.opacity(0.25)),
            .rectangle(Rect(x: box.minX + s * 0.06, y: box.minY + s * 0.5, width: s * 0.22, height: s * 0.24), cornerRadius: s * 0.05, fill: Palette.scannerBody),
            .rectangle(Rect(x: box.minX + s * 0.08, y: box.minY + s * 0.68, width: s * 0.1, height: s * 0.28), cornerRadius: s * 0.04, fill: Palette.scannerBody),
            .rectangle(Rect(x: box.minX + s * 0.26, y: box.minY + s * 0.54, width: s * 0.03, height: s * 0.16), fill: Palette.beam),
        ]
    }
}
