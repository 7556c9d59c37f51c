import Foundation

/// Where the shared database is: a libpq connection URI (`postgresql://kiosk@server/library`,
/// `postgresql:///library?host=/run/postgresql` for a local socket). Passwords stay where libpq
/// looks for them (`~/.pgpass`, `PGPASSFILE`, a service file); one written into the URL works
/// but is never shown: `redacted` is the form for logs, events and `doctor`.
public struct PostgresURL: Sendable, Equatable, CustomStringConvertible {
    /// The URL exactly as given, password included. Only libpq sees it.
    public let text: String

    /// Timeouts a kiosk connects with unless the URL sets its own (DESIGN.md §12): without
    /// `connect_timeout` libpq waits for a silent host forever; keepalives alone left a query
    /// blocked for 44 s on a lost network, `tcp_user_timeout` ended it in about 5 s.
    public static let defaultConnectionSettings: [(keyword: String, value: String)] = [
        ("connect_timeout", "3"),
        ("keepalives", "1"),
        ("keepalives_idle", "5"),
        ("keepalives_interval", "2"),
        ("keepalives_count", "3"),
        ("tcp_user_timeout", "5000"),
        ("application_name", "bookkiosk"),
    ]

    /// Whether `text` names a PostgreSQL database rather than an SQLite file.
    public static func isURL(_ text: String) -> Bool {
        text.hasPrefix("postgresql://") || text.hasPrefix("postgres://")
    }

    /// Nil when `text` is not a `postgresql://` or `postgres://` URL.
    public init?(_ text: String) {
        guard Self.isURL(text) else { return nil }
        self.text = text
    }

    /// The URL with any password replaced by `***`, in the user part and in a `password=`
    /// query parameter.
    public var redacted: String {
        var result = text
        let scheme = result.hasPrefix("postgresql://") ? "postgresql://" : "postgres://"
        let afterScheme = result.index(result.startIndex, offsetBy: scheme.count)
        let authorityEnd = result[afterScheme...].firstIndex { $0 == "/" || $0 == "?" } ?? result.endIndex
        let authority = result[afterScheme..<authorityEnd]
        if let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") {
            result.replaceSubrange(result.index(after: colon)..<at, with: "***")
        }
        if let query = result.firstIndex(of: "?") {
            let head = result[...query]
            let pairs = result[result.index(after: query)...].split(separator: "&", omittingEmptySubsequences: false)
                .map { pair -> String in
                    pair.lowercased().hasPrefix("password=") ? "password=***" : String(pair)
                }
            result = head + pairs.joined(separator: "&")
        }
        return result
    }

    public var description: String { redacted }

    /// Whether the URL itself sets `keyword` as a query parameter.
    func sets(_ keyword: String) -> Bool {
        guard let query = text.firstIndex(of: "?") else { return false }
        return text[text.index(after: query)...].split(separator: "&")
            .contains { $0.split(separator: "=", maxSplits: 1).first.map(String.init) == keyword }
    }

    /// The keyword/value pairs for `PQconnectdbParams`: the defaults the URL does not set
    /// itself, then the URL as `dbname` (libpq expands it).
    var connectionParameters: [(keyword: String, value: String)] {
        Self.defaultConnectionSettings.filter { !sets($0.keyword) } + [("dbname", text)]
    }
}
