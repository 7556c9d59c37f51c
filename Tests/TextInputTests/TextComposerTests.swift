import TextInput
import Testing

/// The composer's keys: mode switches, Backspace, Esc, Enter, and kanji conversion.
@Suite struct TextComposerTests {
    // MARK: Mode switches and Backspace

    @Test func switchingToKatakanaMidWordKeepsComposing() {
        var composer = TextComposer(mode: .hiragana)
        let keys = "karasuno".map(KeyPress.character) + [.function(3)] + "pan".map(KeyPress.character)
            + [.katakanaHiragana] + "yasan".map(KeyPress.character)
        #expect(Typing.type(keys, into: &composer) == "")
        #expect(composer.kana == "からすのパンやさ")
        #expect(composer.pendingLetters == "n")
        #expect(composer.mode == .hiragana)
        #expect(composer.handle(.enter) == TextComposer.Answer(commit: "からすのパンやさん", key: .enter))
        #expect(!composer.isComposing)
    }

    @Test func aModeSwitchSettlesAPendingN() {
        var composer = TextComposer(mode: .hiragana)
        _ = Typing.type("pan".map(KeyPress.character) + [.function(3)] + "pan".map(KeyPress.character), into: &composer)
        #expect(composer.kana == "ぱんパ")
        #expect(composer.pendingLetters == "n")
        #expect(composer.handle(.enter) == TextComposer.Answer(commit: "ぱんパン", key: .enter))
    }

    @Test func turningKanaInputOffCommitsWhatIsComposedAndALoneConsonantStaysALetter() {
        var composer = TextComposer(mode: .hiragana)
        let typed = Typing.type("guritok".map(KeyPress.character) + [.zenkakuHankaku] + "ABC".map(KeyPress.character), into: &composer)
        #expect(typed == "ぐりとkABC")
        #expect(composer.mode == .direct)
    }

    @Test func f2AndZenkakuHankakuTurnKanaInputOnAndOff() {
        var composer = TextComposer()
        #expect(composer.handle(.function(2)) == TextComposer.Answer())
        #expect(composer.mode == .hiragana)
        #expect(composer.handle(.function(2)) == TextComposer.Answer())
        #expect(composer.mode == .direct)
        #expect(composer.handle(.zenkakuHankaku) == TextComposer.Answer())
        #expect(composer.mode == .hiragana)
        #expect(composer.handle(.function(3)) == TextComposer.Answer())
        #expect(composer.mode == .katakana)
        #expect(composer.handle(.katakanaHiragana) == TextComposer.Answer())
        #expect(composer.mode == .hiragana)
    }

    @Test func directModePassesEveryKeyOn() {
        var composer = TextComposer()
        for key: KeyPress in [.character("k"), .space, .enter, .escape, .backspace, .left, .henkan, .function(12)] {
            #expect(composer.handle(key) == TextComposer.Answer(key: key))
        }
        #expect(!composer.isComposing)
    }

    @Test func backspaceTakesTheLastLetterThenTheLastKana() {
        var composer = TextComposer(mode: .hiragana)
        _ = Typing.type("gurik".map(KeyPress.character), into: &composer)
        #expect(composer.kana == "ぐり")
        #expect(composer.pendingLetters == "k")
        #expect(composer.handle(.backspace) == TextComposer.Answer())
        #expect(composer.pendingLetters == "")
        #expect(composer.kana == "ぐり")
        #expect(composer.handle(.backspace) == TextComposer.Answer())
        #expect(composer.kana == "ぐ")
        #expect(composer.handle(.backspace) == TextComposer.Answer())
        #expect(!composer.isComposing)
        // With nothing composed, the field takes Backspace.
        #expect(composer.handle(.backspace) == TextComposer.Answer(key: .backspace))
    }

    @Test func escDropsWhatIsComposedThenPassesOn() {
        var composer = TextComposer(mode: .hiragana)
        _ = Typing.type("guri".map(KeyPress.character), into: &composer)
        #expect(composer.handle(.escape) == TextComposer.Answer())
        #expect(!composer.isComposing)
        #expect(composer.handle(.escape) == TextComposer.Answer(key: .escape))
    }

    @Test func enterWithNothingComposedIsPassedOn() {
        var composer = TextComposer(mode: .katakana)
        #expect(composer.handle(.enter) == TextComposer.Answer(key: .enter))
    }

    // MARK: Conversion

    static let honSegments = [ConversionSegment(reading: "ほん", candidates: ["本", "ほん", "翻"])]

    @Test func spaceWithNothingComposedIsASpaceAndHenkanIsNothing() {
        var composer = TextComposer(mode: .hiragana)
        #expect(composer.handle(.space) == TextComposer.Answer(key: .space))
        #expect(composer.handle(.henkan) == TextComposer.Answer())
    }

    @Test func spaceAsksForAConversionThenCyclesAndEnterCommits() {
        var composer = TextComposer(mode: .hiragana)
        _ = Typing.type("hon".map(KeyPress.character), into: &composer)
        #expect(composer.handle(.space) == TextComposer.Answer(convert: "ほん"))
        composer.show(Self.honSegments, of: "ほん")
        #expect(composer.conversion?.text == "本")
        #expect(composer.handle(.space) == TextComposer.Answer())
        #expect(composer.conversion?.text == "ほん")
        #expect(composer.handle(.henkan) == TextComposer.Answer())
        #expect(composer.conversion?.text == "翻")
        #expect(composer.handle(.space) == TextComposer.Answer())
        #expect(composer.conversion?.text == "本")
        // Enter commits the conversion only: the field stays open for more.
        #expect(composer.handle(.enter) == TextComposer.Answer(commit: "本"))
        #expect(!composer.isComposing)
    }

    @Test func leftAndRightMoveBetweenSegmentsAndSpaceCyclesTheCurrentOne() throws {
        var composer = TextComposer(mode: .hiragana)
        _ = Typing.type("honwoyomu".map(KeyPress.character), into: &composer)
        #expect(composer.handle(.space) == TextComposer.Answer(convert: "ほんをよむ"))
        composer.show([ConversionSegment(reading: "ほんを", candidates: ["本を", "ほんを"]),
                       ConversionSegment(reading: "よむ", candidates: ["読む", "よむ", "詠む"])], of: "ほんをよむ")
        #expect(composer.conversion?.shown == ["本を", "読む"])
        #expect(composer.handle(.right) == TextComposer.Answer())
        #expect(composer.handle(.space) == TextComposer.Answer())
        #expect(composer.conversion?.shown == ["本を", "よむ"])
        #expect(composer.handle(.right) == TextComposer.Answer())
        #expect(composer.conversion?.current == 1)
        #expect(composer.handle(.left) == TextComposer.Answer())
        #expect(composer.handle(.space) == TextComposer.Answer())
        #expect(composer.conversion?.shown == ["ほんを", "よむ"])
        #expect(composer.handle(.left) == TextComposer.Answer())
        #expect(composer.conversion?.current == 0)
    }

    @Test func escDuringAConversionReturnsToTheKana() {
        var composer = TextComposer(mode: .hiragana)
        _ = Typing.type("hon".map(KeyPress.character), into: &composer)
        _ = composer.handle(.space)
        composer.show(Self.honSegments, of: "ほん")
        #expect(composer.handle(.escape) == TextComposer.Answer())
        #expect(composer.conversion == nil)
        #expect(composer.kana == "ほん")
        #expect(composer.handle(.enter) == TextComposer.Answer(commit: "ほん", key: .enter))
    }

    @Test func typingDuringAConversionCommitsItAndComposesOn() {
        var composer = TextComposer(mode: .hiragana)
        _ = Typing.type("hon".map(KeyPress.character), into: &composer)
        _ = composer.handle(.space)
        composer.show(Self.honSegments, of: "ほん")
        #expect(composer.handle(.character("n")) == TextComposer.Answer(commit: "本"))
        #expect(composer.handle(.character("o")) == TextComposer.Answer())
        #expect(composer.kana == "の")
    }

    @Test func withoutADictionaryTheKanaAreOfferedInBothScripts() {
        var composer = TextComposer(mode: .hiragana)
        _ = Typing.type("pan".map(KeyPress.character), into: &composer)
        #expect(composer.handle(.space) == TextComposer.Answer(convert: "ぱん"))
        composer.show([], of: "ぱん")
        #expect(composer.conversion?.segments == [ConversionSegment(reading: "ぱん", candidates: ["ぱん", "パン"])])
        _ = composer.handle(.space)
        #expect(composer.handle(.enter) == TextComposer.Answer(commit: "パン"))
    }

    @Test func aConversionOfOtherKanaIsIgnored() {
        var composer = TextComposer(mode: .hiragana)
        _ = Typing.type("hon".map(KeyPress.character), into: &composer)
        _ = composer.handle(.space)
        composer.show(Self.honSegments, of: "ほんや")
        #expect(composer.conversion == nil)
    }
}
