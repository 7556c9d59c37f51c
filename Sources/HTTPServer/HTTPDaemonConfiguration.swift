import POSIX
/// How the daemon listens and what it accepts. The defaults suit one kindergarten's teachers
/// on a small computer, on a school network where anyone may probe it: a few browsers at a
/// time, forms and a backup file or a cover upload, and no client able to take the page away
/// from the others.
public struct HTTPDaemonConfiguration: Sendable {
    /// Largest body accepted from anyone: a backup of a library of a few thousand Books fits many times.
    public static let defaultMaximumBodySize = 16 * 1024 * 1024
    /// Largest body of a request that `bodyLimit` does not allow more: every form of the page
    /// that is not an upload (sign-in, a Book's fields) fits.
    public static let smallBodySize = 16 * 1024
    /// A connection idle this long between requests is closed (libmicrohttpd's own timeout,
    /// reset by every byte; `headTime` and `requestTime` are the ones that hold).
    public static let defaultConnectionTimeout = Duration.seconds(10)
    /// A request's line and headers must arrive within this of its connection opening (or of
    /// its previous answer), however they trickle in.
    public static let defaultHeadTime = Duration.seconds(10)
    /// A whole request, its body and its answer included, must be done within this.
    public static let defaultRequestTime = Duration.seconds(120)
    /// Connections open at once, over all threads: enough for every browser of a school and a
    /// few hundred idle or slow sockets besides; more wait in the listen backlog.
    public static let defaultConnectionLimit = 1_000
    /// Connections one client address may hold at once (a browser opens six at most).
    public static let defaultConnectionsPerClient = 16
    /// Threads that read requests and call the handler (each runs its own poll loop).
    public static let defaultThreadCount = 4
    /// GnuTLS's priority string for HTTPS: TLS 1.2 and 1.3 only, key exchange with forward
    /// secrecy only (ECDHE; no static RSA, no finite-field DHE), AEAD ciphers only (no CBC),
    /// and the server's order of preference.
    public static let tlsPriorities = "SECURE:-VERS-ALL:+VERS-TLS1.3:+VERS-TLS1.2:-KX-ALL:+ECDHE-RSA:+ECDHE-ECDSA"
        + ":-CIPHER-ALL:+AES-256-GCM:+AES-128-GCM:+CHACHA20-POLY1305:-MAC-ALL:+AEAD:%SERVER_PRECEDENCE"

    public var address: ListenAddress
    /// HTTPS with this certificate and key; plain HTTP when nil.
    public var tls: TLSCredentials?
    /// No body larger than this is ever accepted (413, `HTTPRefusal.bodyTooLarge`).
    public var maximumBodySize: Int
    /// The most body one request may send, decided from its head (method, path, headers,
    /// cookies; no form yet) before any of the body is read; capped by `maximumBodySize`. An
    /// `HTTPResponder` decides its own from its admission, which this caps as well.
    public var bodyLimit: @Sendable (HTTPRequest) -> Int
    /// Whether a request's `Host` header (as sent, port included) names this server; a request
    /// for another host is refused (421) before any handler sees it (DNS rebinding).
    public var acceptsHost: @Sendable (String) -> Bool
    /// Rounded up to whole seconds (libmicrohttpd counts seconds).
    public var connectionTimeout: Duration
    public var headTime: Duration
    public var requestTime: Duration
    public var connectionLimit: Int
    public var connectionsPerClient: Int
    /// Client addresses that `connectionsPerClient` does not apply to: this computer itself
    /// (a program on it could stop the page anyway).
    public var unlimitedClients: Set<String>
    public var threadCount: Int
    /// The response to a request the daemon refuses before any handler sees it: the page may
    /// answer in its own language and style. Called from the daemon's threads.
    public var refusalResponse: @Sendable (HTTPRefusal) -> HTTPResponse

    public init(address: ListenAddress, tls: TLSCredentials? = nil,
                maximumBodySize: Int = defaultMaximumBodySize,
                bodyLimit: @escaping @Sendable (HTTPRequest) -> Int = { _ in .max },
                acceptsHost: @escaping @Sendable (String) -> Bool = { _ in true },
                connectionTimeout: Duration = defaultConnectionTimeout,
                headTime: Duration = defaultHeadTime,
                requestTime: Duration = defaultRequestTime,
                connectionLimit: Int = defaultConnectionLimit,
                connectionsPerClient: Int = defaultConnectionsPerClient,
                unlimitedClients: Set<String> = ["127.0.0.1", "::1"],
                threadCount: Int = defaultThreadCount,
                refusalResponse: @escaping @Sendable (HTTPRefusal) -> HTTPResponse = HTTPRefusal.plainTextResponse) {
        self.address = address
        self.tls = tls
        self.maximumBodySize = maximumBodySize
        self.bodyLimit = bodyLimit
        self.acceptsHost = acceptsHost
        self.connectionTimeout = connectionTimeout
        self.headTime = headTime
        self.requestTime = requestTime
        self.connectionLimit = connectionLimit
        self.connectionsPerClient = connectionsPerClient
        self.unlimitedClients = unlimitedClients
        self.threadCount = threadCount
        self.refusalResponse = refusalResponse
    }

    var connectionWatchLimits: ConnectionWatch.Limits {
        ConnectionWatch.Limits(perClient: connectionsPerClient, unlimitedClients: unlimitedClients,
                               headTime: headTime, requestTime: requestTime)
    }
}

/// A PEM certificate (chain) and its private key, for HTTPS (GnuTLS reads them).
public struct TLSCredentials: Sendable, Equatable {
    public var certificatePEM: [UInt8]
    public var privateKeyPEM: [UInt8]

    public init(certificatePEM: [UInt8], privateKeyPEM: [UInt8]) {
        self.certificatePEM = certificatePEM
        self.privateKeyPEM = privateKeyPEM
    }
}
