import HTTPServer

extension PageRoute.Name {
    /// Whether the route takes a file (a backup, a CSV, a cover photo): the only routes a large
    /// body may go to.
    public var takesUpload: Bool {
        self == .previewRestore || self == .previewImport || self == .saveCoverPhoto
    }
}

extension TeachersPage {
    /// The most body a request may send, decided from its head before any of it is read
    /// (`HTTPDaemonConfiguration.bodyLimit`): a file only from a signed-in session, on a route
    /// that takes one; every other request (the sign-in form above all) a small form. So a
    /// stranger's 16 MB `POST /sign-in` is refused with 413 before it costs any memory.
    public func bodyLimit(for head: HTTPRequest) -> Int {
        guard let route = PageRouting(method: head.method, path: head.path).route, route.name.takesUpload, let id = head.cookies[PageSecurity.cookieName],
              sessions.withLock({ $0.use(id, at: now()) })?.staff != nil
        else { return HTTPDaemonConfiguration.smallBodySize }
        return HTTPDaemonConfiguration.defaultMaximumBodySize
    }
}
