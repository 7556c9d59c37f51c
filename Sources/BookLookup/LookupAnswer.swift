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

/// Why a lookup had no answer, as a person is told it: the same few words on the page, in
/// `bookkiosk lookup` and in an import's report, whichever request met it first.
public enum LookupTrouble: Sendable, Equatable {
    /// No service could be reached (no network, no DNS, nothing answering), now or just before
    /// (then it was left to rest, and not asked again yet).
    case offline
    /// One service could not be reached, and another answered that it lacks the book.
    case someUnreached
    /// No answer came within the timeout.
    case timedOut(seconds: Double)
    /// A service said it is busy (429, 5xx), now or just before.
    case busy
    /// Something came back that is not a record.
    case unreadable

    /// The trouble of a lookup whose services gave `faults`, and said they lack the book
    /// (`notFoundAt`): offline only when none was reached; else the first other trouble.
    public init(_ faults: [ServiceFaultAt], notFoundAt: [BookService]) {
        let troubles = faults.map(\.fault.trouble)
        if let other = troubles.first(where: { $0 != .offline }) {
            self = other
        } else {
            self = notFoundAt.isEmpty ? .offline : .someUnreached
        }
    }
}

extension ServiceFault {
    /// This fault as a person is told it; a rest says what caused it.
    public var trouble: LookupTrouble {
        switch self {
        case .transfer(.hostNotFound), .transfer(.couldNotConnect): .offline
        case .transfer(.timedOut(let seconds)): .timedOut(seconds: seconds)
        case .transfer(.tooLarge), .transfer(.other), .status, .unreadable: .unreadable
        case .busy, .resting(_, .busy): .busy
        case .resting(_, .unreachable(let failure)): ServiceFault.transfer(failure).trouble
        }
    }
}

/// One service's fault.
public struct ServiceFaultAt: Sendable, Equatable {
    public var service: BookService
    public var fault: ServiceFault

    public init(service: BookService, fault: ServiceFault) {
        self.service = service
        self.fault = fault
    }
}
