import Foundation
import Testing

/// `decode` and `devices` through the built binary.
@Suite("decode and devices")
struct InputCommandTests {
    static let recordings = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("recordings")

    static var recordingNames: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: recordings.path)) ?? [])
            .filter { $0.hasSuffix(".evemu") }.map { String($0.dropLast(".evemu".count)) }.sorted()
    }

    @Test func thereAreRecordings() {
        #expect(Self.recordingNames.count >= 10)
    }

    @Test(arguments: recordingNames)
    func everyRecordingDecodesToItsExpectedBarcodes(_ name: String) throws {
        let folder = try TemporaryFolder()
        let base = Self.recordings.appendingPathComponent(name)
        let expected = try String(contentsOf: base.appendingPathExtension("expected"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        let layout = (try? String(contentsOf: base.appendingPathExtension("layout"), encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? "us"
        let result = try BookKioskBinary.run(["decode", "--evemu", base.appendingPathExtension("evemu").path, "--layout", layout], in: folder.url)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.lines == expected)
    }

    @Test func aBrokenRecordingIsNamedWithItsLine() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("broken.evemu", "N: scanner\nE: 0.000001 0001 0002 0001\nE: nonsense\n")
        let result = try BookKioskBinary.run(["decode", "--evemu", file], in: folder.url)
        #expect(result.status == 1)
        #expect(result.errors.contains("broken.evemu:3"))
    }

    @Test func aBadLayoutIsAUsageError() throws {
        let folder = try TemporaryFolder()
        let result = try BookKioskBinary.run(["decode", "--evemu", "x.evemu", "--layout", "de"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.errors.contains("--layout must be us or jp"))
    }

    @Test(.enabled(if: !FileManager.default.fileExists(atPath: "/dev/input"), "this machine has /dev/input; the listing is checked in ScannerInputTests"))
    func devicesWithoutDevInputSaysSoInOneLine() throws {
        let folder = try TemporaryFolder()
        let result = try BookKioskBinary.run(["devices"], in: folder.url)
        #expect(result.status == 0)
        #expect(result.lines == ["No input devices: /dev/input does not exist on this machine."])
    }
    // `run` without /dev/input no longer stops: it waits for its scanner (FaultTests' BootWithoutScannerTests).
}
