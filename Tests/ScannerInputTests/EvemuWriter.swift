import CEvdev
import ScannerInput

/// Writes events in `evemu-record`'s format (EVEMU 1.3), with a device description that
/// `evemu-device` can create: a USB keyboard-type scanner with keys 1…124, `MSC_SCAN` and
/// the three keyboard LEDs (no `EV_REP`, so the replayed device does not auto-repeat).
enum EvemuWriter {
    struct Device {
        var name: String
        var vendor: UInt16
        var product: UInt16
    }

    static func text(device: Device, events: [InputEvent]) -> String {
        var lines = [
            "# EVEMU 1.3",
            "# Written by BookKiosk's ScannerInputTests (EvemuWriter), not recorded from a device:",
            "# the keystrokes of a USB barcode scanner, each press and release its own frame.",
            "# Input device name: \"\(device.name)\"",
            "# Input device ID: bus 0x03 vendor 0x\(hex(device.vendor, 4)) product 0x\(hex(device.product, 4)) version 0x111",
            "N: \(device.name)",
            "I: 0003 \(hex(device.vendor, 4)) \(hex(device.product, 4)) 0111",
            "P: 00 00 00 00 00 00 00 00",
        ]
        lines += maskLines(type: EV_SYN, codes: [EV_SYN, EV_KEY, EV_MSC, EV_LED], bytes: 8)
        lines += maskLines(type: EV_KEY, codes: Array(1...124), bytes: 96)
        lines += maskLines(type: EV_MSC, codes: [MSC_SCAN], bytes: 8)
        lines += maskLines(type: EV_LED, codes: [LED_NUML, LED_CAPSL, LED_SCROLLL], bytes: 8)
        lines += [
            "################################",
            "#      Waiting for events      #",
            "################################",
        ]
        let start = events.first?.time ?? .zero
        var frameStart = start
        for event in events {
            let time = event.time - start
            let (seconds, attoseconds) = time.components
            let microseconds = attoseconds / 1_000_000_000_000
            let stamp = "\(seconds).\(pad(String(microseconds), 6))"
            let fields = "E: \(stamp) \(hex(event.type, 4)) \(hex(event.code, 4)) \(pad(String(event.value), 4))"
            let typeName = String(cString: libevdev_event_type_get_name(UInt32(event.type)))
            let codeName = String(cString: libevdev_event_code_get_name(UInt32(event.type), UInt32(event.code)))
            if event.type == UInt16(EV_SYN) && event.code == UInt16(SYN_REPORT) {
                let milliseconds = (event.time - frameStart).components.attoseconds / 1_000_000_000_000_000
                    + (event.time - frameStart).components.seconds * 1000
                lines.append("\(fields)\t# ------------ SYN_REPORT (0) ---------- +\(milliseconds)ms")
                frameStart = event.time
            } else {
                lines.append("\(fields)\t# \(typeName) / \(codeName.padding(20)) \(event.value)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func maskLines(type: Int32, codes: [Int32], bytes: Int) -> [String] {
        var mask = [UInt8](repeating: 0, count: bytes)
        for code in codes { mask[Int(code) / 8] |= 1 << (UInt8(code) % 8) }
        return stride(from: 0, to: bytes, by: 8).map { offset in
            "B: \(hex(UInt16(type), 2)) " + mask[offset..<offset + 8].map { hex(UInt16($0), 2) }.joined(separator: " ")
        }
    }

    private static func hex(_ value: UInt16, _ width: Int) -> String {
        pad(String(value, radix: 16), width)
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        String(repeating: "0", count: max(0, width - text.count)) + text
    }
}

private extension String {
    func padding(_ width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - count))
    }
}
