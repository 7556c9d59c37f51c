import CLinuxStat
import Foundation

/// Whether a folder's files are encrypted at rest: a kiosk box can be carried off with every
/// child's name on it. Two ways count: the folder is on a dm-crypt (LUKS) block device,
/// directly or under LVM, or it is an fscrypt-encrypted directory. Read from
/// `/proc/self/mountinfo`, `/sys/dev/block/MAJ:MIN` and the folder's `statx` attributes; the
/// parts that decide are pure, so they are tested with text and folders of a test's own.
public struct DataAtRest: Sendable, Equatable {
    public enum Protection: Sendable, Equatable {
        /// On a dm-crypt device: its name (`/dev/mapper/…` or `dm-0`) and kind (`LUKS2`).
        case blockDevice(name: String, kind: String)
        /// An fscrypt-encrypted directory.
        case fscrypt
        /// Neither: the device the folder's file system is on.
        case none(device: String)
        /// The folder's file system could not be found: why.
        case unknown(Unknown)
    }

    /// Why the folder's file system could not be found.
    public enum Unknown: Sendable, Equatable {
        /// `/proc/self/mountinfo` could not be read.
        case mountInfoUnreadable
        /// No mount holds the folder: the file system is not visible here (a chroot, a container).
        case notVisible
    }

    public var folder: String
    public var mountPoint: String
    public var protection: Protection

    /// One line of `/proc/self/mountinfo`: the mount point, the device number and the source.
    struct Mount: Equatable {
        var device: String
        var mountPoint: String
        var fileSystem: String
        var source: String
    }

    /// The mounts of `/proc/self/mountinfo`'s text (proc(5)): field 3 is MAJ:MIN, field 5 the
    /// mount point (octal escapes such as `\040` for a space), then after " - " the file system
    /// type and the source.
    static func mounts(mountInfo: String) -> [Mount] {
        mountInfo.split(separator: "\n").compactMap { line in
            let halves = line.components(separatedBy: " - ")
            guard halves.count >= 2 else { return nil }
            let fields = halves[0].split(separator: " ").map(String.init)
            let rest = halves[1].split(separator: " ").map(String.init)
            guard fields.count >= 5, rest.count >= 2 else { return nil }
            return Mount(device: fields[2], mountPoint: unescape(fields[4]), fileSystem: rest[0], source: unescape(rest[1]))
        }
    }

    /// The mount that holds `folder`: the longest mount point that is the folder or above it
    /// (the last one mounted wins where several share a point).
    static func mount(holding folder: String, in mounts: [Mount]) -> Mount? {
        var best: Mount?
        for mount in mounts where isInside(folder, mount.mountPoint) {
            if best.map({ mount.mountPoint.count >= $0.mountPoint.count }) ?? true { best = mount }
        }
        return best
    }

    static func isInside(_ folder: String, _ mountPoint: String) -> Bool {
        mountPoint == "/" || folder == mountPoint || folder.hasPrefix(mountPoint + "/")
    }

    /// The dm-crypt device under block device `device` (MAJ:MIN), looking through device-mapper
    /// stacks (LVM on LUKS) by their `slaves`: its name and kind from `dm/uuid` (`CRYPT-LUKS2-…`).
    static func cryptDevice(under device: String, sysBlock: String, depth: Int = 0) -> (name: String, kind: String)? {
        guard depth < 8 else { return nil }
        let folder = "\(sysBlock)/\(device)"
        if let uuid = read("\(folder)/dm/uuid"), uuid.hasPrefix("CRYPT-") {
            let kind = uuid.dropFirst("CRYPT-".count).split(separator: "-").first.map(String.init) ?? "dm-crypt"
            let name = read("\(folder)/dm/name").map { "/dev/mapper/\($0)" } ?? device
            return (name, kind)
        }
        let slaves = (try? FileManager.default.contentsOfDirectory(atPath: "\(folder)/slaves")) ?? []
        for slave in slaves.sorted() {
            guard let number = read("\(folder)/slaves/\(slave)/dev") else { continue }
            if let found = cryptDevice(under: number, sysBlock: sysBlock, depth: depth + 1) { return found }
        }
        return nil
    }

    /// Checks `folder` (the library's) on this machine.
    public static func check(folder: String, mountInfo: String? = try? String(contentsOfFile: "/proc/self/mountinfo", encoding: .utf8),
                             sysBlock: String = "/sys/dev/block") -> DataAtRest {
        let folder = existing(folder)
        guard let mountInfo else {
            return DataAtRest(folder: folder, mountPoint: "?", protection: .unknown(.mountInfoUnreadable))
        }
        guard let mount = mount(holding: folder, in: mounts(mountInfo: mountInfo)) else {
            return DataAtRest(folder: folder, mountPoint: "?",
                              protection: .unknown(.notVisible))
        }
        if isFscryptEncrypted(folder) {
            return DataAtRest(folder: folder, mountPoint: mount.mountPoint, protection: .fscrypt)
        }
        // btrfs and the like give an anonymous device number: the source's own number counts.
        var devices = [mount.device]
        if mount.source.hasPrefix("/dev/"), let number = deviceNumber(of: mount.source), number != mount.device {
            devices.append(number)
        }
        for device in devices {
            if let crypt = cryptDevice(under: device, sysBlock: sysBlock) {
                return DataAtRest(folder: folder, mountPoint: mount.mountPoint, protection: .blockDevice(name: crypt.name, kind: crypt.kind))
            }
        }
        return DataAtRest(folder: folder, mountPoint: mount.mountPoint, protection: .none(device: mount.source))
    }

    /// Whether the kernel marks the folder as fscrypt-encrypted (`STATX_ATTR_ENCRYPTED`).
    static func isFscryptEncrypted(_ folder: String) -> Bool {
        var attributes: UInt64 = 0, mask: UInt64 = 0
        guard bookkiosk_statx_attributes(folder, &attributes, &mask) == 0 else { return false }
        let encrypted = UInt64(bookkiosk_statx_attr_encrypted)
        return mask & encrypted != 0 && attributes & encrypted != 0
    }

    private static func deviceNumber(of path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFBLK else { return nil }
        // glibc's dev_t: the major number in bits 8–19 and 32–63, the minor in bits 0–7 and 12–31.
        let device = UInt64(info.st_rdev)
        let major = ((device >> 8) & 0xfff) | ((device >> 32) & ~0xfff)
        let minor = (device & 0xff) | ((device >> 12) & ~0xff)
        return "\(major):\(minor)"
    }

    private static func read(_ path: String) -> String? {
        (try? String(contentsOfFile: path, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The folder, or the nearest folder above it that exists (the library may not exist yet).
    private static func existing(_ folder: String) -> String {
        var folder = folder.isEmpty ? "." : folder
        while !FileManager.default.fileExists(atPath: folder), folder != "/" {
            folder = (folder as NSString).deletingLastPathComponent
            if folder.isEmpty { folder = "/" }
        }
        return folder
    }

    /// mountinfo's octal escapes (`\040` space, `\011` tab, `\012` newline, `\134` backslash).
    static func unescape(_ text: String) -> String {
        guard text.contains("\\") else { return text }
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "\\"), utf8.count >= 3, let value = UInt8(String(decoding: utf8.prefix(3), as: UTF8.self), radix: 8) {
                bytes.append(value)
                utf8 = utf8.dropFirst(3)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
