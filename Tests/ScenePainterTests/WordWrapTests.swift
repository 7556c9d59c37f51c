import Scene
import Testing

/// `WordWrap`, the pure decision behind lines broken between words, with one unit of width per
/// character.
@Suite struct WordWrapTests {
    static func lines(_ text: String, width: Double) -> [String] {
        WordWrap.lines(of: text, width: width) { Double($0.count) }.map(String.init)
    }

    @Test(arguments: [
        ("ほんが あるよ", 7.0, ["ほんが あるよ"]),
        ("ほんが あるよ", 6.0, ["ほんが", "あるよ"]),
        ("ほんが あるよ", 2.0, ["ほんが", "あるよ"]),
        ("さきに ほんを かえしてね", 8.0, ["さきに ほんを", "かえしてね"]),
        ("もう\nいっぱい", 20.0, ["もう", "いっぱい"]),
        ("はじめての　おつかい", 6.0, ["はじめての", "おつかい"]),
        ("a  b", 1.0, ["a", "b"]),
        ("", 5.0, [""]),
    ])
    func linesBreakOnlyAtSpacesAndLineFeeds(text: String, width: Double, expected: [String]) {
        #expect(Self.lines(text, width: width) == expected)
    }

    @Test func aWordWiderThanTheLineStandsAlone() {
        #expect(Self.lines("あ はじめてのおつかい い", width: 4) == ["あ", "はじめてのおつかい", "い"])
    }

    @Test func wordsAreTheRunsBetweenSpaces() {
        #expect(WordWrap.words(of: " ぐりと　ぐら  が\nいる ") == ["ぐりと", "ぐら", "が", "いる"])
    }
}
