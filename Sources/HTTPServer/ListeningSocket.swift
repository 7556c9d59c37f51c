#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import POSIX

/// A bound, listening TCP socket, made here rather than by libmicrohttpd so a failure says
/// exactly why (`EADDRINUSE`, `EACCES`, …). Owns the descriptor until `release()` hands it
/// to the daemon (`MHD_OPTION_LISTEN_SOCKET`; `MHD_stop_daemon` closes it).
final class ListeningSocket {
    /// Connections waiting to be accepted.
    static let backlog: Int32 = 64

    /// Nil once released.
    private var owned: Int32?
    var descriptor: Int32 { owned ?? -1 }
    /// The address with the port the system chose for port 0.
    let boundAddress: ListenAddress

    /// Calls `socket`, `setsockopt(SO_REUSEADDR)`, `bind`, `listen` and `getsockname`.
    init(_ address: ListenAddress) throws(HTTPDaemonError) {
        let family = address.family == .ipv4 ? AF_INET : AF_INET6
        let descriptor = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw .systemCallFailed(call: "socket", address: address, .current) }
        var enable: Int32 = 1
        var disable: Int32 = 0
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &enable, socklen_t(MemoryLayout<Int32>.size))
        if address.family == .ipv6 {
            // `[::]` also takes IPv4 connections, whatever the system's default.
            setsockopt(descriptor, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &disable, socklen_t(MemoryLayout<Int32>.size))
        }
        var storage = Self.socketAddress(address)
        let bound = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(address.family == .ipv4 ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size))
            }
        }
        if bound != 0 {
            let error = Errno.current
            close(descriptor)
            switch error {
            case .addressInUse: throw .addressInUse(address)
            case .permissionDenied, .operationNotPermitted: throw .permissionDenied(address)
            case .addressNotAvailable: throw .addressNotAvailable(address)
            default: throw .systemCallFailed(call: "bind", address: address, error)
            }
        }
        guard listen(descriptor, Self.backlog) == 0 else {
            let error = Errno.current
            close(descriptor)
            throw .systemCallFailed(call: "listen", address: address, error)
        }
        var actual = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let named = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else {
            let error = Errno.current
            close(descriptor)
            throw .systemCallFailed(call: "getsockname", address: address, error)
        }
        var boundAddress = address
        boundAddress.port = Self.port(of: actual)
        self.owned = descriptor
        self.boundAddress = boundAddress
    }

    /// Gives up ownership: the caller now closes the descriptor.
    func release() -> Int32 {
        defer { owned = nil }
        return descriptor
    }

    deinit {
        if let owned { close(owned) }
    }

    private static func socketAddress(_ address: ListenAddress) -> sockaddr_storage {
        var storage = sockaddr_storage()
        withUnsafeMutablePointer(to: &storage) { pointer in
            switch address.family {
            case .ipv4:
                pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { ipv4 in
                    ipv4.pointee.sin_family = sa_family_t(AF_INET)
                    ipv4.pointee.sin_port = address.port.bigEndian
                    inet_pton(AF_INET, address.host, &ipv4.pointee.sin_addr)
                }
            case .ipv6:
                pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { ipv6 in
                    ipv6.pointee.sin6_family = sa_family_t(AF_INET6)
                    ipv6.pointee.sin6_port = address.port.bigEndian
                    inet_pton(AF_INET6, address.host, &ipv6.pointee.sin6_addr)
                }
            }
        }
        return storage
    }

    private static func port(of storage: sockaddr_storage) -> UInt16 {
        var storage = storage
        let family = Int32(storage.ss_family)
        return withUnsafePointer(to: &storage) { pointer in
            if family == AF_INET6 {
                pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) }
            } else {
                pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
            }
        }
    }
}

/// The text of a client's socket address, for logs: `192.0.2.7`, `2001:db8::7`; an IPv4
/// client on an IPv6 socket (`::ffff:192.0.2.7`) as its IPv4 address.
func addressText(_ address: UnsafePointer<sockaddr>) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
    switch Int32(address.pointee.sa_family) {
    case AF_INET:
        return address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { ipv4 in
            var raw = ipv4.pointee.sin_addr
            return inet_ntop(AF_INET, &raw, &buffer, socklen_t(buffer.count)).map { String(cString: $0) }
        }
    case AF_INET6:
        let text = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { ipv6 in
            var raw = ipv6.pointee.sin6_addr
            return inet_ntop(AF_INET6, &raw, &buffer, socklen_t(buffer.count)).map { String(cString: $0) }
        }
        if let text, text.hasPrefix("::ffff:"), text.contains(".") { return String(text.dropFirst("::ffff:".count)) }
        return text
    default:
        return nil
    }
}
