import CMicroHTTPD

/// What the C callbacks need of their daemon: passed to libmicrohttpd as an unretained
/// pointer, kept alive by the `HTTPDaemon` until `MHD_stop_daemon` has returned.
final class DaemonContext: Sendable {
    let handler: HTTPHandler
    let maximumBodySize: Int
    let isSecure: Bool
    let refusalResponse: @Sendable (HTTPRefusal) -> HTTPResponse

    init(handler: @escaping HTTPHandler, maximumBodySize: Int, isSecure: Bool,
         refusalResponse: @escaping @Sendable (HTTPRefusal) -> HTTPResponse) {
        self.handler = handler
        self.maximumBodySize = maximumBodySize
        self.isSecure = isSecure
        self.refusalResponse = refusalResponse
    }
}

/// One request being read, from its request line to its answer: libmicrohttpd's `*con_cls`,
/// made in `requestStarted`, released in `requestCompleted`. Only the connection's thread
/// touches it.
final class RequestInProgress {
    /// The request target as sent (`/books?q=x`), before libmicrohttpd decodes it.
    let target: String
    var headersSeen = false
    var body: [UInt8] = []

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
) -> Void = { _, _, state, _ in
    guard let state, let pointer = state.pointee else { return }
    Unmanaged<RequestInProgress>.fromOpaque(pointer).release()
    state.pointee = nil
}
