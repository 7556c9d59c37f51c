import BookLookup
import Foundation
import KioskDisplay
import POSIX
import Testing
@testable import Doctor

/// A Japanese `doctor` says why the display gives no picture, why a lookup service gave no
/// record and why a disk's encryption cannot be told in Japanese, not in the English the other
/// modules word them in: every case, with what to do where the English says it.
@Suite("bookkiosk doctor: the display's, the lookups' and the disk's details in Japanese")
struct DoctorDetailsInJapaneseTests {
    static let denied = SystemCallError(call: "open", error: Errno(rawValue: EACCES))

    static let displayProblems: [DisplayError.Problem] = [
        .noDeviceDirectory("/dev/dri"),
        .noDevice(path: "/dev/dri/card0", others: []),
        .noDevice(path: "/dev/dri/card0", others: ["/dev/dri/card1"]),
        .permissionDenied(path: "/dev/dri/card0", user: "bookkiosk"),
        .notModeSetting(path: "/dev/dri/renderD128", denied),
        .noConnectedConnector(path: "/dev/dri/card0", connectors: ["HDMI-A-1 disconnected"]),
        .noConnectedConnector(path: "/dev/dri/card0", connectors: []),
        .noController(path: "/dev/dri/card0", connector: "HDMI-A-1"),
        .noMaster(path: "/dev/dri/card0", denied),
        .failed(path: "/dev/dri/card0", denied),
    ]

    static let faults: [ServiceFault] = [
        .transfer(.hostNotFound("ndlsearch.ndl.go.jp")), .transfer(.couldNotConnect("Connection refused")),
        .transfer(.timedOut(seconds: 3)), .transfer(.tooLarge(bytes: 4 << 20)), .transfer(.other("SSL certificate problem")),
        .busy(status: 503), .status(403), .resting(until: Date(timeIntervalSince1970: 1_796_083_200), reason: .busy(status: 503)),
        .unreadable("not XML"),
    ]

    /// Kana: the sentence is Japanese (paths, commands and the system's own error words may stay as they are).
    static func isJapanese(_ text: String) -> Bool {
        text.unicodeScalars.contains { (0x3040...0x30FF).contains($0.value) }
    }

    @Test(arguments: displayProblems)
    func theDisplaysProblem(_ problem: DisplayError.Problem) {
        let error = DisplayError(problem)
        let japanese = JapaneseDoctorWords().displayProblem(error)
        #expect(Self.isJapanese(japanese), "\(japanese)")
        #expect(japanese != error.description)
        #expect(EnglishDoctorWords().displayProblem(error) == error.description)
        // What to do travels with it: the command or setting the English names.
        for hint in ["`ls /dev/dri`", "usermod", "systemctl restart bookkiosk", "\"output\": \"none\""] where error.description.contains(hint) {
            #expect(japanese.contains(hint), "\(japanese) lacks \(hint)")
        }
    }

    @Test(arguments: faults)
    func theLookupsFault(_ fault: ServiceFault) {
        let japanese = JapaneseDoctorWords().lookupFault(fault)
        #expect(Self.isJapanese(japanese), "\(japanese)")
        #expect(!japanese.contains("could not") && !japanese.contains("did not") && !japanese.contains("answered HTTP"))
        #expect(EnglishDoctorWords().lookupFault(fault) == fault.description)
    }

    @Test("why encryption cannot be told", arguments: [DataAtRest.Unknown.mountInfoUnreadable, .notVisible])
    func whyEncryptionCannotBeTold(_ why: DataAtRest.Unknown) {
        let japanese = JapaneseDoctorWords().encryptionUnknown("/var/lib/bookkiosk", why: why)
        let english = EnglishDoctorWords().encryptionUnknown("/var/lib/bookkiosk", why: why)
        #expect(!japanese.contains("cannot be") && !japanese.contains("not visible"), "\(japanese)")
        #expect(english.contains(why == .notVisible ? "not visible here" : "cannot be read"), "\(english)")
    }
}
