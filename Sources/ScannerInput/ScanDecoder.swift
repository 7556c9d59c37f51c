import CEvdev

/// Turns one Scanner's key events into barcodes. A pure value: no clock, no I/O; the time of
/// each event comes in with the event.
///
/// - Characters come from key codes through the Scanner's `KeyboardLayout`, with Shift,
///   CapsLock (toggled on press), keypad keys, Ctrl+key → control character (Ctrl+] is GS,
///   0x1D, the GS1 separator) and Alt held + keypad digits → one character when Alt is let go.
/// - A Scan ends at Enter, keypad Enter or Tab. Key repeats (value 2) are ignored.
/// - Keys more than `maximumKeyGap` apart start a new Scan; the unfinished part is dropped.
/// - A Scan shorter or longer than `lengthLimits` is dropped, never passed on.
/// - `SYN_DROPPED` drops the Scan being typed.
///
/// Every dropped Scan comes out as `.dropped`, for the log.
public struct ScanDecoder: Sendable {
    /// What one event produced.
    public enum Output: Sendable, Equatable {
        case barcode(String)
        case dropped(DroppedScan)
    }

    public static let defaultMaximumKeyGap: Duration = .milliseconds(100)
    public static let defaultLengthLimits: ClosedRange<Int> = 4...64

    public let layout: KeyboardLayout
    public let maximumKeyGap: Duration
    public let lengthLimits: ClosedRange<Int>

    private var typed = ""
    /// How many characters were typed, counting those past `lengthLimits.upperBound + 1`
    /// that are not kept.
    private var typedCount = 0
    private var lastKeyTime: Duration?
    private var shiftKeys: Set<UInt16> = []
    private var controlKeys: Set<UInt16> = []
    private var altKeys: Set<UInt16> = []
    private var capsLock = false
    /// The Alt+keypad code typed so far (modulo 256), nil when no digit was typed.
    private var altCode: Int?

    public init(
        layout: KeyboardLayout = .us,
        maximumKeyGap: Duration = ScanDecoder.defaultMaximumKeyGap,
        lengthLimits: ClosedRange<Int> = ScanDecoder.defaultLengthLimits
    ) {
        self.layout = layout
        self.maximumKeyGap = maximumKeyGap
        self.lengthLimits = lengthLimits
    }

    /// Feeds one event; returns the barcodes it completed and the Scans it dropped.
    public mutating func handle(_ event: InputEvent) -> [Output] {
        if event.type == UInt16(EV_SYN) {
            return event.code == UInt16(SYN_DROPPED) ? discardScanInProgress(because: .eventsLost) : []
        }
        guard event.type == UInt16(EV_KEY),
              let value = KeyValue(rawValue: event.value), value != .repeat
        else { return [] }

        var outputs: [Output] = []
        if let last = lastKeyTime, event.time - last > maximumKeyGap || event.time < last {
            outputs += discardScanInProgress(because: .keysTooFarApart)
        }
        lastKeyTime = event.time

        let code = event.code
        if updateModifiers(code: code, value: value) {
            return outputs
        }
        guard value == .press else { return outputs }

        switch Int32(code) {
        case KEY_ENTER, KEY_KPENTER, KEY_TAB:
            outputs += finishScan()
        case KEY_CAPSLOCK:
            capsLock.toggle()
        default:
            typeKey(code)
        }
        return outputs
    }

    /// Drops the Scan being typed (if any), e.g. when libevdev reports lost events or the
    /// recording ends in the middle of a Scan.
    public mutating func discardScanInProgress(because reason: DroppedScan.Reason) -> [Output] {
        defer {
            typed = ""
            typedCount = 0
            altCode = nil
        }
        guard typedCount > 0 else { return [] }
        return [.dropped(DroppedScan(text: typed, length: typedCount, reason: reason))]
    }

    /// Applies an event from libevdev's resync (after `SYN_DROPPED`): it brings the held
    /// modifiers up to date and types nothing.
    public mutating func applyResync(_ event: InputEvent) {
        guard event.type == UInt16(EV_KEY), let value = KeyValue(rawValue: event.value) else { return }
        _ = updateModifiers(code: event.code, value: value)
        altCode = nil
    }

    /// Tracks Shift, Ctrl and Alt; returns whether `code` is one of them. Letting go of the
    /// last Alt key types the Alt+keypad character, if digits were typed.
    private mutating func updateModifiers(code: UInt16, value: KeyValue) -> Bool {
        let isPress = value == .press
        switch Int32(code) {
        case KEY_LEFTSHIFT, KEY_RIGHTSHIFT:
            if isPress { shiftKeys.insert(code) } else { shiftKeys.remove(code) }
        case KEY_LEFTCTRL, KEY_RIGHTCTRL:
            if isPress { controlKeys.insert(code) } else { controlKeys.remove(code) }
        case KEY_LEFTALT, KEY_RIGHTALT:
            if isPress {
                altKeys.insert(code)
            } else {
                altKeys.remove(code)
                if altKeys.isEmpty, let value = altCode {
                    altCode = nil
                    // Windows-style Alt codes wrap at 256; 1…255 read as Latin-1 (ASCII below 128).
                    if value != 0, let scalar = Unicode.Scalar(UInt32(value)) {
                        append(Character(scalar))
                    }
                }
            }
        default:
            return false
        }
        return true
    }

    private mutating func typeKey(_ code: UInt16) {
        if !altKeys.isEmpty {
            // Alt+keypad digits build one character code; Alt with other keys types nothing.
            if let digit = KeyboardLayout.keypadDigit(code) {
                altCode = ((altCode ?? 0) * 10 + digit) % 256
            }
            return
        }
        let shifted = !shiftKeys.isEmpty
        if !controlKeys.isEmpty {
            if let character = layout.character(forKey: code, shifted: shifted),
               let control = Self.controlCharacter(for: character) {
                append(control)
            }
            return
        }
        let caps = capsLock && KeyboardLayout.isLetter(code)
        if let character = layout.character(forKey: code, shifted: shifted != caps) {
            append(character)
        }
    }

    /// Ctrl+`@`…`_` (letters in either case) → 0x01…0x1F, as a terminal does; NUL is not typed.
    static func controlCharacter(for character: Character) -> Character? {
        guard let ascii = character.uppercased().unicodeScalars.first?.value,
              character.unicodeScalars.count == 1,
              (0x41...0x5F).contains(ascii)
        else { return nil }
        return Character(Unicode.Scalar(UInt8(ascii & 0x1F)))
    }

    private mutating func append(_ character: Character) {
        typedCount += 1
        if typedCount <= lengthLimits.upperBound + 1 {
            typed.append(character)
        }
    }

    private mutating func finishScan() -> [Output] {
        defer {
            typed = ""
            typedCount = 0
            altCode = nil
        }
        guard typedCount > 0 else { return [] }
        if typedCount < lengthLimits.lowerBound {
            return [.dropped(DroppedScan(text: typed, length: typedCount, reason: .tooShort(minimum: lengthLimits.lowerBound)))]
        }
        if typedCount > lengthLimits.upperBound {
            return [.dropped(DroppedScan(text: typed, length: typedCount, reason: .tooLong(maximum: lengthLimits.upperBound)))]
        }
        return [.barcode(typed)]
    }
}

/// A Scan the decoder did not pass on, with why; its `description` is the log line.
public struct DroppedScan: Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Hashable {
        case tooShort(minimum: Int)
        case tooLong(maximum: Int)
        /// The next key came more than the maximum key gap later, before Enter or Tab.
        case keysTooFarApart
        /// The kernel dropped events (`SYN_DROPPED`).
        case eventsLost
        /// The input ended before Enter or Tab.
        case inputEnded
    }

    /// What was typed (at most one character more than the length limit).
    public var text: String
    /// How many characters were typed.
    public var length: Int
    public var reason: Reason

    public init(text: String, length: Int, reason: Reason) {
        self.text = text
        self.length = length
        self.reason = reason
    }

    public var description: String {
        let why = switch reason {
        case .tooShort(let minimum): "shorter than \(minimum) characters"
        case .tooLong(let maximum): "longer than \(maximum) characters"
        case .keysTooFarApart: "not finished with Enter or Tab before a pause in typing"
        case .eventsLost: "the system lost key events while it was typed"
        case .inputEnded: "the input ended before Enter or Tab"
        }
        let shown = text.unicodeScalars.map { $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F
            ? String($0) : "\\u{\(String($0.value, radix: 16))}" }.joined()
        let ellipsis = length > text.count ? "…" : ""
        return "dropped a scan of \(length) characters (\(shown)\(ellipsis)): \(why)"
    }
}
