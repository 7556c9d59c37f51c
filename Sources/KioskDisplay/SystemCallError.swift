#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import POSIX

/// A system or libdrm call that failed: which call, and the `Errno` it gave.
public struct SystemCallError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The C function that failed, e.g. `drmModeSetCrtc`.
    public var call: String
    public var error: Errno

    public init(call: String, error: Errno) {
        self.call = call
        self.error = error
    }

    /// `call` failed with the current thread's `errno`.
    public static func current(_ call: String) -> SystemCallError {
        SystemCallError(call: call, error: .current)
    }

    /// Maps a libdrm result once: its functions give -1 with `errno` set, or `-errno`.
    /// Returns nil when `result` is not an error.
    public init?(call: String, result: Int32) {
        guard result < 0 else { return nil }
        self.init(call: call, error: result == -1 ? .current : Errno(rawValue: -result))
    }

    /// Throws when `result` is a libdrm error (see `init(call:result:)`).
    static func check(_ call: String, _ result: Int32) throws(SystemCallError) {
        if let error = SystemCallError(call: call, result: result) { throw error }
    }

    /// The process may not do it (EACCES, EPERM).
    public var isPermissionDenied: Bool { error == .permissionDenied || error == .operationNotPermitted }
    /// The driver does not offer it (ENOSYS, EOPNOTSUPP, ENOTTY).
    public var isUnsupported: Bool { [.noFunction, .notSupported, .inappropriateIOControlOperation].contains(error) }

    /// "drmModeSetCrtc: Permission denied".
    public var description: String {
        "\(call): \(error)"
    }
}
