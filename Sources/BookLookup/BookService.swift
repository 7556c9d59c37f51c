import Foundation

/// The two services a book is looked up at, in the order they are asked.
public enum BookService: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// NDL Search's SRU (`/api/sru`, DC-NDL records of the NDL's own catalogue).
    case ndl
    /// openBD (`/v1/get`).
    case openBD = "openbd"

    /// The service as a sentence names it: "the NDL", "openBD".
    public var description: String {
        switch self {
        case .ndl: "the NDL"
        case .openBD: "openBD"
        }
    }

    /// The request for one ISBN at a service whose base URL is `base`.
    public func url(for isbn: ISBN, base: String) -> String {
        let root = base.hasSuffix("/") ? String(base.dropLast()) : base
        switch self {
        case .ndl:
            // dpid=iss-ndl-opac keeps the answer to the NDL's own catalogue (without it one ISBN
            // can bring dozens of records from other libraries).
            let query = "isbn=\"\(isbn.digits)\" AND dpid=iss-ndl-opac"
            let encoded = query.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? query
            return "\(root)/api/sru?operation=searchRetrieve&version=1.2&recordSchema=dcndl&recordPacking=xml&maximumRecords=1&query=\(encoded)"
        case .openBD:
            return "\(root)/v1/get?isbn=\(isbn.digits)"
        }
    }

    /// The service's base URL in `settings`.
    public func base(in settings: LookupSettings) -> String {
        switch self {
        case .ndl: settings.ndlSearch
        case .openBD: settings.openBD
        }
    }

    /// Reads one answer of this service.
    func read(_ body: Data, isbn: ISBN, at time: Date) -> SourceReading {
        switch self {
        case .ndl: NDLSearchAnswer.read(body, isbn: isbn, at: time)
        case .openBD: OpenBDAnswer.read(body, isbn: isbn, at: time)
        }
    }
}

/// Why one service gave no record, when it was not simply "not found".
public enum ServiceFault: Error, Sendable, Equatable, CustomStringConvertible {
    /// No answer came (DNS, connection, timeout).
    case transfer(TransferFailure)
    /// 429 or 5xx: it is busy or broken for now.
    case busy(status: Int)
    /// Another status than an answer (403, 404, …).
    case status(Int)
    /// Not asked: it is resting after `reason`, until `until`.
    case resting(until: Date, reason: ServiceTrouble)
    /// It answered, but not with what a record is.
    case unreadable(String)

    public var description: String {
        switch self {
        case .transfer(let failure): failure.description
        case .busy(let status): "it answered \(status): it is busy or down for now; BookKiosk waits before asking it again"
        case .status(let status): "it answered HTTP \(status) instead of a record"
        case .resting(let until, let reason):
            "it was not asked: \(reason) a moment ago, so BookKiosk waits until \(until.formatted(date: .omitted, time: .standard)) before asking again"
        case .unreadable(let detail): detail
        }
    }
}
