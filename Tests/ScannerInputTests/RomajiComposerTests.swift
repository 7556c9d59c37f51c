import ScannerInput
import Testing

/// Romaji as the composer turns it into kana: every row in both spellings, っ, ん in its three
/// forms, small kana, punctuation, katakana, Backspace and mode switches mid-word.
@Suite struct RomajiComposerTests {
    /// Types `romaji` into a composer in `mode` and presses Enter: the text committed.
    static func committed(_ romaji: String, mode: TextInputMode = .hiragana) -> String {
        var composer = TextComposer(mode: mode)
        return type(romaji.map(KeyPress.character) + [.enter], into: &composer)
    }

    /// Feeds `keys`; returns the text committed, with characters and spaces passed on added
    /// as a text field would add them.
    static func type(_ keys: [KeyPress], into composer: inout TextComposer) -> String {
        var text = ""
        for key in keys {
            let answer = composer.handle(key)
            text += answer.commit
            switch answer.key {
            case .character(let character): text.append(character)
            case .space: text += " "
            case .backspace: if !text.isEmpty { text.removeLast() }
            default: break
            }
        }
        return text
    }

    // MARK: Rows, both spellings

    static let rows: [(String, String)] = [
        ("aiueo", "あいうえお"),
        ("kakikukeko", "かきくけこ"), ("gagigugego", "がぎぐげご"),
        ("sasisuseso", "さしすせそ"), ("sashisuseso", "さしすせそ"),
        ("zazizuzezo", "ざじずぜぞ"), ("zajizuzezo", "ざじずぜぞ"),
        ("tatituteto", "たちつてと"), ("tachitsuteto", "たちつてと"),
        ("dadidudedo", "だぢづでど"),
        ("naninuneno", "なにぬねの"),
        ("hahihuheho", "はひふへほ"), ("hahifuheho", "はひふへほ"),
        ("babibubebo", "ばびぶべぼ"), ("papipupepo", "ぱぴぷぺぽ"),
        ("mamimumemo", "まみむめも"),
        ("yayuyo", "やゆよ"), ("ye", "いぇ"),
        ("rarirurero", "らりるれろ"),
        ("wawo", "わを"), ("wiwe", "うぃうぇ"), ("whawho", "うぁうぉ"),
        ("vavivuvevo", "ゔぁゔぃゔゔぇゔぉ"), ("vyu", "ゔゅ"),
        ("fafifefo", "ふぁふぃふぇふぉ"),
        ("kakuko", "かくこ"), ("cacuco", "かくこ"), ("qa", "くぁ"),
        ("thi", "てぃ"), ("dhi", "でぃ"), ("twu", "とぅ"), ("dwu", "どぅ"), ("tsa", "つぁ"),
    ]

    @Test(arguments: rows)
    func eachRowInBothSpellings(romaji: String, kana: String) {
        #expect(Self.committed(romaji) == kana)
    }

    static let combinations: [(String, String)] = [
        ("kyakyukyo", "きゃきゅきょ"), ("gyagyugyo", "ぎゃぎゅぎょ"),
        ("shashusho", "しゃしゅしょ"), ("syasyusyo", "しゃしゅしょ"), ("she", "しぇ"), ("sye", "しぇ"),
        ("jajujo", "じゃじゅじょ"), ("zyazyuzyo", "じゃじゅじょ"), ("jyajyujyo", "じゃじゅじょ"), ("je", "じぇ"),
        ("chachucho", "ちゃちゅちょ"), ("tyatyutyo", "ちゃちゅちょ"), ("cyacyucyo", "ちゃちゅちょ"), ("che", "ちぇ"),
        ("dyadyudyo", "ぢゃぢゅぢょ"),
        ("nyanyunyo", "にゃにゅにょ"), ("hyahyuhyo", "ひゃひゅひょ"),
        ("byabyubyo", "びゃびゅびょ"), ("pyapyupyo", "ぴゃぴゅぴょ"),
        ("myamyumyo", "みゃみゅみょ"), ("ryaryuryo", "りゃりゅりょ"),
    ]

    @Test(arguments: combinations)
    func yaYuYoCombinationsInBothSpellings(romaji: String, kana: String) {
        #expect(Self.committed(romaji) == kana)
    }

    // MARK: っ, ん, small kana, punctuation

    static let smallTsu: [(String, String)] = [
        ("kka", "っか"), ("ccha", "っちゃ"), ("tte", "って"), ("ppo", "っぽ"), ("sshi", "っし"),
        ("zasshi", "ざっし"), ("kitte", "きって"), ("bbu", "っぶ"),
        ("wwa", "っわ"), ("xtu", "っ"), ("ltu", "っ"), ("xtsu", "っ"), ("ltsu", "っ"),
    ]

    @Test(arguments: smallTsu)
    func doubledConsonantsAndSmallTsu(romaji: String, kana: String) {
        #expect(Self.committed(romaji) == kana)
    }

    static let syllabicN: [(String, String)] = [
        // Before a consonant.
        ("kanji", "かんじ"), ("hontou", "ほんとう"), ("sanpo", "さんぽ"),
        // nn and n'.
        ("kunnno", "くんの"), ("onnna", "おんな"), ("onna", "おんあ"), ("konnnichiha", "こんにちは"), ("kin'en", "きんえん"),
        ("ninnjinn", "にんじん"),
        // A pending n at Enter.
        ("hon", "ほん"), ("n", "ん"),
        // n before y or a vowel is not ん.
        ("kinyou", "きにょう"), ("kinen", "きねん"),
    ]

    @Test(arguments: syllabicN)
    func nInItsThreeForms(romaji: String, kana: String) {
        #expect(Self.committed(romaji) == kana)
    }

    static let smallKana: [(String, String)] = [
        ("xa", "ぁ"), ("la", "ぁ"), ("xi", "ぃ"), ("li", "ぃ"), ("xu", "ぅ"), ("lu", "ぅ"),
        ("xe", "ぇ"), ("le", "ぇ"), ("xo", "ぉ"), ("lo", "ぉ"),
        ("xya", "ゃ"), ("lya", "ゃ"), ("xyu", "ゅ"), ("lyu", "ゅ"), ("xyo", "ょ"), ("lyo", "ょ"),
        ("xwa", "ゎ"), ("xka", "ヵ"), ("lke", "ヶ"),
    ]

    @Test(arguments: smallKana)
    func smallKanaWithXOrL(romaji: String, kana: String) {
        #expect(Self.committed(romaji) == kana)
    }

    static let punctuation: [(String, String)] = [
        ("-", "ー"), (",", "、"), (".", "。"), ("ra-men", "らーめん"), ("hai,iie.", "はい、いいえ。"),
        ("[ehon]", "「えほん」"),
    ]

    @Test(arguments: punctuation)
    func longVowelMarkAndPunctuation(romaji: String, kana: String) {
        #expect(Self.committed(romaji) == kana)
    }

    static let others: [(String, String)] = [
        // A lone consonant at Enter stays a letter.
        ("hok", "ほk"), ("ts", "ts"),
        // A consonant no rule continues stays a letter, and the next starts afresh.
        ("kxa", "kぁ"),
        // Capitals are typed as the same letters.
        ("GURI", "ぐり"),
        // Digits and characters no rule takes type themselves.
        ("ehon2", "えほん2"), ("ぐら", "ぐら"),
    ]

    @Test(arguments: others)
    func lettersNoRuleTakes(romaji: String, kana: String) {
        #expect(Self.committed(romaji) == kana)
    }

    // MARK: Katakana

    static let katakana: [(String, String)] = [
        ("pan", "パン"), ("ko-hi-", "コーヒー"), ("vaiorin", "ヴァイオリン"), ("kyandhi-", "キャンディー"),
        ("pinnku", "ピンク"), ("xtu", "ッ"), ("fo-ku", "フォーク"),
    ]

    @Test(arguments: katakana)
    func katakanaMode(romaji: String, kana: String) {
        #expect(Self.committed(romaji, mode: .katakana) == kana)
    }

    @Test func katakanaAndHiraganaConvertBothWays() {
        #expect(Kana.katakana("ぐりとぐら、ゔ") == "グリトグラ、ヴ")
        #expect(Kana.hiragana("パンやさん ABC") == "ぱんやさん ABC")
    }

    // MARK: Mode switches and Backspace

    @Test func switchingToKatakanaMidWordKeepsComposing() {
        var composer = TextComposer(mode: .hiragana)
        let keys = "karasuno".map(KeyPress.character) + [.function(3)] + "pan".map(KeyPress.character)
            + [.katakanaHiragana] + "yasan".map(KeyPress.character)
        #expect(Self.type(keys, into: &composer) == "")
        #expect(composer.kana == "からすのパンやさ")
        #expect(composer.pendingLetters == "n")
        #expect(composer.mode == .hiragana)
        #expect(composer.handle(.enter) == TextComposer.Answer(commit: "からすのパンやさん", key: .enter))
        #expect(!composer.isComposing)
    }

    @Test func aModeSwitchSettlesAPendingN() {
        var composer = TextComposer(mode: .hiragana)
        _ = Self.type("pan".map(KeyPress.character) + [.function(3)] + "pan".map(KeyPress.character), into: &composer)
        #expect(composer.kana == "ぱんパ")
        #expect(composer.pendingLetters == "n")
        #expect(composer.handle(.enter) == TextComposer.Answer(commit: "ぱんパン", key: .enter))
    }

    @Test func turningKanaInputOffCommitsWhatIsComposedAndALoneConsonantStaysALetter() {
        var composer = TextComposer(mode: .hiragana)
        let typed = Self.type("guritok".map(KeyPress.character) + [.zenkakuHankaku] + "ABC".map(KeyPress.character), into: &composer)
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
        _ = Self.type("gurik".map(KeyPress.character), into: &composer)
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
        _ = Self.type("guri".map(KeyPress.character), into: &composer)
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
        _ = Self.type("hon".map(KeyPress.character), into: &composer)
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
        _ = Self.type("honwoyomu".map(KeyPress.character), into: &composer)
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
        _ = Self.type("hon".map(KeyPress.character), into: &composer)
        _ = composer.handle(.space)
        composer.show(Self.honSegments, of: "ほん")
        #expect(composer.handle(.escape) == TextComposer.Answer())
        #expect(composer.conversion == nil)
        #expect(composer.kana == "ほん")
        #expect(composer.handle(.enter) == TextComposer.Answer(commit: "ほん", key: .enter))
    }

    @Test func typingDuringAConversionCommitsItAndComposesOn() {
        var composer = TextComposer(mode: .hiragana)
        _ = Self.type("hon".map(KeyPress.character), into: &composer)
        _ = composer.handle(.space)
        composer.show(Self.honSegments, of: "ほん")
        #expect(composer.handle(.character("n")) == TextComposer.Answer(commit: "本"))
        #expect(composer.handle(.character("o")) == TextComposer.Answer())
        #expect(composer.kana == "の")
    }

    @Test func withoutADictionaryTheKanaAreOfferedInBothScripts() {
        var composer = TextComposer(mode: .hiragana)
        _ = Self.type("pan".map(KeyPress.character), into: &composer)
        #expect(composer.handle(.space) == TextComposer.Answer(convert: "ぱん"))
        composer.show([], of: "ぱん")
        #expect(composer.conversion?.segments == [ConversionSegment(reading: "ぱん", candidates: ["ぱん", "パン"])])
        _ = composer.handle(.space)
        #expect(composer.handle(.enter) == TextComposer.Answer(commit: "パン"))
    }

    @Test func aConversionOfOtherKanaIsIgnored() {
        var composer = TextComposer(mode: .hiragana)
        _ = Self.type("hon".map(KeyPress.character), into: &composer)
        _ = composer.handle(.space)
        composer.show(Self.honSegments, of: "ほんや")
        #expect(composer.conversion == nil)
    }
}

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

