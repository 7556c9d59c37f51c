import CEvdev
import Testing
@testable import ScannerInput

/// Runs events through a decoder as a source does, ending the input at the end.
func decode(_ events: [InputEvent], layout: KeyboardLayout) -> (barcodes: [String], drops: [DroppedScan]) {
    var decoder = ScanDecoder(layout: layout)
    var outputs = events.flatMap { decoder.handle($0) }
    outputs += decoder.discardScanInProgress(because: .inputEnded)
    var barcodes: [String] = []
    var drops: [DroppedScan] = []
    for output in outputs {
        switch output {
        case .barcode(let barcode): barcodes.append(barcode)
        case .dropped(let dropped): drops.append(dropped)
        }
    }
    return (barcodes, drops)
}

@Suite("ScanDecoder")
struct ScanDecoderTests {
    @Test("decodes each case to its barcodes and drops", arguments: decoderCases)
    func decodesCase(_ testCase: DecoderCase) {
        let (barcodes, drops) = decode(testCase.events, layout: testCase.layout)
        #expect(barcodes == testCase.barcodes)
        #expect(drops.map(\.reason) == testCase.drops)
    }

    @Test("a JIS recording read with the US layout gives other characters")
    func layoutMatters() throws {
        let jis = try #require(decoderCases.first { $0.name == "jp-symbols" })
        let (barcodes, _) = decode(jis.events, layout: .us)
        // KEY_RO (\ and _ on JIS) types nothing on a US keyboard; KEY_YEN (|) neither.
        #expect(barcodes == ["[]\\';=-,./ ", "!@#$%^&*(_+{}:\"|<>?"])
    }

    @Test("a key gap of exactly 100 ms continues the Scan; a longer one starts a new Scan",
          arguments: [(Duration.milliseconds(100), ["abcdefgh"]), (.microseconds(100_001), ["efgh"])])
    func gapBoundary(gap: Duration, expected: [String]) {
        var events = [InputEvent]()
        var time = Duration.seconds(5)
        for code in [KEY_A, KEY_B, KEY_C, KEY_D] {
            events += [.key(code, .press, at: time), .key(code, .release, at: time)]
        }
        time += gap
        for code in [KEY_E, KEY_F, KEY_G, KEY_H, KEY_ENTER] {
            events += [.key(code, .press, at: time), .key(code, .release, at: time)]
        }
        #expect(decode(events, layout: .us).barcodes == expected)
    }

    @Test("time going backwards starts a new Scan")
    func timeBackwards() {
        let events: [InputEvent] = [
            .key(KEY_A, .press, at: .seconds(10)), .key(KEY_B, .press, at: .seconds(9)),
            .key(KEY_C, .press, at: .seconds(9)), .key(KEY_D, .press, at: .seconds(9)),
            .key(KEY_E, .press, at: .seconds(9)), .key(KEY_ENTER, .press, at: .seconds(9)),
        ]
        let result = decode(events, layout: .us)
        #expect(result.barcodes == ["bcde"])
        #expect(result.drops.map(\.reason) == [.keysTooFarApart])
    }

    @Test("Enter, keypad Enter and Tab with nothing typed produce nothing",
          arguments: [KEY_ENTER, KEY_KPENTER, KEY_TAB])
    func emptyTerminator(code: Int32) {
        var decoder = ScanDecoder()
        #expect(decoder.handle(.key(code, .press, at: .zero)).isEmpty)
    }

    @Test("Alt let go without keypad digits types nothing; Alt with other keys types nothing")
    func altWithoutDigits() {
        let events: [InputEvent] = [
            .key(KEY_A, .press, at: .zero),
            .key(KEY_LEFTALT, .press, at: .milliseconds(1)), .key(KEY_X, .press, at: .milliseconds(2)),
            .key(KEY_1, .press, at: .milliseconds(3)), .key(KEY_LEFTALT, .release, at: .milliseconds(4)),
            .key(KEY_B, .press, at: .milliseconds(5)), .key(KEY_C, .press, at: .milliseconds(6)),
            .key(KEY_D, .press, at: .milliseconds(7)), .key(KEY_ENTER, .press, at: .milliseconds(8)),
        ]
        #expect(decode(events, layout: .us).barcodes == ["abcd"])
    }

    @Test("both Alt keys: the character comes when the last one is let go")
    func twoAltKeys() {
        var decoder = ScanDecoder()
        var outputs: [ScanDecoder.Output] = []
        let steps: [InputEvent] = [
            .key(KEY_LEFTALT, .press, at: .zero), .key(KEY_RIGHTALT, .press, at: .milliseconds(1)),
            .key(KEY_KP0, .press, at: .milliseconds(2)), .key(KEY_KP6, .press, at: .milliseconds(3)),
            .key(KEY_LEFTALT, .release, at: .milliseconds(4)),
            .key(KEY_KP7, .press, at: .milliseconds(5)),
            .key(KEY_RIGHTALT, .release, at: .milliseconds(6)),
        ]
        for step in steps { outputs += decoder.handle(step) }
        for code in [KEY_X, KEY_Y, KEY_Z, KEY_ENTER] { outputs += decoder.handle(.key(code, .press, at: .milliseconds(7))) }
        #expect(outputs == [.barcode("Cxyz")]) // Alt+0,6,7 = 67 = "C"
    }

    @Test("Ctrl maps @…_ and letters to control characters and types nothing for other keys",
          arguments: [("a", "\u{01}"), ("A", "\u{01}"), ("z", "\u{1A}"), ("[", "\u{1B}"), ("\\", "\u{1C}"),
                      ("]", "\u{1D}"), ("^", "\u{1E}"), ("_", "\u{1F}"), ("@", nil), ("1", nil), ("-", nil)] as [(Character, Character?)])
    func controlCharacters(character: Character, expected: Character?) {
        #expect(ScanDecoder.controlCharacter(for: character) == expected)
    }

    @Test("SYN_DROPPED in the middle of a Scan drops it and keeps the held Shift")
    func synDroppedKeepsModifiers() {
        var decoder = ScanDecoder()
        var outputs: [ScanDecoder.Output] = []
        outputs += decoder.handle(.key(KEY_LEFTSHIFT, .press, at: .zero))
        outputs += decoder.handle(.key(KEY_A, .press, at: .milliseconds(1)))
        outputs += decoder.handle(.synDropped(at: .milliseconds(2)))
        for code in [KEY_B, KEY_C, KEY_D, KEY_E, KEY_ENTER] {
            outputs += decoder.handle(.key(code, .press, at: .milliseconds(3)))
        }
        #expect(outputs == [.dropped(DroppedScan(text: "A", length: 1, reason: .eventsLost)), .barcode("BCDE")])
    }

    @Test("a resync event updates modifiers without typing")
    func resyncUpdatesModifiers() {
        var decoder = ScanDecoder()
        _ = decoder.handle(.key(KEY_LEFTSHIFT, .press, at: .zero))
        decoder.applyResync(.key(KEY_LEFTSHIFT, .release, at: .milliseconds(1)))
        decoder.applyResync(.key(KEY_Q, .press, at: .milliseconds(1)))
        var outputs: [ScanDecoder.Output] = []
        for code in [KEY_W, KEY_X, KEY_Y, KEY_Z, KEY_ENTER] {
            outputs += decoder.handle(.key(code, .press, at: .milliseconds(2)))
        }
        #expect(outputs == [.barcode("wxyz")])
    }

    @Test("an overlong Scan keeps only a bounded prefix and logs its full length")
    func overlongIsBounded() {
        var decoder = ScanDecoder()
        var outputs: [ScanDecoder.Output] = []
        for step in 0..<10_000 {
            outputs += decoder.handle(.key(KEY_5, .press, at: .microseconds(step)))
        }
        outputs += decoder.handle(.key(KEY_ENTER, .press, at: .milliseconds(11)))
        guard case .dropped(let dropped)? = outputs.first, outputs.count == 1 else {
            Issue.record("expected one drop, got \(outputs)")
            return
        }
        #expect(dropped.length == 10_000)
        #expect(dropped.text.count == 65)
        #expect(dropped.description == "dropped a scan of 10000 characters (\(String(repeating: "5", count: 65))…): longer than 64 characters")
    }

    @Test("the log line shows control characters escaped")
    func logLine() {
        let dropped = DroppedScan(text: "a\u{1D}b", length: 3, reason: .tooShort(minimum: 4))
        #expect(dropped.description == "dropped a scan of 3 characters (a\\u{1d}b): shorter than 4 characters")
    }

    @Test("events other than keys and SYN_DROPPED are ignored")
    func otherEvents() {
        var decoder = ScanDecoder()
        #expect(decoder.handle(InputEvent(time: .zero, type: UInt16(EV_MSC), code: UInt16(MSC_SCAN), value: 0x70004)).isEmpty)
        #expect(decoder.handle(InputEvent(time: .zero, type: UInt16(EV_LED), code: UInt16(LED_CAPSL), value: 1)).isEmpty)
        #expect(decoder.handle(.key(KEY_A, .press, at: .zero)).isEmpty)
        #expect(decoder.handle(InputEvent(time: .zero, type: UInt16(EV_KEY), code: UInt16(KEY_B), value: 7)).isEmpty)
        for code in [KEY_C, KEY_D, KEY_E] { _ = decoder.handle(.key(code, .press, at: .zero)) }
        #expect(decoder.handle(.key(KEY_ENTER, .press, at: .zero)) == [.barcode("acde")])
    }
}

@Suite("KeyboardLayout")
struct KeyboardLayoutTests {
    @Test("US and JIS keys type their characters",
          arguments: [
            (KeyboardLayout.us, KEY_2, false, "2"), (.us, KEY_2, true, "@"), (.jp, KEY_2, true, "\""),
            (.us, KEY_LEFTBRACE, false, "["), (.jp, KEY_LEFTBRACE, false, "@"), (.jp, KEY_LEFTBRACE, true, "`"),
            (.us, KEY_RIGHTBRACE, false, "]"), (.jp, KEY_RIGHTBRACE, false, "["),
            (.us, KEY_BACKSLASH, false, "\\"), (.jp, KEY_BACKSLASH, false, "]"), (.jp, KEY_BACKSLASH, true, "}"),
            (.us, KEY_APOSTROPHE, true, "\""), (.jp, KEY_APOSTROPHE, false, ":"), (.jp, KEY_APOSTROPHE, true, "*"),
            (.us, KEY_SEMICOLON, true, ":"), (.jp, KEY_SEMICOLON, true, "+"),
            (.us, KEY_EQUAL, false, "="), (.jp, KEY_EQUAL, false, "^"), (.jp, KEY_EQUAL, true, "~"),
            (.us, KEY_MINUS, true, "_"), (.jp, KEY_MINUS, true, "="),
            (.jp, KEY_RO, false, "\\"), (.jp, KEY_RO, true, "_"), (.jp, KEY_YEN, true, "|"),
            (.us, KEY_6, true, "^"), (.jp, KEY_6, true, "&"), (.jp, KEY_7, true, "'"), (.jp, KEY_9, true, ")"),
            (.us, KEY_Q, true, "Q"), (.jp, KEY_Q, false, "q"), (.us, KEY_KP5, true, "5"), (.jp, KEY_KPSLASH, false, "/"),
          ] as [(KeyboardLayout, Int32, Bool, Character)])
    func characters(layout: KeyboardLayout, code: Int32, shifted: Bool, expected: Character) {
        #expect(layout.character(forKey: UInt16(code), shifted: shifted) == expected)
    }

    @Test("keys that type nothing",
          arguments: [(KeyboardLayout.jp, KEY_GRAVE, false), (.jp, KEY_0, true), (.us, KEY_F1, false), (.us, KEY_LEFTSHIFT, false), (.us, KEY_RO, false)]
            as [(KeyboardLayout, Int32, Bool)])
    func noCharacter(layout: KeyboardLayout, code: Int32, shifted: Bool) {
        #expect(layout.character(forKey: UInt16(code), shifted: shifted) == nil)
    }

    @Test("layout names parse", arguments: [("us", KeyboardLayout.us), ("US", .us), ("jp", .jp), ("jis", .jp)])
    func parsing(text: String, expected: KeyboardLayout) throws {
        #expect(try KeyboardLayout(parsing: text) == expected)
    }

    @Test("an unknown layout is an error naming the key")
    func badLayout() {
        #expect(throws: ScannerConfigurationError.badLayout("de")) { try KeyboardLayout(parsing: "de") }
        #expect(ScannerConfigurationError.badLayout("de").description.contains("scanners[].layout"))
    }

    @Test("the key names used here are libevdev's")
    func keyNamesFromLibevdev() {
        #expect(libevdev_event_code_from_name(UInt32(EV_KEY), "KEY_RO") == KEY_RO)
        #expect(String(cString: libevdev_event_code_get_name(UInt32(EV_KEY), UInt32(KEY_YEN))) == "KEY_YEN")
    }
}
