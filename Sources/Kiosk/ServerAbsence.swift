import Foundation
import Feedback
import Lending

/// The shared database server as the kiosk last found it, while it is away (DESIGN.md §12):
/// since when, when it was last tried, and the lends whose answer was lost with it.
public struct ServerAbsence: Sendable, Equatable {
    /// The first scan that found the server away.
    public var since: Date
    /// The latest attempt to reach it (a scan or a retry).
    public var lastAttempt: Date
    /// Lends whose answer was lost: looked up when the server is back, before anyone is told.
    public var uncertainLends: [UncertainLend]
    /// The fault the latest scan found, told to a child whose return was kept.
    public var fault: KioskFault?
    /// Journal entries applied by retries that ran out of time, and the Outcomes they told:
    /// counted into the "back" log line.
    var journalApplied = 0
    var returnsApplied = 0

    public init(since: Date, lastAttempt: Date, uncertainLends: [UncertainLend] = [], fault: KioskFault? = nil) {
        self.since = since
        self.lastAttempt = lastAttempt
        self.uncertainLends = uncertainLends
        self.fault = fault
    }
}

/// A scan in a Session whose answer was lost with the connection: it may have lent the Book.
public struct UncertainLend: Sendable, Equatable {
    public var barcode: String
    public var user: User
    public var time: Date

    public init(barcode: String, user: User, time: Date) {
        self.barcode = barcode
        self.user = user
        self.time = time
    }
}

/// A journal entry a retry looked up, and what it came to: an Outcome to tell (a return owed
/// applied, a lend whose answer was lost found written), or nil where there is nothing to tell.
public struct ResolvedScan: Sendable, Equatable {
    public var id: String
    public var outcome: Outcome?

    public init(id: String, outcome: Outcome?) {
        self.id = id
        self.outcome = outcome
    }
}

/// What a `retryServer` effect came to.
public struct ServerRetry: Sendable, Equatable {
    /// The journal's entries looked up, in the order they were resolved: their Outcomes are told
    /// first, each entry forgotten once its own is told.
    public var resolved: [ResolvedScan]
    /// Outcomes written now at their scans' times with no journal entry behind them (lends found
    /// written after all, on a kiosk with no journal): told after those of `resolved`.
    /// Everything a retry resolved is told whether or not it got to the end.
    public var deferred: [Outcome]
    /// Entries the journal held (applied, or found to need nothing).
    public var journalled: Int
    /// How many of the uncertain lends handed to the retry were looked up (in order).
    public var lendsLookedUp: Int
    /// Why the retry stopped short; nil when the server answered everything.
    public var fault: KioskFault?
    /// Journal entries left for the next retry (it ran out of its time): the server answers,
    /// but the absence lasts until the journal is applied.
    public var remaining: Int

    public init(resolved: [ResolvedScan] = [], deferred: [Outcome] = [], journalled: Int = 0, lendsLookedUp: Int = 0,
                fault: KioskFault? = nil, remaining: Int = 0) {
        self.resolved = resolved
        self.deferred = deferred
        self.journalled = journalled
        self.lendsLookedUp = lendsLookedUp
        self.fault = fault
        self.remaining = remaining
    }

    /// Every Outcome the retry tells, in order: the journal's, then the rest.
    public var told: [Outcome] { resolved.compactMap(\.outcome) + deferred }
}

/// A line for the grown-ups' log that the machine decides to write (the runtime only writes it).
public enum KioskLogLine: Sendable, Equatable {
    /// The server could not be reached; `detail` is the fault's text.
    case serverAway(detail: String, retrySeconds: TimeInterval)
    /// The server answered again after `seconds`: the journal's `journalled` scans were applied,
    /// `returned` of them as returns, and `lendsFound` lends whose answer was lost were found written.
    case serverBack(afterSeconds: TimeInterval, journalled: Int, returned: Int, lendsFound: Int)
    /// The server answered but the journal could not be applied; kept for the next try.
    case journalNotApplied(detail: String)

    /// The line, in English (like every log line), on one line.
    public var text: String {
        switch self {
        case .serverAway(let detail, let retrySeconds):
            return "database server away: \(KioskLogLine.oneLine(detail)); returns are kept in the journal, "
                + "lends and Cards are refused kindly, and the server is tried again every \(Int(retrySeconds)) s"
        case .serverBack(let seconds, let journalled, let returned, let lendsFound):
            let lends = lendsFound > 0 ? "; \(lendsFound) lend(s) whose answer was lost were found written" : ""
            return "database server back after \(KioskLogLine.duration(seconds)); \(journalled) scan(s) kept in the journal meanwhile "
                + "were applied, \(returned) of them as returns\(lends)"
        case .journalNotApplied(let detail):
            return "database server answers, but the journal could not be applied (kept for the next try): \(KioskLogLine.oneLine(detail))"
        }
    }

    /// `text` folded onto one line, each run of spaces, tabs and line breaks one space: a
    /// store's message may arrive over several lines (libpq's `DETAIL:`, `HINT:`).
    public static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// `45 s`, `3 min 20 s`, `2 h 5 min`.
    static func duration(_ seconds: TimeInterval) -> String {
        let whole = max(0, Int(seconds.rounded()))
        if whole < 60 { return "\(whole) s" }
        if whole < 3600 { return "\(whole / 60) min \(whole % 60) s" }
        return "\(whole / 3600) h \(whole % 3600 / 60) min"
    }
}
