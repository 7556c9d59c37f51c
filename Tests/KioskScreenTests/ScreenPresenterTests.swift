import Foundation
import Feedback
import KioskPresenter
import KioskScreen
import Lending
import Scene
import ScenePainter
import Testing

/// An output that refuses every frame, as a display taken away would.
final class BrokenOutput: FrameOutput {
    struct Gone: Error {}
    let size = PixelSize(width: 320, height: 200)
    let needsFullFrame = true
    var attempts = 0
    func present(changed: Rect?, _ draw: (FrameBuffer) -> Void) throws {
        attempts += 1
        throw Gone()
    }
}

@Suite("ScreenPresenter: paints only what changed", .serialized)
struct ScreenPresenterTests {
    let painter = ScenePainter()
    let size = PixelSize(width: 800, height: 480)

    func presenter(_ output: any FrameOutput, log: @escaping (String) -> Void = { _ in }) -> ScreenPresenter {
        ScreenPresenter(output: output, layout: ScreenLayout(language: .ja), policy: S.policy, painter: painter, now: S.morning, log: log)
    }

    @Test func anIdleKioskDrawsNothing() {
        let output = ImageFrameOutput(size: size)
        let screen = presenter(output)
        screen.show(.ready, at: S.morning)
        #expect(output.framesPresented == 1)
        for minutes in 1...60 { screen.advance(to: S.morning.addingTimeInterval(Double(minutes) * 60)) }
        #expect(output.framesPresented == 1)
    }

    @Test func theCountdownRedrawsOnlyItsBarOnceASecond() throws {
        let output = ImageFrameOutput(size: size)
        let screen = presenter(output)
        screen.show(.ready, at: S.morning)
        screen.show(S.greeted, at: S.morning)
        #expect(screen.fullFrames == 2)
        #expect(screen.nextDeadline == S.morning.addingTimeInterval(1))
        screen.advance(to: S.morning.addingTimeInterval(0.5))
        #expect(output.framesPresented == 2)
        screen.advance(to: S.morning.addingTimeInterval(1))
        #expect(screen.barFrames == 1)
        let changed = try #require(output.lastChanged)
        let bar = try #require(ScreenLayout(language: .ja).scene(for: screen.model, size: size).group(named: ScreenLayout.sessionBarGroup))
        #expect(changed.contains(bar.bounds))
        #expect(changed.height < Double(size.height) / 10)
        // A scan is a whole new frame.
        screen.show(S.lentGuri, at: S.morning.addingTimeInterval(2))
        #expect(screen.fullFrames == 3)
    }

    @Test func aBarFrameLeavesTheScreenAsAWholeFrameOfThatMomentWould() throws {
        let output = ImageFrameOutput(size: size)
        let screen = presenter(output)
        screen.show(.ready, at: S.morning)
        screen.show(S.greeted, at: S.morning)
        for seconds in 1...3 { screen.advance(to: S.morning.addingTimeInterval(Double(seconds))) }
        #expect(screen.barFrames == 3)
        // Painted whole, by a painter of its own that has painted nothing before.
        let whole = ImageBuffer(width: size.width, height: size.height)
        let scene = ScreenLayout(language: .ja).scene(for: screen.model, size: size)
        try whole.withFrameBuffer { try ScenePainter().paint(scene, into: $0) }
        #expect(try output.image.png() == whole.png())
    }

    @Test func aFailingDisplayIsLoggedOnceAndTheKioskCarriesOn() {
        let output = BrokenOutput()
        var lines: [String] = []
        let screen = presenter(output, log: { lines.append($0) })
        screen.show(.ready, at: S.morning)
        screen.show(S.greeted, at: S.morning)
        screen.show(S.lentGuri, at: S.morning)
        #expect(output.attempts == 3)
        #expect(lines.count == 1)
        #expect(lines.first?.contains("could not be shown") == true)
    }

    @Test func theLentFrameHasTheLentColourAndATickWhereTheLayoutPutsThem() throws {
        let size = PixelSize(width: 1280, height: 800)
        let output = ImageFrameOutput(size: size)
        let screen = presenter(output)
        screen.show(.ready, at: S.morning)
        screen.show(S.greeted, at: S.morning)
        screen.show(S.lentGuri, at: S.morning)
        let lent = Palette.lent.bytes
        let panel = output.image.pixel(x: 20, y: 20)
        #expect(panel == lent)
        // The tick: the disc is white, the V's bottom is the lent colour, inside the V is white.
        let scene = ScreenLayout(language: .ja).scene(for: screen.model, size: size)
        guard case .group(_, _, let badge)? = scene.group(named: ScreenLayout.badgeGroup), case .ellipse(let disc, _, _)? = badge.first else {
            Issue.record("the lent frame has no badge disc")
            return
        }
        func pixel(_ fx: Double, _ fy: Double) -> (red: UInt8, green: UInt8, blue: UInt8) {
            output.image.pixel(x: Int(disc.minX + disc.width * fx), y: Int(disc.minY + disc.height * fy))
        }
        #expect(pixel(0.43, 0.66) == lent)
        #expect(pixel(0.30, 0.55) == lent)
        #expect(pixel(0.70, 0.40) == lent)
        #expect(pixel(0.43, 0.45) == (255, 255, 255))
        #expect(pixel(0.5, 0.15) == (255, 255, 255))
        #expect(pixel(0.2, 0.8) == (255, 255, 255))
        // The PNG of the frame is a real PNG.
        let png = try output.image.png()
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }

    @Test func lentReturnedAndRefusedStayApartInGreyAndForDeuteranopes() throws {
        let size = PixelSize(width: 640, height: 400)
        let refused = KioskEvent.outcome(.refused(.limitReached, barcode: "B0004", user: S.haruto, book: S.aomushi))
        let returned = KioskEvent.outcome(.returned(S.loan(S.guri), book: S.guri, user: S.haruto, overdueDays: 0))
        var colours: [(red: UInt8, green: UInt8, blue: UInt8)] = []
        for event in [S.lentGuri, returned, refused] {
            let output = ImageFrameOutput(size: size)
            let screen = presenter(output)
            screen.show(.ready, at: S.morning)
            screen.show(S.greeted, at: S.morning)
            screen.show(event, at: S.morning)
            colours.append(output.image.pixel(x: 10, y: 10))
        }
        for i in 0..<3 {
            for j in (i + 1)..<3 {
                let a = ColourVision(colours[i]), b = ColourVision(colours[j])
                // Greyscale: lightness at least 18 L* apart.
                #expect(abs(a.lab.l - b.lab.l) >= 18, "\(i) \(j): \(a.lab.l) \(b.lab.l)")
                // Deuteranopia (Machado et al. 2009, severity 1): still ΔE76 ≥ 40 apart.
                let da = a.deuteranope.lab, db = b.deuteranope.lab
                let delta = ((da.l - db.l) * (da.l - db.l) + (da.a - db.a) * (da.a - db.a) + (da.b - db.b) * (da.b - db.b)).squareRoot()
                #expect(delta >= 40, "\(i) \(j): ΔE \(delta)")
            }
        }
    }
}

/// A colour as a person sees it: CIELAB, and as a deuteranope sees it (Machado, Oliveira and
/// Fernandes 2009, the severity-1 matrix, applied in linear RGB).
struct ColourVision {
    var linear: (Double, Double, Double)

    init(_ pixel: (red: UInt8, green: UInt8, blue: UInt8)) {
        func lin(_ v: UInt8) -> Double {
            let c = Double(v) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        linear = (lin(pixel.red), lin(pixel.green), lin(pixel.blue))
    }

    init(linear: (Double, Double, Double)) {
        self.linear = linear
    }

    var deuteranope: ColourVision {
        let (r, g, b) = linear
        func clamp(_ v: Double) -> Double { min(max(v, 0), 1) }
        return ColourVision(linear: (clamp(0.367322 * r + 0.860646 * g - 0.227968 * b),
                                     clamp(0.280085 * r + 0.672501 * g + 0.047413 * b),
                                     clamp(-0.011820 * r + 0.042940 * g + 0.968881 * b)))
    }

    var lab: (l: Double, a: Double, b: Double) {
        let (r, g, b) = linear
        let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
        let y = 0.2126 * r + 0.7152 * g + 0.0722 * b
        let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
        func f(_ t: Double) -> Double { t > 0.008856 ? cbrt(t) : 7.787 * t + 16.0 / 116 }
        return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))
    }
}
