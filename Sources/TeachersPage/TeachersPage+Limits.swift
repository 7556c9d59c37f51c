import HTTPServer

extension PageRoute.Name {
    /// Whether the route takes a file (a backup, a CSV, a cover photo): the only routes a large
    /// body may go to.
    public var takesUpload: Bool {
        self == .previewRestore || self == .previewImport || self == .saveCoverPhoto
    }
}

extension TeachersPage {
    /// The most body a request may send, decided from its head before any of it is read, as
    /// its admission decides it (`PageAdmission.bodyLimit`).
    public func bodyLimit(for head: HTTPRequest) -> Int {
        admit(head, at: now()).bodyLimit
    }
}
