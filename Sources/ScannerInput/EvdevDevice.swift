import CEvdev
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import POSIX

/// One open evdev device, read through libevdev. Owns the file descriptor and the
/// `struct libevdev`, and releases the grab, frees and closes in `deinit`.
/// Not `Sendable`: use it from one thread.
public final class EvdevDevice {
    /// The path it was opened at.
    public let path: String
    /// The open descriptor (`O_RDONLY | O_NONBLOCK | O_CLOEXEC`), for `poll`.
    public let fileDescriptor: Int32
    private let device: OpaquePointer
    private var grabbed = false

    /// What `nextEvent` read.
    public enum ReadResult: Sendable, Equatable {
        /// An ordinary event.
        case event(InputEvent)
        /// The kernel dropped events (`SYN_DROPPED`): read on with `resyncing: true` until
        /// `.drained`, applying those events as state, not as typing.
        case resyncNeeded
        /// One event of the resync: the device's current state.
        case resyncEvent(InputEvent)
        /// Nothing more to read now (`-EAGAIN`).
        case drained
    }

    /// Opens `path` and, with `grab`, takes it exclusively so its keys reach no console or
    /// desktop. Calls `open`, `libevdev_new_from_fd`, `libevdev_set_clock_id(CLOCK_MONOTONIC)`
    /// and `libevdev_grab(LIBEVDEV_GRAB)`.
    public init(path: String, grab: Bool = true) throws(Errno) {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw Errno.current }
        var device: OpaquePointer?
        if let error = Errno(libevdevResult: libevdev_new_from_fd(fd, &device)) {
            close(fd)
            throw error
        }
        guard let device else {
            close(fd)
            throw Errno(rawValue: ENOMEM)
        }
        self.path = path
        self.fileDescriptor = fd
        self.device = device
        if let error = Errno(libevdevResult: libevdev_set_clock_id(device, CLOCK_MONOTONIC)) {
            throw error // deinit frees and closes
        }
        if grab {
            if let error = Errno(libevdevResult: libevdev_grab(device, LIBEVDEV_GRAB)) {
                throw error
            }
            grabbed = true
        }
    }

    deinit {
        if grabbed {
            // The device may be gone already; there is nothing to do about a failure here.
            _ = libevdev_grab(device, LIBEVDEV_UNGRAB)
        }
        libevdev_free(device)
        close(fileDescriptor)
    }

    /// The device's name. Calls `libevdev_get_name`.
    public var name: String {
        libevdev_get_name(device).map { String(cString: $0) } ?? ""
    }

    /// Calls `libevdev_get_id_vendor`.
    public var vendor: UInt16 { UInt16(truncatingIfNeeded: libevdev_get_id_vendor(device)) }
    /// Calls `libevdev_get_id_product`.
    public var product: UInt16 { UInt16(truncatingIfNeeded: libevdev_get_id_product(device)) }
    /// Calls `libevdev_get_id_bustype`.
    public var busType: UInt16 { UInt16(truncatingIfNeeded: libevdev_get_id_bustype(device)) }

    /// Whether the device can send `code` of `type`. Calls `libevdev_has_event_code`.
    public func hasEventCode(type: UInt16, code: UInt16) -> Bool {
        libevdev_has_event_code(device, UInt32(type), UInt32(code)) == 1
    }

    /// Reads the next event without blocking. Calls `libevdev_next_event` with
    /// `LIBEVDEV_READ_FLAG_NORMAL`, or `LIBEVDEV_READ_FLAG_SYNC` while `resyncing`.
    /// Throws `Errno.noSuchDevice` when the device was unplugged.
    public func nextEvent(resyncing: Bool) throws(Errno) -> ReadResult {
        var event = input_event()
        let flags = resyncing ? LIBEVDEV_READ_FLAG_SYNC : LIBEVDEV_READ_FLAG_NORMAL
        while true {
            let status = libevdev_next_event(device, flags.rawValue, &event)
            switch Errno(libevdevResult: status) {
            case .resourceTemporarilyUnavailable?: return .drained
            case .interrupted?: continue
            case let error?: throw error
            case nil: break
            }
            let converted = InputEvent(
                time: Duration(seconds: cevdev_event_seconds(&event), microseconds: cevdev_event_microseconds(&event)),
                type: event.type, code: event.code, value: event.value)
            if status == Int32(LIBEVDEV_READ_STATUS_SYNC.rawValue) {
                return resyncing ? .resyncEvent(converted) : .resyncNeeded
            }
            return .event(converted)
        }
    }
}
