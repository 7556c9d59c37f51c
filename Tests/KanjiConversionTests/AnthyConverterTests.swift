import KanjiConversion
import TextInput
import Testing

/// anthy with its dictionary (Debian: anthy, which brings anthy-common). Where anthy cannot
/// start, each test says so and passes without checking (the kiosk then offers kana only).
/// Serialized: anthy is one library state per process, used from one thread at a time.
@Suite(.serialized) struct AnthyConverterTests {
    /// A converter, or nil with a message when anthy or its dictionary is missing.
    func converter() -> AnthyConverter? {
        do throws(AnthyUnavailable) {
            return try AnthyConverter()
        } catch {
            print("skipped: \(error) (install the Debian package anthy to run this test)")
            return nil
        }
    }

    @Test func honHasTheKanjiForBookAmongItsFirstCandidates() throws {
        guard let converter = converter() else { return }
        let segments = converter.convert("ほん")
        let segment = try #require(segments.first)
        #expect(segments.count == 1)
        #expect(segment.reading == "ほん")
        #expect(segment.candidates.prefix(5).contains("本"))
        #expect(segment.candidates.count == Set(segment.candidates).count)
    }

    @Test func aSentenceComesInSegmentsThatCoverItsKana() throws {
        guard let converter = converter() else { return }
        let segments = converter.convert("ほんをよむ")
        #expect(segments.count >= 2)
        #expect(segments.map(\.reading).joined() == "ほんをよむ")
        #expect(segments.allSatisfy { !$0.candidates.isEmpty })
    }

    @Test func katakanaTypedInTheMiddleIsConvertedToo() throws {
        guard let converter = converter() else { return }
        let segments = converter.convert("からすのパンやさん")
        #expect(!segments.isEmpty)
        #expect(Kana.hiragana(segments.map(\.reading).joined()) == "からすのぱんやさん")
    }

    @Test func nothingToConvertGivesNoSegments() {
        guard let converter = converter() else { return }
        #expect(converter.convert("").isEmpty)
    }
}
