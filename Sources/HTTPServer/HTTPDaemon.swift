import CMicroHTTPD
import Synchronization

/// An HTTP (or HTTPS) server over libmicrohttpd that reads each request whole, hands it to
/// an `HTTPHandler` as an `HTTPRequest`, and sends back the `HTTPResponse`.
///
/// Threads: libmicrohttpd's own. `threadCount` threads each run a poll loop over their share
/// of the connections (`MHD_USE_AUTO_INTERNAL_THREAD` with `MHD_OPTION_THREAD_POOL_SIZE`);
/// a request's handler runs on the thread that read it. So the handler may run on several
/// threads at once, never on the caller's: what it shares (a repository, sessions) it must
/// guard itself. A slow handler delays only the connections of its own thread.
///
/// Memory: a body is held whole, up to `maximumBodySize`; a larger one is refused with 413
/// before it is read (from `Content-Length`), or, sent in chunks without a length, the
/// connection is closed once it passes the limit.
///
/// Stops in `stop()` or `deinit`, after the requests under way are answered.
public final class HTTPDaemon: Sendable {
    /// The address listened on, with the port the system chose when 0 was asked for.
    public let address: ListenAddress
    /// Whether it speaks HTTPS.
    public let isSecure: Bool
    private let context: DaemonContext
    private let daemon: Mutex<OpaquePointer?>
    /// The PEM texts as C strings, kept until the daemon stops.
    private let credentials: TLSCStrings?

    /// Binds `configuration.address` and starts serving with `handler`.
    /// Calls `MHD_start_daemon_va`.
    public init(_ configuration: HTTPDaemonConfiguration, handler: @escaping HTTPHandler) throws(HTTPDaemonError) {
        let socket = try ListeningSocket(configuration.address)
        let address = socket.boundAddress
        let context = DaemonContext(handler: handler, maximumBodySize: configuration.maximumBodySize,
                                    isSecure: configuration.tls != nil, refusalResponse: configuration.refusalResponse)
        let credentials = configuration.tls.map(TLSCStrings.init)
        let timeoutSeconds = (configuration.connectionTimeout + .nanoseconds(999_999_999)).components.seconds

        var flags = UInt32(MHD_USE_AUTO_INTERNAL_THREAD.rawValue) | UInt32(MHD_USE_ERROR_LOG.rawValue)
        if credentials != nil { flags |= UInt32(MHD_USE_TLS.rawValue) }
        if address.family == .ipv6 { flags |= UInt32(MHD_USE_IPv6.rawValue) }

        let contextPointer = Unmanaged.passUnretained(context).toOpaque()
        // Pointers travel as integers of their width: va_arg reads them back as pointers.
        var arguments: [CVarArg] = [
            MHD_OPTION.LISTEN_SOCKET.rawValue, socket.descriptor,
            MHD_OPTION.THREAD_POOL_SIZE.rawValue, CUnsignedInt(max(1, configuration.threadCount)),
            MHD_OPTION.CONNECTION_LIMIT.rawValue, CUnsignedInt(max(1, configuration.connectionLimit)),
            MHD_OPTION.CONNECTION_TIMEOUT.rawValue, CUnsignedInt(clamping: max(1, timeoutSeconds)),
            MHD_OPTION.URI_LOG_CALLBACK.rawValue, Int(bitPattern: unsafeBitCast(requestStarted, to: UnsafeRawPointer.self)), Int(bitPattern: contextPointer),
            MHD_OPTION.NOTIFY_COMPLETED.rawValue, Int(bitPattern: unsafeBitCast(requestCompleted, to: UnsafeRawPointer.self)), Int(bitPattern: contextPointer),
        ]
        if let credentials {
            arguments += [MHD_OPTION.HTTPS_MEM_KEY.rawValue, Int(bitPattern: credentials.privateKey),
                          MHD_OPTION.HTTPS_MEM_CERT.rawValue, Int(bitPattern: credentials.certificate)]
        }
        arguments.append(MHD_OPTION.END.rawValue)

        let started = withVaList(arguments) { list in
            MHD_start_daemon_va(flags, 0, nil, nil, accessHandler, contextPointer, list)
        }
        guard let started else {
            // libmicrohttpd closes the listen socket it was given when it fails to start
            // (HTTPDaemonTLSTests checks that nothing listens afterwards): never close it twice.
            _ = socket.release()
            throw credentials != nil ? .tlsCredentialsRefused(address) : .daemonDidNotStart(address)
        }
        _ = socket.release()
        self.address = address
        self.isSecure = credentials != nil
        self.context = context
        self.credentials = credentials
        self.daemon = Mutex(started)
    }

    /// `http://127.0.0.1:8080/` (or `https://`) for the address listened on.
    public var url: String { address.url(secure: isSecure) }

    /// Stops listening, finishes the requests under way, and joins the threads; then it does
    /// nothing. Calls `MHD_stop_daemon`, which also closes the listening socket.
    public func stop() {
        let running = daemon.withLock { pointer -> OpaquePointer? in
            defer { pointer = nil }
            return pointer
        }
        if let running { MHD_stop_daemon(running) }
    }

    deinit {
        stop()
        withExtendedLifetime(context) {}
    }
}

/// The two PEM texts as NUL-terminated C strings, owned (libmicrohttpd reads them in place).
private final class TLSCStrings: Sendable {
    nonisolated(unsafe) let certificate: UnsafeMutablePointer<CChar>
    nonisolated(unsafe) let privateKey: UnsafeMutablePointer<CChar>

    init(_ credentials: TLSCredentials) {
        certificate = Self.cString(credentials.certificatePEM)
        privateKey = Self.cString(credentials.privateKeyPEM)
    }

    private static func cString(_ bytes: [UInt8]) -> UnsafeMutablePointer<CChar> {
        let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
        for (offset, byte) in bytes.enumerated() { (pointer + offset).initialize(to: CChar(bitPattern: byte)) }
        (pointer + bytes.count).initialize(to: 0)
        return pointer
    }

    deinit {
        certificate.deallocate()
        privateKey.deallocate()
    }
}
