/// The daemon's connections as a pure value: who is connected from where, how long each has
/// been at its request, and which have overstayed. Time is an argument; the daemon feeds it
/// libmicrohttpd's notifications and closes what `overdue(at:)` names.
///
/// The rules: a client address may hold at most `limits.perClient` connections at
/// once (addresses in `limits.unlimitedClients` excepted); a request's head (request line and
/// headers) must arrive within `limits.headTime` of the connection opening or of its previous
/// answer (so a silent or dribbling socket is closed however often it sends a byte), and the
/// whole request, body and answer included, within `limits.requestTime`.
public struct ConnectionWatch: Sendable, Equatable {
    public struct Limits: Sendable, Equatable {
        public var perClient: Int
        public var unlimitedClients: Set<String>
        public var headTime: Duration
        public var requestTime: Duration

        public init(perClient: Int, unlimitedClients: Set<String>, headTime: Duration, requestTime: Duration) {
            self.perClient = perClient
            self.unlimitedClients = unlimitedClients
            self.headTime = headTime
            self.requestTime = requestTime
        }
    }

    /// One open connection.
    struct Connection: Sendable, Equatable {
        var client: String
        var descriptor: Int32
        /// When the connection opened or its last answer was sent: its current request's start.
        var since: ContinuousClock.Instant
        var headRead = false
        var closing = false
    }

    public let limits: Limits
    private(set) var connections: [Int: Connection] = [:]
    private(set) var perClient: [String: Int] = [:]

    public init(limits: Limits) {
        self.limits = limits
    }

    /// Whether a new connection from `client` may be accepted.
    public func mayAccept(_ client: String) -> Bool {
        limits.unlimitedClients.contains(client) || perClient[client, default: 0] < limits.perClient
    }

    /// Watches the connection `id`; returns false when it is one more than its client may hold.
    /// The accept policy (`mayAccept`) turns most of those away, but libmicrohttpd's pool
    /// threads accept side by side, and two connections from one client can each pass it before
    /// either is counted here: the one counted second must then be closed at once (it is kept,
    /// marked closing, until libmicrohttpd says it closed).
    @discardableResult
    public mutating func opened(_ id: Int, client: String, descriptor: Int32, at now: ContinuousClock.Instant) -> Bool {
        let within = limits.unlimitedClients.contains(client) || perClient[client, default: 0] < limits.perClient
        connections[id] = Connection(client: client, descriptor: descriptor, since: now, closing: !within)
        perClient[client, default: 0] += 1
        return within
    }

    /// The request's head was read (the handler is first called).
    public mutating func headRead(_ id: Int) {
        connections[id]?.headRead = true
    }

    /// The request was answered (or abandoned); the connection may wait for its next one.
    public mutating func requestEnded(_ id: Int, at now: ContinuousClock.Instant) {
        connections[id]?.headRead = false
        connections[id]?.since = now
    }

    public mutating func closed(_ id: Int) {
        guard let connection = connections.removeValue(forKey: id) else { return }
        let left = perClient[connection.client, default: 1] - 1
        perClient[connection.client] = left > 0 ? left : nil
    }

    /// The sockets of connections that overstayed at `now`, each named once (marked closing).
    public mutating func overdue(at now: ContinuousClock.Instant) -> [Int32] {
        var late: [Int32] = []
        for (id, connection) in connections where !connection.closing {
            let allowed = connection.headRead ? limits.requestTime : limits.headTime
            if now - connection.since > allowed {
                connections[id]?.closing = true
                late.append(connection.descriptor)
            }
        }
        return late
    }

    public var count: Int { connections.count }
}
