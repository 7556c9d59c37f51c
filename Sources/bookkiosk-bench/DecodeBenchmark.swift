import CEvdev
import ScannerInput

/// `ScanDecoder` on a long stream of key events shaped like a USB scanner's: per key
/// `EV_MSC/MSC_SCAN`, `EV_KEY`, `SYN_REPORT` for the press and again for the release, Shift
/// around capitals, 1 ms between keys and 300 ms between Scans.
enum DecodeBenchmark {
    static func stream(scans: Int) -> [InputEvent] {
        var events: [InputEvent] = []
        events.reserveCapacity(scans * 80)
        var time: Duration = .zero
        func tap(_ code: Int32, value: KeyValue) {
            events.append(InputEvent(time: time, type: UInt16(EV_MSC), code: UInt16(MSC_SCAN), value: 0x70000 + code))
            events.append(.key(code, value, at: time))
            events.append(.synReport(at: time))
        }
        func press(_ code: Int32) {
            tap(code, value: .press)
            time += .milliseconds(1)
            tap(code, value: .release)
            time += .milliseconds(1)
        }
        let digits: [Int32] = [KEY_0, KEY_1, KEY_2, KEY_3, KEY_4, KEY_5, KEY_6, KEY_7, KEY_8, KEY_9]
        for index in 0..<scans {
            // "B" + 7 digits, or a 13-digit EAN, then Enter.
            if index % 2 == 0 {
                tap(KEY_LEFTSHIFT, value: .press)
                press(KEY_B)
                tap(KEY_LEFTSHIFT, value: .release)
                for digit in String(format: "%07d", index).compactMap(\.wholeNumberValue) { press(digits[digit]) }
            } else {
                for digit in String(format: "978%010d", index).compactMap(\.wholeNumberValue) { press(digits[digit]) }
            }
            press(KEY_ENTER)
            time += .milliseconds(300)
        }
        return events
    }

    /// Events per second, over `passes` passes of a fresh decoder through `events`.
    static func run(events: [InputEvent], passes: Int, expectedBarcodes: Int) -> (eventsPerSecond: Double, barcodes: Int) {
        var barcodes = 0
        let (_, seconds) = timed {
            for _ in 0..<passes {
                var decoder = ScanDecoder(layout: .us)
                for event in events {
                    for case .barcode in decoder.handle(event) { barcodes += 1 }
                }
            }
        }
        precondition(barcodes == expectedBarcodes * passes, "decoded \(barcodes) barcodes, expected \(expectedBarcodes * passes)")
        return (Double(events.count * passes) / seconds, barcodes)
    }
}
