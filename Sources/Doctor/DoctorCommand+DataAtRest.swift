import Foundation

extension DoctorCommand {
    /// Whether the library's folder is encrypted at rest: it holds every child's name, and a
    /// kiosk box can be carried off.
    func checkDataAtRest(database path: String) -> [Finding] {
        [Self.finding(for: DataAtRest.check(folder: Self.folder(of: path)), say)]
    }

    static func finding(for result: DataAtRest, _ say: any DoctorWords) -> Finding {
        switch result.protection {
        case .blockDevice(let name, let kind):
            return .ok(.privacy, say.encryptedDisk(result.folder, kind: kind == "dm-crypt" ? kind : "dm-crypt/\(kind)", device: name))
        case .fscrypt:
            return .ok(.privacy, say.encryptedDirectory(result.folder))
        case .none(let device):
            return .warn(.privacy, say.notEncryptedAtRest(result.folder, device: device, mountPoint: result.mountPoint))
        case .unknown(let why):
            return .warn(.privacy, say.encryptionUnknown(result.folder, why: why))
        }
    }
}
