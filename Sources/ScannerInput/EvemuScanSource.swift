/// A `ScanSource` that replays an evemu recording through the same `ScanDecoder` the evdev
/// source uses: its Scans in order, then `.ended`. Replay is instantaneous; the recording's
/// own timestamps decide the key gaps.
public final class EvemuScanSource: ScanSource {
    /// The Scanner name the Scans carry: the one given, else the recording's `N:`, else "evemu".
    public let scannerName: String
    private let events: [InputEvent]
    private var position = 0
    private var decoder: ScanDecoder
    private var pending: [SourceEvent] = []
    private var finished = false
    private let log: InputLog

    public init(recording: EvemuRecording, layout: KeyboardLayout = .us, scannerName: String? = nil, log: @escaping InputLog = logToStandardError) {
        self.scannerName = scannerName ?? recording.deviceName ?? "evemu"
        self.events = recording.events
        self.decoder = ScanDecoder(layout: layout)
        self.log = log
    }

    /// Reads the recording at `path`. Throws `EvemuRecordingError` naming the bad line.
    public convenience init(contentsOf path: String, layout: KeyboardLayout = .us, scannerName: String? = nil, log: @escaping InputLog = logToStandardError) throws(EvemuRecordingError) {
        self.init(recording: try EvemuRecording(contentsOf: path), layout: layout, scannerName: scannerName, log: log)
    }

    /// The next Scan of the recording, or `.ended` after the last. `timeout` is not needed:
    /// a recording never waits.
    public func next(timeout: Duration?) -> SourceEvent {
        while pending.isEmpty {
            if position < events.count {
                let event = events[position]
                position += 1
                deliver(decoder.handle(event))
            } else if !finished {
                finished = true
                deliver(decoder.discardScanInProgress(because: .inputEnded))
            } else {
                return .ended
            }
        }
        return pending.removeFirst()
    }

    private func deliver(_ outputs: [ScanDecoder.Output]) {
        for output in outputs {
            switch output {
            case .barcode(let barcode):
                pending.append(.scan(Scan(barcode: barcode, scanner: scannerName)))
            case .dropped(let dropped):
                log("\(scannerName): \(dropped)")
            }
        }
    }
}

/// The barcodes the evemu recording at `path` decodes to, in order, through
/// `EvemuScanSource` (what `bookkiosk decode --evemu FILE [--layout us|jp]` prints).
/// Dropped Scans go to `log`.
public func decodeEvemuRecording(atPath path: String, layout: KeyboardLayout = .us, log: @escaping InputLog = logToStandardError) throws(EvemuRecordingError) -> [String] {
    let source = try EvemuScanSource(contentsOf: path, layout: layout, log: log)
    var barcodes: [String] = []
    while true {
        switch source.next(timeout: nil) {
        case .scan(let scan): barcodes.append(scan.barcode)
        case .ended: return barcodes
        case .key, .scannerLost, .scannerBack, .timedOut: continue
        }
    }
}
