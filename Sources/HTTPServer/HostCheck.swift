import Foundation

/// Which `Host` headers name this server (issue 27, item 6): its own addresses, `localhost`,
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
        let host = Self.host(of: header)
        guard !host.isEmpty else { return false }
        if host == "localhost" || names.contains(host) { return true }
        return ownAddresses.contains { Self.normalized($0) == host }
    }

    /// The host part of a `Host` header, lowercased, without its port, brackets or final dot.
    static func host(of header: String) -> String {
        let text = header.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return "" }
            return normalized(String(text[text.index(after: text.startIndex)..<close]))
        }
        let host = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        return normalized(host)
    }

    private static func normalized(_ name: String) -> String {
        var lowered = name.lowercased()
        if lowered.hasSuffix(".") { lowered.removeLast() }
        if let percent = lowered.firstIndex(of: "%") { lowered = String(lowered[..<percent]) }  // fe80::1%eth0
        return lowered
    }
}
