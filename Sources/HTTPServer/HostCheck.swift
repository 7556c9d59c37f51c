import Foundation
import POSIX
import Synchronization

/// Which `Host` headers name this server: its own addresses, `localhost`,
/// and the names it is configured to answer to. Anything else is another site's name that
/// leads here, as a DNS-rebinding page makes a teacher's browser send: refused, as Pi-hole and
/// Cockpit do. A pure value: the server's addresses are an argument.
public struct HostCheck: Sendable, Equatable {
    /// Names besides the addresses (`bookkiosk.local`, `toshokan.example.ed.jp`), lowercased.
    public var names: Set<String>

    public init(names: [String]) {
        self.names = Set(names.map(Self.normalized))
    }

    /// Whether `header` (`192.0.2.7:8080`, `[fe80::1]:8080`, `bookkiosk.local`) names this
    /// server, whose addresses are `ownAddresses` (as `InterfaceAddress.host` writes them).
    public func accepts(_ header: String, ownAddresses: [String]) -> Bool {
        accepts(header) { host in ownAddresses.contains { Self.normalized($0) == host } }
    }

    /// The same, with the server's addresses asked of `isOwnAddress` (given the host, lowercased,
    /// without port, brackets or zone) only when the host is neither `localhost` nor a name.
    public func accepts(_ header: String, isOwnAddress: (String) -> Bool) -> Bool {
        let host = Self.host(of: header)
        guard !host.isEmpty else { return false }
        if host == "localhost" || names.contains(host) { return true }
        return isOwnAddress(host)
    }

    /// The host part of a `Host` header, lowercased, without its port, brackets or final dot.
    static func host(of header: String) -> String {
        // Spaces and tabs around it (HTTP's optional whitespace), without Foundation's
        // character sets: this runs for every request.
        let text = Substring(header).trimmingWhitespace()
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return "" }
            return normalized(String(text[text.index(after: text.startIndex)..<close]))
        }
        let host = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        return normalized(host)
    }

    /// A host as compared: lowercased, without a final dot or an IPv6 zone (`fe80::1%eth0`).
    public static func normalized(_ name: String) -> String {
        var lowered = name.lowercased()
        if lowered.hasSuffix(".") { lowered.removeLast() }
        if let percent = lowered.firstIndex(of: "%") { lowered = String(lowered[..<percent]) }  // fe80::1%eth0
        return lowered
    }
}

/// This computer's addresses as a `HostCheck` asks for them on every request: read once, and
/// read again only when a request names an address that is not among them, at most once in
/// `rereadAfter` (an address the computer gained since, by DHCP, is then accepted; a stranger's
/// requests cannot make it read the interfaces more often). Reading them (`getifaddrs`, a
/// netlink dump of every interface) cost more than a list page's database reads. Safe to use
/// from the daemon's threads.
public final class OwnAddresses: Sendable {
    private struct Kept {
        var hosts: Set<String>
        var readAt: UInt64
    }

    private let read: @Sendable () -> [String]
    private let clock: @Sendable () -> UInt64
    private let rereadAfter: UInt64
    private let kept: Mutex<Kept?>

    /// - Parameters:
    ///   - read: the addresses (as `InterfaceAddress.host` writes them); the computer's own by default.
    ///   - clock: monotonic nanoseconds (tests move their own).
    public init(rereadAfterNanoseconds: UInt64 = 1_000_000_000,
                clock: @escaping @Sendable () -> UInt64 = monotonicNanoseconds,
                read: @escaping @Sendable () -> [String] = { InterfaceAddress.current().map(\.host) }) {
        self.read = read
        self.clock = clock
        self.rereadAfter = rereadAfterNanoseconds
        kept = Mutex(nil)
    }

    /// Whether `host` (lowercased, no port, brackets or zone, as `HostCheck` passes it) is one of them.
    public func contains(_ host: String) -> Bool {
        let now = clock()
        if let known = kept.withLock({ $0 }) {
            if known.hosts.contains(host) { return true }
            if now &- known.readAt < rereadAfter { return false }
        }
        let hosts = Set(read().map(HostCheck.normalized))
        kept.withLock { $0 = Kept(hosts: hosts, readAt: now) }
        return hosts.contains(host)
    }
}
