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
    public private(set) var restReason: ServiceTrouble?
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
        case resting(until: Date, reason: ServiceTrouble)
    }

    public func admission(at now: Date) -> Admission {
        if let restingUntil, let restReason, now < restingUntil {
            return .resting(until: restingUntil, reason: restReason)
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
        /// No answer: the connection failed or timed out (the failure says which).
        case unreachable(TransferFailure)
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
            rest(at: now, atLeast: retryAfter ?? 0, reason: .busy(status: status))
        case .unreachable(let failure):
            troublesInARow += 1
            rest(at: now, atLeast: 0, reason: .unreachable(failure))
        }
    }

    private mutating func rest(at now: Date, atLeast asked: Double, reason: ServiceTrouble) {
        let growing = firstRest * pow(2, Double(min(troublesInARow - 1, 16)))
        let seconds = min(longestRest, max(asked, growing))
        restingUntil = now.addingTimeInterval(seconds)
        restReason = reason
    }
}

/// What went wrong the last time a service was asked, so that it rests: kept as a value, so
/// that whoever is told to wait hears the same reason as for the request that failed.
public enum ServiceTrouble: Sendable, Equatable, CustomStringConvertible {
    /// It answered 429 or 5xx.
    case busy(status: Int)
    /// No answer came (DNS, connection, timeout).
    case unreachable(TransferFailure)

    public var description: String {
        switch self {
        case .busy(let status): "it answered \(status) (busy)"
        case .unreachable(let failure): failure.description
        }
    }
}
