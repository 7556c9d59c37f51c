import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A TCP socket listening on a port the system chose, on every IPv4 address, closed when it goes.
final class ListeningSocketForTest {
    let descriptor: Int32
    let port: UInt16

    /// Calls `socket`, `bind` (port 0), `listen` and `getsockname`.
    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(descriptor >= 0)
        self.descriptor = descriptor
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = INADDR_ANY
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        try #require(bound == 0 && listen(descriptor, 8) == 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        try #require(named == 0)
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit { close(descriptor) }
}
