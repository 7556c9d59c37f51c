// Proves the kiosk's DRM display on a real kernel (the VM harness's `screen` check); not shipped.
//
//     display-probe png card|book OUT.png [--size WxH]   the scene painted by ScenePainter, as a PNG
//     display-probe show [--device /dev/dri/card0]        the scenes on the display, as told on stdin
//     display-probe compare A.png B.png [--except-rows-changing C.png D.png]
//                                                         how many pixels differ
//
// `show` opens the display (DRMDisplay), follows console switching (ConsoleSwitching), and reads
// lines on standard input: `card` presents the card scene whole; `book` presents the book scene
// as a partial frame (only the panel that differs from the card scene, so the copy of the last
// frame into the back buffer is exercised); `quit` restores the console and ends. It prints
// `shown card`, `shown book`, `released`, `acquired` as these happen. The book scene painted
// whole (`png book`) must equal the screen after `card` then `book`.
// `compare` prints "N of M pixels differ (largest channel difference D)" and exits 0 only when
// N is 0. With `--except-rows-changing C.png D.png`, the rows where C and D differ (the
// session's countdown bar, drawn at two times) are left out, and it says how many of their
// pixels differ. Exit status 2 for bad arguments, 1 for a failure.
import CCairo
import Foundation
import KioskDisplay
import Scene
import ScenePainter

func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func fail(_ message: String, status: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data(("display-probe: " + message + "\n").utf8))
    exit(status)
}

/// The two known scenes, 1280×800 units: a card screen, and the same with a "lent" panel.
enum KnownScene {
    static let size = Size(width: 1280, height: 800)
    /// Where the book scene differs from the card scene.
    static let panel = Rect(x: 640, y: 160, width: 560, height: 480)

    static var card: Scene {
        var scene = Scene(size: size, background: Color(hex: 0xFFF8E7))
        scene.add(.rectangle(Rect(x: 0, y: 0, width: 1280, height: 96), fill: Color(hex: 0x2F6DB5)))
        scene.add(.text(TextRun("さくらぐみ としょかん", frame: Rect(x: 40, y: 8, width: 900, height: 80), size: 44,
                                weight: .bold, color: .white)))
        scene.add(.rectangle(Rect(x: 120, y: 220, width: 400, height: 260), cornerRadius: 28,
                             fill: Color(hex: 0xF2B134), stroke: Stroke(color: Color(hex: 0x7A4E00), width: 6)))
        scene.add(.ellipse(Rect(x: 160, y: 270, width: 110, height: 110), fill: .white))
        scene.add(.text(TextRun("カードをスキャンしてね", frame: Rect(x: 60, y: 560, width: 560, height: 90), size: 48,
                                weight: .bold, color: Color(hex: 0x333333), alignment: .center)))
        scene.add(.text(TextRun("Scan your card 0123456789", frame: Rect(x: 60, y: 660, width: 560, height: 50), size: 28,
                                color: Color(hex: 0x555555), alignment: .center)))
        scene.add(.rectangle(panel, cornerRadius: 36, fill: Color(hex: 0xE4E4E4)))
        return scene
    }

    static var book: Scene {
        var scene = card
        scene.add(.rectangle(panel, cornerRadius: 36, fill: Color(hex: 0x1B7F4B)))
        scene.add(.ellipse(Rect(x: 820, y: 200, width: 200, height: 200), fill: .white))
        scene.add(.path(Path(polyline: [Point(x: 860, y: 300), Point(x: 905, y: 345), Point(x: 985, y: 250)]),
                        fill: nil, stroke: Stroke(color: Color(hex: 0x1B7F4B), width: 24)))
        scene.add(.text(TextRun("ぐりとぐら", frame: Rect(x: 660, y: 430, width: 520, height: 90), size: 64,
                                weight: .bold, color: .white, alignment: .center)))
        scene.add(.text(TextRun("かえすのは きんようび", frame: Rect(x: 660, y: 530, width: 520, height: 60), size: 36,
                                color: .white, alignment: .center)))
        return scene
    }

    static func named(_ name: String) -> Scene? {
        switch name {
        case "card": card
        case "book": book
        default: nil
        }
    }
}

/// Loads a PNG as XRGB pixels. Calls `cairo_image_surface_create_from_png`.
func loadPNG(_ path: String) -> (width: Int, height: Int, pixels: [UInt32]) {
    guard let surface = cairo_image_surface_create_from_png(path), cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
        fail("\(path) cannot be read as a PNG")
    }
    defer { cairo_surface_destroy(surface) }
    // Whatever the PNG's format, paint it onto an RGB24 surface so both sides compare alike.
    let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
    guard let target = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)) else { fail("cairo") }
    defer { cairo_surface_destroy(target) }
    let context = cairo_create(target)
    cairo_set_source_surface(context, surface, 0, 0)
    cairo_paint(context)
    cairo_destroy(context)
    cairo_surface_flush(target)
    let stride = Int(cairo_image_surface_get_stride(target))
    guard let data = cairo_image_surface_get_data(target) else { fail("cairo gave no pixels for \(path)") }
    var pixels: [UInt32] = []
    pixels.reserveCapacity(width * height)
    for y in 0..<height {
        for x in 0..<width {
            pixels.append(UnsafeRawPointer(data).load(fromByteOffset: y * stride + x * 4, as: UInt32.self) & 0x00FF_FFFF)
        }
    }
    return (width, height, pixels)
}

/// The rows (first, last) in which two same-sized images differ; nil when they are equal.
func changingRows(_ first: String, _ second: String) -> ClosedRange<Int>? {
    let c = loadPNG(first), d = loadPNG(second)
    guard c.width == d.width, c.height == d.height else { fail("\(first) and \(second) differ in size", status: 2) }
    let rows = (0..<c.height).filter { row in
        let start = row * c.width
        return c.pixels[start..<(start + c.width)] != d.pixels[start..<(start + c.width)]
    }
    guard let top = rows.first, let bottom = rows.last else { return nil }
    return top...bottom
}

func compare(_ first: String, _ second: String, exceptRows excluded: ClosedRange<Int>?) -> Never {
    let a = loadPNG(first), b = loadPNG(second)
    guard a.width == b.width, a.height == b.height else {
        say("sizes differ: \(a.width)x\(a.height) and \(b.width)x\(b.height)")
        exit(1)
    }
    var differing = 0, differingExcluded = 0, largest: UInt32 = 0
    for (index, (x, y)) in zip(a.pixels, b.pixels).enumerated() where x != y {
        if let excluded, excluded.contains(index / a.width) {
            differingExcluded += 1
            continue
        }
        differing += 1
        for shift: UInt32 in [0, 8, 16] {
            let p = (x >> shift) & 0xFF, q = (y >> shift) & 0xFF
            largest = max(largest, p > q ? p - q : q - p)
        }
    }
    if let excluded {
        let inside = excluded.count * a.width
        say("\(differing) of \(a.pixels.count - inside) pixels outside rows \(excluded.lowerBound)-\(excluded.upperBound) differ (largest channel difference \(largest)); \(differingExcluded) of their \(inside) differ")
    } else {
        say("\(differing) of \(a.pixels.count) pixels differ (largest channel difference \(largest))")
    }
    exit(differing == 0 ? 0 : 1)
}

func writePNG(_ name: String, to path: String, size: PixelSize) -> Never {
    guard let scene = KnownScene.named(name) else { fail("no scene \(name): card or book", status: 2) }
    do {
        try ScenePainter().writePNG(scene, to: path, width: size.width, height: size.height)
    } catch {
        fail("\(error)")
    }
    exit(0)
}

/// SIGTERM and SIGINT: the console gets its picture and its switching back.
func stopOnSignal() {
    let handler: @convention(c) (Int32) -> Void = { _ in
        DRMDisplay.restoreAfterSignal()
        ConsoleSwitching.restoreAfterSignal()
        _exit(0)
    }
    signal(SIGTERM, handler)
    signal(SIGINT, handler)
}

func show(device: String) -> Never {
    let log: (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
    let display: DRMDisplay
    do {
        display = try DRMDisplay.open(path: device, log: log)
    } catch {
        fail(error.description)
    }
    stopOnSignal()
    let painter = ScenePainter()
    painter.warmUp()
    let switching: ConsoleSwitching?
    do {
        switching = try ConsoleSwitching()
    } catch {
        log("console switching is not followed: \(error)")
        switching = nil
    }
    say("open \(display.summary), pitch \(display.pitch)")
    var current: Scene?
    func present(_ scene: Scene, changed: Rect?) {
        do {
            var paintingFailed: PaintingError?
            try display.present(changed: changed) { buffer in
                do throws(PaintingError) { try painter.paint(scene, into: buffer, clip: changed) } catch { paintingFailed = error }
            }
            if let paintingFailed { throw paintingFailed }
        } catch {
            log("present failed: \(error)")
        }
    }
    var input = Data()
    while true {
        var descriptors = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)]
        if let switching { descriptors.append(pollfd(fd: switching.fileDescriptor, events: Int16(POLLIN), revents: 0)) }
        if poll(&descriptors, nfds_t(descriptors.count), -1) < 0 { continue }
        if let switching, descriptors[1].revents != 0 {
            let requests = switching.takeRequests()
            display.follow(requests, of: switching, redraw: {
                if let current { present(current, changed: nil) }
            }, log: log)
            for request in requests { say(request == .release ? "released" : "acquired") }
        }
        guard descriptors[0].revents != 0 else { continue }
        var bytes = [UInt8](repeating: 0, count: 256)
        let count = read(STDIN_FILENO, &bytes, bytes.count)
        if count <= 0 { break }
        input.append(contentsOf: bytes[..<count])
        while let newline = input.firstIndex(of: 0x0A) {
            let line = String(decoding: input[..<newline], as: UTF8.self)
            input.removeSubrange(...newline)
            switch line {
            case "card":
                current = KnownScene.card
                present(KnownScene.card, changed: nil)
                say("shown card")
            case "book":
                current = KnownScene.book
                present(KnownScene.book, changed: KnownScene.panel)
                say("shown book")
            case "quit":
                display.restoreConsole()
                switching?.restore()
                say("restored")
                exit(0)
            default:
                log("unknown line \(line): card, book or quit")
            }
        }
    }
    display.restoreConsole()
    switching?.restore()
    exit(0)
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "png":
    guard arguments.count >= 3 else { fail("usage: display-probe png card|book OUT.png [--size WxH]", status: 2) }
    var size = PixelSize(width: 1280, height: 800)
    if let index = arguments.firstIndex(of: "--size"), index + 1 < arguments.count {
        guard let given = PixelSize(arguments[index + 1]) else { fail("--size takes WxH, like 1280x800", status: 2) }
        size = given
    }
    writePNG(arguments[1], to: arguments[2], size: size)
case "show":
    var device = "/dev/dri/card0"
    if let index = arguments.firstIndex(of: "--device"), index + 1 < arguments.count { device = arguments[index + 1] }
    show(device: device)
case "compare":
    let usage = "usage: display-probe compare A.png B.png [--except-rows-changing C.png D.png]"
    guard arguments.count == 3 || (arguments.count == 6 && arguments[3] == "--except-rows-changing") else { fail(usage, status: 2) }
    compare(arguments[1], arguments[2], exceptRows: arguments.count == 6 ? changingRows(arguments[4], arguments[5]) : nil)
default:
    fail("usage: display-probe png|show|compare … (see the comment at the top of main.swift)", status: 2)
}
