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

/// The teachers' page's service as systemd has it on this computer: its unit's text, and the
/// names of the drop-ins beside it. Lookups run in the page, so they go out through that
/// service's sandbox, not through doctor's own network.
struct PageServiceFiles: Equatable {
    /// `bookkiosk-web.service` as installed (`/etc/systemd/system` first, then the package's
    /// `/usr/lib/systemd/system` or `/lib/systemd/system`); nil when the page is not a service here.
    var unit: String?
    /// The files in its `bookkiosk-web.service.d` folders.
    var dropIns: Set<String>

    static let unitName = "bookkiosk-web.service"
    /// What `kiosk/install.sh --lookups` writes.
    static let lookupDropIn = "60-lookup-network.conf"

    /// The files under `root` (`/` on a kiosk; a test's folder in tests).
    static func read(root: String = "/") -> PageServiceFiles {
        let base = root.hasSuffix("/") ? root : root + "/"
        let folders = ["etc/systemd/system", "run/systemd/system", "usr/lib/systemd/system", "lib/systemd/system"].map { base + $0 }
        let unit = folders.lazy.compactMap { try? String(contentsOfFile: $0 + "/" + unitName, encoding: .utf8) }.first
        let dropIns = folders.flatMap { (try? FileManager.default.contentsOfDirectory(atPath: $0 + "/" + unitName + ".d")) ?? [] }
        return PageServiceFiles(unit: unit, dropIns: Set(dropIns))
    }

    /// Whether the unit keeps the page off every address it does not allow (`IPAddressDeny=any`).
    var deniesAddresses: Bool {
        unit?.split(separator: "\n").contains { line in
            let parts = line.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            return parts.count == 2 && parts[0] == "IPAddressDeny" && parts[1].split(separator: " ").contains("any")
        } ?? false
    }
}

extension DoctorCommand {
    /// Whether the page's service may reach the lookup services: doctor's own probe runs outside
    /// the page's sandbox, so a service that answers here may still be out of the page's reach.
    /// Nothing to say when lookups are off or the page is not a service here; a warning when its
    /// unit denies every address and `install.sh --lookups` has not opened it.
    static func checkLookupSandbox(lookupOn: Bool, _ files: PageServiceFiles, _ say: any DoctorWords) -> [Finding] {
        guard lookupOn, files.unit != nil, files.deniesAddresses else { return [] }
        if files.dropIns.contains(PageServiceFiles.lookupDropIn) {
            return [.ok(.lookup, say.pageServiceMayLookUp(PageServiceFiles.lookupDropIn))]
        }
        return [.warn(.lookup, say.pageServiceCannotLookUp)]
    }
}
