#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A POSIX error number, in the shape of swift-system's `Errno`: named values for the ones the
/// house acts on or names in a message, and `strerror`'s text as the description. The one
/// error-number type of the project: every module that reports a system call's failure uses it.
public struct Errno: Error, RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public var rawValue: Int32

    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The current thread's `errno`.
    public static var current: Errno { Errno(rawValue: errno) }

    /// Maps a result in the C convention "`-errno` on failure" (libevdev, libdrm) once: nil when
    /// `result` is not negative.
    public init?(negatedResult result: Int32) {
        guard result < 0 else { return nil }
        self.init(rawValue: -result)
    }

    public static let operationNotPermitted = Errno(rawValue: EPERM)
    public static let noSuchFileOrDirectory = Errno(rawValue: ENOENT)
    public static let interrupted = Errno(rawValue: EINTR)
    public static let badFileDescriptor = Errno(rawValue: EBADF)
    public static let resourceTemporarilyUnavailable = Errno(rawValue: EAGAIN)
    public static let noMemory = Errno(rawValue: ENOMEM)
    public static let permissionDenied = Errno(rawValue: EACCES)
    public static let resourceBusy = Errno(rawValue: EBUSY)
    public static let noSuchDevice = Errno(rawValue: ENODEV)
    public static let isDirectory = Errno(rawValue: EISDIR)
    public static let invalidArgument = Errno(rawValue: EINVAL)
    public static let inappropriateIOControlOperation = Errno(rawValue: ENOTTY)
    public static let noSpace = Errno(rawValue: ENOSPC)
    public static let brokenPipe = Errno(rawValue: EPIPE)
    public static let noFunction = Errno(rawValue: ENOSYS)
    public static let notSupported = Errno(rawValue: EOPNOTSUPP)
    public static let addressInUse = Errno(rawValue: EADDRINUSE)
    public static let addressNotAvailable = Errno(rawValue: EADDRNOTAVAIL)

    /// `strerror`'s text, e.g. "Permission denied".
    public var description: String {
        String(cString: strerror(rawValue))
    }
}
