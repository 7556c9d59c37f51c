import Foundation

extension DoctorCommand {
    /// Where the README says how to encrypt the library (LUKS at install, the key in the TPM).
    static let encryptionGuide = "the README's “Encrypting the library” says how (LUKS when Debian is installed, the key in the TPM with systemd-cryptenroll)"

    /// Whether the library's folder is encrypted at rest: it holds every child's name, and a
    /// kiosk box can be carried off.
    func checkDataAtRest(database path: String) -> [Finding] {
        let area = "privacy"
        let result = DataAtRest.check(folder: Self.folder(of: path))
        return [Self.finding(for: result, area: area)]
    }

    static func finding(for result: DataAtRest, area: String = "privacy") -> Finding {
        switch result.protection {
        case .blockDevice(let name, let kind):
            return .ok(area, "\(result.folder) is on an encrypted disk (\(kind == "dm-crypt" ? kind : "dm-crypt/\(kind)"), \(name))")
        case .fscrypt:
            return .ok(area, "\(result.folder) is an encrypted directory (fscrypt)")
        case .none(let device):
            return .warn(area, "\(result.folder) is not encrypted (\(device) on \(result.mountPoint)): a kiosk carried off has every child's name on it — \(encryptionGuide)")
        case .unknown(let why):
            return .warn(area, "whether \(result.folder) is encrypted cannot be told (\(why)) — \(encryptionGuide)")
        }
    }
}
