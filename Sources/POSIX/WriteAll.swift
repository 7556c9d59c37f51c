#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Writes every byte of `bytes` to `fileDescriptor`, writing again after a short write and after
/// a signal (`EINTR`), as swift-system's `FileDescriptor.writeAll`. Throws the `Errno` of the
/// `write(2)` that failed; what was written before it stays written. Calls `write`.
public func writeAll(_ bytes: some Sequence<UInt8>, to fileDescriptor: Int32) throws(Errno) {
    let bytes = Array(bytes)
    var offset = 0
    while offset < bytes.count {
        let written = bytes[offset...].withUnsafeBytes { buffer in
            Result { () throws(Errno) in try retryOnInterrupt { write(fileDescriptor, buffer.baseAddress, buffer.count) } }
        }
        offset += try written.get()
    }
}
