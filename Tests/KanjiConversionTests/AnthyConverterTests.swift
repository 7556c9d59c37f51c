import KanjiConversion
import TextInput
import Testing

/// anthy with its dictionary (Debian: anthy, which brings anthy-common). Where anthy cannot
/// start, the suite shows as skipped (the kiosk then offers kana only).
/// Serialized: anthy is one library state per process, used from one thread at a time.
@Suite(.serialized, .enabled(if: Anthy.starts, "anthy or its dictionary is missing (install the Debian package anthy)"))
struct AnthyConverterTests {
    @Test func honHasTheKanjiForBookAmongItsFirstCandidates() throws {
        let converter = try AnthyConverter()
        let segments = converter.convert("ほん")
        let segment = try #require(segments.first)
        #expect(segments.count == 1)
        #expect(segment.reading == "ほん")
        #expect(segment.candidates.prefix(5).contains("本"))
        #expect(segment.candidates.count == Set(segment.candidates).count)
    }

    @Test func aSentenceComesInSegmentsThatCoverItsKana() throws {
        let converter = try AnthyConverter()
        let segments = converter.convert("ほんをよむ")
        #expect(segments.count >= 2)
        #expect(segments.map(\.reading).joined() == "ほんをよむ")
        #expect(segments.allSatisfy { !$0.candidates.isEmpty })
    }

    @Test func katakanaTypedInTheMiddleIsConvertedToo() throws {
        let converter = try AnthyConverter()
        let segments = converter.convert("からすのパンやさん")
        #expect(!segments.isEmpty)
        #expect(Kana.hiragana(segments.map(\.reading).joined()) == "からすのぱんやさん")
    }

    @Test func nothingToConvertGivesNoSegments() throws {
        let converter = try AnthyConverter()
        #expect(converter.convert("").isEmpty)
    }
}

/// Whether anthy starts here, with its dictionary.
enum Anthy {
    static let starts = (try? AnthyConverter()) != nil
}
