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

/// One key a person pressed on the staff keyboard.
public enum KeyPress: Sendable, Hashable {
    /// A printable character (already decoded with the keyboard's layout).
    case character(Character)
    case enter
    case escape
    case backspace
    /// The space bar (a space, or kanji conversion while kana are being composed).
    case space
    /// The arrow keys ← and → (they move between segments during kanji conversion).
    case left
    case right
    /// 半角/全角 on a JIS keyboard: turns kana input on and off, as F2 does.
    case zenkakuHankaku
    /// カタカナ/ひらがな on a JIS keyboard: switches hiragana and katakana, as F3 does.
    case katakanaHiragana
    /// 変換 on a JIS keyboard: kanji conversion, as Space does while kana are being composed.
    case henkan
    /// F1…F24.
    case function(Int)
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
