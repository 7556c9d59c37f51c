import Foundation
import HTTPServer

/// The page's defences that do not depend on what a page shows: the headers on every response,
/// the session cookie, random tokens, and the check every POST passes before it changes anything.
public enum PageSecurity {
    public static let cookieName = "bookkiosk_session"
    /// The form field that carries the session's CSRF token.
    public static let csrfField = "csrf"

    /// Only what the page uses, from itself: its stylesheet, its images (covers, the QR code).
    /// No script, so no `script-src`; never `upgrade-insecure-requests` (on plain HTTP it breaks
    /// every image and the stylesheet).
    public static let contentSecurityPolicy =
        "default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

    /// The headers every response carries.
    public static let headers: [(name: String, value: String)] = [
        ("Content-Security-Policy", contentSecurityPolicy),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "same-origin"),
        ("X-Frame-Options", "DENY"),
    ]

    /// Sent over HTTPS only: browsers that saw the page over HTTPS keep to HTTPS for a year
    /// (no `includeSubDomains`: the school's other hosts are not the page's to decide).
    public static let strictTransportSecurity = ("Strict-Transport-Security", "max-age=31536000")

    /// `response` with every one of `headers` it does not carry yet, first; over HTTPS also
    /// `Strict-Transport-Security`.
    public static func secured(_ response: HTTPResponse, overHTTPS: Bool = false) -> HTTPResponse {
        var secured = response
        let wanted = headers + (overHTTPS ? [strictTransportSecurity] : [])
        let missing = wanted.filter { response.header($0.name) == nil }
        secured.headers = missing + response.headers
        return secured
    }

    /// The `Set-Cookie` value that gives the browser session `id`.
    public static func cookie(_ id: String, secure: Bool) -> String {
        "\(cookieName)=\(id); HttpOnly; SameSite=Strict; Path=/" + (secure ? "; Secure" : "")
    }

    /// The `Set-Cookie` value that makes the browser forget its session.
    public static func clearedCookie(secure: Bool) -> String {
        "\(cookieName)=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0" + (secure ? "; Secure" : "")
    }

    /// 256 bits from `SystemRandomNumberGenerator` (the kernel's getrandom), as 64 hex digits.
    public static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in
            let word = generator.next() as UInt64
            let hex = String(word, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }

    /// Why a POST is refused before it is looked at.
    public enum Refusal: Sendable, Equatable {
        /// The `Origin` header names another site (or `null`).
        case foreignOrigin(String)
        /// The form's `csrf` field is missing or is not this session's token.
        case badToken
    }

    /// Checks a POST: when the browser sent `Origin`, it must be this page's own origin (the
    /// scheme it came over and its `Host`); and the `csrf` field must be the session's token.
    public static func check(_ request: HTTPRequest, token: String?) -> Refusal? {
        if let origin = request.header("origin") {
            let scheme = request.isSecure ? "https" : "http"
            guard let host = request.header("host"), origin.lowercased() == "\(scheme)://\(host)".lowercased() else {
                return .foreignOrigin(origin)
            }
        }
        guard let token, let sent = request.form.first(where: { $0.name == csrfField })?.value,
              constantTimeEquals(Array(sent.utf8), Array(token.utf8))
        else { return .badToken }
        return nil
    }

    /// Compares without stopping at the first difference, so timing tells nothing.
    static func constantTimeEquals(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var difference: UInt8 = 0
        for index in lhs.indices { difference |= lhs[index] ^ rhs[index] }
        return difference == 0
    }
}
