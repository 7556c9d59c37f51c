import Foundation

/// One browser's session on the page, kept on the server; the browser holds only its id.
public struct PageSession: Sendable, Equatable {
    /// 256 random bits, hex: the cookie's value.
    public var id: String
    /// The Staff member signed in; nil for a browser that has only opened the sign-in page (its
    /// session carries the sign-in form's CSRF token).
    public var staff: String?
    /// The token every POST form of this session carries in its `csrf` field.
    public var csrf: String
    public var lastSeen: Date
    /// A line to show once on the next page (after a change and its redirect).
    public var notice: PageNotice?

    public init(id: String, staff: String?, csrf: String, lastSeen: Date, notice: PageNotice? = nil) {
        self.id = id
        self.staff = staff
        self.csrf = csrf
        self.lastSeen = lastSeen
        self.notice = notice
    }
}

/// The server's sessions: a pure value, time as an argument. A session not used for
/// `idleSeconds` is gone; so is one ended by signing out.
public struct SessionTable: Sendable, Equatable {
    public static let defaultIdleMinutes = 30
    /// The most sessions kept; beyond it the least recently used go first, so opening the
    /// sign-in page in a loop cannot fill the memory.
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

    /// Ends every session of the Staff member (their account was removed).
    public mutating func endAll(staff name: String) {
        sessions = sessions.filter { $0.value.staff != name }
    }

    public var count: Int { sessions.count }
}

/// A line left by a change for the next page: what was done, or why it was not.
public struct PageNotice: Sendable, Equatable {
    public var text: String
    /// Whether it says why something was not done (shown as a warning, not as done).
    public var isRefusal: Bool

    public init(_ text: String, isRefusal: Bool = false) {
        self.text = text
        self.isRefusal = isRefusal
    }
}
