import Glibc
import POSIX

/// A TCP socket on 127.0.0.1 that listens and never answers: a connection is made (the
/// kernel's backlog takes it) and no byte comes back, as from a service that hangs. For the
/// timeout tests. Owns the descriptor; `close()` or `deinit` closes it, after which the port
/// refuses connections.
public final class SilentListener {
    private var descriptor: Int32
    public let port: UInt16

    /// Calls `socket`, `bind` (port 0) and `listen`.
    public init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw SilentListenerError(call: "socket", error: .current) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, 16) == 0 else {
            let error = Errno.current
            Glibc.close(descriptor)
            throw SilentListenerError(call: "bind/listen", error: error)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        self.descriptor = descriptor
        port = UInt16(bigEndian: address.sin_port)
    }

    /// `http://127.0.0.1:PORT`.
    public var url: String { "http://127.0.0.1:\(port)" }

    /// Closes the socket: from now on its port refuses connections.
    public func close() {
        if descriptor >= 0 { Glibc.close(descriptor) }
        descriptor = -1
    }

    deinit { close() }
}

public struct SilentListenerError: Error, CustomStringConvertible {
    public var call: String
    public var error: Errno
    public var description: String { "\(call) failed: \(error)" }
}
