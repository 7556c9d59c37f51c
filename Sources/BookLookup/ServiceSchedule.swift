import Foundation

/// When the next request to one service may go: a polite pause after each request, and a rest
/// after a service said it is busy (429, 5xx) or could not be reached, growing while that goes
/// on. A pure value: time is an argument; `LookupService` sleeps and sends as it says.
public struct ServiceSchedule: Sendable, Equatable {
    /// Seconds between the end of one request and the start of the next.
    public var pause: Double
    /// The first rest after a busy answer or a failed connection; each one in a row doubles it.
    public var firstRest: Double
    /// The longest rest, whatever the service asked for with `Retry-After`.
    public var longestRest: Double

    public private(set) var lastFinished: Date?
    /// No request goes before this time.
    public private(set) var restingUntil: Date?
    /// The last rest's reason, for the person told to wait.
    public private(set) var restReason: String?
    /// Busy answers and failed connections in a row.
    public private(set) var troublesInARow = 0

    public static let defaultPause = 1.0
    public static let defaultFirstRest = 15.0
    public static let defaultLongestRest = 600.0

    public init(pause: Double = ServiceSchedule.defaultPause, firstRest: Double = ServiceSchedule.defaultFirstRest,
                longestRest: Double = ServiceSchedule.defaultLongestRest) {
        self.pause = pause
        self.firstRest = firstRest
        self.longestRest = longestRest
    }

    /// What to do with a request wanted at `now`.
    public enum Admission: Sendable, Equatable {
        case sendNow
        /// Wait this many seconds (the polite pause), then send.
        case sendAfter(Double)
        /// Do not send: the service is resting until then, because of `reason`.
        case resting(until: Date, reason: String)
    }

    public func admission(at now: Date) -> Admission {
        if let restingUntil, now < restingUntil {
            return .resting(until: restingUntil, reason: restReason ?? "it was busy")
        }
        guard let lastFinished else { return .sendNow }
        let wait = lastFinished.addingTimeInterval(pause).timeIntervalSince(now)
        return wait > 0 ? .sendAfter(wait) : .sendNow
    }

    /// How a request ended.
    public enum Ending: Sendable, Equatable {
        /// An answer the service meant (2xx, 404, …).
        case answered
        /// 429 or 5xx: the service asks for less; `retryAfter` is its `Retry-After`, if any.
        case busy(status: Int, retryAfter: Double?)
        /// No answer: the connection failed or timed out (`reason` says which).
        case unreachable(reason: String)
    }

    public mutating func finished(at now: Date, _ ending: Ending) {
        lastFinished = now
        switch ending {
        case .answered:
            troublesInARow = 0
            restingUntil = nil
            restReason = nil
        case .busy(let status, let retryAfter):
            troublesInARow += 1
            rest(at: now, atLeast: retryAfter ?? 0, reason: "it answered \(status) (busy)")
        case .unreachable(let reason):
            troublesInARow += 1
            rest(at: now, atLeast: 0, reason: reason)
        }
    }

    private mutating func rest(at now: Date, atLeast asked: Double, reason: String) {
        let growing = firstRest * pow(2, Double(min(troublesInARow - 1, 16)))
        let seconds = min(longestRest, max(asked, growing))
        restingUntil = now.addingTimeInterval(seconds)
        restReason = reason
    }
}
