import CEvdev
import Feedback
import Foundation
import Kiosk
import Lending
import ScannerInput
import Testing

/// One thing that happens at a Scanner, for `PluggableScanner`.
enum ScannerHappening {
    /// Key events arrive from the device.
    case keys([InputEvent])
    /// The device disappears (ENODEV/POLLHUP at `EvdevScanSource`).
    case unplugged
    /// A matching device node appears and is opened again.
    case pluggedBack
}

/// The decoder and source seams of `EvdevScanSource` without a kernel device (no /dev/uinput
/// here): one Scanner's key events go through a real `ScanDecoder`; an unplug discards the
/// Scan being typed (`discardScanInProgress(because: .inputEnded)`) and gives `.scannerLost`;
/// plugging back starts a fresh decoder and gives `.scannerBack`, as `EvdevScanSource` does.
/// Ends after the last happening.
final class PluggableScanner: ScanSource {
    let name: String
    private var happenings: [ScannerHappening]
    private var decoder = ScanDecoder(layout: .us)
    private var pending: [SourceEvent] = []
    private(set) var dropped: [DroppedScan] = []

    init(name: String, happenings: [ScannerHappening]) {
        self.name = name
        self.happenings = happenings
    }

    func next(timeout: Duration?) -> SourceEvent {
        while pending.isEmpty {
            guard !happenings.isEmpty else { return .ended }
            switch happenings.removeFirst() {
            case .keys(let events):
                for event in events { deliver(decoder.handle(event)) }
            case .unplugged:
                deliver(decoder.discardScanInProgress(because: .inputEnded))
                pending.append(.scannerLost(name))
            case .pluggedBack:
                decoder = ScanDecoder(layout: .us)
                pending.append(.scannerBack(name))
            }
        }
        return pending.removeFirst()
    }

    private func deliver(_ outputs: [ScanDecoder.Output]) {
        for output in outputs {
            switch output {
            case .barcode(let barcode): pending.append(.scan(Scan(barcode: barcode, scanner: name)))
            case .dropped(let scan): dropped.append(scan)
            }
        }
    }
}

/// Key events a USB scanner sends for `text` (digits and capitals) and, when `enter`, Enter:
/// `start` plus 1 ms per event group.
func typing(_ text: String, enter: Bool, from start: Duration) -> [InputEvent] {
    var events: [InputEvent] = []
    var time = start
    func tap(_ code: Int32) {
        events += [.key(code, .press, at: time), .synReport(at: time)]
        time += .milliseconds(1)
        events += [.key(code, .release, at: time), .synReport(at: time)]
        time += .milliseconds(1)
    }
    let digits: [Int32] = [KEY_0, KEY_1, KEY_2, KEY_3, KEY_4, KEY_5, KEY_6, KEY_7, KEY_8, KEY_9]
    let letters: [Character: Int32] = ["B": KEY_B, "C": KEY_C]
    for character in text {
        if let digit = character.wholeNumberValue {
            tap(digits[digit])
        } else if let letter = letters[character] {
            events += [.key(KEY_LEFTSHIFT, .press, at: time), .synReport(at: time)]
            tap(letter)
            events += [.key(KEY_LEFTSHIFT, .release, at: time), .synReport(at: time)]
        }
    }
    if enter { tap(KEY_ENTER) }
    return events
}

@Suite("Scanner unplugged")
struct ScannerUnplugTests {
    @Test("unplugged mid-scan and back: no phantom Scan, scannerLost and scannerBack once each, the kiosk goes on")
    func unpluggedMidScan() throws {
        let repository = InMemoryLendingRepository()
        try repository.transaction { tx in
            try tx.save(User(card: "C0001", name: "Hana"))
            try tx.save(Book(barcode: "B0042", title: "ぐりとぐら"))
            try tx.save(Book(barcode: "B0043", title: "はらぺこあおむし"))
        }
        // Typed halfway when the cable comes out: "B00" of "B0042", then, once back, the rest
        // of that same label would arrive only if the decoder kept its half ("42" + Enter).
        let scanner = PluggableScanner(name: "入口", happenings: [
            .keys(typing("C0001", enter: true, from: .seconds(1))),
            .keys(typing("B00", enter: false, from: .seconds(2))),
            .unplugged,
            .pluggedBack,
            .keys(typing("42", enter: true, from: .seconds(2) + .milliseconds(20))),
            .keys(typing("B0043", enter: true, from: .seconds(4))),
        ])
        var events: [KioskEvent] = []
        let runtime = KioskRuntime(policy: Policy(timeZone: TimeZone(identifier: "UTC")!), repository: repository,
                                   announce: { event, _ in events.append(event) })
        var clock = Date(timeIntervalSince1970: 1_796_115_600)
        try runtime.run(source: scanner, clock: {
            clock = clock.addingTimeInterval(0.5)
            return clock
        })

        let names = events.map { EventStream.name(of: $0) }
        #expect(names.filter { $0 == "scannerLost" }.count == 1)
        #expect(names.filter { $0 == "scannerBack" }.count == 1)
        #expect(events.contains(.scannerLost(scanner: "入口")) && events.contains(.scannerBack(scanner: "入口")))
        // Nothing was made of the halves: no "B0042", no "B0042" glued from "B00" and "42",
        // and "42" alone is too short to be a Scan.
        let scanned = events.compactMap { event -> String? in
            switch event {
            case .outcome(.lent(_, let book, _, _)), .outcome(.returned(_, let book, _, _, _)): book.barcode
            case .outcome(.refused(_, let barcode, _, _)): barcode
            default: nil
            }
        }
        #expect(scanned == ["B0043"], "scans that reached the rules: \(scanned)")
        #expect(names == ["ready", "greeted", "scannerLost", "scannerBack", "lent"], "\(names)")
        #expect(scanner.dropped == [DroppedScan(text: "B00", length: 3, reason: .inputEnded),
                                    DroppedScan(text: "42", length: 2, reason: .tooShort(minimum: 4))], "dropped: \(scanner.dropped)")
        #expect(try repository.transaction { try $0.openLoans().map(\.book) } == ["B0043"])
        report("scanner unplugged: \(events.count) events, scannerLost 1, scannerBack 1, phantom Scans 0, dropped halves \(scanner.dropped.count)")
    }

    @Test("lost and back many times while typing: every whole Scan arrives once, no half ever does",
          arguments: [1, 2, 3])
    func flapping(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var happenings: [ScannerHappening] = []
        var whole: [String] = []
        var time: Duration = .seconds(1)
        var unplugs = 0
        for index in 0..<200 {
            let barcode = String(format: "B%04d", index)
            if random.next() % 3 == 0 {
                // Cut somewhere inside the label, then plug back.
                let cut = 1 + Int(random.next() % UInt64(barcode.count - 1))
                happenings.append(.keys(typing(String(barcode.prefix(cut)), enter: false, from: time)))
                happenings += [.unplugged, .pluggedBack]
                unplugs += 1
            } else {
                happenings.append(.keys(typing(barcode, enter: true, from: time)))
                whole.append(barcode)
            }
            time += .milliseconds(300)
        }
        let scanner = PluggableScanner(name: "s", happenings: happenings)
        var scans: [String] = []
        var lost = 0, back = 0
        loop: while true {
            switch scanner.next(timeout: nil) {
            case .scan(let scan): scans.append(scan.barcode)
            case .scannerLost: lost += 1
            case .scannerBack: back += 1
            case .ended: break loop
            case .key, .timedOut: continue
            }
        }
        #expect(scans == whole)
        #expect(lost == unplugs && back == unplugs)
        #expect(scanner.dropped.count == unplugs && scanner.dropped.allSatisfy { $0.reason == .inputEnded })
    }
}
