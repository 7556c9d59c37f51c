#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A POSIX error number, in the shape of swift-system's `Errno`: named cases for the ones
/// the input code acts on, and `strerror`'s text as the description.
public struct Errno: Error, Sendable, Hashable, CustomStringConvertible {
    public var rawValue: Int32

    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The current thread's `errno`.
    public static var current: Errno { Errno(rawValue: errno) }

    /// Maps a libevdev return value (`-errno` on failure) once; nil when it is not an error.
    public init?(libevdevResult result: Int32) {
        guard result < 0 else { return nil }
        self.init(rawValue: -result)
    }

    public static let noSuchFileOrDirectory = Errno(rawValue: ENOENT)
    public static let permissionDenied = Errno(rawValue: EACCES)
    public static let operationNotPermitted = Errno(rawValue: EPERM)
    public static let noSuchDevice = Errno(rawValue: ENODEV)
    public static let resourceBusy = Errno(rawValue: EBUSY)
    public static let resourceTemporarilyUnavailable = Errno(rawValue: EAGAIN)
    public static let interrupted = Errno(rawValue: EINTR)
    public static let inappropriateIOControlOperation = Errno(rawValue: ENOTTY)
    public static let invalidArgument = Errno(rawValue: EINVAL)

    /// `strerror`'s text, e.g. "Permission denied".
    public var description: String {
        String(cString: strerror(rawValue))
    }
}
