import Foundation

// The values a handler sees and returns. A handler is a function from an `HTTPRequest` to an
// `HTTPResponse`: testable without a socket. The daemon (libmicrohttpd) only turns bytes into
// these values and back. This module knows nothing of libraries or books.

/// A request as a handler sees it: the whole body already read and parsed.
public struct HTTPRequest: Sendable, Equatable {
    /// `GET`, `POST`, … as sent.
    public var method: String
    /// The path without the query, percent-decoded (`/books/9784834000825`).
    public var path: String
    /// The query string's parameters, in order, percent- and `+`-decoded.
    public var query: [FormField]
    /// Header names are lowercased; a repeated header keeps its last value.
    public var headers: [String: String]
    /// The `Cookie` header's pairs.
    public var cookies: [String: String]
    /// An `application/x-www-form-urlencoded` or `multipart/form-data` body's fields.
    public var form: [FormField]
    /// Files from a `multipart/form-data` body.
    public var files: [UploadedFile]
    /// Whether it came over HTTPS.
    public var isSecure: Bool
    /// The client's address, for logs (`192.0.2.7`).
    public var clientAddress: String?

    public init(method: String, path: String, query: [FormField] = [], headers: [String: String] = [:],
                cookies: [String: String] = [:], form: [FormField] = [], files: [UploadedFile] = [],
                isSecure: Bool = false, clientAddress: String? = nil) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.cookies = cookies
        self.form = form
        self.files = files
        self.isSecure = isSecure
        self.clientAddress = clientAddress
    }

    /// The first form field named `name`, else the first query parameter named so.
    public func value(_ name: String) -> String? {
        form.first { $0.name == name }?.value ?? query.first { $0.name == name }?.value
    }

    /// Every form field (then query parameter) named `name`, in order.
    public func values(_ name: String) -> [String] {
        form.filter { $0.name == name }.map(\.value) + query.filter { $0.name == name }.map(\.value)
    }

    /// The header `name` (any case).
    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// Whether the client is this computer itself (`127.0.0.0/8`, `::1`, or IPv4 loopback as an
    /// IPv6 socket names it); false when the address is unknown.
    public var comesFromLoopback: Bool {
        guard let address = clientAddress else { return false }
        return address.hasPrefix("127.") || address == "::1" || address.hasPrefix("::ffff:127.")
    }
}

/// One `name=value` of a form or a query string.
public struct FormField: Sendable, Equatable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// A file sent in a `multipart/form-data` body.
public struct UploadedFile: Sendable, Equatable {
    /// The form field's name.
    public var field: String
    /// The file name the browser gave (never used as a path).
    public var fileName: String
    public var contentType: String?
    public var data: [UInt8]

    public init(field: String, fileName: String, contentType: String?, data: [UInt8]) {
        self.field = field
        self.fileName = fileName
        self.contentType = contentType
        self.data = data
    }
}

/// A response as a handler returns it.
public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    /// In order; a name may repeat (`Set-Cookie`).
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The first header named `name` (any case).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// Every header named `name` (any case), in order.
    public func headers(named name: String) -> [String] {
        headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
    }

    public static func == (lhs: HTTPResponse, rhs: HTTPResponse) -> Bool {
        lhs.status == rhs.status && lhs.body == rhs.body
            && lhs.headers.map { [$0.name, $0.value] } == rhs.headers.map { [$0.name, $0.value] }
    }
}

/// What answers requests: a plain function, called from the daemon's thread.
public typealias HTTPHandler = @Sendable (HTTPRequest) -> HTTPResponse
