import Foundation
import Digest

/// The sign-in form's defence against a forged sign-in, without anything kept on the server
/// for a visitor who has not signed in: the browser gets a signed cookie
/// (`bookkiosk_session=signin.NONCE.ISSUED.MAC`), the form a token derived from the same nonce
/// under the page's key. A POST must bring both, made by this page within `lifetime`. A flood
/// of sign-in pages costs the server nothing to remember, and cannot push a signed-in
/// session out of the `SessionTable`.
struct SignInTicket: Sendable {
    /// How long a sign-in form stays usable: a teacher who leaves it open longer gets a new one.
    static let lifetime: Double = 60 * 60
    static let prefix = "signin."

    /// The page's own random key, made when it starts (a restart makes open forms ask again).
    let key: [UInt8]

    init(key: [UInt8]) {
        self.key = key
    }

    /// A new ticket: the cookie's value and the form's token.
    func issue(nonce: String, at time: Date) -> (cookie: String, token: String) {
        let issued = String(Int(time.timeIntervalSince1970))
        return (Self.prefix + "\(nonce).\(issued).\(mac("cookie", nonce, issued))", mac("token", nonce, issued))
    }

    /// Whether `value` is a cookie of this page's sign-in form.
    static func isTicket(_ value: String) -> Bool { value.hasPrefix(prefix) }

    /// The form token that goes with the cookie `value`, if this page signed it and it is not
    /// older than `lifetime` at `time`; nil otherwise.
    func token(forCookie value: String, at time: Date) -> String? {
        guard value.hasPrefix(Self.prefix) else { return nil }
        let parts = value.dropFirst(Self.prefix.count).split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, let issued = Double(parts[1]) else { return nil }
        guard PageSecurity.constantTimeEquals(Array(parts[2].utf8), Array(mac("cookie", parts[0], parts[1]).utf8)) else { return nil }
        let age = time.timeIntervalSince1970 - issued
        guard age >= -60, age <= Self.lifetime else { return nil }
        return mac("token", parts[0], parts[1])
    }

    private func mac(_ purpose: String, _ nonce: String, _ issued: String) -> String {
        HMACSHA256.mac(key: key, message: Array("\(purpose)|\(nonce)|\(issued)".utf8))
            .map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}

/// How often one client address may try to sign in: a bucket of `burst`
/// tries that fills again by one every `secondsPerTry`. A pure value; time is an argument.
/// This computer's own addresses (`unlimited`) are not limited, as the daemon does not limit
/// their connections: a program on it could stop the page anyway, and the per-account pauses
/// still hold for them.
/// At most `capacity` addresses are remembered: the ones seen longest ago are forgotten first
/// (a forgotten address has a full bucket, which is what a full bucket means anyway).
public struct SignInRateLimit: Sendable, Equatable {
    public static let burst = 10
    public static let secondsPerTry: Double = 6
    public static let capacity = 4_096
    public static let unlimited: Set<String> = ["127.0.0.1", "::1"]

    struct Bucket: Sendable, Equatable {
        var tries: Double
        var at: Date
    }

    private(set) var buckets: [String: Bucket] = [:]

    public init() {}

    /// Takes one try for `client` at `now`: nil when it may go ahead, else the time its next
    /// try will be allowed.
    public mutating func take(client: String, at now: Date) -> Date? {
        if Self.unlimited.contains(client) { return nil }
        var bucket = buckets[client] ?? Bucket(tries: Double(Self.burst), at: now)
        let refilled = max(0, now.timeIntervalSince(bucket.at)) / Self.secondsPerTry
        bucket.tries = min(Double(Self.burst), bucket.tries + refilled)
        bucket.at = now
        guard bucket.tries >= 1 else {
            buckets[client] = bucket
            return now.addingTimeInterval((1 - bucket.tries) * Self.secondsPerTry)
        }
        bucket.tries -= 1
        buckets[client] = bucket
        if buckets.count > Self.capacity {
            let full = buckets.filter { now.timeIntervalSince($0.value.at) >= Double(Self.burst) * Self.secondsPerTry }
            for key in full.keys { buckets[key] = nil }
            while buckets.count > Self.capacity, let oldest = buckets.min(by: { $0.value.at < $1.value.at }) {
                buckets[oldest.key] = nil
            }
        }
        return nil
    }
}
