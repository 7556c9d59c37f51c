import BookLookup
import Foundation
import KioskConfiguration

extension DoctorCommand {
    /// How long doctor waits for each lookup service.
    static let lookupProbeSeconds = 3.0

    /// Book lookups by ISBN: off (said plainly), or whether each service answers one small
    /// query now. A service that does not answer is a warning: the kiosk never needs it, and
    /// the page says so when a lookup fails.
    func checkLookup(_ lookup: LookupSettings?) -> [Finding] {
        guard var settings = lookup else {
            return [.ok("lookup", "book lookups by ISBN are off (\"lookup\": false): the page and import never ask the NDL or openBD; titles are typed")]
        }
        settings.timeoutSeconds = min(settings.timeoutSeconds, Self.lookupProbeSeconds)
        settings.userAgent = LookupSettings.userAgent(version: "doctor")
        let service = LookupService(settings: settings)
        return BookService.allCases.map { which in
            let base = which.base(in: settings)
            switch service.probe(which) {
            case .success(let seconds):
                return .ok("lookup", "\(which.name) answers at \(base) (\(Int((seconds * 1000).rounded())) ms)")
            case .failure(let fault):
                return .warn("lookup", "\(which.name) at \(base) does not answer: \(fault.description) — the page's 調べる and import cannot fill titles from it until it does (this computer needs HTTPS to it; set \"lookup\": false to stop asking)")
            }
        }
    }
}

extension BookService {
    /// The service's own name.
    var name: String {
        switch self {
        case .ndl: "NDL Search (国立国会図書館サーチ)"
        case .openBD: "openBD"
        }
    }
}
