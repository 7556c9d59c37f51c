#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Calls `call`, a system call in the C convention (-1 with `errno` set on failure), again for
/// as long as a signal interrupts it (`EINTR`), as swift-system's `valueOrErrno(retryOnInterrupt:)`.
/// Returns what the call returned when it did not fail (a count, a descriptor, a ready count of
/// 0 for a `poll` that timed out); throws its `Errno` when it failed for another reason.
///
///     let count = try retryOnInterrupt { read(descriptor, buffer, size) }
@discardableResult
public func retryOnInterrupt<Value: FixedWidthInteger>(_ call: () -> Value) throws(Errno) -> Value {
    while true {
        let result = call()
        guard result == -1 else { return result }
        let error = Errno.current
        guard error == .interrupted else { throw error }
    }
}
