import Foundation
import HTTPServer

/// What the page makes of a request's head, once: the route it asks for and the signed-in
/// session its cookie names, its password checked against its account's. The daemon keeps it
/// from the head to the answer (`HTTPResponder`), so neither is looked up twice.
public struct PageAdmission: Sendable {
    let routing: PageRouting
    /// The live session with its account's current password; nil without one.
    let session: PageSession?
    /// The most body the request may send: a file only from a signed-in session, on a route
    /// that takes one; every other request (the sign-in form above all) a small form. So a
    /// stranger's 16 MB `POST /sign-in` is refused with 413 before it costs any memory.
    public let bodyLimit: Int
}

extension TeachersPage: HTTPResponder {
    /// Resolves the head's route and session, at the time the head came in.
    public func admit(_ head: HTTPRequest) -> PageAdmission {
        admit(head, at: now())
    }

    public func bodyLimit(of admission: PageAdmission) -> Int {
        admission.bodyLimit
    }

    /// Answers the whole request from its admission, at the time the answer is made.
    public func respond(to request: HTTPRequest, admitted admission: PageAdmission) -> HTTPResponse {
        answer(request, admitted: admission, at: now())
    }

    func admit(_ head: HTTPRequest, at time: Date) -> PageAdmission {
        let routing = PageRouting(method: head.method, path: head.path)
        let live = liveSession(head, at: time)
        // A session whose password changed may still send its upload: it is then sent to sign
        // in, as it always was, rather than refused for the upload's size.
        let mayUpload = routing.route?.name.takesUpload == true && live != nil
        return PageAdmission(routing: routing, session: live.flatMap { passwordStillCurrent($0) },
                             bodyLimit: mayUpload ? HTTPDaemonConfiguration.defaultMaximumBodySize : HTTPDaemonConfiguration.smallBodySize)
    }

    /// The live signed-in session the request's cookie names, marked as used at `time`.
    private func liveSession(_ head: HTTPRequest, at time: Date) -> PageSession? {
        guard let id = head.cookies[PageSecurity.cookieName], !SignInTicket.isTicket(id),
              let session = sessions.withLock({ $0.use(id, at: time) }), session.staff != nil else { return nil }
        return session
    }

    /// `session` if its Staff member's password is still the one it began with (a password set
    /// anew, on the page or with `bookkiosk staff password`, or a removed account, ends it here).
    private func passwordStillCurrent(_ session: PageSession) -> PageSession? {
        guard let staff = session.staff else { return nil }
        let current: String?
        do {
            current = try store.read { try $0.passwordHash(staff: staff) }
        } catch {
            return session  // a fault: the page's own handler meets it again and reports it
        }
        guard let current, current == session.passwordHash else {
            sessions.withLock { $0.end(session.id) }
            return nil
        }
        return session
    }
}
