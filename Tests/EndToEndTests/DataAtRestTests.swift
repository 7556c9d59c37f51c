import Foundation
import Testing
@testable import Doctor

/// `doctor`'s privacy line: whether the library's folder is encrypted at rest, read from a
/// mountinfo text and a /sys/dev/block of the test's own.
@Suite("doctor: is the library encrypted at rest")
struct DataAtRestTests {
    /// `/sys/dev/block/MAJ:MIN` entries: dm/uuid, dm/name and slaves.
    func device(_ number: String, uuid: String? = nil, name: String? = nil, slaves: [String: String] = [:], in sys: URL) throws {
        let folder = sys.appendingPathComponent(number)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("dm"), withIntermediateDirectories: true)
        if let uuid { try Data("\(uuid)\n".utf8).write(to: folder.appendingPathComponent("dm/uuid")) }
        if let name { try Data("\(name)\n".utf8).write(to: folder.appendingPathComponent("dm/name")) }
        for (slave, slaveNumber) in slaves {
            let slaveFolder = folder.appendingPathComponent("slaves/\(slave)")
            try FileManager.default.createDirectory(at: slaveFolder, withIntermediateDirectories: true)
            try Data("\(slaveNumber)\n".utf8).write(to: slaveFolder.appendingPathComponent("dev"))
        }
    }

    @Test("mountinfo's lines: device number, mount point (octal escapes undone), file system and source")
    func mountInfoLines() {
        let text = """
        22 1 253:1 / / rw,relatime shared:1 - ext4 /dev/mapper/vg-root rw
        41 22 8:2 / /srv/my\\040library rw,relatime - ext4 /dev/sda2 rw
        """
        #expect(DataAtRest.mounts(mountInfo: text) == [
            .init(device: "253:1", mountPoint: "/", fileSystem: "ext4", source: "/dev/mapper/vg-root"),
            .init(device: "8:2", mountPoint: "/srv/my library", fileSystem: "ext4", source: "/dev/sda2"),
        ])
        let mounts = DataAtRest.mounts(mountInfo: text)
        #expect(DataAtRest.mount(holding: "/srv/my library/bookkiosk", in: mounts)?.device == "8:2")
        #expect(DataAtRest.mount(holding: "/srv/my libraryX", in: mounts)?.device == "253:1")
        #expect(DataAtRest.mount(holding: "/var/lib/bookkiosk", in: mounts)?.device == "253:1")
    }

    @Test("a library on LVM on LUKS is on an encrypted disk, found through the device's slaves")
    func lvmOnLUKS() throws {
        let folder = try TemporaryFolder()
        let sys = folder.url.appendingPathComponent("sys")
        try device("253:0", uuid: "CRYPT-LUKS2-0123456789abcdef-sda3_crypt", name: "sda3_crypt", in: sys)
        try device("253:1", uuid: "LVM-abcdefXYZ", name: "vg-root", slaves: ["dm-0": "253:0"], in: sys)
        let library = folder.url.appendingPathComponent("lib")
        try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
        let mountInfo = "22 1 253:1 / / rw - ext4 /dev/mapper/vg-root rw\n"
        let result = DataAtRest.check(folder: library.path, mountInfo: mountInfo, sysBlock: sys.path)
        #expect(result.protection == .blockDevice(name: "/dev/mapper/sda3_crypt", kind: "LUKS2"))
        let finding = DoctorCommand.finding(for: result, EnglishDoctorWords())
        #expect(finding.level == .ok)
        #expect(finding.message.contains("encrypted disk (dm-crypt/LUKS2, /dev/mapper/sda3_crypt)"))
    }

    @Test("a library on a plain partition is not encrypted: a warning that says how to encrypt it")
    func plainPartition() throws {
        let folder = try TemporaryFolder()
        let sys = folder.url.appendingPathComponent("sys")
        try device("8:2", in: sys)
        let library = folder.url.appendingPathComponent("lib")
        try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
        let mountInfo = """
        22 1 253:1 / / rw - ext4 /dev/mapper/vg-root rw
        41 22 8:2 / \(folder.url.path) rw - ext4 /dev/sda2 rw
        """
        let result = DataAtRest.check(folder: library.path, mountInfo: mountInfo, sysBlock: sys.path)
        #expect(result.protection == .none(device: "/dev/sda2"))
        #expect(result.mountPoint == folder.url.path)
        let finding = DoctorCommand.finding(for: result, EnglishDoctorWords())
        #expect(finding.level == .warn)
        #expect(finding.message.contains("is not encrypted (/dev/sda2"))
        #expect(finding.message.contains("Encrypting the library"))
    }

    @Test("a library that does not exist yet is judged by the folder it will be made in")
    func libraryNotYetMade() throws {
        let folder = try TemporaryFolder()
        let sys = folder.url.appendingPathComponent("sys")
        try device("253:0", uuid: "CRYPT-PLAIN-xyz", name: "home", in: sys)
        let mountInfo = "22 1 253:0 / / rw - ext4 /dev/mapper/home rw\n"
        let result = DataAtRest.check(folder: folder.path("not/yet/there"), mountInfo: mountInfo, sysBlock: sys.path)
        #expect(result.folder == folder.url.path)
        #expect(result.protection == .blockDevice(name: "/dev/mapper/home", kind: "PLAIN"))
    }

    @Test("in a chroot, where no mount holds the folder, it says it cannot tell and why")
    func chroot() {
        let result = DataAtRest.check(folder: "/", mountInfo: "41 22 8:2 / /srv rw - ext4 /dev/sda2 rw\n")
        #expect(result.protection == .unknown(.notVisible))
    }

    @Test("without mountinfo it says it cannot tell, and still points at the guide")
    func noMountInfo() {
        let result = DataAtRest.check(folder: "/", mountInfo: nil)
        guard case .unknown = result.protection else {
            Issue.record("expected unknown, got \(result.protection)")
            return
        }
        #expect(DoctorCommand.finding(for: result, EnglishDoctorWords()).level == .warn)
    }
}
