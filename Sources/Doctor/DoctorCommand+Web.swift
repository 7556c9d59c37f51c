import Foundation
import HTTPServer
import KioskConfiguration
import POSIX

extension DoctorCommand {
    /// How long doctor waits for the page's port to answer.
    static let webConnectSeconds = 2

    /// The teachers' page: whether something accepts connections at the configured address
    /// (for `0.0.0.0` or `::`, on this computer's loopback), and if so the addresses a teacher
    /// types to open it, as `serve` prints them. Not running is a warning: the kiosk works
    /// without it.
    func checkWeb(_ web: WebConfiguration) -> [Finding] {
        let address = web.listen
        let target: ListenAddress
        switch address.host {
        case "0.0.0.0": target = .loopback(port: address.port)
        case "::": target = ListenAddress(family: .ipv6, host: "::1", port: address.port)
        default: target = address
        }
        if Self.acceptsConnections(target) {
            return [Self.answered(web, target: target, interfaces: InterfaceAddress.current(), say)]
        }
        return [.warn(.web, say.pageNotRunning("\(target)", listen: "\(address)"))]
    }

    /// What doctor says of a page that answered at `target`: the addresses a teacher types
    /// (`ListenAddress.teacherURLs`, `serve`'s own), never `0.0.0.0`; when there are none (no
    /// network, no name), that it answers on this computer only.
    static func answered(_ web: WebConfiguration, target: ListenAddress, interfaces: [InterfaceAddress], _ say: any DoctorWords) -> Finding {
        let urls = web.listen.teacherURLs(secure: web.isSecure, hostNames: web.hostNames, interfaces: interfaces)
        guard !urls.isEmpty else { return .ok(.web, say.pageAnswersOnlyHere(target.url(secure: web.isSecure), secure: web.isSecure)) }
        return .ok(.web, say.pageAnswers(urls, secure: web.isSecure))
    }

    /// A warning when the page listens on every interface and no `web.hostNames` says which
    /// names it answers to: it answers only to this computer's addresses and `localhost` (a
    /// request naming another host is refused, against DNS rebinding), so a name teachers use
    /// would be refused, and every network the computer joins can reach it.
    static func checkHostNames(_ web: WebConfiguration, _ say: any DoctorWords) -> [Finding] {
        guard web.listensEverywhere, web.hostNames.isEmpty else { return [] }
        return [.warn(.web, say.noHostNames("\(web.listen)"))]
    }

    /// Whether a TCP connection to `address` is accepted within `webConnectSeconds`.
    /// Calls `socket`, `setsockopt(SO_SNDTIMEO)` and `connect`.
    static func acceptsConnections(_ address: ListenAddress) -> Bool {
        let family = address.family == .ipv6 ? AF_INET6 : AF_INET
        let descriptor = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var timeout = timeval(tv_sec: webConnectSeconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        switch address.family {
        case .ipv4:
            var socketAddress = sockaddr_in()
            socketAddress.sin_family = sa_family_t(AF_INET)
            socketAddress.sin_port = address.port.bigEndian
            guard inet_pton(AF_INET, address.host, &socketAddress.sin_addr) == 1 else { return false }
            return withUnsafePointer(to: &socketAddress) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
            }
        case .ipv6:
            var socketAddress = sockaddr_in6()
            socketAddress.sin6_family = sa_family_t(AF_INET6)
            socketAddress.sin6_port = address.port.bigEndian
            guard inet_pton(AF_INET6, address.host, &socketAddress.sin6_addr) == 1 else { return false }
            return withUnsafePointer(to: &socketAddress) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) == 0 }
            }
        }
    }
}
