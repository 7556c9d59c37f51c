import Foundation

/// One browser's session on the page, kept on the server; the browser holds only its id.
public struct PageSession: Sendable, Equatable {
    /// 256 random bits, hex: the cookie's value.
    public var id: String
    /// The Staff member signed in. (A browser that has only opened the sign-in page has no
    /// session on the server: its form's token comes with a signed cookie, `SignInTicket`.)
    public var staff: String?
    /// The Staff member's password hash when this session began (or when they set a new one
    /// from it): a session whose account has another password now, set on the page or with
    /// `bookkiosk staff password`, has ended.
    public var passwordHash: String?
    /// The token every POST form of this session carries in its `csrf` field.
    public var csrf: String
    public var lastSeen: Date
    /// A line to show once on the next page (after a change and its redirect).
    public var notice: PageNotice?

    public init(id: String, staff: String?, csrf: String, lastSeen: Date, notice: PageNotice? = nil, passwordHash: String? = nil) {
        self.id = id
        self.staff = staff
        self.passwordHash = passwordHash
        self.csrf = csrf
        self.lastSeen = lastSeen
        self.notice = notice
    }
}

/// The server's sessions: a pure value, time as an argument. A session not used for
/// `idleSeconds` is gone; so is one ended by signing out.
public struct SessionTable: Sendable, Equatable {
    public static let defaultIdleMinutes = 30
    /// The most sessions kept; beyond it the least recently used go first. Only signing in
    /// makes a session (with a right password, at a rate `SignInRateLimit` bounds): a flood of
    /// sign-in pages makes none, so it cannot push a signed-in teacher out.
    public static let capacity = 2_000

    public var idleSeconds: Double
    private(set) var sessions: [String: PageSession] = [:]

    public init(idleSeconds: Double = Double(SessionTable.defaultIdleMinutes * 60)) {
        self.idleSeconds = idleSeconds
    }

    /// The live session with this id, marked as used at `now`; nil (and forgotten) when it
    /// idled out.
    public mutating func use(_ id: String, at now: Date) -> PageSession? {
        guard var session = sessions[id] else { return nil }
        guard now.timeIntervalSince(session.lastSeen) < idleSeconds else {
            sessions[id] = nil
            return nil
        }
        session.lastSeen = now
        sessions[id] = session
        return session
    }

    /// Keeps `session` (new, or changed), dropping idle ones and, past `capacity`, the least
    /// recently used.
    public mutating func keep(_ session: PageSession, at now: Date) {
        sessions[session.id] = session
        guard sessions.count > SessionTable.capacity else { return }
        sessions = sessions.filter { now.timeIntervalSince($0.value.lastSeen) < idleSeconds }
        while sessions.count > SessionTable.capacity,
              let oldest = sessions.values.min(by: { $0.lastSeen < $1.lastSeen }) {
            sessions[oldest.id] = nil
        }
    }

    /// Leaves a line for the session's next page.
    public mutating func leave(_ notice: PageNotice, for id: String) {
        sessions[id]?.notice = notice
    }

    /// The line left for this session, once.
    public mutating func takeNotice(_ id: String) -> PageNotice? {
        defer { sessions[id]?.notice = nil }
        return sessions[id]?.notice
    }

    public mutating func end(_ id: String) {
        sessions[id] = nil
    }

    /// Ends every session of the Staff member (their account was removed, or their password
    /// set anew), but the one with id `kept` (the session that set it, for one's own password).
    public mutating func endAll(staff name: String, except kept: String? = nil) {
        sessions = sessions.filter { $0.value.staff != name || $0.key == kept }
    }

    /// Records the password hash a session now goes with (its own Staff member set a new one).
    public mutating func setPasswordHash(_ hash: String, for id: String) {
        sessions[id]?.passwordHash = hash
    }

    public var count: Int { sessions.count }
}

/// A line left by a change for the next page: what was done, or why it was not.
public struct PageNotice: Sendable, Equatable {
    public var text: String
    /// Whether it says why something was not done (shown as a warning, not as done).
    public var isRefusal: Bool
    /// The id of the part of the page it is about (the fragment of the address it was left
    /// for): shown there, where the teacher acted, rather than at the top of a long page.
    public var place: String?

    public init(_ text: String, isRefusal: Bool = false, place: String? = nil) {
        self.text = text
        self.isRefusal = isRefusal
        self.place = place
    }
}
