import POSIX

/// Why the daemon could not start: a fault, with what a person needs to act on it.
public enum HTTPDaemonError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Another program listens on the address already (`EADDRINUSE`).
    case addressInUse(ListenAddress)
    /// Ports below 1024 need privileges (`EACCES`).
    case permissionDenied(ListenAddress)
    /// The address is not one of this computer's (`EADDRNOTAVAIL`).
    case addressNotAvailable(ListenAddress)
    /// Another system call failed: its name and `errno`.
    case systemCallFailed(call: String, address: ListenAddress, Errno)
    /// libmicrohttpd refused to start with this certificate and key.
    case tlsCredentialsRefused(ListenAddress)
    /// libmicrohttpd refused to start (`MHD_start_daemon_va` returned NULL).
    case daemonDidNotStart(ListenAddress)

    public var description: String {
        switch self {
        case .addressInUse(let address):
            "Another program is already listening on \(address). Stop it (`ss -ltnp 'sport = :\(address.port)'` shows which), "
                + "or choose another port with --listen ADDRESS:PORT."
        case .permissionDenied(let address):
            "Not allowed to listen on \(address): ports below 1024 need privileges. Choose a port of 1024 or more "
                + "(such as \(address.host.contains(":") ? "[\(address.host)]" : address.host):8080) with --listen ADDRESS:PORT."
        case .addressNotAvailable(let address):
            "\(address.host) is not an address of this computer, so nothing can listen on \(address). Use 0.0.0.0 "
                + "(every address), 127.0.0.1 (this computer only), or one that `ip address` lists."
        case .systemCallFailed(let call, let address, let error):
            "Could not listen on \(address): \(call) failed: \(error)."
        case .tlsCredentialsRefused(let address):
            "Could not start HTTPS on \(address): the certificate or the private key was refused. Check that both are PEM "
                + "files (-----BEGIN CERTIFICATE----- and -----BEGIN PRIVATE KEY-----) and that the key belongs to the certificate."
        case .daemonDidNotStart(let address):
            "The web server could not start on \(address) (libmicrohttpd refused); its message is in the log just above."
        }
    }
}
