import BookLookup
import Foundation
import KioskConfiguration
import POSIX

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
                return .warn(.lookup, say.lookupDoesNotAnswer(name, at: base, say.lookupFault(fault)))
            }
        }
    }
}

/// The teachers' page's service as systemd has it on this computer: its unit's text, and the
/// drop-ins beside it. Lookups run in the page, so they go out through that service's sandbox,
/// not through doctor's own network.
struct PageServiceFiles: Equatable {
    /// `bookkiosk-web.service` as installed (`/etc/systemd/system` first, then the package's
    /// `/usr/lib/systemd/system` or `/lib/systemd/system`); nil when the page is not a service here.
    var unit: String?
    /// The files in its `bookkiosk-web.service.d` folders, by name, with their text.
    var dropIns: [String: String]

    static let unitName = "bookkiosk-web.service"
    /// What `kiosk/install.sh --lookups` writes.
    static let lookupDropIn = "60-lookup-network.conf"

    /// The files under `root` (`/` on a kiosk; a test's folder in tests).
    static func read(root: String = "/") -> PageServiceFiles {
        let base = root.hasSuffix("/") ? root : root + "/"
        let folders = ["etc/systemd/system", "run/systemd/system", "usr/lib/systemd/system", "lib/systemd/system"].map { base + $0 }
        let unit = folders.lazy.compactMap { try? String(contentsOfFile: $0 + "/" + unitName, encoding: .utf8) }.first
        var dropIns: [String: String] = [:]
        for folder in folders.reversed() {  // /etc's drop-in stands over the package's of the same name
            let path = folder + "/" + unitName + ".d"
            for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
                dropIns[name] = (try? String(contentsOfFile: path + "/" + name, encoding: .utf8)) ?? ""
            }
        }
        return PageServiceFiles(unit: unit, dropIns: dropIns)
    }

    /// Whether the unit keeps the page off every address it does not allow (`IPAddressDeny=any`).
    var deniesAddresses: Bool {
        unit.map { Self.values(of: "IPAddressDeny", in: $0).contains("any") } ?? false
    }

    /// The addresses the lookup drop-in allows; nil without it.
    var lookupAddresses: Set<String>? {
        dropIns[Self.lookupDropIn].map { Set(Self.values(of: "IPAddressAllow", in: $0)) }
    }

    /// The words of every `key=` line of `text` (systemd's lists are separated by spaces).
    static func values(of key: String, in text: String) -> [String] {
        text.split(separator: "\n").flatMap { line -> [String] in
            let parts = line.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, parts[0] == key else { return [] }
            return parts[1].split(separator: " ").map(String.init)
        }
    }
}

extension DoctorCommand {
    /// Whether the page's service may reach the lookup services: doctor's own probe runs outside
    /// the page's sandbox, so a service that answers here may still be out of the page's reach.
    /// Nothing to say when lookups are off or the page is not a service denying addresses here;
    /// a warning when `install.sh --lookups` has not opened it, or when a service now stands at
    /// none of the addresses it allowed (it moved since). `addresses` resolves a host name.
    static func checkLookupSandbox(_ lookup: LookupSettings?, _ files: PageServiceFiles, addresses: (String) -> [String],
                                   _ say: any DoctorWords) -> [Finding] {
        guard let lookup, files.unit != nil, files.deniesAddresses else { return [] }
        guard let allowed = files.lookupAddresses else {
            return [.warn(.lookup, say.pageServiceCannotLookUp(PageServiceFiles.lookupDropIn))]
        }
        let hosts = [lookup.ndlSearch, lookup.openBD].compactMap { URLComponents(string: $0)?.host }
        var seen = Set<String>()
        let moved = hosts.filter { host in
            guard seen.insert(host).inserted else { return false }
            let now = addresses(host)
            // A name that does not resolve here is the probe's to report.
            return !now.isEmpty && allowed.isDisjoint(with: now)
        }
        if !moved.isEmpty {
            return [.warn(.lookup, say.pageServiceLookupMoved(moved, PageServiceFiles.lookupDropIn))]
        }
        return [.ok(.lookup, say.pageServiceMayLookUp(PageServiceFiles.lookupDropIn))]
    }

    /// Every address `host` (a URL's: an IPv6 address in brackets) stands for now; an address
    /// stands for itself (`getaddrinfo` gives it back without asking anyone).
    static func addresses(of host: String) -> [String] {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        return ListenAddress.addresses(of: bare).map(\.host)
    }
}
