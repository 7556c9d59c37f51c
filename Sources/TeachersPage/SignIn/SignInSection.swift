import Foundation
import HTTPServer
import Lending
import StaffPIN

/// サインイン: the form, signing in and out, and what keeps a stranger from guessing a password
/// (the rate limit, the records of names that are no account, the decoy hash, one decision
/// at a time, the form's signed ticket).
struct SignInSection: PageSection {
    let shared: PageShared
    /// A yescrypt hash checked for names that have no password, so a wrong name takes as long
    /// as a wrong password. Made on first use.
    let decoyHash = Locked<String?>(nil)
    /// One sign-in decided at a time, from reading its account's record to counting it: yescrypt
    /// is slow on purpose, so a flood of sign-ins uses one core at most and the kiosk on the
    /// same box keeps the other for its scans; and parallel tries are counted one by one.
    let signInDecisions = NSLock()
    /// Signs the sign-in form's cookie and token with a key of this process's own.
    let signInTicket = SignInTicket(key: (0..<4).flatMap { _ -> [UInt8] in
        var generator = SystemRandomNumberGenerator()
        let word: UInt64 = generator.next()
        return (0..<8).map { UInt8(truncatingIfNeeded: word >> (8 * $0)) }
    })
    /// Sign-in tries per client address.
    let rateLimit = Locked(SignInRateLimit())
    /// Failed sign-ins for names that are no account.
    let unknownNames = Locked(UnknownNameRecords())

    static let routes: [RouteGroup] = [
        .open([
            .get("/sign-in", .signInForm, open: { page, request, session, time in page.signIn.signInForm(request, session: session, at: time) }),
        ]),
        .openWithToken([
            .post("/sign-in", .signIn, open: { page, request, session, time in page.signIn.signIn(request, session: session, at: time) }),
        ]),
        .signedInChanges([
            .post("/sign-out", .signOut) { page, _, context in page.signIn.signOut(context) },
        ]),
    ]
}

extension SignInSection {
    /// `GET /sign-in`: the form. A browser that is not signed in gets a signed cookie that goes
    /// with the form's token (`SignInTicket`); nothing is kept on the server for it.
    func signInForm(_ request: HTTPRequest, session: PageSession?, at time: Date) -> HTTPResponse {
        if session?.staff != nil {
            return HTTPResponse(status: 303, headers: [("Location", PagePath.home), ("Cache-Control", "no-store")])
        }
        let message = request.value("out") == "1" ? words.signedOut : request.value("ended") == "1" ? words.sessionEnded : nil
        // A browser keeps its ticket while it is fresh (a second tab, or a favicon's redirect
        // here, must not change the cookie under a form already shown); otherwise a new one.
        if let cookie = request.cookies[PageSecurity.cookieName],
           let token = signInTicket.token(forCookie: cookie, at: time.addingTimeInterval(SignInTicket.lifetime / 2)) {
            return signInPage(token: token, name: "", message: message, status: 200, headers: [("Cache-Control", "no-store")],
                              nobodyCanSignIn: nobodyCanSignIn(request))
        }
        let (cookie, token) = signInTicket.issue(nonce: PageSecurity.randomToken(), at: time)
        return signInPage(token: token, name: "", message: message, status: 200,
                          headers: [("Set-Cookie", PageSecurity.cookie(cookie, secure: request.isSecure)), ("Cache-Control", "no-store")],
                          nobodyCanSignIn: nobodyCanSignIn(request))
    }

    /// The sign-in form's token for this request: the session's, or the one its signed cookie
    /// goes with.
    func signInToken(_ request: HTTPRequest, session: PageSession?, at time: Date) -> String? {
        session?.csrf ?? request.cookies[PageSecurity.cookieName].flatMap { signInTicket.token(forCookie: $0, at: time) }
    }

    /// `POST /sign-in` (its token and origin already checked). Decided one at a time, each in
    /// the transaction that counts it:
    /// - a client address past `SignInRateLimit` is refused (429) before anything else;
    /// - an account that must wait or is locked refuses the try (429, `Retry-After`), the right
    ///   password included, and the try counts as a failure;
    /// - otherwise the password is checked, and a wrong one counts; a right one clears the
    ///   record and starts a new session with a new id.
    /// A name that is no account is answered exactly as a wrong password, its failures counted
    /// in memory (`unknownNames`) with the same pauses. A fault is logged; the stranger sees a
    /// plain page without its details.
    func signIn(_ request: HTTPRequest, session _: PageSession?, at time: Date) -> HTTPResponse {
        let token = signInToken(request, session: nil, at: time) ?? ""
        // The daemon always names the client; a request made in the process itself has none.
        if let client = request.clientAddress, let next = rateLimit.withLock({ $0.take(client: client, at: time) }) {
            return tooManyTries(until: next, at: time, token: token, name: "")
        }
        let name = (request.value("name") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let password = request.value("password") ?? ""
        signInDecisions.lock()
        defer { signInDecisions.unlock() }
        do {
            let found = try store.write { tx -> (hash: String?, verdict: SignInThrottle.Verdict) in
                let hash = try name.isEmpty ? nil : tx.passwordHash(staff: name)
                let record = try self.record(of: name, exists: hash != nil, tx)
                let verdict = SignInThrottle.verdict(record, at: time)
                if verdict != .open {
                    // A try in a pause counts: the lock comes at the count the rule names, however fast they come.
                    let counted = try self.countFailure(of: name, exists: hash != nil, record, at: time, tx)
                    return (hash, SignInThrottle.verdict(counted, at: time))
                }
                return (hash, .open)
            }
            if found.verdict != .open {
                return paused(found.verdict, at: time, token: token, name: name)
            }
            // yescrypt is slow on purpose; the decision lock keeps it to one check at a time,
            // so a flood of sign-ins uses one core at most.
            let right = PagePassword.verify(password, against: found.hash ?? decoy())
            if right, let hash = found.hash {
                try store.write { tx in
                    try tx.save(SignInRecord(), staff: name)
                    try LibraryDesk(staff: name, at: time).recordVisit(.signedIn, in: tx)
                }
                let cookie = startSession(staff: name, passwordHash: hash, at: time, secure: request.isSecure)
                return HTTPResponse(status: 303, headers: [("Location", PagePath.home), ("Cache-Control", "no-store"), ("Set-Cookie", cookie)])
            }
            let after = try store.write { tx in
                let exists = try !name.isEmpty && tx.passwordHash(staff: name) != nil
                let record = try self.record(of: name, exists: exists, tx)
                return SignInThrottle.verdict(try self.countFailure(of: name, exists: exists, record, at: time, tx), at: time)
            }
            switch after {
            case .open:
                return signInPage(token: token, name: name, message: words.wrongNameOrPassword, status: 401, headers: [],
                                  nobodyCanSignIn: nobodyCanSignIn(request))
            case .wait(let until):
                let seconds = Self.secondsUntil(until, from: time)
                return signInPage(token: token, name: name, message: words.wrongNameOrPassword + " " + words.tryAgain(inSeconds: seconds),
                                  status: 401, headers: [("Retry-After", "\(seconds)")])
            case .locked:
                return paused(after, at: time, token: token, name: name)
            }
        } catch {
            // To the log, never to a stranger: a database's path and state are nobody's business here.
            FileHandle.standardError.write(Data("teachers' page: a sign-in could not be decided: \(error)\n".utf8))
            return signInPage(token: token, name: name, message: words.signInFault, status: 500, headers: [])
        }
    }

    /// The record of `name`: the account's, or, for a name that is no account, the one kept in memory.
    private func record(of name: String, exists: Bool, _ tx: any LendingTransaction) throws -> SignInRecord {
        exists ? try tx.signInRecord(staff: name) : unknownNames.withLock { $0.record(for: name) }
    }

    /// Counts one failure for `name` in the transaction `tx` (for a name that is no account, in
    /// memory), with its audit entry either way; returns the record after it.
    private func countFailure(of name: String, exists: Bool, _ record: SignInRecord, at time: Date,
                              _ tx: any LendingTransaction) throws -> SignInRecord {
        let next = SignInThrottle.failing(record, at: time)
        let locked = next.lockedUntil.map { $0 > time } ?? false
        if exists {
            try tx.save(next, staff: name)
        } else {
            unknownNames.withLock { $0.keep(next, for: name) }
        }
        try LibraryDesk.recordWrongSecret(.password(account: name), lockedFor: locked ? Int(SignInThrottle.lockSeconds) : nil,
                                          at: time, in: tx)
        return next
    }

    /// 429 for an account that must wait or is locked, with `Retry-After` and a message that
    /// names the whole wait (never less).
    private func paused(_ verdict: SignInThrottle.Verdict, at time: Date, token: String, name: String) -> HTTPResponse {
        switch verdict {
        case .open:
            return signInPage(token: token, name: name, message: words.wrongNameOrPassword, status: 401, headers: [])
        case .wait(let until):
            return tooManyTries(until: until, at: time, token: token, name: name)
        case .locked(let until):
            return signInPage(token: token, name: name, message: lockedMessage(until, at: time), status: 429,
                              headers: [("Retry-After", "\(Self.secondsUntil(until, from: time))")])
        }
    }

    private func tooManyTries(until: Date, at time: Date, token: String, name: String) -> HTTPResponse {
        let seconds = Self.secondsUntil(until, from: time)
        return signInPage(token: token, name: name, message: words.tryAgain(inSeconds: seconds), status: 429,
                          headers: [("Retry-After", "\(seconds)")])
    }

    /// Whole seconds from `time` to `until`, rounded up: a wait announced is never shorter than the real one.
    static func secondsUntil(_ until: Date, from time: Date) -> Int {
        max(1, Int(until.timeIntervalSince(time).rounded(.up)))
    }

    /// `POST /sign-out`: the session ends on the server and the browser forgets its cookie.
    func signOut(_ context: PageContext) -> HTTPResponse {
        sessions.withLock { $0.end(context.session.id) }
        _ = try? store.write { tx in
            try LibraryDesk(staff: context.staff, at: context.now).recordVisit(.signedOut, in: tx)
        }
        return HTTPResponse(status: 303, headers: [("Location", PagePath.signIn + "?out=1"), ("Cache-Control", "no-store"),
                                                   ("Set-Cookie", PageSecurity.clearedCookie(secure: context.request.isSecure))])
    }

    /// A new signed-in session with a new random id; returns its `Set-Cookie` value.
    func startSession(staff: String, passwordHash: String, at time: Date, secure: Bool) -> String {
        let session = PageSession(id: PageSecurity.randomToken(), staff: staff, csrf: PageSecurity.randomToken(), lastSeen: time,
                                  passwordHash: passwordHash)
        sessions.withLock { $0.keep(session, at: time) }
        return PageSecurity.cookie(session.id, secure: secure)
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

    /// Whether to tell a request from the server itself (whoever sits there can run a command)
    /// that nobody can sign in yet: while no Staff member has a page password. Never anyone
    /// else, nor when the library cannot be read.
    func nobodyCanSignIn(_ request: HTTPRequest) -> Bool {
        guard request.comesFromLoopback,
              let anyone = try? store.read({ tx in try tx.staffAccounts().contains { try tx.passwordHash(staff: $0.name) != nil } })
        else { return false }
        return !anyone
    }

    private func signInPage(token: String, name: String, message: String?, status: Int, headers: [(name: String, value: String)],
                            nobodyCanSignIn: Bool = false) -> HTTPResponse {
        let signIn = SignInPage(token: token, name: name, message: message, isProblem: status != 200,
                                nobodyCanSignIn: nobodyCanSignIn, libraryOptions: setup.libraryOptions)
        let layout = PageLayout(words: words, libraryName: setup.libraryName, heading: words.signInHeading, section: nil,
                                signedIn: nil, notice: nil, content: signIn.content(words: words))
        return html(layout.document, status: status, headers: headers)
    }
}

/// Failed sign-ins for names that are no account, kept in memory only so such a name is
/// answered exactly as an account's would be (the same pauses); at most `capacity` names, the
/// ones that failed longest ago forgotten first.
struct UnknownNameRecords: Sendable {
    static let capacity = 1_000
    private var records: [String: SignInRecord] = [:]

    func record(for name: String) -> SignInRecord { records[name] ?? SignInRecord() }

    mutating func keep(_ record: SignInRecord, for name: String) {
        records[name] = record
        while records.count > Self.capacity,
              let oldest = records.min(by: { ($0.value.lastFailure ?? .distantPast) < ($1.value.lastFailure ?? .distantPast) }) {
            records[oldest.key] = nil
        }
    }
}

extension TeachersPage {
    /// The sign-in form's token for this request (the dispatcher checks it before an open route's handler).
    func signInToken(_ request: HTTPRequest, session: PageSession?, at time: Date) -> String? {
        signIn.signInToken(request, session: session, at: time)
    }
}
