import Foundation
import ScannerInput
import Testing
@testable import BookKioskCommands
@testable import CommandCore
@testable import KioskConfiguration
@testable import Doctor

/// doctor's staff keyboard line, against a fake input directory.
@Suite("doctor: the staff keyboard")
struct DoctorKeyboardTests {
    func doctor(in folder: TemporaryFolder) throws -> DoctorCommand {
        var command = try DoctorCommand([], places: Places(environment: ["HOME": folder.url.path, "PATH": folder.url.path]), console: Console())
        command.inputDirectory = InputDeviceDirectory(devicePath: folder.path("dev/input"), sysfsPath: folder.path("sys/class/input"))
        command.say = EnglishDoctorWords()
        return command
    }

    /// A device node (a plain file: it is listed, but opens as no evdev device) with its sysfs facts.
    func device(_ node: String, name: String, vendor: String, product: String, keys: String, in folder: TemporaryFolder) throws {
        try FileManager.default.createDirectory(atPath: folder.path("dev/input"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.path("sys/class/input/\(node)/device/id"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.path("sys/class/input/\(node)/device/capabilities"), withIntermediateDirectories: true)
        try folder.write("dev/input/\(node)", "")
        try folder.write("sys/class/input/\(node)/device/name", name + "\n")
        try folder.write("sys/class/input/\(node)/device/id/vendor", vendor + "\n")
        try folder.write("sys/class/input/\(node)/device/id/product", product + "\n")
        try folder.write("sys/class/input/\(node)/device/capabilities/key", keys + "\n")
    }

    /// Keys 2…11: the digit row, enough to type.
    static let digitKeys = "ffc"

    @Test("none configured: ok, staff keys come from the terminal")
    func noneConfigured() throws {
        let folder = try TemporaryFolder()
        let findings = try doctor(in: folder).checkStaffKeyboard(nil)
        #expect(findings.map { $0.line(EnglishDoctorWords()) } == [
            "ok   keyboard: none configured: staff keys come from the terminal `bookkiosk run` runs on (set \"keyboard\" to use a USB keyboard)",
        ])
    }

    @Test("configured, no input directory: a warning with its match and layout, not a failure")
    func noInputDirectory() throws {
        let folder = try TemporaryFolder()
        let findings = try doctor(in: folder).checkStaffKeyboard(try StaffKeyboardConfiguration(match: "046d:c31c", layout: "jp"))
        #expect(findings.map(\.level) == [.warn])
        #expect(findings.first?.message.hasPrefix("the staff keyboard (match: 046d:c31c, layout: jp) is not plugged in") == true)
    }

    @Test("configured, not plugged in: a warning listing the devices that came close (those that can type)")
    func notPluggedIn() throws {
        let folder = try TemporaryFolder()
        try device("event2", name: "Cherry USB Keyboard", vendor: "046a", product: "0011", keys: Self.digitKeys, in: folder)
        try device("event5", name: "Power Button", vendor: "0000", product: "0001", keys: "0", in: folder)
        let findings = try doctor(in: folder).checkStaffKeyboard(try StaffKeyboardConfiguration(match: "046d:c31c"))
        #expect(findings.map(\.level) == [.warn])
        let message = try #require(findings.first?.message)
        #expect(message.hasPrefix("no input device matches the staff keyboard (match: 046d:c31c, layout: us) — plug it in"), "\(message)")
        #expect(message.contains("devices here that can type: \(folder.path("dev/input/event2"))  046a:0011  “Cherry USB Keyboard”"), "\(message)")
        #expect(!message.contains("Power Button"))
    }

    @Test("configured and found, but not an evdev device: FAIL naming it")
    func foundButNotOpenable() throws {
        let folder = try TemporaryFolder()
        try device("event2", name: "Logitech USB Keyboard", vendor: "046d", product: "c31c", keys: Self.digitKeys, in: folder)
        let findings = try doctor(in: folder).checkStaffKeyboard(try StaffKeyboardConfiguration(match: "046d:c31c", layout: "jp"))
        #expect(findings.map(\.level) == [.fail])
        #expect(findings.first?.message.hasPrefix("“Logitech USB Keyboard” (\(folder.path("dev/input/event2"))), the staff keyboard (match: 046d:c31c, layout: jp), cannot be opened as an input device") == true,
                "\(findings)")
    }

    @Test("bookkiosk doctor prints the keyboard line")
    func inTheReport() throws {
        let folder = try TemporaryFolder()
        let config = try folder.write("config.json", #"{"language": "en", "player": "none"}"#)
        let result = try BookKioskBinary.run(["doctor", "--config", config, "--db", folder.path("library.sqlite")], in: folder.url)
        #expect(result.lines.contains { $0.hasPrefix("ok   keyboard: none configured") }, "\(result.output)")
    }
}
