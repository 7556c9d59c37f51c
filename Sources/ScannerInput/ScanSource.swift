import TextInput

/// One barcode read, with the Scanner it came from.
public struct Scan: Sendable, Equatable {
    /// The decoded text, as the scanner typed it (not yet normalized for lookup).
    public var barcode: String
    /// The name of the Scanner that produced it (its configured name or device name).
    public var scanner: String

    public init(barcode: String, scanner: String) {
        self.barcode = barcode
        self.scanner = scanner
    }
}

/// What a `ScanSource` delivers next.
public enum SourceEvent: Sendable, Equatable {
    case scan(Scan)
    case key(KeyPress)
    /// A Scanner went away (unplugged), or was missing when the source opened; the source
    /// keeps delivering from the others.
    case scannerLost(String)
    /// A Scanner that was lost is back.
    case scannerBack(String)
    /// `next(timeout:)`'s timeout passed with nothing to deliver.
    case timedOut
    /// The source has no more to deliver (end of a recording or of standard input).
    case ended
}

/// Where Scans come from: evdev devices, text lines, or evemu recordings. The kiosk runtime
/// asks for the next event with a timeout, so it can fire its timers without a busy loop.
public protocol ScanSource: AnyObject {
    /// Waits up to `timeout` (nil: as long as it takes) for the next event.
    /// Throws only for faults the source cannot recover from by itself.
    func next(timeout: Duration?) throws -> SourceEvent
}
