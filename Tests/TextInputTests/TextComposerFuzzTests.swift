import TextInput
import Testing

/// Random keys never stop the composer, and what it commits never loses the text typed.
@Suite struct TextComposerFuzzTests {
    @Test func randomKeysKeepTheComposerConsistent() {
        var generator = SplitMix64(seed: 0x4B414E41)
        let keys: [KeyPress] = "abcdefghijklmnopqrstuvwxyzKN'-.,[]~1 あ".map(KeyPress.character)
            + [.space, .enter, .escape, .backspace, .left, .right, .henkan, .zenkakuHankaku, .katakanaHiragana,
               .function(2), .function(3), .function(12)]
        var composer = TextComposer(mode: .hiragana)
        for _ in 0..<20_000 {
            let key = keys[Int(generator.next() % UInt64(keys.count))]
            let answer = composer.handle(key)
            if let kana = answer.convert {
                // Half the time a dictionary answers with two segments, else none.
                let split = kana.index(kana.startIndex, offsetBy: kana.count / 2)
                let segments = generator.next() % 2 == 0 || kana.count < 2 ? [] : [
                    ConversionSegment(reading: String(kana[..<split]), candidates: ["一", "二"]),
                    ConversionSegment(reading: String(kana[split...]), candidates: ["三"]),
                ]
                composer.show(segments, of: kana)
                #expect(composer.conversion != nil)
            }
            if let conversion = composer.conversion {
                #expect(conversion.current >= 0 && conversion.current < conversion.segments.count)
            }
            if answer.key == .enter { #expect(!composer.isComposing) }
        }
    }
}

/// A small, seeded generator (SplitMix64), so every run of the test makes the same choices.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
