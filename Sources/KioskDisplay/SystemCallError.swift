#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A system or libdrm call that failed: which call, and the error number it gave, in the shape
/// of swift-system's `Errno` (`strerror`'s text as the description).
public struct SystemCallError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The C function that failed, e.g. `drmModeSetCrtc`.
    public var call: String
    /// The `errno` value.
    public var code: Int32

    public init(call: String, code: Int32) {
        self.call = call
        self.code = code
    }

    /// `call` failed with the current thread's `errno`.
    public static func current(_ call: String) -> SystemCallError {
        SystemCallError(call: call, code: errno)
    }

    /// Maps a libdrm result once: its functions give -1 with `errno` set, or `-errno`.
    /// Returns nil when `result` is not an error.
    public init?(call: String, result: Int32) {
        guard result < 0 else { return nil }
        self.init(call: call, code: result == -1 ? errno : -result)
    }

    /// Throws when `result` is a libdrm error (see `init(call:result:)`).
    static func check(_ call: String, _ result: Int32) throws(SystemCallError) {
        if let error = SystemCallError(call: call, result: result) { throw error }
    }

    /// The process may not do it (EACCES, EPERM).
    public var isPermissionDenied: Bool { code == EACCES || code == EPERM }
    /// The driver does not offer it (ENOSYS, EOPNOTSUPP, ENOTTY).
    public var isUnsupported: Bool { code == ENOSYS || code == EOPNOTSUPP || code == ENOTTY }

    /// "drmModeSetCrtc: Permission denied".
    public var description: String {
        "\(call): \(String(cString: strerror(code)))"
    }
}
