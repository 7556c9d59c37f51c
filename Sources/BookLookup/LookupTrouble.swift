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
