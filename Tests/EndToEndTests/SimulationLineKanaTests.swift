@testable import BookKioskCommands
import Foundation
import ScannerInput
import TextInput
import Testing

/// `simulate`'s directives for the keys of kana input.
@Suite struct SimulationLineKanaTests {
    let utc = TimeZone(identifier: "UTC")!

    static let keys: [(String, KeyPress)] = [
        ("@key F2", .function(2)), ("@key F3", .function(3)), ("@key Space", .space), ("@key space", .space),
        ("@key Left", .left), ("@key Right", .right), ("@key Henkan", .henkan), ("@key 変換", .henkan),
        ("@key Zenkaku", .zenkakuHankaku), ("@key 半角/全角", .zenkakuHankaku),
        ("@key Katakana", .katakanaHiragana), ("@key カタカナ/ひらがな", .katakanaHiragana),
        ("@key Backspace", .backspace),
    ]

    @Test(arguments: keys)
    func keyNames(line: String, key: KeyPress) throws {
        #expect(try SimulationLine.parse(line, timeZone: utc) == .keys([key]))
    }

    @Test func typeGivesOneKeyACharacterAndTheSpaceBarForASpace() throws {
        #expect(try SimulationLine.parse("@type gu ri", timeZone: utc)
                == .keys([.character("g"), .character("u"), .space, .character("r"), .character("i")]))
    }
}
