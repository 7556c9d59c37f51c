#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import POSIX

/// One address of one network interface of this computer (`eth0`, `192.168.1.20`).
public struct InterfaceAddress: Sendable, Hashable {
    public var interface: String
    public var family: ListenAddress.Family
    /// Without brackets or zone (`192.168.1.20`, `fe80::1`).
    public var host: String
    public var isLoopback: Bool
    public var isUp: Bool

    public init(interface: String, family: ListenAddress.Family, host: String, isLoopback: Bool, isUp: Bool) {
        self.interface = interface
        self.family = family
        self.host = host
        self.isLoopback = isLoopback
        self.isUp = isUp
    }

    /// The addresses of this computer's interfaces, in the system's order. Calls `getifaddrs`.
    public static func current() -> [InterfaceAddress] {
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0 else { return [] }
        defer { freeifaddrs(first) }
        var addresses: [InterfaceAddress] = []
        var next = first
        while let entry = next {
            next = entry.pointee.ifa_next
            guard let socketAddress = entry.pointee.ifa_addr, let host = addressText(socketAddress) else { continue }
            let family: ListenAddress.Family = Int32(socketAddress.pointee.sa_family) == AF_INET6 ? .ipv6 : .ipv4
            let flags = entry.pointee.ifa_flags
            addresses.append(InterfaceAddress(
                interface: String(cString: entry.pointee.ifa_name), family: family, host: host,
                isLoopback: flags & UInt32(IFF_LOOPBACK) != 0, isUp: flags & UInt32(IFF_UP) != 0))
        }
        return addresses
    }
}

extension ListenAddress {
    /// The URLs a browser on another machine can open to reach this address: for a wildcard
    /// (`0.0.0.0`, `::`) one per address of an interface that is up and not loopback (IPv4
    /// first; IPv6 link-local ones left out, a browser cannot use them without a zone), else
    /// the address itself. Empty when a wildcard has no such interface (then only
    /// `url(secure:)` on this computer).
    public func reachableURLs(secure: Bool, interfaces: [InterfaceAddress]) -> [String] {
        let isWildcard = host == "0.0.0.0" || host == "::"
        guard isWildcard else { return [url(secure: secure)] }
        let usable = interfaces.filter { candidate in
            candidate.isUp && !candidate.isLoopback
                && (family == .ipv6 || candidate.family == .ipv4)
                && !(candidate.family == .ipv6 && candidate.host.lowercased().hasPrefix("fe80:"))
        }
        let ordered = usable.filter { $0.family == .ipv4 } + usable.filter { $0.family == .ipv6 }
        var seen = Set<String>()
        return ordered.compactMap { candidate in
            let url = ListenAddress(family: candidate.family, host: candidate.host, port: port).url(secure: secure)
            return seen.insert(url).inserted ? url : nil
        }
    }
}

extension ListenAddress {
    /// The addresses a teacher types to open the page listening here, as `serve` prints them and
    /// `doctor` says them: each name it answers to (`hostNames`, like `toshokan.local`), then
    /// `reachableURLs`. Empty when it listens on every interface and has neither names nor a
    /// network (then only `url(secure:)`, on this computer).
    public func teacherURLs(secure: Bool, hostNames: [String], interfaces: [InterfaceAddress]) -> [String] {
        let named = hostNames.map { "\(secure ? "https" : "http")://\($0):\(port)/" }
        return named + reachableURLs(secure: secure, interfaces: interfaces).filter { !named.contains($0) }
    }
}
