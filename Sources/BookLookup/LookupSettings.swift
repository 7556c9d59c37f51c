/// Where and how books are looked up: the services' base URLs (the configuration's
/// `lookup.ndlSearch` and `lookup.openBD`), the timeout of one request, the pause between two
/// requests to one service, and the `User-Agent` that names BookKiosk and its version. A
/// configuration with `"lookup": false` has none: nothing is ever asked of a service.
public struct LookupSettings: Sendable, Equatable {
    public static let defaultNDLSearch = "https://ndlsearch.ndl.go.jp"
    public static let defaultOpenBD = "https://api.openbd.jp"
    public static let defaultTimeoutSeconds = 5.0
    /// The longest timeout the configuration accepts: a teacher waits for it.
    public static let longestTimeoutSeconds = 60.0

    public var ndlSearch = LookupSettings.defaultNDLSearch
    public var openBD = LookupSettings.defaultOpenBD
    /// The most one request may take, connecting included.
    public var timeoutSeconds = LookupSettings.defaultTimeoutSeconds
    /// Seconds between two requests to one service (the NDL limits concurrent use).
    public var pauseSeconds = ServiceSchedule.defaultPause
    /// "BookKiosk/1.4.0 (…)": set from the program's version by whoever starts the lookups.
    public var userAgent = LookupSettings.userAgent(version: "unknown")

    public init() {}

    /// The `User-Agent` of BookKiosk at `version`.
    public static func userAgent(version: String) -> String {
        "BookKiosk/\(version) (kindergarten library kiosk; ISBN lookup for one school's own books)"
    }
}
