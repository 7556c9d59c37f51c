#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CMicroHTTPD
import Synchronization

/// What the C callbacks need of their daemon: passed to libmicrohttpd as an unretained
/// pointer, kept alive by the `HTTPDaemon` until `MHD_stop_daemon` has returned.
final class DaemonContext: Sendable {
    /// A body this large (or larger) is followed by `malloc_trim` once its request is over,
    /// so the memory goes back to the system instead of staying with the thread's arena.
    static let largeBody = 1024 * 1024

    /// What the application makes of a request's head, once: its body limit and its answer.
    let admit: @Sendable (HTTPRequest) -> AdmittedRequest
    let maximumBodySize: Int
    let acceptsHost: @Sendable (String) -> Bool
    let isSecure: Bool
    let refusalResponse: @Sendable (HTTPRefusal) -> HTTPResponse
    let watch: Mutex<ConnectionWatch>

    /// A plain handler: the configuration's `bodyLimit` decides from the head, the handler answers.
    convenience init(_ configuration: HTTPDaemonConfiguration, handler: @escaping HTTPHandler) {
        let bodyLimit = configuration.bodyLimit
        self.init(configuration) { head in AdmittedRequest(bodyLimit: bodyLimit(head), respond: handler) }
    }

    /// A responder: its admission of the head is kept for the answer.
    convenience init<Responder: HTTPResponder>(_ configuration: HTTPDaemonConfiguration, responder: Responder) {
        let bodyLimit = configuration.bodyLimit
        self.init(configuration) { head in
            let admission = responder.admit(head)
            return AdmittedRequest(bodyLimit: min(bodyLimit(head), responder.bodyLimit(of: admission)),
                                   respond: { responder.respond(to: $0, admitted: admission) })
        }
    }

    private init(_ configuration: HTTPDaemonConfiguration, admit: @escaping @Sendable (HTTPRequest) -> AdmittedRequest) {
        self.admit = admit
        self.maximumBodySize = configuration.maximumBodySize
        self.acceptsHost = configuration.acceptsHost
        self.isSecure = configuration.tls != nil
        self.refusalResponse = configuration.refusalResponse
        self.watch = Mutex(ConnectionWatch(limits: configuration.connectionWatchLimits))
    }

    /// The handler's first call for a request on `connection`: its head is in.
    func headRead(_ connection: OpaquePointer) {
        guard let id = socketContext(connection) else { return }
        watch.withLock { $0.headRead(id) }
    }

    /// Shuts down (`shutdown(2)`) the sockets of connections that overstayed; libmicrohttpd
    /// then sees them end and closes them itself. Under the watch's lock, which the close
    /// notification also takes, so a descriptor is never shut after libmicrohttpd closed it.
    func closeOverdue(at now: ContinuousClock.Instant) {
        watch.withLock { watch in
            for descriptor in watch.overdue(at: now) { shutdown(descriptor, Int32(SHUT_RDWR)) }
        }
    }
}

/// The id a connection is known by in the `ConnectionWatch`, set as its socket context.
private func socketContext(_ connection: OpaquePointer) -> Int? {
    CMicroHTTPDSocketContext(connection).map { Int(bitPattern: $0) }
}

/// One request being read, from its request line to its answer: libmicrohttpd's `*con_cls`,
/// made in `requestStarted`, released in `requestCompleted`. Only the connection's thread
/// touches it.
final class RequestInProgress {
    /// The request target as sent (`/books?q=x`), before libmicrohttpd decodes it.
    let target: String
    var headersSeen = false
    /// What its head was admitted as (set when the head is in): how much body it may send,
    /// and how it is answered.
    var admitted: AdmittedRequest?
    /// The most body this request may send, decided from its head.
    var bodyLimit = 0
    var body: [UInt8] = []
    /// Whether its body was large enough to give memory back after it (`DaemonContext.largeBody`).
    var heldLargeBody = false

    init(target: String) {
        self.target = target
    }
}

/// `MHD_OPTION_URI_LOG_CALLBACK`: the request line was read; its target is kept whole (path
/// and query undecoded), and the box becomes the request's `*con_cls`.
let requestStarted: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, OpaquePointer?) -> UnsafeMutableRawPointer? = {
    _, uri, _ in
    let request = RequestInProgress(target: uri.map { String(cString: $0) } ?? "/")
    return Unmanaged.passRetained(request).toOpaque()
}

/// `MHD_OPTION_NOTIFY_COMPLETED`: the request is over (answered, or the connection broke).
let requestCompleted: @convention(c) (
    UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?, MHD_RequestTerminationCode
) -> Void = { contextPointer, connection, state, _ in
    if let contextPointer, let connection, let id = socketContext(connection) {
        let context = Unmanaged<DaemonContext>.fromOpaque(contextPointer).takeUnretainedValue()
        context.watch.withLock { $0.requestEnded(id, at: .now) }
    }
    guard let state, let pointer = state.pointee else { return }
    let request = Unmanaged<RequestInProgress>.fromOpaque(pointer).takeRetainedValue()
    state.pointee = nil
    let wasLarge = request.heldLargeBody || request.body.capacity >= DaemonContext.largeBody
    request.body = []
    if wasLarge { _ = CMicroHTTPDReturnFreeMemory() }
}

/// `MHD_OPTION_NOTIFY_CONNECTION`: a connection opened (it is watched, under an id kept as
/// its socket context) or closed (it is forgotten).
let connectionNotified: @convention(c) (
    UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?, MHD_ConnectionNotificationCode
) -> Void = { contextPointer, connection, socketContext, code in
    guard let contextPointer, let connection, let socketContext else { return }
    let context = Unmanaged<DaemonContext>.fromOpaque(contextPointer).takeUnretainedValue()
    let id = Int(bitPattern: UnsafeRawPointer(connection))
    switch code {
    case .CONNECTION_NOTIFY_STARTED:
        socketContext.pointee = UnsafeMutableRawPointer(bitPattern: id)
        let client = CMicroHTTPDClientAddress(connection).flatMap(addressText) ?? "?"
        let descriptor = CMicroHTTPDConnectionDescriptor(connection)
        // Over its client's share (two pool threads accepted at once): shut before anything is
        // read, under the watch's lock as in `closeOverdue`; libmicrohttpd then closes it.
        context.watch.withLock { watch in
            if !watch.opened(id, client: client, descriptor: descriptor, at: .now) { shutdown(descriptor, Int32(SHUT_RDWR)) }
        }
    case .CONNECTION_NOTIFY_CLOSED:
        context.watch.withLock { $0.closed(id) }
    }
}

/// The accept policy: a client already holding its share of connections is turned away at
/// once (libmicrohttpd closes the new socket).
let acceptPolicy: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<sockaddr>?, socklen_t) -> MHD_Result = {
    contextPointer, address, _ in
    guard let contextPointer, let address, let client = addressText(address) else { return .NO }
    let context = Unmanaged<DaemonContext>.fromOpaque(contextPointer).takeUnretainedValue()
    return context.watch.withLock { $0.mayAccept(client) } ? .YES : .NO
}
