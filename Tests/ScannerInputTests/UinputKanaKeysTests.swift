import CEvdev
import Foundation
import Testing
import TextInput
@testable import ScannerInput

@Suite("The kana-input keys on a real JIS staff keyboard (uinput)")
struct UinputKanaKeysTests {
    static let hasDevices = FileManager.default.fileExists(atPath: "/dev/uinput") && FileManager.default.fileExists(atPath: "/dev/input")

    @Test("半角/全角, カタカナ/ひらがな, 変換, Space and the arrows come through the evdev path as keys",
          .enabled(if: hasDevices, "needs /dev/uinput and /dev/input (absent here; runs in the VM harness or on a kiosk)"))
    func jisKeys() throws {
        let scannerName = "BookKiosk uinput kana desk scanner \(getpid())"
        let keyboardName = "BookKiosk uinput JIS keyboard \(getpid())"
        let scanner = try UinputScanner(name: scannerName)
        let keyboard = try UinputScanner(name: keyboardName)
        let source = try EvdevScanSource.open(
            configurations: [ScannerConfiguration(selector: .namePattern(scannerName), name: "desk")],
            keyboard: StaffKeyboardConfiguration(selector: .namePattern(keyboardName), layout: .jp), log: { _ in })
        #expect(source.openStaffKeyboardPaths == [keyboard.devnode])
        keyboard.perform([.tap(KEY_GRAVE), .type("ka"), .tap(KEY_SPACE), .tap(KEY_HENKAN), .tap(KEY_LEFT), .tap(KEY_RIGHT),
                          .tap(KEY_KATAKANAHIRAGANA), .tap(KEY_ZENKAKUHANKAKU), .tap(KEY_F2)], layout: .jp)
        let expected: [KeyPress] = [.zenkakuHankaku, .character("k"), .character("a"), .space, .henkan, .left, .right,
                                    .katakanaHiragana, .zenkakuHankaku, .function(2)]
        var keys: [KeyPress] = []
        while keys.count < expected.count, case .key(let key) = try source.next(timeout: .seconds(5)) { keys.append(key) }
        #expect(keys == expected)
        withExtendedLifetime(scanner) {}
    }
}
