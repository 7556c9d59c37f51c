/// How the daemon listens and what it accepts. The defaults suit one kindergarten's teachers
/// on a small computer: a few browsers at a time, forms and a backup file or a cover upload.
public struct HTTPDaemonConfiguration: Sendable {
    /// Largest body accepted: a backup of a library of a few thousand Books fits many times.
    public static let defaultMaximumBodySize = 16 * 1024 * 1024
    /// A connection idle this long is closed (a browser keeps idle connections open).
    public static let defaultConnectionTimeout = Duration.seconds(30)
    /// Connections open at once, over all threads; more wait in the listen backlog until one
    /// closes (libmicrohttpd stops accepting at the limit).
    public static let defaultConnectionLimit = 32
    /// Threads that read requests and call the handler (each runs its own poll loop).
    public static let defaultThreadCount = 4

    public var address: ListenAddress
    /// HTTPS with this certificate and key; plain HTTP when nil.
    public var tls: TLSCredentials?
    /// A body larger than this is refused with 413 (`HTTPRefusal.bodyTooLarge`).
    public var maximumBodySize: Int
    /// Rounded up to whole seconds (libmicrohttpd counts seconds).
    public var connectionTimeout: Duration
    public var connectionLimit: Int
    public var threadCount: Int
    /// The response to a request the daemon refuses before any handler sees it: the page may
    /// answer in its own language and style. Called from the daemon's threads.
    public var refusalResponse: @Sendable (HTTPRefusal) -> HTTPResponse

    public init(address: ListenAddress, tls: TLSCredentials? = nil,
                maximumBodySize: Int = defaultMaximumBodySize,
                connectionTimeout: Duration = defaultConnectionTimeout,
                connectionLimit: Int = defaultConnectionLimit,
                threadCount: Int = defaultThreadCount,
                refusalResponse: @escaping @Sendable (HTTPRefusal) -> HTTPResponse = HTTPRefusal.plainTextResponse) {
        self.address = address
        self.tls = tls
        self.maximumBodySize = maximumBodySize
        self.connectionTimeout = connectionTimeout
        self.connectionLimit = connectionLimit
        self.threadCount = threadCount
        self.refusalResponse = refusalResponse
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
