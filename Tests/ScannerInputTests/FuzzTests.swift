import CEvdev
import Testing
@testable import ScannerInput

@Suite("ScanDecoder fuzz")
struct FuzzTests {
    /// Keys a scanner (or a confused one) might send, plus some it should not.
    static let keys: [Int32] = [
        KEY_A, KEY_B, KEY_Z, KEY_1, KEY_5, KEY_0, KEY_MINUS, KEY_EQUAL, KEY_LEFTBRACE, KEY_RIGHTBRACE,
        KEY_BACKSLASH, KEY_SEMICOLON, KEY_APOSTROPHE, KEY_GRAVE, KEY_SLASH, KEY_SPACE, KEY_RO, KEY_YEN,
        KEY_ENTER, KEY_KPENTER, KEY_TAB, KEY_CAPSLOCK, KEY_LEFTSHIFT, KEY_RIGHTSHIFT, KEY_LEFTCTRL,
        KEY_RIGHTCTRL, KEY_LEFTALT, KEY_RIGHTALT, KEY_KP0, KEY_KP2, KEY_KP9, KEY_KPDOT, KEY_KPASTERISK,
        KEY_F1, KEY_ESC, KEY_BACKSPACE,
    ]

    @Test("millions of random events: no crash, no Scan outside 4…64, and a clean Scan afterwards decodes",
          arguments: [(UInt64(1), KeyboardLayout.us), (2, .jp), (3, .us)])
    func randomEvents(seed: UInt64, layout: KeyboardLayout) {
        var random = SplitMix64(seed: seed)
        var decoder = ScanDecoder(layout: layout)
        var time = Duration.seconds(100)
        var barcodes = 0
        var outOfBounds: [String] = []
        let count = 600_000
        for _ in 0..<count {
            let roll = random.next()
            // Mostly 0–16 ms steps, sometimes a long pause or a step back in time.
            switch roll % 100 {
            case 0: time += .milliseconds(Int(roll >> 8) % 500)
            case 1: time -= .milliseconds(Int(roll >> 8) % 20)
            default: time += .milliseconds(Int(roll >> 8) % 17)
            }
            let event: InputEvent
            switch (roll >> 20) % 200 {
            case 0: event = .synDropped(at: time)
            case 1: event = .synReport(at: time)
            case 2: event = InputEvent(time: time, type: UInt16((roll >> 32) % 32), code: UInt16((roll >> 40) % 768), value: Int32(truncatingIfNeeded: roll >> 48))
            case 3..<8: event = InputEvent(time: time, type: UInt16(EV_KEY), code: UInt16((roll >> 32) % 768), value: Int32((roll >> 48) % 4))
            default:
                let code = Self.keys[Int((roll >> 32) % UInt64(Self.keys.count))]
                let value: KeyValue = switch (roll >> 56) % 10 { case 0: .repeat; case 1...4: .release; default: .press }
                event = .key(code, value, at: time)
            }
            for output in decoder.handle(event) {
                if case .barcode(let barcode) = output {
                    barcodes += 1
                    if !(4...64).contains(barcode.count) { outOfBounds.append(barcode) }
                }
            }
        }
        #expect(outOfBounds.isEmpty)
        #expect(barcodes > 0, "the noise should produce some barcodes, or the test checks nothing")

        // Recovery: the scanner lets go of every modifier, pauses, and scans cleanly.
        var outputs: [ScanDecoder.Output] = []
        for code in [KEY_LEFTSHIFT, KEY_RIGHTSHIFT, KEY_LEFTCTRL, KEY_RIGHTCTRL, KEY_LEFTALT, KEY_RIGHTALT] {
            _ = decoder.handle(.key(code, .release, at: time))
        }
        let clean = Typist.events([.type("9784834000825"), .tap(KEY_ENTER), .keypad("4901234"), .tap(KEY_KPENTER)],
                                  layout: layout, seed: seed)
        for event in clean {
            outputs += decoder.handle(InputEvent(time: time + .milliseconds(200) + event.time, type: event.type, code: event.code, value: event.value))
        }
        let recovered = outputs.compactMap { output -> String? in
            if case .barcode(let barcode) = output { return barcode }
            return nil
        }
        #expect(recovered == ["9784834000825", "4901234"])
    }
}
