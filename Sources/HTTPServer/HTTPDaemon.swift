import CMicroHTTPD
import Foundation
import Synchronization
import POSIX

/// An HTTP (or HTTPS) server over libmicrohttpd that reads each request whole, hands it to
/// an `HTTPHandler` (or an `HTTPResponder`, which admits its head first) as an `HTTPRequest`,
/// and sends back the `HTTPResponse`.
///
/// Threads: libmicrohttpd's own. `threadCount` threads each run a poll loop over their share
/// of the connections (`MHD_USE_AUTO_INTERNAL_THREAD` with `MHD_OPTION_THREAD_POOL_SIZE`);
/// a request's handler runs on the thread that read it. So the handler may run on several
/// threads at once, never on the caller's: what it shares (a repository, sessions) it must
/// guard itself. A slow handler delays only the connections of its own thread.
///
/// Memory: a body is held whole, up to the limit its request's head allows (`bodyLimit`, or
/// the responder's for its admission; never more than `maximumBodySize`); a larger one is refused with 413 before it is read
/// (from `Content-Length`), or, sent in chunks without a length, the connection is closed once
/// it passes the limit. After a large body the memory is given back (`malloc_trim`).
///
/// Clients: one address holds at most `connectionsPerClient` connections; a request's head
/// must arrive within `headTime` and the whole request be done within `requestTime`, however
/// slowly its bytes trickle in (a watchdog thread shuts the socket of one that overstays).
/// A `Host` that `acceptsHost` does not know is refused with 421.
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
    /// Closes connections that overstay their head or request time.
    private let watchdog: Watchdog

    /// Binds `configuration.address` and starts serving with `handler`, whose requests may
    /// send as much body as `configuration.bodyLimit` allows.
    public convenience init(_ configuration: HTTPDaemonConfiguration, handler: @escaping HTTPHandler) throws(HTTPDaemonError) {
        try self.init(configuration, context: DaemonContext(configuration, handler: handler))
    }

    /// Binds `configuration.address` and starts serving with `responder`: each request's head
    /// admitted once, and answered from that admission.
    public convenience init<Responder: HTTPResponder>(_ configuration: HTTPDaemonConfiguration, responder: Responder) throws(HTTPDaemonError) {
        try self.init(configuration, context: DaemonContext(configuration, responder: responder))
    }

    /// Calls `MHD_start_daemon_va`.
    private init(_ configuration: HTTPDaemonConfiguration, context: DaemonContext) throws(HTTPDaemonError) {
        let socket = try ListeningSocket(configuration.address)
        let address = socket.boundAddress
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
            MHD_OPTION.NOTIFY_CONNECTION.rawValue, Int(bitPattern: unsafeBitCast(connectionNotified, to: UnsafeRawPointer.self)), Int(bitPattern: contextPointer),
        ]
        if let credentials {
            arguments += [MHD_OPTION.HTTPS_MEM_KEY.rawValue, Int(bitPattern: credentials.privateKey),
                          MHD_OPTION.HTTPS_MEM_CERT.rawValue, Int(bitPattern: credentials.certificate),
                          MHD_OPTION.HTTPS_PRIORITIES.rawValue, Int(bitPattern: credentials.priorities)]
        }
        arguments.append(MHD_OPTION.END.rawValue)

        let started = withVaList(arguments) { list in
            MHD_start_daemon_va(flags, 0, acceptPolicy, contextPointer, accessHandler, contextPointer, list)
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
        self.watchdog = Watchdog(context: context, interval: Self.watchInterval(configuration))
    }

    /// How often overstaying connections are looked for: a tenth of the shorter time limit,
    /// between 50 ms and one second.
    static func watchInterval(_ configuration: HTTPDaemonConfiguration) -> Duration {
        min(.seconds(1), max(.milliseconds(50), min(configuration.headTime, configuration.requestTime) / 10))
    }

    /// `http://127.0.0.1:8080/` (or `https://`) for the address listened on.
    public var url: String { address.url(secure: isSecure) }

    /// Stops listening, finishes the requests under way, and joins the threads; then it does
    /// nothing. Calls `MHD_stop_daemon`, which also closes the listening socket.
    public func stop() {
        watchdog.stop()
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
    nonisolated(unsafe) let priorities: UnsafeMutablePointer<CChar>

    init(_ credentials: TLSCredentials) {
        certificate = Self.cString(credentials.certificatePEM)
        privateKey = Self.cString(credentials.privateKeyPEM)
        priorities = Self.cString(Array(HTTPDaemonConfiguration.tlsPriorities.utf8))
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
        priorities.deallocate()
    }
}

/// A thread that, every `interval`, closes the daemon's connections that overstayed
/// (`DaemonContext.closeOverdue`), until `stop()`.
private final class Watchdog: Sendable {
    private let stopped = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    private let isStopped = Mutex(false)

    init(context: DaemonContext, interval: Duration) {
        let (seconds, attoseconds) = interval.components
        let wait = DispatchTimeInterval.nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
        let thread = Thread { [stopped, finished] in
            while stopped.wait(timeout: .now() + wait) == .timedOut {
                context.closeOverdue(at: .now)
            }
            finished.signal()
        }
        thread.name = "bookkiosk-http-watchdog"
        thread.start()
    }

    /// Ends the thread and waits for it; then does nothing.
    func stop() {
        let first = isStopped.withLock { stopped in
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        stopped.signal()
        finished.wait()
    }
}
