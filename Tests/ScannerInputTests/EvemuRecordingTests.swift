import Foundation
import Testing
@testable import ScannerInput

/// `Tests/recordings/`, found from this file's path.
let recordingsDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("recordings")

/// The names of every `*.evemu` in the recordings directory.
func recordingNames() -> [String] {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: recordingsDirectory.path)) ?? []
    return files.filter { $0.hasSuffix(".evemu") }.map { String($0.dropLast(".evemu".count)) }.sorted()
}

/// Collects log lines.
final class LogLines {
    var lines: [String] = []
    func append(_ line: String) { lines.append(line) }
}

extension DecoderCase {
    var device: EvemuWriter.Device {
        switch layout {
        case .us: EvemuWriter.Device(name: "BookKiosk Test Barcode Scanner (US)", vendor: 0x0c2e, product: 0x0b61)
        case .jp: EvemuWriter.Device(name: "BookKiosk Test Barcode Scanner (JIS)", vendor: 0x1eab, product: 0x0d10)
        }
    }

    var recordingText: String { EvemuWriter.text(device: device, events: events) }
    var expectedText: String { barcodes.map { $0 + "\n" }.joined() }
}

@Suite("Evemu recordings")
struct EvemuRecordingTests {
    /// Set BOOKKIOSK_WRITE_RECORDINGS=1 to (re)write the committed recordings from the cases.
    @Test("each committed recording is the one its case generates", arguments: decoderCases)
    func committedRecordingMatchesCase(_ testCase: DecoderCase) throws {
        let base = recordingsDirectory.appendingPathComponent(testCase.name)
        let layoutFile = base.appendingPathExtension("layout")
        if ProcessInfo.processInfo.environment["BOOKKIOSK_WRITE_RECORDINGS"] == "1" {
            try testCase.recordingText.write(to: base.appendingPathExtension("evemu"), atomically: true, encoding: .utf8)
            try testCase.expectedText.write(to: base.appendingPathExtension("expected"), atomically: true, encoding: .utf8)
            if testCase.layout == .jp {
                try "jp\n".write(to: layoutFile, atomically: true, encoding: .utf8)
            }
        }
        #expect(try String(contentsOf: base.appendingPathExtension("evemu"), encoding: .utf8) == testCase.recordingText)
        #expect(try String(contentsOf: base.appendingPathExtension("expected"), encoding: .utf8) == testCase.expectedText)
        let layout = try? String(contentsOf: layoutFile, encoding: .utf8)
        #expect(layout == (testCase.layout == .jp ? "jp\n" : nil))
    }

    @Test("every recording decodes to its .expected through EvemuScanSource", arguments: recordingNames())
    func recordingDecodes(name: String) throws {
        let base = recordingsDirectory.appendingPathComponent(name)
        let expected = try String(contentsOf: base.appendingPathExtension("expected"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        let layoutText = (try? String(contentsOf: base.appendingPathExtension("layout"), encoding: .utf8)) ?? "us"
        let layout = try KeyboardLayout(parsing: layoutText.trimmingCharacters(in: .whitespacesAndNewlines))
        let log = LogLines()
        let source = try EvemuScanSource(contentsOf: base.appendingPathExtension("evemu").path, layout: layout, log: log.append)
        var scans: [Scan] = []
        while case .scan(let scan) = source.next(timeout: .zero) {
            scans.append(scan)
        }
        #expect(scans.map(\.barcode) == expected)
        #expect(scans.allSatisfy { $0.scanner == source.scannerName })
        #expect(source.scannerName.hasPrefix("BookKiosk Test Barcode Scanner"))
        #expect(source.next(timeout: nil) == .ended)
        #expect(source.next(timeout: nil) == .ended)
        // The kernel-* recordings are evemu-record's own output of generated cases replayed
        // through uinput in a VM (evemu-device + evemu-play); the others come from the cases.
        let caseName = name.hasPrefix("kernel-") ? String(name.dropFirst("kernel-".count)) : name
        let testCase = try #require(decoderCases.first { $0.name == caseName })
        #expect(log.lines.count == testCase.drops.count)
    }

    @Test("decodeEvemuRecording gives the barcodes and logs the dropped Scans")
    func decodeFunction() throws {
        let log = LogLines()
        let path = recordingsDirectory.appendingPathComponent("us-length-limits.evemu").path
        let barcodes = try decodeEvemuRecording(atPath: path, layout: .us, log: log.append)
        #expect(barcodes == ["abcd", String(repeating: "7", count: 64)])
        #expect(log.lines == [
            "BookKiosk Test Barcode Scanner (US): dropped a scan of 3 characters (abc): shorter than 4 characters",
            "BookKiosk Test Barcode Scanner (US): dropped a scan of 65 characters (\(String(repeating: "8", count: 65))): longer than 64 characters",
        ])
    }

    @Test("the Scanner name: given, else the recording's N:, else \"evemu\"")
    func scannerName() throws {
        let events = """
        E: 0.001000 0001 0002 1
        E: 0.002000 0001 0003 1
        E: 0.003000 0000 0003 0
        E: 0.004000 0001 0004 1
        E: 0.005000 0001 0005 1
        E: 0.006000 0001 0006 1
        E: 0.007000 0001 0007 1
        E: 0.008000 0001 001c 1
        """
        let anonymous = EvemuScanSource(recording: try EvemuRecording(parsing: events), log: { _ in })
        #expect(anonymous.scannerName == "evemu")
        // The SYN_DROPPED (type 0, code 3) after "12" drops it; "3456" follows.
        #expect(anonymous.next(timeout: nil) == .scan(Scan(barcode: "3456", scanner: "evemu")))
        #expect(anonymous.next(timeout: nil) == .ended)
        let named = EvemuScanSource(recording: try EvemuRecording(parsing: "N: Desk\n" + events), log: { _ in })
        #expect(named.scannerName == "Desk")
        let renamed = EvemuScanSource(recording: try EvemuRecording(parsing: "N: Desk\n" + events), scannerName: "入口", log: { _ in })
        #expect(renamed.next(timeout: .zero) == .scan(Scan(barcode: "3456", scanner: "入口")))
    }

    @Test("a missing file is an error naming it")
    func missingFile() {
        #expect {
            try decodeEvemuRecording(atPath: "/nonexistent/x.evemu", log: { _ in })
        } throws: { error in
            String(describing: error) == "/nonexistent/x.evemu: cannot read the recording: No such file or directory"
        }
    }

    @Test("the parser reads the header and tolerates comments, blank lines, CRLF and tabs")
    func tolerantParsing() throws {
        let text = """
        # EVEMU 1.3\r
        # Input device name: "Scanner"
        N: Honeywell 1900 \r

        I: 0003 0c2e 0b61 0111
        P: 00 00 00 00 00 00 00 00
        B: 00 0b 00 00 00 00 00 00 00
        A: 00 0 255 0 0 0
        L: 01 1
        S: 00 0
          E: 0.000001 0004 0004 458756\t# EV_MSC / MSC_SCAN 458756
        E: 12.5 0001 001e 1
        E:\t13\t0001\t001e\t0000
        E: 14.000003 0000 0000 -1
        """
        let recording = try EvemuRecording(parsing: text)
        #expect(recording.deviceName == "Honeywell 1900")
        #expect(recording.busType == 3)
        #expect(recording.vendor == 0x0c2e)
        #expect(recording.product == 0x0b61)
        #expect(recording.events == [
            InputEvent(time: .microseconds(1), type: 4, code: 4, value: 458_756),
            InputEvent(time: .milliseconds(12_500), type: 1, code: 0x1e, value: 1),
            InputEvent(time: .seconds(13), type: 1, code: 0x1e, value: 0),
            InputEvent(time: .seconds(14) + .microseconds(3), type: 0, code: 0, value: -1),
        ])
    }

    @Test("a bad line is reported with its line number",
          arguments: [
            ("N: x\nE: 0.1 0001 001e\n", 2, "an event needs a time, type, code and value"),
            ("N: x\n\nE: a.1 0001 001e 1\n", 3, "the time “a.1” is not seconds.microseconds"),
            ("E: 0.1 00zz 001e 1\n", 1, "the type “00zz” is not a hex number"),
            ("E: 0.1 0001 001g 1\n", 1, "the code “001g” is not a hex number"),
            ("E: 0.1 0001 001e x\n", 1, "the value “x” is not a decimal number"),
            ("# ok\nhello\n", 2, "not an evemu line"),
            ("Q: 1\n", 1, "unknown line type “Q:”"),
            ("I: 0003 0c2e\n", 1, "an I: line needs four hex numbers"),
            ("E: 1.1234567890 0001 001e 1\n", 1, "is not seconds.microseconds"),
          ] as [(String, Int, String)])
    func badLine(text: String, line: Int, message: String) {
        #expect {
            try EvemuRecording(parsing: text, source: "t.evemu")
        } throws: { error in
            guard let error = error as? EvemuRecordingError else { return false }
            return error.line == line && error.message.contains(message)
                && String(describing: error).hasPrefix("t.evemu:\(line): ")
        }
    }
}
