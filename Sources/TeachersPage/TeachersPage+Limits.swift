import HTTPServer

extension TeachersPage {
    /// The most body a request may send, decided from its head before any of it is read, as
    /// its admission decides it (`PageAdmission.bodyLimit`).
    public func bodyLimit(for head: HTTPRequest) -> Int {
        admit(head, at: now()).bodyLimit
    }
}
