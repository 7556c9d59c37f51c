import BookLookup
import Foundation

extension Configuration {
    static let lookupKeys = ["ndlSearch", "openBD", "timeoutSeconds"]

    /// Reads `lookup`: `false` turns lookups off (nothing is ever asked of a service), `true` or
    /// an object `{"ndlSearch", "openBD", "timeoutSeconds"}` keeps them on. Problems are named
    /// `lookup.KEY: …`.
    static func parseLookup(_ value: Any) -> (LookupSettings?, [String]) {
        if let flag = value as? Bool, let number = value as? NSNumber, String(cString: number.objCType) == "c" {
            return (flag ? LookupSettings() : nil, [])
        }
        guard let fields = value as? [String: Any] else {
            return (LookupSettings(), ["lookup: must be false (no lookups), or an object like {\"timeoutSeconds\": 5}"])
        }
        var settings = LookupSettings()
        var problems: [String] = []
        for key in fields.keys.sorted() {
            let value = fields[key]!
            switch key {
            case "ndlSearch", "openBD":
                guard let text = value as? String, let url = URLComponents(string: text), ["http", "https"].contains(url.scheme ?? ""),
                      url.host?.isEmpty == false, url.query == nil else {
                    problems.append("lookup.\(key): must be the service's base URL, like \"\(key == "ndlSearch" ? LookupSettings.defaultNDLSearch : LookupSettings.defaultOpenBD)\"")
                    continue
                }
                if key == "ndlSearch" { settings.ndlSearch = text } else { settings.openBD = text }
            case "timeoutSeconds":
                if let seconds = number(value), seconds > 0, seconds <= LookupSettings.longestTimeoutSeconds {
                    settings.timeoutSeconds = seconds
                } else {
                    problems.append("lookup.timeoutSeconds: must be a number of seconds above 0 and at most \(Int(LookupSettings.longestTimeoutSeconds)), like 5")
                }
            default:
                problems.append("lookup.\(key): is not a key BookKiosk knows; the lookup object has \(lookupKeys.joined(separator: ", ")) (or write \"lookup\": false)")
            }
        }
        return (settings, problems)
    }
}
