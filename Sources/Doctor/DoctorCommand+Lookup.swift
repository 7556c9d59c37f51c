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
            return [.ok(.lookup, say.lookupsOff)]
        }
        settings.timeoutSeconds = min(settings.timeoutSeconds, Self.lookupProbeSeconds)
        settings.userAgent = LookupSettings.userAgent(version: "doctor")
        let service = LookupService(settings: settings)
        return BookService.allCases.map { which in
            let base = which.base(in: settings)
            let name = which == .ndl ? say.ndlName : "openBD"
            switch service.probe(which) {
            case .success(let seconds):
                return .ok(.lookup, say.lookupAnswers(name, at: base, milliseconds: Int((seconds * 1000).rounded())))
            case .failure(let fault):
                return .warn(.lookup, say.lookupDoesNotAnswer(name, at: base, fault.description))
            }
        }
    }
}
