import Testing
import TextInput
@testable import ScannerInput

@Suite("Terminal key decoder")
struct TerminalKeyDecoderTests {
    struct Case: Sendable, CustomStringConvertible {
        var description: String
        var bytes: [UInt8]
        var keys: [KeyPress]
    }

    static let cases: [Case] = [
        Case(description: "digits and Enter (CR)", bytes: Array("12\r".utf8), keys: [.character("1"), .character("2"), .enter]),
        Case(description: "Enter as LF", bytes: [0x0A], keys: [.enter]),
        Case(description: "Backspace as DEL and as BS", bytes: [0x7F, 0x08], keys: [.backspace, .backspace]),
        Case(description: "a lone Esc", bytes: [0x1B], keys: [.escape]),
        Case(description: "F12 from xterm", bytes: Array("\u{1B}[24~".utf8), keys: [.function(12)]),
        Case(description: "F11 with a modifier parameter", bytes: Array("\u{1B}[23;2~".utf8), keys: [.function(11)]),
        Case(description: "F1 as SS3", bytes: Array("\u{1B}OP".utf8), keys: [.function(1)]),
        Case(description: "F2 on the Linux console", bytes: Array("\u{1B}[[B".utf8), keys: [.function(2)]),
        Case(description: "↑ means nothing", bytes: Array("\u{1B}[Aa".utf8), keys: [.character("a")]),
        Case(description: "← and → from xterm, in application mode, and with Ctrl",
             bytes: Array("\u{1B}[D\u{1B}[C\u{1B}OD\u{1B}OC\u{1B}[1;5C".utf8), keys: [.left, .right, .left, .right, .right]),
        Case(description: "the space bar", bytes: Array("a b".utf8), keys: [.character("a"), .space, .character("b")]),
        Case(description: "F2 and F3 from xterm and as SS3 (kana input keys)",
             bytes: Array("\u{1B}[12~\u{1B}[13~\u{1B}OQ\u{1B}OR".utf8), keys: [.function(2), .function(3), .function(2), .function(3)]),
        Case(description: "Japanese characters whole", bytes: Array("ぐりとぐら".utf8), keys: "ぐりとぐら".map { .character($0) }),
        Case(description: "Tab and Ctrl+A ignored", bytes: [0x09, 0x01, 0x41], keys: [.character("A")]),
        Case(description: "Esc then a letter is Esc and the letter", bytes: Array("\u{1B}q".utf8), keys: [.escape, .character("q")]),
        Case(description: "a stray continuation byte is skipped", bytes: [0x80, 0x41], keys: [.character("A")]),
    ]

    @Test(arguments: cases)
    func decodes(_ testCase: Case) {
        var decoder = TerminalKeyDecoder()
        #expect(decoder.decode(testCase.bytes) == testCase.keys)
    }

    @Test func aSequenceSplitAcrossReadsWaitsForTheRest() {
        var decoder = TerminalKeyDecoder()
        #expect(decoder.decode(Array("\u{1B}[2".utf8)) == [])
        #expect(decoder.decode(Array("4~".utf8)) == [.function(12)])
    }

    @Test func aCharacterSplitAcrossReadsWaitsForTheRest() {
        var decoder = TerminalKeyDecoder()
        let bytes = Array("ぐ".utf8)
        #expect(decoder.decode(Array(bytes.prefix(2))) == [])
        #expect(decoder.decode(Array(bytes.suffix(1))) == [.character("ぐ")])
    }
}
