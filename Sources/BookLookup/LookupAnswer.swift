import Lending

/// What a lookup of one ISBN came to.
public enum LookupAnswer: Sendable, Equatable {
    /// Found. `origin` says whether it came from a service now or from the library's cache;
    /// `differing` holds the other service's record when the two disagree on the title (the
    /// NDL's record wins; the page says so).
    case found(BookRecord, origin: LookupOrigin, differing: BookRecord?)
    case notFound(LookupProblem)

    public var record: BookRecord? {
        if case .found(let record, _, _) = self { record } else { nil }
    }
}

/// Where an answer came from, as `bookkiosk lookup --json` names it (`ndl`, `openbd`, `cache`).
public enum LookupOrigin: Sendable, Hashable {
    case service(BookService)
    case cache

    public var name: String {
        switch self {
        case .service(let service): service.rawValue
        case .cache: "cache"
        }
    }
}

/// Why no record came for an ISBN, worded for the person who asked.
public enum LookupProblem: Sendable, Equatable, CustomStringConvertible {
    /// The text is not an ISBN; nothing was asked.
    case invalidISBN(ISBN.Invalid)
    /// The configuration turned lookups off (`"lookup": false`) and the cache has no record.
    case lookupsOff(isbn: String)
    /// Every service answered, and none has it.
    case notFound(isbn: String)
    /// At least one service could not answer; `faults` says why, `notFoundAt` names those that
    /// answered without it.
    case unanswered(isbn: String, faults: [ServiceFaultAt], notFoundAt: [BookService])

    public var description: String {
        switch self {
        case .invalidISBN(let invalid):
            invalid.description
        case .lookupsOff(let isbn):
            "ISBN \(isbn) was not looked up: lookups are turned off (\"lookup\": false in the configuration), and it was not looked up before"
        case .notFound(let isbn):
            "ISBN \(isbn) was not found at the NDL or openBD"
        case .unanswered(let isbn, let faults, let notFoundAt):
            "ISBN \(isbn) could not be looked up: "
                + (faults.map { "\($0.service) — \($0.fault.description)" } + notFoundAt.map { "\($0) does not have it" })
                    .joined(separator: "; ")
        }
    }

    /// Whether trying again later may find it (a service could not answer).
    public var isWorthRetrying: Bool {
        if case .unanswered = self { true } else { false }
    }

    /// What kept the services from answering, when one could not.
    public var trouble: LookupTrouble? {
        guard case .unanswered(_, let faults, let notFoundAt) = self else { return nil }
        return LookupTrouble(faults, notFoundAt: notFoundAt)
    }
}
