import Foundation
import HTTPServer

/// Routes that share who may open them and what their requests must carry, as Hummingbird's
/// `RouterGroup` or Vapor's `grouped(...)`: being signed in and carrying the CSRF token are
/// properties of a group, so no route can forget them.
struct RouteGroup: Sendable {
    enum Access: Sendable, Hashable {
        /// Open without a session (the stylesheet, the way to sign in).
        case open
        /// Only with a signed-in session; without one the browser is sent to sign in.
        case signedIn
    }

    var access: Access
    /// Whether every request must carry the session's CSRF token and, when the browser sends
    /// one, this page's own `Origin` (`PageSecurity.check`), before its handler sees it.
    var checksToken: Bool
    var endpoints: [PageEndpoint]

    /// Open to anyone; nothing to check.
    static func open(_ endpoints: [PageEndpoint]) -> RouteGroup {
        RouteGroup(access: .open, checksToken: false, endpoints: endpoints)
    }

    /// Open without signing in, but with the token of the session the form started (signing in).
    static func openWithToken(_ endpoints: [PageEndpoint]) -> RouteGroup {
        RouteGroup(access: .open, checksToken: true, endpoints: endpoints)
    }

    /// Signed in: pages that only read.
    static func signedIn(_ endpoints: [PageEndpoint]) -> RouteGroup {
        RouteGroup(access: .signedIn, checksToken: false, endpoints: endpoints)
    }

    /// Signed in, with the token: everything that changes something.
    static func signedInChanges(_ endpoints: [PageEndpoint]) -> RouteGroup {
        RouteGroup(access: .signedIn, checksToken: true, endpoints: endpoints)
    }
}

/// One method on one path: its name, and the handler that answers it.
struct PageEndpoint: Sendable {
    enum Method: String, Sendable, Hashable {
        /// GET, and HEAD answered as GET without its body.
        case get = "GET"
        case post = "POST"

        func accepts(_ method: String) -> Bool {
            switch self {
            case .get: method == "GET" || method == "HEAD"
            case .post: method == "POST"
            }
        }
    }

    /// What a handler is given besides the page.
    enum Handler: Sendable {
        /// An open route: the request, the browser's session if it has one, the time.
        case open(@Sendable (TeachersPage, HTTPRequest, PageSession?, Date) -> HTTPResponse)
        /// A signed-in route: the values the path carried, and the signed-in request.
        case signedIn(@Sendable (TeachersPage, [String], PageContext) throws -> HTTPResponse)
    }

    var name: PageRoute.Name
    var method: Method
    var path: PathPattern
    var handler: Handler
    /// Whether the route takes a file (a backup, a CSV, a photo): the only kind of route a
    /// large body may go to (`TeachersPage.bodyLimit`).
    var takesUpload = false

    static func get(_ path: PathPattern, _ name: PageRoute.Name,
                    _ handler: @escaping @Sendable (TeachersPage, [String], PageContext) throws -> HTTPResponse) -> PageEndpoint {
        PageEndpoint(name: name, method: .get, path: path, handler: .signedIn(handler))
    }

    static func post(_ path: PathPattern, _ name: PageRoute.Name, takesUpload: Bool = false,
                     _ handler: @escaping @Sendable (TeachersPage, [String], PageContext) throws -> HTTPResponse) -> PageEndpoint {
        PageEndpoint(name: name, method: .post, path: path, handler: .signedIn(handler), takesUpload: takesUpload)
    }

    static func get(_ path: PathPattern, _ name: PageRoute.Name,
                    open handler: @escaping @Sendable (TeachersPage, HTTPRequest, PageSession?, Date) -> HTTPResponse) -> PageEndpoint {
        PageEndpoint(name: name, method: .get, path: path, handler: .open(handler))
    }

    static func post(_ path: PathPattern, _ name: PageRoute.Name,
                     open handler: @escaping @Sendable (TeachersPage, HTTPRequest, PageSession?, Date) -> HTTPResponse) -> PageEndpoint {
        PageEndpoint(name: name, method: .post, path: path, handler: .open(handler))
    }
}

/// A path with places for values: `/books/{}/edit`. `{}` takes any one segment, `{n}` only
/// digits (a loan's number).
struct PathPattern: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    enum Piece: Sendable, Hashable {
        case literal(String)
        case value
        case number
    }

    var pieces: [Piece]

    init(stringLiteral text: String) {
        pieces = text.split(separator: "/", omittingEmptySubsequences: true).map { piece in
            switch piece {
            case "{}": .value
            case "{n}": .number
            default: .literal(String(piece))
            }
        }
    }

    var description: String {
        "/" + pieces.map { piece in
            switch piece {
            case .literal(let text): text
            case .value: "{}"
            case .number: "{n}"
            }
        }.joined(separator: "/")
    }

    /// The values `segments` put in the places, or nil when they do not fit the pattern.
    func values(_ segments: [String]) -> [String]? {
        guard segments.count == pieces.count else { return nil }
        var values: [String] = []
        for (piece, segment) in zip(pieces, segments) {
            switch piece {
            case .literal(let text):
                guard segment == text else { return nil }
            case .value:
                values.append(segment)
            case .number:
                guard !segment.isEmpty, segment.allSatisfy(\.isASCIIDigit), Int64(segment) != nil else { return nil }
                values.append(segment)
            }
        }
        return values
    }

    /// How many literal pieces: `/books/new` comes before `/books/{}`.
    var specificity: Int {
        pieces.filter { if case .literal = $0 { true } else { false } }.count
    }

    /// The path with `values` in its places, each percent-encoded as one segment.
    func filled(_ values: [String]) -> String {
        // One string grown in place: a list of Loans makes three links a row.
        var path = ""
        var next = values.startIndex
        for piece in pieces {
            path.append("/")
            switch piece {
            case .literal(let text):
                path.append(text)
            case .value, .number:
                precondition(next < values.endIndex, "\(self) takes \(pieces.count - specificity) values, given \(values.count)")
                path.append(PagePath.segment(values[next]))
                next += 1
            }
        }
        precondition(next == values.endIndex, "\(self) takes \(pieces.count - specificity) values, given \(values.count)")
        return path.isEmpty ? "/" : path
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

/// The table made from the groups: routing a request, the open routes, and links.
struct RouteTable: Sendable {
    let groups: [RouteGroup]
    /// Each endpoint with its group, by name.
    let byName: [PageRoute.Name: (endpoint: PageEndpoint, group: RouteGroup)]

    init(_ groups: [RouteGroup]) {
        self.groups = groups
        var byName: [PageRoute.Name: (endpoint: PageEndpoint, group: RouteGroup)] = [:]
        for group in groups {
            for endpoint in group.endpoints {
                precondition(byName[endpoint.name] == nil, "\(endpoint.name) is declared twice in the page's route table")
                byName[endpoint.name] = (endpoint, group)
            }
        }
        self.byName = byName
    }

    /// The endpoint for `method` on `path`: of the patterns the path fits, the most specific
    /// ones; among them the one with this method, or `methodNotAllowed`.
    func routing(method: String, path: String) -> PageRouting {
        routing(method: method, segments: path.split(separator: "/", omittingEmptySubsequences: true).map(String.init))
    }

    /// The same for a path already split into its segments.
    func routing(method: String, segments: [String]) -> PageRouting {
        var fits: [(endpoint: PageEndpoint, values: [String])] = []
        for group in groups {
            for endpoint in group.endpoints {
                if let values = endpoint.path.values(segments) { fits.append((endpoint, values)) }
            }
        }
        guard let best = fits.map(\.endpoint.path.specificity).max() else { return .notFound }
        let candidates = fits.filter { $0.endpoint.path.specificity == best }
        guard let match = candidates.first(where: { $0.endpoint.method.accepts(method) }) else { return .methodNotAllowed }
        return .found(PageRoute(match.endpoint.name, values: match.values))
    }

    func endpoint(_ name: PageRoute.Name) -> PageEndpoint {
        guard let found = byName[name] else { preconditionFailure("\(name) has no endpoint in the page's route table") }
        return found.endpoint
    }

    func group(_ name: PageRoute.Name) -> RouteGroup {
        guard let found = byName[name] else { preconditionFailure("\(name) has no endpoint in the page's route table") }
        return found.group
    }

    /// The endpoints open without a session.
    var openRoutes: [PageRoute.Name] {
        groups.filter { $0.access == .open }.flatMap { $0.endpoints.map(\.name) }
    }

    /// The path of `name` with `values` in its places.
    func path(_ name: PageRoute.Name, _ values: [String]) -> String {
        endpoint(name).path.filled(values)
    }
}
