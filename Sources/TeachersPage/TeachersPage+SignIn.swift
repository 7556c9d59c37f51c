import Foundation
import HTTPServer
import Lending
import StaffPIN

extension TeachersPage {
    /// `GET /sign-in`: the form. A browser without a session gets one that is not signed in,
    /// only to carry the form's CSRF token.
    func signInForm(_ request: HTTPRequest, session: PageSession?, at time: Date) -> HTTPResponse {
        if session?.staff != nil {
            return HTTPResponse(status: 303, headers: [("Location", PagePath.home), ("Cache-Control", "no-store")])
        }
        let (anonymous, cookie) = session.map { ($0, nil) } ?? startSession(staff: nil, at: time, secure: request.isSecure)
        let message = request.value("out") == "1" ? words.signedOut : request.value("ended") == "1" ? words.sessionEnded : nil
        return signInPage(anonymous, name: "", message: message, status: 200, cookie: cookie)
    }

    /// `POST /sign-in` (its token and origin already checked): the password is checked unless the
    /// account must wait or is locked; a right one starts a new session with a new id.
    func signIn(_ request: HTTPRequest, session: PageSession?, at time: Date) -> HTTPResponse {
        guard let session else { return forbidden(session: nil) }
        let name = (request.value("name") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let password = request.value("password") ?? ""
        let found: (exists: Bool, hash: String?, record: SignInRecord)
        do {
            found = try store.read { tx in
                let exists = try !name.isEmpty && tx.staffAccounts().contains { $0.name == name }
                return (exists, exists ? try tx.passwordHash(staff: name) : nil, exists ? try tx.signInRecord(staff: name) : SignInRecord())
            }
        } catch {
            return signInPage(session, name: name, message: words.fault(String(describing: error)), status: 500, cookie: nil)
        }
        switch SignInThrottle.verdict(found.record, at: time) {
        case .open:
            break
        case .wait(let until):
            let seconds = Int(until.timeIntervalSince(time).rounded(.up))
            return signInPage(session, name: name, message: words.tryAgain(inSeconds: seconds), status: 429, cookie: nil)
        case .locked(let until):
            return signInPage(session, name: name, message: lockedMessage(until, at: time), status: 429, cookie: nil)
        }
        // Checked outside the repository's lock: yescrypt takes a while on purpose.
        let hash = found.hash ?? decoy()
        passwordCheck.lock()
        let right = PagePassword.verify(password, against: hash)
        passwordCheck.unlock()
        if right, found.hash != nil {
            do {
                try store.write { tx in
                    if found.record != SignInRecord() { try tx.save(SignInRecord(), staff: name) }
                    try tx.record(AuditEntry(time: time, staff: name, action: PageAction.signedIn.rawValue,
                                             detail: "signed in to the teachers' page"))
                }
            } catch {
                return signInPage(session, name: name, message: words.fault(String(describing: error)), status: 500, cookie: nil)
            }
            sessions.withLock { $0.end(session.id) }
            let (_, cookie) = startSession(staff: name, at: time, secure: request.isSecure)
            return HTTPResponse(status: 303, headers: [("Location", PagePath.home), ("Cache-Control", "no-store"), ("Set-Cookie", cookie!)])
        }
        var message = words.wrongNameOrPassword
        if found.exists {
            let record = SignInThrottle.failing(found.record, at: time)
            let locked = record.lockedUntil.map { $0 > time } ?? false
            _ = try? store.write { tx in
                try tx.save(record, staff: name)
                try tx.record(AuditEntry(time: time, staff: nil, action: (locked ? PageAction.signInLocked : .signInFailed).rawValue,
                                         detail: locked ? "a wrong password for \(name); sign-in to this account is paused for \(Int(SignInThrottle.lockSeconds / 60)) minutes"
                                                        : "a wrong password for \(name)"))
            }
            if locked, let until = record.lockedUntil { message = lockedMessage(until, at: time) }
        }
        return signInPage(session, name: name, message: message, status: 401, cookie: nil)
    }

    /// `POST /sign-out`: the session ends on the server and the browser forgets its cookie.
    func signOut(_ context: PageContext) -> HTTPResponse {
        sessions.withLock { $0.end(context.session.id) }
        _ = try? store.write { tx in
            try tx.record(AuditEntry(time: context.now, staff: context.staff, action: PageAction.signedOut.rawValue,
                                     detail: "signed out of the teachers' page"))
        }
        return HTTPResponse(status: 303, headers: [("Location", PagePath.signIn + "?out=1"), ("Cache-Control", "no-store"),
                                                   ("Set-Cookie", PageSecurity.clearedCookie(secure: context.request.isSecure))])
    }

    /// A new session with a new random id; returns it and its `Set-Cookie` value.
    func startSession(staff: String?, at time: Date, secure: Bool) -> (PageSession, String?) {
        let session = PageSession(id: PageSecurity.randomToken(), staff: staff, csrf: PageSecurity.randomToken(), lastSeen: time)
        sessions.withLock { $0.keep(session, at: time) }
        return (session, PageSecurity.cookie(session.id, secure: secure))
    }

    private func lockedMessage(_ until: Date, at time: Date) -> String {
        let minutes = max(1, Int((until.timeIntervalSince(time) / 60).rounded(.up)))
        return words.locked(until: PageClock.hoursAndMinutes(until, in: setup.policy.timeZone), minutes: minutes)
    }

    private func decoy() -> String {
        decoyHash.withLock { hash in
            if let hash { return hash }
            let made = (try? PagePassword.make("decoy-password-never-used")) ?? "$y$j9T$decoy$"
            hash = made
            return made
        }
    }

    private func signInPage(_ session: PageSession, name: String, message: String?, status: Int, cookie: String?) -> HTTPResponse {
        let form: HTML = .el(.form, [HTMLAttribute(.method, "post"), HTMLAttribute(.action, PagePath.signIn), .class("sign-in")],
            Form.hidden(PageSecurity.csrfField, session.csrf),
            Form.text("name", label: words.name, value: name, required: true,
                      extra: [HTMLAttribute(.autocomplete, "username"), HTMLAttribute(.autocapitalize, "off"), HTMLAttribute(.spellcheck, "false")]),
            Form.text("password", label: words.password, type: "password", required: true,
                      extra: [HTMLAttribute(.autocomplete, "current-password")]),
            Form.submit(words.signIn, style: "primary"))
        let messageNode: HTML = message.map { .el(.p, [.class(status == 200 ? "notice" : "problems"), HTMLAttribute(.role, status == 200 ? "status" : "alert")], .text($0)) } ?? .empty
        let layout = PageLayout(words: words, libraryName: setup.libraryName, heading: words.signInHeading, section: nil,
                                signedIn: nil, notice: nil, content: [messageNode, form])
        return html(layout.document, status: status, headers: cookie.map { [("Set-Cookie", $0)] } ?? [])
    }
}
