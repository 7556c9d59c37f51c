import TextInput
import Testing

/// Romaji as the composer turns it into kana: every row in both spellings, っ, ん in its three
/// forms, small kana, punctuation and katakana.
@Suite struct RomajiComposerTests {
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
        #expect(Typing.committed(romaji) == kana)
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
        #expect(Typing.committed(romaji) == kana)
    }

    // MARK: っ, ん, small kana, punctuation

    static let smallTsu: [(String, String)] = [
        ("kka", "っか"), ("ccha", "っちゃ"), ("tte", "って"), ("ppo", "っぽ"), ("sshi", "っし"),
        ("zasshi", "ざっし"), ("kitte", "きって"), ("bbu", "っぶ"),
        ("wwa", "っわ"), ("xtu", "っ"), ("ltu", "っ"), ("xtsu", "っ"), ("ltsu", "っ"),
    ]

    @Test(arguments: smallTsu)
    func doubledConsonantsAndSmallTsu(romaji: String, kana: String) {
        #expect(Typing.committed(romaji) == kana)
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
        #expect(Typing.committed(romaji) == kana)
    }

    static let smallKana: [(String, String)] = [
        ("xa", "ぁ"), ("la", "ぁ"), ("xi", "ぃ"), ("li", "ぃ"), ("xu", "ぅ"), ("lu", "ぅ"),
        ("xe", "ぇ"), ("le", "ぇ"), ("xo", "ぉ"), ("lo", "ぉ"),
        ("xya", "ゃ"), ("lya", "ゃ"), ("xyu", "ゅ"), ("lyu", "ゅ"), ("xyo", "ょ"), ("lyo", "ょ"),
        ("xwa", "ゎ"), ("xka", "ヵ"), ("lke", "ヶ"),
    ]

    @Test(arguments: smallKana)
    func smallKanaWithXOrL(romaji: String, kana: String) {
        #expect(Typing.committed(romaji) == kana)
    }

    static let punctuation: [(String, String)] = [
        ("-", "ー"), (",", "、"), (".", "。"), ("ra-men", "らーめん"), ("hai,iie.", "はい、いいえ。"),
        ("[ehon]", "「えほん」"),
    ]

    @Test(arguments: punctuation)
    func longVowelMarkAndPunctuation(romaji: String, kana: String) {
        #expect(Typing.committed(romaji) == kana)
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
        #expect(Typing.committed(romaji) == kana)
    }

    // MARK: Katakana

    static let katakana: [(String, String)] = [
        ("pan", "パン"), ("ko-hi-", "コーヒー"), ("vaiorin", "ヴァイオリン"), ("kyandhi-", "キャンディー"),
        ("pinnku", "ピンク"), ("xtu", "ッ"), ("fo-ku", "フォーク"),
    ]

    @Test(arguments: katakana)
    func katakanaMode(romaji: String, kana: String) {
        #expect(Typing.committed(romaji, mode: .katakana) == kana)
    }

    @Test func katakanaAndHiraganaConvertBothWays() {
        #expect(Kana.katakana("ぐりとぐら、ゔ") == "グリトグラ、ヴ")
        #expect(Kana.hiragana("パンやさん ABC") == "ぱんやさん ABC")
    }
}
