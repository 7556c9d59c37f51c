/// What answers requests in the two steps the daemon reads them in: `admit` with the head
/// alone, before any of the body is read, then `respond` with the whole request and what
/// `admit` made of its head. What the head decides (a route, a session) is so resolved once
/// and carried to the answer, as libmicrohttpd keeps a request's state between its calls.
public protocol HTTPResponder: Sendable {
    /// What `admit` resolved from a head, kept with its request until the answer.
    associatedtype Admission: Sendable

    /// Called once per request with its head (method, path, query, headers, cookies; no form
    /// yet), on the daemon's thread that reads it.
    func admit(_ head: HTTPRequest) -> Admission

    /// The most body an admitted request may send; `maximumBodySize` (and the configuration's
    /// own `bodyLimit`) cap it.
    func bodyLimit(of admission: Admission) -> Int

    /// The answer to the whole request, from what its head was admitted as.
    func respond(to request: HTTPRequest, admitted admission: Admission) -> HTTPResponse
}

/// A request's admission as the daemon keeps it: its body limit, and its answer with the
/// responder's admission already bound, so the C callbacks need not know its type.
struct AdmittedRequest {
    let bodyLimit: Int
    let respond: (HTTPRequest) -> HTTPResponse
}
