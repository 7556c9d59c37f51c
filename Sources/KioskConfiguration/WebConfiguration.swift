import Foundation
import POSIX

/// The configuration's `web`: where `bookkiosk serve` listens for the teachers' page, HTTPS
/// when wanted, and how long a session may sit unused. Every key is optional.
///
/// The default address is `0.0.0.0:8080`: teachers open the page from the school's iPads and
/// PCs, so it listens on every interface (the service's sandbox and the school's network decide
/// who can reach it), on a port that needs no privileges. Plain HTTP by default, because an iPad
/// distrusts a self-signed certificate until a profile is installed and trusted by hand;
/// `certificate` and `key` (PEM files) turn HTTPS on.
public struct WebConfiguration: Sendable, Equatable {
    public static let defaultListen = ListenAddress.anyIPv4(port: 8080)
    public static let keys = ["listen", "certificate", "key", "sessionMinutes", "hostNames"]
    /// Minutes a signed-in page may sit unused before its session ends.
    public static let defaultSessionMinutes = 30
    /// The longest idle time allowed for a session: a school day.
    public static let longestSessionMinutes = 600

    public var listen = WebConfiguration.defaultListen
    /// The PEM certificate (chain) for HTTPS; with `key`.
    public var certificate: String?
    /// The PEM private key for HTTPS; with `certificate`.
    public var key: String?
    public var sessionMinutes = WebConfiguration.defaultSessionMinutes
    /// The names the page answers to besides this computer's addresses and `localhost`
    /// (`["toshokan.local"]`): a request naming another host is refused (DNS rebinding).
    public var hostNames: [String] = []

    public init() {}

    /// Whether the page listens on every interface (`0.0.0.0`, `::`).
    public var listensEverywhere: Bool { listen.host == "0.0.0.0" || listen.host == "::" }

    /// Whether the page is served over HTTPS.
    public var isSecure: Bool { certificate != nil && key != nil }

    /// Reads the `web` object; each problem is named `web.KEY: …`.
    static func parse(_ value: Any) -> (WebConfiguration, [String]) {
        var web = WebConfiguration()
        guard let fields = value as? [String: Any] else {
            return (web, ["web: must be an object, like {\"listen\": \"0.0.0.0:8080\", \"sessionMinutes\": 30}"])
        }
        var problems: [String] = []
        for key in fields.keys.sorted() {
            let value = fields[key]!
            switch key {
            case "listen":
                if let text = value as? String {
                    do throws(ListenAddressError) {
                        web.listen = try ListenAddress(parsing: text)
                    } catch {
                        problems.append("web.listen: \(error.description)")
                    }
                } else {
                    problems.append("web.listen: must be an address and a port, like \"0.0.0.0:8080\"")
                }
            case "certificate":
                if let path = value as? String, path.hasPrefix("/") { web.certificate = path } else { problems.append("web.certificate: must be the full path of a PEM certificate file, like \"/etc/bookkiosk/web.crt\"") }
            case "key":
                if let path = value as? String, path.hasPrefix("/") { web.key = path } else { problems.append("web.key: must be the full path of a PEM private key file, like \"/etc/bookkiosk/web.key\"") }
            case "sessionMinutes":
                if let minutes = Configuration.wholeNumber(value), (1...longestSessionMinutes).contains(minutes) {
                    web.sessionMinutes = minutes
                } else {
                    problems.append("web.sessionMinutes: must be a whole number of minutes from 1 to \(longestSessionMinutes), like \(defaultSessionMinutes)")
                }
            case "hostNames":
                let names = (value as? [Any])?.compactMap { $0 as? String }
                if let names, names.count == (value as? [Any])?.count, names.allSatisfy(Self.isHostName) {
                    web.hostNames = names.map { $0.lowercased() }
                } else {
                    problems.append("web.hostNames: must be a list of the names teachers use to open the page, like [\"toshokan.local\"]")
                }
            default:
                problems.append("web.\(key): is not a key BookKiosk knows; the web object has \(keys.joined(separator: ", "))")
            }
        }
        let pathProblem = problems.contains { $0.hasPrefix("web.certificate") || $0.hasPrefix("web.key") }
        if !pathProblem, (web.certificate == nil) != (web.key == nil) {
            problems.append("web: \"certificate\" and \"key\" go together: give both for HTTPS, or neither for plain HTTP")
        }
        return (web, problems)
    }

    /// Letters, digits, `-` and `.`, as DNS names are written; at most 253 characters.
    static func isHostName(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 253
            && text.unicodeScalars.allSatisfy { ("0"..."9").contains($0) || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || $0 == "-" || $0 == "." }
    }
}
