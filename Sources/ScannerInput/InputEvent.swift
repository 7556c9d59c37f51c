import CEvdev

/// One evdev event as the decoder sees it: when it happened, and the kernel's
/// `type`, `code` and `value` (see `linux/input-event-codes.h`).
public struct InputEvent: Sendable, Equatable {
    /// A monotonic timestamp (CLOCK_MONOTONIC for devices; the recording's clock for evemu).
    public var time: Duration
    public var type: UInt16
    public var code: UInt16
    public var value: Int32

    public init(time: Duration, type: UInt16, code: UInt16, value: Int32) {
        self.time = time
        self.type = type
        self.code = code
        self.value = value
    }

    /// A key event (`EV_KEY`) with `value` 1 (press), 0 (release) or 2 (repeat).
    public static func key(_ code: Int32, _ value: KeyValue, at time: Duration) -> InputEvent {
        InputEvent(time: time, type: UInt16(EV_KEY), code: UInt16(code), value: value.rawValue)
    }

    /// `EV_SYN` / `SYN_REPORT`: the end of one frame.
    public static func synReport(at time: Duration) -> InputEvent {
        InputEvent(time: time, type: UInt16(EV_SYN), code: UInt16(SYN_REPORT), value: 0)
    }

    /// `EV_SYN` / `SYN_DROPPED`: the kernel's buffer overflowed and events were lost.
    public static func synDropped(at time: Duration) -> InputEvent {
        InputEvent(time: time, type: UInt16(EV_SYN), code: UInt16(SYN_DROPPED), value: 0)
    }
}

/// The `value` of an `EV_KEY` event.
public enum KeyValue: Int32, Sendable, Hashable {
    case release = 0
    case press = 1
    case `repeat` = 2
}

extension Duration {
    /// A `Duration` from a `struct timeval` as evdev and evemu carry it.
    init(seconds: Int64, microseconds: Int64) {
        self = .seconds(seconds) + .microseconds(microseconds)
    }
}
