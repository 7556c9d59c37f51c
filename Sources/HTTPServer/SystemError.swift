#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `strerror`'s text for an `errno` (the project's `Errno` lives in ScannerInput, which this
/// module does not depend on).
enum SystemError {
    static func text(_ number: Int32) -> String { String(cString: strerror(number)) }
}
