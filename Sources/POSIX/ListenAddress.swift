#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Where the daemon listens: an IP address and a TCP port (`0.0.0.0:8080`, `[::1]:8080`).
/// Port 0 asks the system for any free port; the running daemon reports the one it got.
public struct ListenAddress: Sendable, Hashable, CustomStringConvertible {
    public enum Family: Sendable, Hashable {
        case ipv4
        case ipv6
    }

    public var family: Family
    /// The address as written, without brackets (`0.0.0.0`, `::1`).
    public var host: String
    public var port: UInt16

    public init(family: Family, host: String, port: UInt16) {
        self.family = family
        self.host = host
        self.port = port
    }

    /// Every IPv4 address of this computer, on `port`.
    public static func anyIPv4(port: UInt16) -> ListenAddress { ListenAddress(family: .ipv4, host: "0.0.0.0", port: port) }
    /// The loopback address, reachable only from this computer.
    public static func loopback(port: UInt16) -> ListenAddress { ListenAddress(family: .ipv4, host: "127.0.0.1", port: port) }

    /// Parses `ADDRESS:PORT`: an IPv4 address, or an IPv6 address in brackets.
    public init(parsing text: String) throws(ListenAddressError) {
        let host: Substring
        let portText: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { throw ListenAddressError(text: text, problem: .unclosedBracket) }
            host = text[text.index(after: text.startIndex)..<close]
            let rest = text[text.index(after: close)...]
            guard rest.first == ":" else { throw ListenAddressError(text: text, problem: .missingPort) }
            portText = rest.dropFirst()
        } else {
            guard let colon = text.lastIndex(of: ":") else { throw ListenAddressError(text: text, problem: .missingPort) }
            host = text[..<colon]
            portText = text[text.index(after: colon)...]
            if host.contains(":") { throw ListenAddressError(text: text, problem: .ipv6WithoutBrackets) }
        }
        guard !portText.isEmpty, portText.allSatisfy(\.isASCII), portText.allSatisfy(\.isNumber),
              let port = UInt16(portText) else {
            throw ListenAddressError(text: text, problem: .badPort)
        }
        let family: Family
        if text.hasPrefix("[") {
            guard Self.isAddress(String(host), family: AF_INET6) else { throw ListenAddressError(text: text, problem: .notAnAddress) }
            family = .ipv6
        } else if Self.isAddress(String(host), family: AF_INET) {
            family = .ipv4
        } else if let resolved = Self.resolve(String(host)) {
            // A name (`localhost`, the computer's own name): its first address, IPv4 first.
            self.init(family: resolved.family, host: resolved.host, port: port)
            return
        } else {
            throw ListenAddressError(text: text, problem: .notAnAddress)
        }
        self.init(family: family, host: String(host), port: port)
    }

    /// The address a host name stands for, IPv4 before IPv6; nil when it has none. Through
    /// `addresses(of:)` (`getaddrinfo` reads /etc/hosts, so `localhost` needs no network).
    static func resolve(_ name: String) -> (family: Family, host: String)? {
        // Digits and dots are an IPv4 address already refused (300.1.1.1), not a name to look up.
        guard !name.isEmpty, !name.allSatisfy({ $0.isNumber || $0 == "." }) else { return nil }
        let found = addresses(of: name)
        return found.first { $0.family == .ipv4 } ?? found.first
    }

    /// The text `inet_ntop` wrote into `buffer`, up to its terminating NUL.
    private static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Every address `name` stands for now, as `getaddrinfo` gives them (each once); empty when
    /// it has none. Calls `getaddrinfo` and `inet_ntop`.
    public static func addresses(of name: String) -> [(family: Family, host: String)] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(name, nil, &hints, &list) == 0, let list else { return [] }
        defer { freeaddrinfo(list) }
        var found: [(family: Family, host: String)] = []
        var entry: UnsafeMutablePointer<addrinfo>? = list
        while let current = entry {
            var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
            switch current.pointee.ai_family {
            case AF_INET:
                var address = current.pointee.ai_addr.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
                if inet_ntop(AF_INET, &address, &buffer, socklen_t(buffer.count)) != nil {
                    found.append((.ipv4, Self.text(buffer)))
                }
            case AF_INET6:
                var address = current.pointee.ai_addr.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
                if inet_ntop(AF_INET6, &address, &buffer, socklen_t(buffer.count)) != nil {
                    found.append((.ipv6, Self.text(buffer)))
                }
            default:
                break
            }
            entry = current.pointee.ai_next
        }
        var seen = Set<String>()
        return found.filter { seen.insert($0.host).inserted }
    }

    /// `0.0.0.0:8080` or `[::1]:8080`.
    public var description: String {
        switch family {
        case .ipv4: "\(host):\(port)"
        case .ipv6: "[\(host)]:\(port)"
        }
    }

    /// `http://127.0.0.1:8080/` (or `https://`).
    public func url(secure: Bool) -> String {
        "\(secure ? "https" : "http")://\(description)/"
    }

    private static func isAddress(_ text: String, family: Int32) -> Bool {
        var buffer = in6_addr()
        return inet_pton(family, text, &buffer) == 1
    }
}

/// A `--listen` value that is not `ADDRESS:PORT`.
public struct ListenAddressError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Problem: Sendable, Hashable {
        case missingPort
        case badPort
        case notAnAddress
        case unclosedBracket
        case ipv6WithoutBrackets
    }

    public var text: String
    public var problem: Problem

    public init(text: String, problem: Problem) {
        self.text = text
        self.problem = problem
    }

    public var description: String {
        let example = "such as 0.0.0.0:8080 (every address of this computer), 127.0.0.1:8080 or [::1]:8080"
        return switch problem {
        case .missingPort: "\"\(text)\" has no port: write ADDRESS:PORT, \(example)."
        case .badPort: "\"\(text)\" has no port number from 0 to 65535 after the colon: write ADDRESS:PORT, \(example)."
        case .notAnAddress: "\"\(text)\" does not start with an IP address or a name this computer knows: write ADDRESS:PORT, \(example)."
        case .unclosedBracket: "\"\(text)\" opens a [ for an IPv6 address but does not close it: write [ADDRESS]:PORT, such as [::1]:8080."
        case .ipv6WithoutBrackets: "\"\(text)\" looks like an IPv6 address: put it in brackets, such as [::1]:8080."
        }
    }
}
